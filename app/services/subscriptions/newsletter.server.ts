/**
 * The newsletter with double opt-in (issue 10; §7 Abs. 2 Nr. 2 UWG, Art. 6 Abs. 1 lit. a and Art. 7 Abs. 1 GDPR):
 * a sign-up stores the consent (time, IP, user agent, the exact text shown and its version id) and mails a
 * confirmation link valid 48 hours; only the click on it (a POST, recorded with time and IP) subscribes. Every
 * newsletter mail carries an unsubscribe link and the one-click `List-Unsubscribe` headers of RFC 8058.
 *
 * No enumeration: a sign-up answers the same whether the address is new, pending or subscribed, and everything
 * that depends on the address runs after the answer (in the background), so the timing says nothing either.
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { newsletterSubscribers, users } from '#database/schema.ts';
import { issuesToFieldKeys } from '~/domain/field-errors.ts';
import {
  NEWSLETTER_CONFIRM_TTL_HOURS,
  NEWSLETTER_CONSENT_KEYS,
  NewsletterSignupSchema,
  type NewsletterConsentSource,
} from '~/domain/newsletter.ts';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale, type Locale } from '~/i18n.ts';
import { deliverPendingMail, enqueueMail, shopInfo } from '../mail/mail.server.ts';
import { DatabaseRateLimitStore } from '../rate-limit-store.server.ts';
import { RequestError } from '../request-error.server.ts';
import type { ServiceContext } from '../service-context.ts';
import { renderNewsletterConfirmation, renderNewsletterMail } from './subscription-mail-templates.server.ts';
import {
  hashToken,
  inBackground,
  isTokenShape,
  newLinkToken,
  subscriptionWorkSettled,
} from './subscription-work.server.ts';

/** A confirmation link is valid this long, ms (48 hours, issue 10). */
export const NEWSLETTER_CONFIRM_TTL_MS = NEWSLETTER_CONFIRM_TTL_HOURS * 60 * 60 * 1000;

/**
 * Rate limits: sign-ups per client IP (answered with 429), and confirmation mails per address (over it the
 * sign-up is dropped silently, so the answer stays the same; it bounds the mails one address can be sent).
 */
export const NEWSLETTER_LIMITS = {
  ip: { name: 'newsletter-ip', limit: 10, windowMs: 60 * 60_000 },
  email: { name: 'newsletter-email', limit: 3, windowMs: 24 * 60 * 60_000 },
} as const;

/** A refused sign-up: 422 (field errors, translation keys; field keys as sent) or 429 (`retryAfterSeconds`). */
class NewsletterError extends RequestError {}

/** What the visitor's request says about the consent (proof of the double opt-in). */
type ConsentContext = {
  locale: Locale;
  clientIp: string;
  userAgent?: string;
  source: NewsletterConsentSource;
};

/**
 * The consent text a form showed in `locale`, and its version id: `<source>-<locale>-<first 12 hex of its
 * SHA-256>`, so a changed wording gets a new id by itself.
 */
function consentTextOf(source: NewsletterConsentSource, locale: Locale): { version: string; text: string } {
  const text = translator(locale)(NEWSLETTER_CONSENT_KEYS[source]);
  const hash = crypto.createHash('sha256').update(text).digest('hex').slice(0, 12);
  return { version: `${source}-${locale}-${hash}`, text };
}

/**
 * Resolves once every sign-up started in this process has stored its row and queued (and tried) its mail (and
 * every other subscription's background work, the price watch's too).
 */
export const newsletterWorkSettled = subscriptionWorkSettled;

/**
 * Starts the double opt-in for an address: unless it is already subscribed or was sent too many confirmation
 * mails today, stores (or renews) the pending row with the consent proof and a new confirmation token (hash
 * only), and queues the confirmation mail; a subscribed address is left alone. One conditional upsert, so two
 * parallel sign-ups cannot turn a subscribed row back to pending.
 */
async function startDoubleOptIn(
  ctx: ServiceContext,
  data: { email: string; firstname?: string; lastname?: string },
  consent: ConsentContext,
): Promise<void> {
  const [existing] = await ctx.db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, data.email))
    .limit(1);
  if (existing?.status === 'confirmed') return;
  const mails = await new DatabaseRateLimitStore(ctx.db, NEWSLETTER_LIMITS.email.name).hit(
    data.email,
    NEWSLETTER_LIMITS.email.windowMs,
  );
  if (mails.totalHits > NEWSLETTER_LIMITS.email.limit) {
    ctx.logger.warn({ limit: NEWSLETTER_LIMITS.email.name }, 'newsletter: confirmation mails per address exceeded');
    return;
  }
  const now = ctx.now();
  const token = newLinkToken();
  const { version, text } = consentTextOf(consent.source, consent.locale);
  const pending = {
    firstname: data.firstname ?? null,
    lastname: data.lastname ?? null,
    locale: consent.locale,
    status: 'pending' as const,
    confirmTokenHash: hashToken(token),
    confirmTokenExpiresAt: new Date(now.getTime() + NEWSLETTER_CONFIRM_TTL_MS),
    consentSource: consent.source,
    consentVersion: version,
    consentText: text,
    consentAt: now,
    consentIp: consent.clientIp,
    consentUserAgent: consent.userAgent?.slice(0, 500) ?? null,
    confirmedAt: null,
    confirmedIp: null,
    confirmedUserAgent: null,
    unsubscribedAt: null,
  };
  const [row] = await ctx.db
    .insert(newsletterSubscribers)
    .values({ email: data.email, unsubscribeToken: newLinkToken(), ...pending })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: pending,
      setWhere: sql`${newsletterSubscribers.status} <> 'confirmed'`,
    })
    .returning();
  if (!row) return;
  const hours = NEWSLETTER_CONFIRM_TTL_HOURS;
  const mail = renderNewsletterConfirmation(
    consent.locale,
    {
      url: `${ctx.env.PUBLIC_URL}${localePath(consent.locale, `/newsletter/${token}`)}`,
      firstname: row.firstname,
      validFor: translator(consent.locale)('newsletter.mail.hours', { count: hours }),
    },
    shopInfo(ctx.env),
  );
  await enqueueMail(ctx.db, { kind: 'newsletter_confirm', to: row.email, locale: consent.locale, mail });
  await deliverPendingMail(ctx);
}

/**
 * A newsletter sign-up (`POST newsletter` `{email, firstname?, lastname?}`, the footer form, the `/newsletter`
 * page): limits per client IP, checks the body, and starts the double opt-in after returning (same answer and
 * timing for a new, pending or subscribed address).
 *
 * @param input.body - the request body; `input.locale` the language of the mail and of the consent text shown;
 *   `input.clientIp`, `input.userAgent` kept as proof;
 *   `input.source` which form showed the consent text.
 * @throws NewsletterError 429 (`api.error.rate_limited`, `retryAfterSeconds`), 422 with field keys as sent.
 * Source: issue 10, DESIGN §5 (`POST newsletter` → 202), OWASP (no account enumeration).
 */
export async function requestNewsletterSubscription(
  ctx: ServiceContext,
  input: { body: unknown } & ConsentContext,
): Promise<void> {
  const hit = await new DatabaseRateLimitStore(ctx.db, NEWSLETTER_LIMITS.ip.name).hit(
    input.clientIp,
    NEWSLETTER_LIMITS.ip.windowMs,
  );
  if (hit.totalHits > NEWSLETTER_LIMITS.ip.limit) {
    const seconds = Math.max(1, Math.ceil((hit.resetTime.getTime() - Date.now()) / 1000));
    throw new NewsletterError(429, 'api.error.rate_limited', {}, seconds);
  }
  const parsed = NewsletterSignupSchema.safeParse(
    typeof input.body === 'object' && input.body !== null ? input.body : {},
  );
  if (!parsed.success) throw new NewsletterError(422, 'validation.failed', issuesToFieldKeys(parsed.error.issues));
  inBackground(ctx, 'newsletter', () => startDoubleOptIn(ctx, parsed.data, input));
}

/**
 * The account sign-up's newsletter tick box (`auth/signup` with `newsletter: true`): the same double opt-in for
 * the account's address, started in the background (the sign-up's answer does not wait for it).
 * Source: issue 10 (a tick at sign-up is a request, not yet a subscription).
 */
export function requestNewsletterForSignUp(
  ctx: ServiceContext,
  input: { email: string; firstname: string; lastname: string; locale: Locale; clientIp: string },
): void {
  const { email, firstname, lastname, ...rest } = input;
  inBackground(ctx, 'newsletter', () =>
    startDoubleOptIn(ctx, { email, firstname, lastname }, { ...rest, source: 'signup' }),
  );
}

/** What a confirmation link did: subscribed now, was already, expired (48 h) or unknown. */
export type NewsletterConfirmation = 'confirmed' | 'already_confirmed' | 'expired' | 'invalid';

/**
 * Confirms a subscription with the token of the confirmation mail (the POST of `/newsletter/:token`): a pending
 * row whose token has not expired becomes `confirmed`, recording time, IP and user agent as the proof of the
 * double opt-in; the account with that address (if any) gets its newsletter flag. One conditional update.
 *
 * @returns see {@link NewsletterConfirmation}.
 * Source: issue 10, §7 Abs. 2 Nr. 2 UWG (BGH I ZR 164/09: the sender proves the confirmation).
 */
export async function confirmNewsletterSubscription(
  ctx: ServiceContext,
  input: { token: string; clientIp: string; userAgent?: string },
): Promise<NewsletterConfirmation> {
  if (!isTokenShape(input.token)) return 'invalid';
  const now = ctx.now();
  const tokenHash = hashToken(input.token);
  const [confirmed] = await ctx.db
    .update(newsletterSubscribers)
    .set({
      status: 'confirmed',
      confirmedAt: now,
      confirmedIp: input.clientIp,
      confirmedUserAgent: input.userAgent?.slice(0, 500) ?? null,
    })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, tokenHash),
        eq(newsletterSubscribers.status, 'pending'),
        gt(newsletterSubscribers.confirmTokenExpiresAt, now),
      ),
    )
    .returning();
  if (confirmed) {
    await setAccountNewsletterFlag(ctx, confirmed.email, true);
    return 'confirmed';
  }
  const [row] = await ctx.db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, tokenHash))
    .limit(1);
  if (row?.status === 'confirmed') return 'already_confirmed';
  if (row?.status === 'pending') return 'expired';
  return 'invalid';
}

/** Keeps the account's newsletter flag (shown on `/konto`) in step with the subscription of its address. */
async function setAccountNewsletterFlag(ctx: ServiceContext, email: string, value: boolean): Promise<void> {
  await ctx.db
    .update(users)
    .set({ newsletter: value })
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
}

/**
 * Unsubscribes with the token of a newsletter mail (the unsubscribe page's POST and the RFC 8058 one-click
 * POST): the row becomes `unsubscribed` (a pending confirmation is dead too) and the account's flag is cleared.
 * Doing it twice is harmless.
 *
 * @returns true when the token belongs to a subscriber, false for an unknown token.
 * Source: issue 10, Art. 7 Abs. 3 GDPR (withdrawing is as easy as giving consent), RFC 8058.
 */
export async function unsubscribeNewsletter(ctx: ServiceContext, input: { token: string }): Promise<boolean> {
  if (!isTokenShape(input.token)) return false;
  const [row] = await ctx.db
    .update(newsletterSubscribers)
    .set({
      status: 'unsubscribed',
      unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${ctx.now().toISOString()}::timestamptz)`,
    })
    .where(eq(newsletterSubscribers.unsubscribeToken, input.token))
    .returning();
  if (!row) return false;
  await setAccountNewsletterFlag(ctx, row.email, false);
  return true;
}

/**
 * Queues one newsletter mail to one subscriber (used by tests now and by the back office's sending later):
 * only to a `confirmed` address, in its language, with the unsubscribe link in the mail and the one-click
 * headers `List-Unsubscribe: <…/unsubscribe/newsletter/<token>>` and `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click` (RFC 8058).
 *
 * @param input.email - the subscriber's address (any case); `input.subject`, `input.body` the content (plain
 *   text, paragraphs separated by blank lines). Links start with `PUBLIC_URL`.
 * @returns true when queued, false when the address is not a confirmed subscriber.
 * @throws on database errors only.
 */
export async function sendNewsletterMail(
  ctx: ServiceContext,
  input: { email: string; subject: string; body: string },
): Promise<boolean> {
  const [row] = await ctx.db
    .select()
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.email, input.email.trim().toLowerCase()),
        eq(newsletterSubscribers.status, 'confirmed'),
      ),
    )
    .limit(1);
  if (!row) return false;
  const locale = toLocale(row.locale);
  const base = ctx.env.PUBLIC_URL;
  const mail = renderNewsletterMail(
    locale,
    {
      subject: input.subject,
      body: input.body,
      firstname: row.firstname,
      unsubscribeUrl: `${base}${localePath(locale, `/newsletter/abmelden/${row.unsubscribeToken}`)}`,
    },
    shopInfo(ctx.env),
  );
  await enqueueMail(ctx.db, {
    kind: 'newsletter',
    to: row.email,
    locale,
    mail,
    headers: {
      'List-Unsubscribe': `<${base}/unsubscribe/newsletter/${row.unsubscribeToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
  return true;
}

/**
 * Mails of the subscriptions (issue 10): the newsletter's double opt-in mail, a newsletter mail, and the one
 * mail that tells a visitor a locked airport can be booked again. Same build as the other mail templates
 * (`mail-templates.server.ts`): one column, inline styles only, a text part with the same content; mails that a
 * reader may stop carry the unsubscribe link in both parts.
 */
import { translator } from '~/i18n.server.ts';
import type { Locale } from '~/i18n.ts';
import { escapeHtml, FONT, type RenderedMail, type ShopInfo } from '../mail/mail-templates.server.ts';

const INK = '#14202e';
const MUTED = '#4a5a6b';
const LINE = '#d9e0e8';
const ACCENT = '#0b5cad';

/** Escapes text for HTML element content and double-quoted attributes. */

function paragraph(text: string): string {
  return `<p style="${FONT};font-size:14px;line-height:1.5;color:${INK};margin:0 0 10px 0">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
}

function link(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="color:${ACCENT};text-decoration:underline">${escapeHtml(label)}</a>`;
}

/** What one mail says: paragraphs before and after an optional button, and an optional unsubscribe line. */
type MailParts = {
  locale: Locale;
  subject: string;
  before: string[];
  action?: { label: string; url: string };
  after: string[];
  /** the reason the reader gets the mail and the unsubscribe link under it */
  unsubscribe?: { reason: string; label: string; url: string };
};

function renderText(parts: MailParts, shop: ShopInfo): string {
  const lines: string[] = [];
  for (const p of parts.before) lines.push(p, '');
  if (parts.action) lines.push(`${parts.action.label}:`, parts.action.url, '');
  for (const p of parts.after) lines.push(p, '');
  lines.push('--', shop.name, shop.address, `${shop.email} · ${shop.phone}`);
  if (parts.unsubscribe) {
    lines.push('', parts.unsubscribe.reason, `${parts.unsubscribe.label}: ${parts.unsubscribe.url}`);
  }
  return lines.join('\n').trim();
}

function renderHtml(parts: MailParts, shop: ShopInfo): string {
  const button = parts.action
    ? `<p style="margin:16px 0"><a href="${escapeHtml(parts.action.url)}" style="${FONT};font-size:15px;background:${ACCENT};color:#ffffff;` +
      `text-decoration:none;padding:10px 18px;border-radius:8px;display:inline-block">${escapeHtml(parts.action.label)}</a></p>` +
      `<p style="${FONT};font-size:13px;line-height:1.5;color:${MUTED};margin:0 0 10px 0;word-break:break-all">${link(parts.action.url, parts.action.url)}</p>`
    : '';
  const unsubscribe = parts.unsubscribe
    ? `<br><br>${escapeHtml(parts.unsubscribe.reason)} ${link(parts.unsubscribe.url, parts.unsubscribe.label)}`
    : '';
  return (
    `<!DOCTYPE html><html lang="${parts.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(parts.subject)}</title></head><body style="margin:0;padding:0;background:#f5f7fa">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f5f7fa"><tr><td align="center" style="padding:16px 8px">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid ${LINE};border-radius:12px;border-collapse:separate">` +
    `<tr><td style="padding:24px">` +
    parts.before.map(paragraph).join('') +
    button +
    parts.after.map(paragraph).join('') +
    `</td></tr><tr><td style="padding:16px 24px;border-top:1px solid ${LINE}"><p style="${FONT};font-size:12px;line-height:1.5;color:${MUTED};margin:0">` +
    `${escapeHtml(shop.name)}<br>${escapeHtml(shop.address)}<br>${link(`mailto:${shop.email}`, shop.email)} · ${escapeHtml(shop.phone)}` +
    `${unsubscribe}</p></td></tr>` +
    `</table></td></tr></table></body></html>`
  );
}

function render(parts: MailParts, shop: ShopInfo): RenderedMail {
  return { subject: parts.subject, html: renderHtml(parts, shop), text: renderText(parts, shop) };
}

/** The greeting: with the first name when known, else the general one. */
function greeting(locale: Locale, firstname: string | null | undefined): string {
  const t = translator(locale);
  return firstname ? t('newsletter.mail.greeting_name', { name: firstname }) : t('newsletter.mail.greeting');
}

/**
 * The double opt-in mail (issue 10): what was asked for, the confirmation link (button and text), how long it
 * is valid (`data.validFor`, e.g. "48 Stunden"), and that ignoring the mail means no newsletter.
 * Source: §7 Abs. 2 Nr. 2 UWG (consent must be proven: the confirmation click is that proof).
 */
export function renderNewsletterConfirmation(
  locale: Locale,
  data: { url: string; firstname?: string | null; validFor: string },
  shop: ShopInfo,
): RenderedMail {
  const t = translator(locale);
  return render(
    {
      locale,
      subject: t('newsletter.mail.confirm.subject', { shop: shop.name }),
      before: [greeting(locale, data.firstname), t('newsletter.mail.confirm.intro', { shop: shop.name })],
      action: { label: t('newsletter.mail.confirm.action'), url: data.url },
      after: [
        t('newsletter.mail.confirm.valid_for', { duration: data.validFor }),
        t('newsletter.mail.confirm.ignore'),
        t('newsletter.mail.signature', { shop: shop.name }),
      ],
    },
    shop,
  );
}

/**
 * One newsletter mail (issue 10): the given subject and plain-text body (paragraphs split on blank lines),
 * then the shop's data and the unsubscribe link (also sent as `List-Unsubscribe` by the caller).
 */
export function renderNewsletterMail(
  locale: Locale,
  data: { subject: string; body: string; firstname?: string | null; unsubscribeUrl: string },
  shop: ShopInfo,
): RenderedMail {
  const t = translator(locale);
  const paragraphs = data.body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return render(
    {
      locale,
      subject: data.subject,
      before: [greeting(locale, data.firstname), ...paragraphs],
      after: [t('newsletter.mail.signature', { shop: shop.name })],
      unsubscribe: {
        reason: t('newsletter.mail.reason', { shop: shop.name }),
        label: t('newsletter.mail.unsubscribe'),
        url: data.unsubscribeUrl,
      },
    },
    shop,
  );
}

/**
 * The mail to a visitor who asked to hear when a locked airport opens (SPEC §1): it can be booked again, a
 * link to the airport's page, and the unsubscribe link (no further airport mails to this address).
 */
export function renderAirportOpenMail(
  locale: Locale,
  data: { airportName: string; airportUrl: string; unsubscribeUrl: string },
  shop: ShopInfo,
): RenderedMail {
  const t = translator(locale);
  return render(
    {
      locale,
      subject: t('airport_alert.mail.subject', { airport: data.airportName, shop: shop.name }),
      before: [t('newsletter.mail.greeting'), t('airport_alert.mail.intro', { airport: data.airportName })],
      action: { label: t('airport_alert.mail.action'), url: data.airportUrl },
      after: [t('airport_alert.mail.once'), t('mail.signature', { shop: shop.name })],
      unsubscribe: {
        reason: t('airport_alert.mail.reason'),
        label: t('airport_alert.mail.unsubscribe'),
        url: data.unsubscribeUrl,
      },
    },
    shop,
  );
}

/** The watched stay as a mail names it: airport, dates (already formatted), and the booking's reference if any. */
type WatchedStay = { airportName: string; stay: string; reference?: string | null };

/** The watched stay in one line: "Frankfurt, 10.12.2026 08:00 – 17.12.2026 18:00" (with the booking's reference). */
function stayLine(locale: Locale, watch: WatchedStay): string {
  const t = translator(locale);
  return watch.reference
    ? t('price_watch.mail.stay_reservation', {
        airport: watch.airportName,
        stay: watch.stay,
        reference: watch.reference,
      })
    : t('price_watch.mail.stay', { airport: watch.airportName, stay: watch.stay });
}

/**
 * The price watch's double opt-in mail (issue 37 item 2): which stay is to be watched, the confirmation link
 * (button and text), how long it is valid (`data.validFor`), and that ignoring the mail means no price mails.
 */
export function renderPriceWatchConfirmation(
  locale: Locale,
  data: WatchedStay & { url: string; validFor: string },
  shop: ShopInfo,
): RenderedMail {
  const t = translator(locale);
  return render(
    {
      locale,
      subject: t('price_watch.mail.confirm.subject', { shop: shop.name }),
      before: [t('newsletter.mail.greeting'), t('price_watch.mail.confirm.intro'), stayLine(locale, data)],
      action: { label: t('price_watch.mail.confirm.action'), url: data.url },
      after: [
        t('newsletter.mail.confirm.valid_for', { duration: data.validFor }),
        t('price_watch.mail.confirm.ignore'),
        t('newsletter.mail.signature', { shop: shop.name }),
      ],
    },
    shop,
  );
}

/**
 * The mail of a price drop (issue 37 item 2): the stay, the price before (`before`, the last mail's or the one at
 * confirmation) and now (`now`), formatted money; a link to book the stay (the tariffs page) or, for an own
 * booking, to its change flow, which keeps the lower price; the unsubscribe link (also sent as `List-Unsubscribe`).
 */
export function renderPriceDropMail(
  locale: Locale,
  data: WatchedStay & { before: string; now: string; url: string; unsubscribeUrl: string },
  shop: ShopInfo,
): RenderedMail {
  const t = translator(locale);
  const own = Boolean(data.reference);
  return render(
    {
      locale,
      subject: t('price_watch.mail.drop.subject', { price: data.now, shop: shop.name }),
      before: [
        t('newsletter.mail.greeting'),
        t('price_watch.mail.drop.intro'),
        stayLine(locale, data),
        t('price_watch.mail.drop.prices', { before: data.before, now: data.now }),
      ],
      action: { label: t(own ? 'price_watch.mail.drop.action_change' : 'price_watch.mail.drop.action'), url: data.url },
      after: [
        t(own ? 'price_watch.mail.drop.hint_change' : 'price_watch.mail.drop.hint'),
        t('newsletter.mail.signature', { shop: shop.name }),
      ],
      unsubscribe: {
        reason: t('price_watch.mail.reason'),
        label: t('price_watch.mail.unsubscribe'),
        url: data.unsubscribeUrl,
      },
    },
    shop,
  );
}

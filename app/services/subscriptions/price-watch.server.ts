/**
 * The price watch (issue 37 item 2): a visitor leaves an address for an airport and a stay (`POST
 * /api/price-watch`, the "Preis beobachten" form), confirms it through the link of a double opt-in mail like the
 * newsletter's, and is mailed when the cheapest all-in total of the stay (the tariffs page's cheapest offer,
 * coupons excluded) drops by at least 5 % or 3 € below the price of the last mail (at first: of the confirmation),
 * at most once a day, with a visible unsubscribe link and the one-click headers of RFC 8058. A signed-in customer
 * can watch their own booking while it is still free to change: then the watched price is what a change to the
 * same stay would cost (the change flow keeps the lower price), and the mail links to that change flow.
 *
 * A watch ends by itself: the job deletes it on its entry date, when its booking can no longer be changed, and a
 * confirmation not used within 48 hours; an unsubscribe and the account's deletion delete it too. No enumeration:
 * a request answers the same whether or not the address already watches, and the work runs after the answer.
 */
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { priceWatches, reservations, users } from '#database/schema.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { issuesToFieldKeys } from '~/domain/field-errors.ts';
import { localToInstant, startOfLocalDay } from '~/domain/local-time.ts';
import { localized } from '~/domain/localized.ts';
import { formatMoney } from '~/domain/money.ts';
import { normalizeReference } from '~/domain/reference.ts';
import {
  cheapestTotalCents,
  PRICE_WATCH_CONFIRM_TTL_HOURS,
  priceWatchEnded,
  priceWatchStep,
  PriceWatchSchema,
  watchStayViolations,
} from '~/domain/price-watch.ts';
import { SHOP_TIME_ZONE } from '~/constants.ts';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale, type Locale } from '~/i18n.ts';
import { findAirportById, listAirports, searchOffers, type AirportRow } from '../catalogue/catalog.server.ts';
import { deliverPendingMail, enqueueMail, shopInfo } from '../mail/mail.server.ts';
import { RequestError } from '../request-error.server.ts';
import { bookedStayPriceNow, manageState } from '../reservations/reservation-manage.server.ts';
import {
  findReservationById,
  findReservationByReference,
  type ReservationDetails,
} from '../reservations/reservations.server.ts';
import type { SessionPort } from '../session-port.ts';
import type { ServiceContext } from '../service-context.ts';
import { renderPriceDropMail, renderPriceWatchConfirmation } from './subscription-mail-templates.server.ts';
import { hashToken, inBackground, isTokenShape, newLinkToken, overLimit } from './subscription-work.server.ts';

/** A confirmation link is valid this long, ms (48 hours). */
const CONFIRM_TTL_MS = PRICE_WATCH_CONFIRM_TTL_HOURS * 60 * 60 * 1000;

/**
 * Rate limits: requests per client IP (answered with 429), and confirmation mails per address (over it the
 * request is dropped silently, so the answer stays the same; it bounds the mails one address can be sent).
 */
const PRICE_WATCH_LIMITS = {
  ip: { name: 'price-watch-ip', limit: 10, windowMs: 60 * 60_000 },
  email: { name: 'price-watch-email', limit: 5, windowMs: 24 * 60 * 60_000 },
} as const;

/** A refused watch: 422 (field keys as sent, translation keys), 404 (booking), 409 (not changeable), 429. */
class PriceWatchError extends RequestError {}

type WatchRow = typeof priceWatches.$inferSelect;

/** What a new watch is about. */
type NewWatch = {
  email: string;
  airport: AirportRow;
  entry: string;
  exit: string;
  locale: Locale;
  userId?: number | null;
  reservationId?: number | null;
};

/** The stay of a watch as the mails write it: dates in the mail's language. */
function stayText(locale: Locale, entry: string, exit: string): string {
  return `${formatLocalDateTime(entry, locale)} – ${formatLocalDateTime(exit, locale)}`;
}

/**
 * Starts the double opt-in of a watch: unless the address watches this stay already (confirmed) or was sent too
 * many confirmation mails today, stores (or renews) the pending row with a new confirmation token (hash only)
 * and queues the confirmation mail. One conditional upsert, so a parallel request cannot turn a confirmed watch
 * back to pending.
 */
async function startWatchOptIn(ctx: ServiceContext, watch: NewWatch, reference: string | null): Promise<void> {
  const stayKey = and(
    eq(priceWatches.email, watch.email),
    eq(priceWatches.airportId, watch.airport.id),
    eq(priceWatches.entryLocal, watch.entry),
    eq(priceWatches.exitLocal, watch.exit),
  );
  const [existing] = await ctx.db
    .select({ id: priceWatches.id, status: priceWatches.status, reservationId: priceWatches.reservationId })
    .from(priceWatches)
    .where(stayKey)
    .limit(1);
  if (existing?.status === 'confirmed') {
    // The address already watches the stay (confirmed): the owner's booking of that stay is remembered on it.
    if (watch.reservationId && existing.reservationId === null) {
      await ctx.db
        .update(priceWatches)
        .set({ reservationId: watch.reservationId, userId: watch.userId ?? null })
        .where(eq(priceWatches.id, existing.id));
    }
    return;
  }
  if ((await overLimit(ctx, PRICE_WATCH_LIMITS.email, watch.email)) !== null) {
    ctx.logger.warn({ limit: PRICE_WATCH_LIMITS.email.name }, 'price watch: confirmation mails per address exceeded');
    return;
  }
  const token = newLinkToken();
  const pending = {
    locale: watch.locale,
    status: 'pending' as const,
    userId: watch.userId ?? null,
    reservationId: watch.reservationId ?? null,
    confirmTokenHash: hashToken(token),
    confirmTokenExpiresAt: new Date(ctx.now().getTime() + CONFIRM_TTL_MS),
    createdAt: ctx.now(),
  };
  const [row] = await ctx.db
    .insert(priceWatches)
    .values({
      email: watch.email,
      airportId: watch.airport.id,
      entryLocal: watch.entry,
      exitLocal: watch.exit,
      unsubscribeToken: newLinkToken(),
      ...pending,
    })
    .onConflictDoUpdate({
      target: [priceWatches.email, priceWatches.airportId, priceWatches.entryLocal, priceWatches.exitLocal],
      set: pending,
      setWhere: sql`${priceWatches.status} <> 'confirmed'`,
    })
    .returning();
  if (!row) return;
  const locale = watch.locale;
  const mail = renderPriceWatchConfirmation(
    locale,
    {
      airportName: localized(watch.airport, 'name', locale),
      stay: stayText(locale, watch.entry, watch.exit),
      reference,
      url: `${ctx.env.PUBLIC_URL}${localePath(locale, `/preisbeobachtung/${token}`)}`,
      validFor: translator(locale)('newsletter.mail.hours', { count: PRICE_WATCH_CONFIRM_TTL_HOURS }),
    },
    shopInfo(ctx.env),
  );
  await enqueueMail(ctx.db, { kind: 'price_watch_confirm', to: row.email, locale, mail });
  await deliverPendingMail(ctx);
}

/**
 * A price watch request (`POST /api/price-watch` `{email, airportId, entryTime, exitTime}`, and the form of the
 * tariffs page without JavaScript): limits per client IP, checks the body, the airport (known, not locked) and the
 * stay (the search's rules: not in the past, exit after entry, at most 60 days, within the booking horizon), then
 * starts the double opt-in after returning (same answer and timing whether or not the address watches already).
 *
 * @param input.body - the request body; `input.locale` the language of the mails; `input.clientIp` for the limit.
 * @throws PriceWatchError 429 (`api.error.rate_limited`, `retryAfterSeconds`); 422 `validation.failed` with field
 *   keys as sent (`airportId` `price_watch.error.airport` for an unknown or locked airport; `entryTime`/`exitTime`
 *   `validation.stay.*`).
 * Source: issue 37 item 2, DESIGN §5 (`POST price-watch` → 202).
 */
export async function requestPriceWatch(
  ctx: ServiceContext,
  input: { body: unknown; locale: Locale; clientIp: string },
): Promise<void> {
  const retryAfter = await overLimit(ctx, PRICE_WATCH_LIMITS.ip, input.clientIp);
  if (retryAfter !== null) throw new PriceWatchError(429, 'api.error.rate_limited', {}, retryAfter);
  const parsed = PriceWatchSchema.safeParse(typeof input.body === 'object' && input.body !== null ? input.body : {});
  if (!parsed.success) throw new PriceWatchError(422, 'validation.failed', issuesToFieldKeys(parsed.error.issues));
  const { email, airportId, entryTime, exitTime } = parsed.data;
  const airport = await findAirportById(ctx.db, airportId);
  if (!airport || airport.status === 'locked') {
    throw new PriceWatchError(422, 'validation.failed', { airportId: ['price_watch.error.airport'] });
  }
  const violations = watchStayViolations({
    entry: entryTime,
    exit: exitTime,
    timeZone: airport.timeZone,
    now: ctx.now(),
  });
  if (violations.length > 0) {
    const fields: Record<string, string[]> = {};
    for (const v of violations) (fields[v.field] ??= []).push(`validation.stay.${v.code}`);
    throw new PriceWatchError(422, 'validation.failed', fields);
  }
  const watch = { email, airport, entry: entryTime, exit: exitTime, locale: input.locale };
  inBackground(ctx, 'price watch', () => startWatchOptIn(ctx, watch, null));
}

/**
 * A signed-in customer watches their own booking (the reservation page's button): while it is still free to
 * change, a watch of its stay for the account's address, remembering the booking; the double opt-in mail follows
 * in the background like any watch's.
 *
 * @param input.session - the visitor's session (its `userId` must own the booking); `input.reference` as in the URL.
 * @throws PriceWatchError 404 `api.error.not_found` (not signed in, unknown or another's booking: one answer), 409
 *   `manage.error.too_late` / `manage.error.not_active` (no longer free to change).
 * Source: issue 37 item 2 ("a customer can watch their own reservation while it is still free to change").
 */
export async function watchOwnReservation(
  ctx: ServiceContext,
  input: { session: SessionPort; reference: string; locale: Locale },
): Promise<void> {
  const userId = input.session.get('userId');
  const reference = normalizeReference(input.reference);
  const details = reference ? await findReservationByReference(ctx.db, reference) : null;
  const [user] =
    userId === undefined ? [] : await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user || !details || details.reservation.userId !== userId) throw new PriceWatchError(404, 'api.error.not_found');
  const state = manageState(details, ctx.now());
  if (!state.open) throw new PriceWatchError(409, state.closedReason ?? 'manage.error.too_late');
  const r = details.reservation;
  const watch: NewWatch = {
    email: user.email,
    airport: details.airport,
    entry: r.entryLocal,
    exit: r.exitLocal,
    locale: input.locale,
    userId,
    reservationId: r.id,
  };
  inBackground(ctx, 'price watch', () => startWatchOptIn(ctx, watch, r.reference));
}

/**
 * Whether the booking `reservationId` is watched: `pending` (mail sent, not confirmed), `confirmed`, or `none`.
 * For the reservation page's button (issue 37 item 2).
 */
export async function reservationWatchStatus(
  db: Database,
  reservationId: number,
): Promise<'none' | 'pending' | 'confirmed'> {
  const [row] = await db
    .select({ status: priceWatches.status })
    .from(priceWatches)
    .where(eq(priceWatches.reservationId, reservationId))
    .limit(1);
  return row?.status ?? 'none';
}

/** What a confirmation link did: confirmed now, was already, expired (48 h) or unknown. */
export type PriceWatchConfirmation = 'confirmed' | 'already_confirmed' | 'expired' | 'invalid';

/**
 * Confirms a watch with the token of its confirmation mail (the POST of `/preisbeobachtung/:token`): a pending row
 * whose token has not expired becomes `confirmed`, and the price now becomes its baseline (null when nothing can be
 * booked for the stay now: the job's first price is then). One conditional update.
 * Source: issue 37 item 2 (double opt-in like the newsletter; only confirmed watches are checked).
 */
export async function confirmPriceWatch(
  ctx: ServiceContext,
  input: { token: string },
): Promise<PriceWatchConfirmation> {
  if (!isTokenShape(input.token)) return 'invalid';
  const now = ctx.now();
  const tokenHash = hashToken(input.token);
  const [confirmed] = await ctx.db
    .update(priceWatches)
    .set({ status: 'confirmed', confirmedAt: now })
    .where(
      and(
        eq(priceWatches.confirmTokenHash, tokenHash),
        eq(priceWatches.status, 'pending'),
        gt(priceWatches.confirmTokenExpiresAt, now),
      ),
    )
    .returning();
  if (confirmed) {
    const airport = await findAirportById(ctx.db, confirmed.airportId);
    const price = airport ? await priceNow(ctx, confirmed, airport, new Map()) : null;
    await ctx.db
      .update(priceWatches)
      .set({ baselineCents: price, lastCheckedCents: price, lastCheckedAt: now })
      .where(eq(priceWatches.id, confirmed.id));
    return 'confirmed';
  }
  const [row] = await ctx.db
    .select({ status: priceWatches.status })
    .from(priceWatches)
    .where(eq(priceWatches.confirmTokenHash, tokenHash))
    .limit(1);
  if (row?.status === 'confirmed') return 'already_confirmed';
  if (row?.status === 'pending') return 'expired';
  return 'invalid';
}

/**
 * Ends a watch with the token of its mails (the unsubscribe page's POST and the RFC 8058 one-click POST): the row
 * is deleted, nothing more is sent.
 * @returns true when the token belonged to a watch, false for an unknown (or already used) one.
 * Source: issue 37 item 2, Art. 7 Abs. 3 GDPR, RFC 8058.
 */
export async function unsubscribePriceWatch(ctx: ServiceContext, input: { token: string }): Promise<boolean> {
  if (!isTokenShape(input.token)) return false;
  const deleted = await ctx.db
    .delete(priceWatches)
    .where(eq(priceWatches.unsubscribeToken, input.token))
    .returning({ id: priceWatches.id });
  return deleted.length > 0;
}

/**
 * The watched price now, cents: for a booking what a change to its own stay would cost (null when it is gone); for
 * a plain stay the cheapest bookable offer (the tariffs page's number; `cache` keeps one search per airport and
 * stay within a turn of the job). Null when nothing can be booked.
 */
async function priceNow(
  ctx: ServiceContext,
  watch: WatchRow,
  airport: AirportRow,
  cache: Map<string, Promise<number | null>>,
  details?: ReservationDetails | null,
): Promise<number | null> {
  if (watch.reservationId !== null) {
    const booking = details ?? (await findReservationById(ctx.db, watch.reservationId));
    return booking ? bookedStayPriceNow(ctx.db, booking) : null;
  }
  const key = `${airport.id}|${watch.entryLocal}|${watch.exitLocal}`;
  let price = cache.get(key);
  if (!price) {
    price = searchOffers(ctx.db, {
      airport,
      entry: watch.entryLocal,
      exit: watch.exitLocal,
      now: ctx.now(),
      locale: 'de',
    }).then((search) => cheapestTotalCents(search.offers));
    cache.set(key, price);
  }
  return price;
}

/** What one turn of the job did (counts of watches). */
export type PriceWatchRun = { checked: number; mailed: number; ended: number };

/**
 * The price watch job (issue 37 item 2): run once a day by the jobs process and after every price list change in
 * the back office (`airportId`: only that airport's watches). Deletes pending watches whose link expired and
 * watches that ended (entry date reached; an own booking no longer free to change); prices every confirmed watch
 * ({@link priceNow}) and, by `priceWatchStep`, sets a missing baseline or mails a drop. The mail is claimed with a
 * guarded update (no mail yet today, shop time), so two runs at once still send one mail a day per watch; it
 * carries the unsubscribe link and the RFC 8058 headers `List-Unsubscribe` and `List-Unsubscribe-Post`.
 *
 * @returns the counts. @throws on database errors only.
 */
export async function runPriceWatchJob(
  ctx: ServiceContext,
  options: { airportId?: number } = {},
): Promise<PriceWatchRun> {
  const now = ctx.now();
  await ctx.db
    .delete(priceWatches)
    .where(and(eq(priceWatches.status, 'pending'), lt(priceWatches.confirmTokenExpiresAt, now)));
  const airportsById = new Map((await listAirports(ctx.db)).map((a) => [a.id, a]));
  const watches = await ctx.db
    .select()
    .from(priceWatches)
    .where(
      and(
        eq(priceWatches.status, 'confirmed'),
        options.airportId === undefined ? undefined : eq(priceWatches.airportId, options.airportId),
      ),
    );
  const run: PriceWatchRun = { checked: 0, mailed: 0, ended: 0 };
  const ended: number[] = [];
  const cache = new Map<string, Promise<number | null>>();
  for (const watch of watches) {
    const airport = airportsById.get(watch.airportId);
    const details = watch.reservationId === null ? null : await findReservationById(ctx.db, watch.reservationId);
    const over =
      !airport ||
      priceWatchEnded(watch.entryLocal, airport.timeZone, now) ||
      (watch.reservationId !== null && (!details || !manageState(details, now).open));
    if (over) {
      ended.push(watch.id);
      continue;
    }
    run.checked += 1;
    const currentCents = await priceNow(ctx, watch, airport, cache, details);
    const step = priceWatchStep({ ...watch, currentCents, now });
    const checked = { lastCheckedCents: currentCents, lastCheckedAt: now };
    if (step.kind === 'baseline') {
      await ctx.db
        .update(priceWatches)
        .set({ ...checked, baselineCents: currentCents })
        .where(eq(priceWatches.id, watch.id));
    } else if (step.kind === 'mail' && currentCents !== null) {
      if (await mailDrop(ctx, { watch, airport, details, beforeCents: step.referenceCents, nowCents: currentCents })) {
        run.mailed += 1;
      }
    } else {
      await ctx.db.update(priceWatches).set(checked).where(eq(priceWatches.id, watch.id));
    }
  }
  if (ended.length > 0) await ctx.db.delete(priceWatches).where(inArray(priceWatches.id, ended));
  run.ended = ended.length;
  return run;
}

/**
 * Claims today's mail of a watch and queues it, in one transaction: the guarded update (no mail yet today) sets
 * the price the mail names; a second runner finds it claimed. Returns whether this call queued it.
 */
async function mailDrop(
  ctx: ServiceContext,
  input: {
    watch: WatchRow;
    airport: AirportRow;
    details: ReservationDetails | null;
    beforeCents: number;
    nowCents: number;
  },
): Promise<boolean> {
  const { watch, airport, details } = input;
  const now = ctx.now();
  const dayStart = localToInstant(startOfLocalDay(now, SHOP_TIME_ZONE), SHOP_TIME_ZONE);
  const locale = toLocale(watch.locale);
  const base = ctx.env.PUBLIC_URL;
  const reference = details?.reservation.reference ?? null;
  const query = new URLSearchParams({ airport: airport.slug, entry: watch.entryLocal, exit: watch.exitLocal });
  // The change flow of the own booking (the account's page: the watch needs a signed-in owner), else the tariffs.
  const url = reference
    ? `${base}${localePath(locale, `/konto/reservierungen/${reference}`)}#manage-title`
    : `${base}${localePath(locale, `/buchung/tarife?${query}`)}`;
  const mail = renderPriceDropMail(
    locale,
    {
      airportName: localized(airport, 'name', locale),
      stay: stayText(locale, watch.entryLocal, watch.exitLocal),
      reference,
      before: formatMoney(input.beforeCents, locale),
      now: formatMoney(input.nowCents, locale),
      url,
      unsubscribeUrl: `${base}${localePath(locale, `/preisbeobachtung/abmelden/${watch.unsubscribeToken}`)}`,
    },
    shopInfo(ctx.env),
  );
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const claimed = await tx
      .update(priceWatches)
      .set({ lastMailedAt: now, lastMailedCents: input.nowCents, lastCheckedAt: now, lastCheckedCents: input.nowCents })
      .where(
        and(
          eq(priceWatches.id, watch.id),
          eq(priceWatches.status, 'confirmed'),
          or(isNull(priceWatches.lastMailedAt), lt(priceWatches.lastMailedAt, dayStart)),
        ),
      )
      .returning({ id: priceWatches.id });
    if (claimed.length === 0) return false;
    await enqueueMail(tx, {
      kind: 'price_watch_drop',
      to: watch.email,
      locale,
      mail,
      headers: {
        'List-Unsubscribe': `<${base}/unsubscribe/price-watch/${watch.unsubscribeToken}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    return true;
  });
}

/**
 * Runs the job for one airport after the caller answered (the back office's price list change: staff need not
 * wait for the mails); a failure is logged. Tests and shutdown wait for it with `subscriptionWorkSettled`.
 * Source: issue 37 item 2 ("whenever staff change a price list").
 */
export function schedulePriceWatchRun(ctx: ServiceContext, airportId: number): void {
  inBackground(ctx, 'price watch', async () => {
    await runPriceWatchJob(ctx, { airportId });
  });
}

/** A watch as the account's data export shows it (no tokens). */
type ExportedWatch = Omit<WatchRow, 'confirmTokenHash' | 'unsubscribeToken' | 'confirmTokenExpiresAt'>;

/**
 * The watches of an account (its user id, or its address): for the data export (GDPR Art. 15, 20).
 * Source: issue 37 item 2 ("it appears in the account's data export").
 */
export async function priceWatchesOf(db: Database, user: { id: number; email: string }): Promise<ExportedWatch[]> {
  const rows = await db
    .select()
    .from(priceWatches)
    .where(or(eq(priceWatches.userId, user.id), eq(priceWatches.email, user.email.toLowerCase())));
  return rows.map(({ confirmTokenHash: _h, unsubscribeToken: _u, confirmTokenExpiresAt: _e, ...rest }) => rest);
}

/**
 * Deletes every watch of an account (its user id, its address, its bookings) when the account is deleted.
 * Source: issue 37 item 2 ("it is deleted with the account").
 */
export async function deletePriceWatchesOf(db: Database, user: { id: number; email: string }): Promise<void> {
  const own = db.select({ id: reservations.id }).from(reservations).where(eq(reservations.userId, user.id));
  await db
    .delete(priceWatches)
    .where(
      or(
        eq(priceWatches.userId, user.id),
        eq(priceWatches.email, user.email.toLowerCase()),
        inArray(priceWatches.reservationId, own),
      ),
    );
}

/**
 * The price watch's pure rules (issue 37 item 2): the request body of `POST /api/price-watch`, the stay limits a
 * watch accepts (the search's), when a price drop is worth a mail (at least 5 % or 3 € below the price of the last
 * mail, or of the confirmation when none was mailed; never on a rise; at most one mail a calendar day), and when
 * a watch has ended (its entry date). Amounts are integer euro cents; times airport local `YYYY-MM-DDTHH:mm`.
 */
import { z } from 'zod';
import { SHOP_TIME_ZONE } from '../constants.ts';
import { checkStay, DEFAULT_STAY_LIMITS, type StayViolation } from './booking-rules.ts';
import { emailSchema } from './email-schema.ts';
import { todayInZone, type LocalDateTime } from './local-time.ts';

/** A confirmation link of a watch is valid this long, hours (as the newsletter's, issue 10). */
export const PRICE_WATCH_CONFIRM_TTL_HOURS = 48;

/** A drop counts from this share of the reference price, percent (issue 37 item 2). */
const PRICE_DROP_MIN_PERCENT = 5;

/** A drop counts from this amount, cents (3 €, issue 37 item 2). */
const PRICE_DROP_MIN_CENTS = 300;

const localDateTime = z
  .string({ error: 'validation.required' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'validation.datetime');

/**
 * `POST /api/price-watch` `{email, airportId, entryTime, exitTime}` (DESIGN §5): the address trimmed and
 * lower-cased, the airport's numeric id, the stay as airport local `YYYY-MM-DDTHH:mm`. Messages are translation
 * keys. Source: issue 37 item 2.
 */
export const PriceWatchSchema = z.object({
  email: emailSchema,
  airportId: z.coerce.number({ error: 'validation.required' }).int('validation.invalid').min(1, 'validation.invalid'),
  entryTime: localDateTime,
  exitTime: localDateTime,
});

/**
 * The stay rules a watch is held to: those of the tariffs page's search (exit after entry, entry not in the
 * past) plus the longest stay and the booking horizon every tariff shares (60 and 365 days, DESIGN §6), so
 * nobody watches a stay no tariff could sell.
 *
 * @param timeZone - the airport's IANA zone; `now` the current instant.
 * @returns the violations (empty when the stay may be watched).
 * @throws RangeError on an unknown zone (configuration error).
 */
export function watchStayViolations(input: {
  entry: LocalDateTime;
  exit: LocalDateTime;
  timeZone: string;
  now: Date;
}): StayViolation[] {
  return checkStay({ ...input, limits: { ...DEFAULT_STAY_LIMITS, leadTimeMinutes: 0 } });
}

/**
 * Whether `currentCents` is a drop worth a mail against `referenceCents`: lower by at least
 * {@link PRICE_DROP_MIN_PERCENT} % of the reference or by at least {@link PRICE_DROP_MIN_CENTS} cents. A rise or
 * an equal price never is. Integer arithmetic (no rounding at the 5 % edge).
 * Source: issue 37 item 2.
 */
export function isPriceDrop(referenceCents: number, currentCents: number): boolean {
  const drop = referenceCents - currentCents;
  if (drop <= 0) return false;
  return drop * 100 >= referenceCents * PRICE_DROP_MIN_PERCENT || drop >= PRICE_DROP_MIN_CENTS;
}

/** What the job does with one confirmed watch after pricing it. */
export type PriceWatchStep =
  /** no price known yet (sold out at confirmation): `currentCents` becomes the baseline, no mail */
  | { kind: 'baseline' }
  /** mail the drop from `referenceCents` to the current price */
  | { kind: 'mail'; referenceCents: number }
  /** nothing: no price now, no drop, or already mailed today */
  | { kind: 'none'; reason: 'no_price' | 'no_drop' | 'mailed_today' };

/**
 * Decides one watch's turn of the job (issue 37 item 2): the reference is the price of the last mail, or the
 * baseline (the price at confirmation) when none was mailed; a drop of at least 5 % or 3 € below it is mailed,
 * unless the watch was already mailed on the same calendar day (shop time, {@link SHOP_TIME_ZONE}).
 *
 * @param input.baselineCents - the price at confirmation, null when there was none (all sold out).
 * @param input.lastMailedCents - the price the last mail named, null before the first mail.
 * @param input.lastMailedAt - when the last mail was queued, null before the first.
 * @param input.currentCents - the cheapest total now, null when nothing can be booked for the stay.
 * @param input.now - the current instant.
 */
export function priceWatchStep(input: {
  baselineCents: number | null;
  lastMailedCents: number | null;
  lastMailedAt: Date | null;
  currentCents: number | null;
  now: Date;
}): PriceWatchStep {
  const { currentCents } = input;
  if (currentCents === null) return { kind: 'none', reason: 'no_price' };
  const referenceCents = input.lastMailedCents ?? input.baselineCents;
  if (referenceCents === null) return { kind: 'baseline' };
  if (!isPriceDrop(referenceCents, currentCents)) return { kind: 'none', reason: 'no_drop' };
  if (input.lastMailedAt && sameShopDay(input.lastMailedAt, input.now)) return { kind: 'none', reason: 'mailed_today' };
  return { kind: 'mail', referenceCents };
}

/** Whether two instants fall on the same calendar day in the shop's time zone. */
function sameShopDay(a: Date, b: Date): boolean {
  return todayInZone(a, SHOP_TIME_ZONE) === todayInZone(b, SHOP_TIME_ZONE);
}

/**
 * Whether a watch has ended: on its entry date (airport local) the stay is no longer a plan to watch
 * (issue 37 item 2: "a watch ends by itself at its entry date").
 *
 * @param entry - the watched entry, airport local `YYYY-MM-DDTHH:mm`; `timeZone` the airport's zone.
 */
export function priceWatchEnded(entry: LocalDateTime, timeZone: string, now: Date): boolean {
  return entry.slice(0, 10) <= todayInZone(now, timeZone);
}

/**
 * The cheapest total of a stay among priced, bookable offers (not sold out), coupons excluded: the number the
 * tariffs page shows as its cheapest offer. Null when none can be booked.
 */
export function cheapestTotalCents(
  offers: readonly { soldOut: boolean; price: { totalCents: number } | null }[],
): number | null {
  let best: number | null = null;
  for (const offer of offers) {
    if (offer.soldOut || !offer.price) continue;
    if (best === null || offer.price.totalCents < best) best = offer.price.totalCents;
  }
  return best;
}

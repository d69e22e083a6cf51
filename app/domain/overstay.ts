/**
 * Overstay at the car park's barrier (issue 15 item 4): a car that leaves after its booked exit is flagged, and
 * the extra calendar days are priced at the tariff's own price list (decision record "check-in and overstay").
 * Pure rules; amounts are integer gross euro cents, times airport local `YYYY-MM-DDTHH:mm`.
 */
import { parseLocalDateTime, type LocalDateTime } from './local-time';
import { parkingPrice, selectPriceList, type PriceList } from './pricing';
import { billableDays } from './stay';

/** What the check-in page shows about a departure. */
export type Overstay = {
  /** true when the car left after the booked exit time (even within the same calendar day) */
  late: boolean;
  /** calendar days beyond the booked stay (0 when the car left on the booked exit date) */
  extraDays: number;
  /** what the extra days cost at the tariff's price list, gross cents (0 without extra days) */
  extraCents: number;
  /** billable days of the stay as it really was (entry as booked → actual exit) */
  actualDays: number;
  /** days beyond the booked stay that a covered flight delay made free (issue 35), and their price; 0 without */
  waivedDays: number;
  waivedCents: number;
};

/**
 * The overstay of a booking whose car leaves at `actualExit`.
 *
 * Rule (decision record 0029 "check-in and overstay"): billable days are counted as for any stay (calendar days
 * touched, `billableDays`) from the booked entry to the actual exit; the extra days are those beyond the booked
 * stay's days. Their price is the day-price difference of the tariff's price list that applies to the booked
 * entry date: `parkingPrice(list, actualDays) − parkingPrice(list, bookedDays)` — which beyond the end of the
 * list is `extraDayPrice` per day. Never negative (a list whose longer stays cost less charges nothing). Persons
 * and child seats are per stay and cost nothing extra. Leaving early or on time is no overstay. With a covered flight
 * delay (`coveredUntil`, issue 35, decision 0056) the days up to the cover's end are waived (`waivedDays`,
 * `waivedCents`) and only the days beyond it are charged: `parkingPrice(list, actualDays) − parkingPrice(list, coveredDays)`.
 *
 * @param input.bookedEntry - booked entry, airport local time.
 * @param input.bookedExit - booked exit, airport local time.
 * @param input.actualExit - when the car left, airport local time.
 * @param input.priceLists - the tariff's price lists (the applicable one is chosen by the booked entry date).
 * @returns the {@link Overstay}.
 * @throws RangeError on an invalid time; PricingError `no_price_list` when no list applies to the entry date.
 * Source: issue 15 item 4; DESIGN §6 (Tariff: billable days, `dayPrices` plus `extraDayPrice`).
 */
export function overstayOf(input: {
  bookedEntry: LocalDateTime;
  bookedExit: LocalDateTime;
  actualExit: LocalDateTime;
  priceLists: PriceList[];
  /** a covered flight delay (issue 35, `delayCoverOf`): leaving until then costs nothing extra */
  coveredUntil?: LocalDateTime | null;
}): Overstay {
  const entry = parseLocalDateTime(input.bookedEntry);
  if (!entry) throw new RangeError(`Invalid entry time "${input.bookedEntry}"`);
  if (!parseLocalDateTime(input.actualExit)) throw new RangeError(`Invalid exit time "${input.actualExit}"`);
  const bookedDays = billableDays(input.bookedEntry, input.bookedExit);
  const none = { waivedDays: 0, waivedCents: 0 };
  // ISO wall times compare as strings; a departure before the entry date counts as the booked stay.
  const late = input.actualExit > input.bookedExit;
  if (!late) return { late: false, extraDays: 0, extraCents: 0, actualDays: bookedDays, ...none };
  const actualDays = billableDays(input.bookedEntry, input.actualExit);
  // The days up to the cover's end (or the real exit, when earlier) are free: only the rest is charged.
  const covered = input.coveredUntil && input.coveredUntil > input.bookedExit ? input.coveredUntil : null;
  const freeUntil = covered && covered < input.actualExit ? covered : (covered ?? input.bookedExit);
  const freeDays = Math.max(bookedDays, covered ? billableDays(input.bookedEntry, freeUntil) : bookedDays);
  const extraDays = Math.max(0, actualDays - freeDays);
  const list = actualDays > bookedDays ? selectPriceList(input.priceLists, entry.date) : null;
  const price = (days: number) => (list ? parkingPrice(list, days) : 0);
  const waivedDays = Math.min(freeDays, actualDays) - bookedDays;
  const waivedCents = waivedDays > 0 ? Math.max(0, price(bookedDays + waivedDays) - price(bookedDays)) : 0;
  if (extraDays === 0) return { late, extraDays: 0, extraCents: 0, actualDays, waivedDays, waivedCents };
  const extraCents = Math.max(0, price(actualDays) - price(freeDays));
  return { late, extraDays, extraCents, actualDays, waivedDays, waivedCents };
}

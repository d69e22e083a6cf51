/**
 * The "from" price of a tariff on the airport page (issue 30 item 3, decision 0043): the lowest total the checkout
 * charges for a stay of a given length whose entry lies in the coming weeks, together with the stay it is for and
 * the entry dates it holds for. Every candidate stay is judged by the checkout's own rules (stay limits, per-day
 * capacity, price lists with their seasons), so the page never names a price below what the tariffs page and the
 * checkout charge for the stay it names.
 */
import { remainingSpaces, type DayOccupancy } from './availability';
import { checkStay, type StayLimits } from './booking-rules';
import { addDaysToDate, todayInZone, type LocalDate, type LocalDateTime } from './local-time';
import { priceStayIfBookable, type TariffPricing } from './pricing';
import { stayDates } from './stay';

/**
 * How many entry dates the search looks at, today first: eight weeks. Far enough to step over a sold-out week or
 * a season that has begun, near enough to be the stay a visitor is planning. Source: decision 0043.
 */
export const FROM_PRICE_SEARCH_DAYS = 56;

/**
 * The wall-clock times of the stays the airport page names (airport local time): the search form's date picker
 * defaults (`app/components/features/date-range.ts`), so a visitor who picks the same days sees the same stay.
 */
const FROM_PRICE_ENTRY_TIME = '08:00';
/** See {@link FROM_PRICE_ENTRY_TIME}. */
const FROM_PRICE_EXIT_TIME = '18:00';

/** What of a tariff decides its "from" price: price lists and surcharges, stay limits, spaces per day. */
export type FromPriceTariff = TariffPricing & StayLimits & { capacity: number };

/**
 * A "from" price and its date basis.
 * - `totalCents`: integer gross euro cents the checkout charges for `entry`–`exit` (one person, no child seat, no
 *   coupon), the same figure as the tariffs page's offer for that stay;
 * - `billableDays`: the stay's calendar days (DESIGN §6);
 * - `entry`, `exit`: the stay the price is for, airport local `YYYY-MM-DDTHH:mm` (the earliest entry date with
 *   the lowest price);
 * - `lastEntryDate`: the last of the consecutive entry dates from `entry` on (inclusive, `YYYY-MM-DD`) on which the
 *   same stay length is bookable at the same total; equal to `entry`'s date when it holds for that day only.
 */
export type FromPrice = {
  totalCents: number;
  billableDays: number;
  entry: LocalDateTime;
  exit: LocalDateTime;
  lastEntryDate: LocalDate;
};

/**
 * The stay of `billableDays` calendar days that enters on `entryDate` at {@link FROM_PRICE_ENTRY_TIME} and leaves
 * on its last day at {@link FROM_PRICE_EXIT_TIME}.
 *
 * @param entryDate - `YYYY-MM-DD`, airport local date.
 * @param billableDays - integer ≥ 1.
 * @returns local `YYYY-MM-DDTHH:mm` entry and exit.
 * @throws RangeError on an invalid date or a day count below 1.
 */
export function fromPriceStay(
  entryDate: LocalDate,
  billableDays: number,
): { entry: LocalDateTime; exit: LocalDateTime } {
  if (!Number.isInteger(billableDays) || billableDays < 1) {
    throw new RangeError(`billableDays must be an integer ≥ 1, got ${billableDays}`);
  }
  return {
    entry: `${entryDate}T${FROM_PRICE_ENTRY_TIME}`,
    exit: `${addDaysToDate(entryDate, billableDays - 1)}T${FROM_PRICE_EXIT_TIME}`,
  };
}

/**
 * The calendar dates the search for stays of up to `longestStayDays` days touches: today (in `timeZone`) to the
 * last day of the longest stay entering on the last searched date. The occupancy of these dates is what
 * {@link lowestFromPrice} needs.
 *
 * @returns inclusive `YYYY-MM-DD` bounds.
 * @throws RangeError when the time zone is unknown.
 */
export function fromPriceDates(input: { now: Date; timeZone: string; longestStayDays: number; searchDays?: number }): {
  from: LocalDate;
  to: LocalDate;
} {
  const from = todayInZone(input.now, input.timeZone);
  const searchDays = input.searchDays ?? FROM_PRICE_SEARCH_DAYS;
  return { from, to: addDaysToDate(from, searchDays - 1 + input.longestStayDays - 1) };
}

/**
 * The total the checkout charges for a stay, or null when it cannot be booked: a stay rule is broken (lead time,
 * maximum stay, booking horizon: `checkStay` with the tariff's limits, as the tariffs page and the checkout), a
 * day of the stay has no free space, or no price list prices it.
 */
function bookableTotal(
  tariff: FromPriceTariff,
  stay: { entry: LocalDateTime; exit: LocalDateTime },
  context: { occupancy: DayOccupancy[]; timeZone: string; now: Date },
): number | null {
  const { occupancy, timeZone, now } = context;
  if (checkStay({ ...stay, timeZone, now, limits: tariff }).length > 0) return null;
  if (remainingSpaces(stayDates(stay.entry, stay.exit), occupancy, tariff.capacity) < 1) return null;
  return priceStayIfBookable({ tariff, ...stay, personCount: 1, childrenSeat: 0 })?.totalCents ?? null;
}

/**
 * The lowest price at which a stay of `billableDays` days can be booked, entering on one of the
 * {@link FROM_PRICE_SEARCH_DAYS} dates from today (airport local), and the stay it is for.
 *
 * Each entry date's stay ({@link fromPriceStay}) is judged as the checkout judges it: the tariff's lead time,
 * maximum stay and booking horizon (`checkStay`), a free space on every day of the stay (`remainingSpaces` over
 * `occupancy`, day overrides included), and the price list of the entry date (seasons, `priceStayIfBookable`),
 * for one person without child seats or coupon. A date that fails any of these offers nothing. The lowest total
 * wins, the earliest date on a tie; `lastEntryDate` extends over the following dates with the same total.
 *
 * @param input.tariff - price lists and surcharges, limits, spaces per day.
 * @param input.billableDays - the stay's length in calendar days, integer ≥ 1.
 * @param input.occupancy - the tariff's day rows for (at least) {@link fromPriceDates}; other tariffs' rows must
 *   not be passed.
 * @param input.timeZone - the airport's IANA zone; `input.now` - current instant.
 * @param input.searchDays - entry dates to search, default {@link FROM_PRICE_SEARCH_DAYS}.
 * @returns the price with its date basis, or null when no searched date can be booked.
 * @throws RangeError on a day count below 1 or an unknown time zone (configuration errors).
 * Source: issue 30 item 3 (never lower than the checkout charges for the stay named), DESIGN §6 (Tariff,
 * Availability, seasons), decision 0043.
 */
export function lowestFromPrice(input: {
  tariff: FromPriceTariff;
  billableDays: number;
  occupancy: DayOccupancy[];
  timeZone: string;
  now: Date;
  searchDays?: number;
}): FromPrice | null {
  const { tariff, billableDays, timeZone, now } = input;
  const searchDays = input.searchDays ?? FROM_PRICE_SEARCH_DAYS;
  const today = todayInZone(now, timeZone);
  const totals: (number | null)[] = [];
  for (let i = 0; i < searchDays; i++) {
    const stay = fromPriceStay(addDaysToDate(today, i), billableDays);
    totals.push(bookableTotal(tariff, stay, { occupancy: input.occupancy, timeZone, now }));
  }
  let best = -1;
  for (let i = 0; i < totals.length; i++) {
    const total = totals[i];
    if (total !== null && (best < 0 || total < totals[best]!)) best = i;
  }
  if (best < 0) return null;
  let last = best;
  while (last + 1 < totals.length && totals[last + 1] === totals[best]) last++;
  return {
    totalCents: totals[best]!,
    billableDays,
    ...fromPriceStay(addDaysToDate(today, best), billableDays),
    lastEntryDate: addDaysToDate(today, last),
  };
}

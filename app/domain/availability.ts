/**
 * Per-day capacity rules: a reservation occupies every calendar day of its stay; a tariff is sold out for a
 * stay when any of those days is at capacity (DESIGN §6, Availability).
 */
import type { LocalDate } from './local-time';

/**
 * Occupancy of one tariff on one calendar day (airport local date).
 * `booked`: spaces taken (reservations occupying the day); `capacity`: a per-day override of the tariff's
 * capacity (e.g. 0 to close a day), `null` = use the tariff capacity.
 * Source: DESIGN §6 (Tariff `capacity` spaces per day; Availability).
 */
export type DayOccupancy = { day: LocalDate; booked: number; capacity: number | null };

/**
 * From this many free spaces down, an offer names the number ("only 3 left"); above it an offer looks the same
 * whatever the number. Source: the offer card (issue 2), decision 0036.
 */
export const FEW_SPACES_LEFT = 5;

/**
 * Whether a booking that left `fewestLeft` free spaces on the fullest day of its stay can change what an offer
 * shows for any stay: only when that day is now at or below {@link FEW_SPACES_LEFT} (before the booking it had one
 * more; both above the threshold look alike, and every other day of the stay had more). A booking that changes
 * nothing shown need not drop cached tariffs pages (decision 0036).
 *
 * @param fewestLeft - `capacity − booked` after the booking on the stay's fullest day (may be negative after a
 *   capacity reduction).
 * @returns true when cached tariffs pages of the airport may now be wrong.
 * Source: decision 0036.
 */
export function changesWhatOffersShow(fewestLeft: number): boolean {
  return fewestLeft <= FEW_SPACES_LEFT;
}

/**
 * Free spaces for a whole stay: the minimum over its dates of `capacity − booked`, where a date without a
 * row has 0 booked and the tariff capacity. Never negative (overbooked days count as 0).
 *
 * Rows are expected to be unique per day; if a day appears more than once, the booked counts are added and
 * the smallest override applies (the conservative reading, so we never oversell).
 *
 * @param dates - the stay's dates (see `stayDates`), at least one.
 * @param occupancy - rows for (at least) those dates; rows for other dates are ignored.
 * @param tariffCapacity - spaces per day of the tariff.
 * @returns spaces (integer ≥ 0).
 * @throws RangeError when `dates` is empty (a stay always occupies at least one day).
 * Source: DESIGN §6 (Availability).
 */
export function remainingSpaces(dates: LocalDate[], occupancy: DayOccupancy[], tariffCapacity: number): number {
  if (dates.length === 0) throw new RangeError('A stay occupies at least one date');
  const byDay = new Map<LocalDate, { booked: number; capacity: number | null }>();
  for (const row of occupancy) {
    const seen = byDay.get(row.day);
    if (!seen) {
      byDay.set(row.day, { booked: row.booked, capacity: row.capacity });
    } else {
      seen.booked += row.booked;
      if (row.capacity !== null)
        seen.capacity = seen.capacity === null ? row.capacity : Math.min(seen.capacity, row.capacity);
    }
  }
  let min = Infinity;
  for (const date of dates) {
    const row = byDay.get(date);
    const capacity = row?.capacity ?? tariffCapacity;
    min = Math.min(min, capacity - (row?.booked ?? 0));
  }
  return Math.max(0, min);
}

/**
 * Whether a stay can no longer be booked: {@link remainingSpaces} < 1.
 *
 * @param dates - the stay's dates, at least one.
 * @param occupancy - day rows.
 * @param tariffCapacity - spaces per day of the tariff.
 * @returns true when any day of the stay is at (or above) capacity.
 * @throws RangeError when `dates` is empty.
 * Source: DESIGN §6 (Availability: sold out when any day is at capacity).
 */
export function isSoldOut(dates: LocalDate[], occupancy: DayOccupancy[], tariffCapacity: number): boolean {
  return remainingSpaces(dates, occupancy, tariffCapacity) < 1;
}

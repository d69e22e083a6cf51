/**
 * Stay length rules: which calendar days a parking stay occupies and is billed for.
 */
import { addDaysToDate, diffCalendarDays, parseLocalDateTime, type LocalDate, type LocalDateTime } from './local-time';

function stayBounds(entry: LocalDateTime, exit: LocalDateTime): { entryDate: LocalDate; days: number } {
  const from = parseLocalDateTime(entry);
  const to = parseLocalDateTime(exit);
  if (!from) throw new RangeError(`Invalid entry time "${entry}"`);
  if (!to) throw new RangeError(`Invalid exit time "${exit}"`);
  const span = diffCalendarDays(to.date, from.date);
  // Only a backwards *date* is rejected: on one date the wall times may legitimately run "backwards" in the
  // autumn DST overlap, and exit-after-entry is checked on instants by checkStay.
  if (span < 0) throw new RangeError(`Exit date ${to.date} is before entry date ${from.date}`);
  return { entryDate: from.date, days: span + 1 };
}

/**
 * Number of billable days of a stay: the calendar days touched in airport local time, entry date and exit
 * date both counted. `2026-12-01T08:00 → 2026-12-01T20:00` is 1 day; `→ 2026-12-08T06:00` is 8 days.
 *
 * The inputs are wall-clock times, so DST changes never alter the count (a 23- or 25-hour day is still one
 * calendar day); that is why this works on dates, not on milliseconds.
 *
 * @param entry - `YYYY-MM-DDTHH:mm`, airport local time.
 * @param exit - `YYYY-MM-DDTHH:mm`, airport local time, on or after the entry date.
 * @returns days (integer ≥ 1).
 * @throws RangeError when a time is invalid or the exit date is before the entry date.
 * Source: DESIGN §6 (Tariff: billable days).
 */
export function billableDays(entry: LocalDateTime, exit: LocalDateTime): number {
  return stayBounds(entry, exit).days;
}

/**
 * Every calendar date a stay occupies, entry date first, exit date last (same count as {@link billableDays}).
 * Used for the per-day capacity check.
 *
 * @param entry - `YYYY-MM-DDTHH:mm`, airport local time.
 * @param exit - `YYYY-MM-DDTHH:mm`, airport local time.
 * @returns `YYYY-MM-DD` dates in ascending order.
 * @throws RangeError like {@link billableDays}.
 * Source: DESIGN §6 (Availability: a reservation occupies every calendar day of its stay).
 */
export function stayDates(entry: LocalDateTime, exit: LocalDateTime): LocalDate[] {
  const { entryDate, days } = stayBounds(entry, exit);
  return Array.from({ length: days }, (_, i) => addDaysToDate(entryDate, i));
}

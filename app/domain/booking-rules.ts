/**
 * Validation rules of the travel step that the server enforces (SPEC §5 plus DESIGN §6 limits). The tariff's
 * limits on persons, child seats and baggage are in `tariff-limits.ts`.
 */
import { diffCalendarDays, localToInstant, parseLocalDateTime, todayInZone } from './local-time';
import { billableDays } from './stay';

/**
 * Limits of a tariff on when and how long one can book.
 * `leadTimeMinutes`: minimum minutes between now and entry; `maxStayDays`: maximum billable days;
 * `bookingHorizonDays`: how many calendar days after today (airport zone) the entry date may lie.
 * Source: DESIGN §6 (lead time, maximum stay, booking horizon).
 */
export type StayLimits = { leadTimeMinutes: number; maxStayDays: number; bookingHorizonDays: number };

/**
 * Default limits: lead time 2 h (120 min), maximum stay 60 days, booking horizon 365 days.
 * Source: DESIGN §6.
 */
export const DEFAULT_STAY_LIMITS: StayLimits = Object.freeze({
  leadTimeMinutes: 120,
  maxStayDays: 60,
  bookingHorizonDays: 365,
});

/**
 * One broken stay rule: `field` is the form field to flag, `code` the reason (translate it in the UI).
 * Source: DESIGN §6; SPEC §5 (entryTime and exitTime must be filled).
 */
export type StayViolation = {
  field: 'entryTime' | 'exitTime';
  code: 'invalid' | 'exit_before_entry' | 'lead_time' | 'max_stay' | 'horizon';
};

/**
 * Checks entry and exit times of a stay. All violations found are returned (empty array when fine):
 * - unparsable time (not strict `YYYY-MM-DDTHH:mm`, see `parseLocalDateTime`) → `invalid` on that field;
 * - exit instant not after entry instant → `exit_before_entry` on exitTime;
 * - entry instant earlier than `now + leadTimeMinutes` → `lead_time` on entryTime (exactly at the limit is fine);
 * - billable days > `maxStayDays` → `max_stay` on exitTime (only checked when exit is after entry);
 * - entry date more than `bookingHorizonDays` calendar days after today in the zone → `horizon` on entryTime
 *   (exactly `bookingHorizonDays` days ahead is fine).
 *
 * Times are wall-clock times in `timeZone` and converted with `localToInstant` (DST gap moves forward,
 * overlap takes the first occurrence).
 *
 * @param input.entry - entry time as sent by the client.
 * @param input.exit - exit time as sent by the client.
 * @param input.timeZone - the airport's IANA zone.
 * @param input.now - current instant.
 * @param input.limits - the tariff's limits, usually {@link DEFAULT_STAY_LIMITS}.
 * @returns the violations.
 * @throws RangeError when `timeZone` is unknown (a configuration error, not user input).
 * Source: DESIGN §6 (lead time, maximum stay, booking horizon); SPEC §5.
 */
export function checkStay(input: {
  entry: string;
  exit: string;
  timeZone: string;
  now: Date;
  limits: StayLimits;
}): StayViolation[] {
  const { entry, exit, timeZone, now, limits } = input;
  const violations: StayViolation[] = [];
  const entryParsed = parseLocalDateTime(entry);
  const exitParsed = parseLocalDateTime(exit);
  // Resolve "today" first so an unknown zone throws even when both times are invalid.
  const today = todayInZone(now, timeZone);

  if (!entryParsed) violations.push({ field: 'entryTime', code: 'invalid' });
  if (!exitParsed) violations.push({ field: 'exitTime', code: 'invalid' });

  const entryInstant = entryParsed ? localToInstant(entry, timeZone) : null;
  const exitInstant = exitParsed ? localToInstant(exit, timeZone) : null;

  if (entryInstant && exitInstant) {
    if (exitInstant.getTime() <= entryInstant.getTime()) {
      violations.push({ field: 'exitTime', code: 'exit_before_entry' });
    } else if (billableDays(entry, exit) > limits.maxStayDays) {
      violations.push({ field: 'exitTime', code: 'max_stay' });
    }
  }
  if (entryParsed && entryInstant) {
    if (entryInstant.getTime() < now.getTime() + limits.leadTimeMinutes * 60_000) {
      violations.push({ field: 'entryTime', code: 'lead_time' });
    }
    if (diffCalendarDays(entryParsed.date, today) > limits.bookingHorizonDays) {
      violations.push({ field: 'entryTime', code: 'horizon' });
    }
  }
  return violations;
}

/**
 * Airport-local wall-clock time.
 *
 * Travel times are entered and shown in the airport's local time (DESIGN §6: billable days are calendar days
 * "in airport local time"), so the domain carries them as plain strings without an offset and converts to
 * UTC instants only where an instant is needed (lead time, "now" comparisons, storage).
 */
import { TZDate, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';

/**
 * A wall-clock date and time without zone, format `YYYY-MM-DDTHH:mm` (24-hour, zero-padded),
 * e.g. `2026-12-01T08:00`. Interpreted in the airport's time zone (DESIGN §6).
 */
export type LocalDateTime = string;

/** A calendar date without zone, format `YYYY-MM-DD`, e.g. `2026-12-01` (DESIGN §6). */
export type LocalDate = string;

const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC avoids any host-zone influence.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isRealDate(year: number, month: number, day: number): boolean {
  // Year 0 does not exist in PostgreSQL's calendar (it would refuse the date with an error, a 500).
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * Parses a local date-time strictly.
 *
 * Accepts only `YYYY-MM-DDTHH:mm` with a real calendar date (leap years respected) and a time from 00:00 to
 * 23:59. Rejects `2026-02-30`, `24:00`, seconds, offsets and unpadded forms such as `2026-1-1T1:00`.
 * Never throws.
 *
 * @param value - the string to parse (form or API input).
 * @returns the date part (`YYYY-MM-DD`) and the time part (`HH:mm`), or `null` when invalid.
 * Source: DESIGN §6 (times are airport-local wall-clock times).
 */
export function parseLocalDateTime(value: string): { date: LocalDate; time: string } | null {
  if (typeof value !== 'string') return null;
  const match = DATE_TIME_RE.exec(value);
  if (!match) return null;
  const [, y, m, d, hh, mm] = match;
  if (!isRealDate(Number(y), Number(m), Number(d))) return null;
  if (Number(hh) > 23 || Number(mm) > 59) return null;
  return { date: `${y}-${m}-${d}`, time: `${hh}:${mm}` };
}

/**
 * Parses a local calendar date strictly (`YYYY-MM-DD`, real calendar date, leap years respected).
 * Never throws.
 *
 * @param value - the string to check.
 * @returns the same date string, or `null` when invalid.
 * Source: DESIGN §6.
 */
export function parseLocalDate(value: string): LocalDate | null {
  if (typeof value !== 'string') return null;
  const match = DATE_RE.exec(value);
  if (!match) return null;
  const [, y, m, d] = match;
  return isRealDate(Number(y), Number(m), Number(d)) ? value : null;
}

function requireDate(date: LocalDate, name: string): number {
  if (parseLocalDate(date) === null) throw new RangeError(`${name}: invalid local date "${date}"`);
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

/**
 * Offsets already looked up, per zone and UTC minute. `tzOffset` formats the instant with `Intl` on every call,
 * which made these conversions a tenth of a booking's CPU time (issue 11); the offset cannot change within a minute
 * (zones change at whole minutes), so one lookup per zone and minute is exact. Each zone's map is emptied when it
 * grows past {@link OFFSET_CACHE_LIMIT} entries, which bounds the memory for any input.
 */
const offsetCache = new Map<string, Map<number, number>>();
const OFFSET_CACHE_LIMIT = 20_000;

function offsetMinutes(timeZone: string, epochMs: number): number {
  const minute = Math.floor(epochMs / MS_PER_MINUTE);
  let zone = offsetCache.get(timeZone);
  const cached = zone?.get(minute);
  if (cached !== undefined) return cached;
  const offset = tzOffset(timeZone, new Date(minute * MS_PER_MINUTE));
  if (!Number.isFinite(offset)) throw new RangeError(`Unknown time zone "${timeZone}"`);
  if (!zone) offsetCache.set(timeZone, (zone = new Map()));
  if (zone.size >= OFFSET_CACHE_LIMIT) zone.clear();
  zone.set(minute, offset);
  return offset;
}

/**
 * Converts an airport-local wall-clock time to the UTC instant it denotes in `timeZone`.
 *
 * DST rules (chosen so every wall time maps to exactly one instant):
 * - spring gap (time does not exist): moved forward by the gap length, e.g. `2026-03-29T02:30` in
 *   Europe/Berlin → 03:30 CEST (01:30Z);
 * - autumn overlap (time exists twice): the first occurrence (summer time) is taken, e.g.
 *   `2026-10-25T02:30` in Europe/Berlin → 02:30 CEST (00:30Z).
 *
 * @param local - `YYYY-MM-DDTHH:mm` wall-clock time.
 * @param timeZone - IANA zone of the airport, e.g. `Europe/Berlin`.
 * @returns the UTC instant.
 * @throws RangeError when `local` is not a valid local date-time or `timeZone` is unknown.
 * Source: DESIGN §6 (airport time zone; lead time is measured against instants).
 */
export function localToInstant(local: LocalDateTime, timeZone: string): Date {
  const parsed = parseLocalDateTime(local);
  if (!parsed) throw new RangeError(`Invalid local date-time "${local}"`);
  const [y, m, d] = parsed.date.split('-').map(Number);
  const [hh, mm] = parsed.time.split(':').map(Number);
  // The wall time read as if it were UTC; the real instant is this minus the zone offset in force then.
  const wallMs = Date.UTC(y, m - 1, d, hh, mm);

  // Offsets a day either side bracket any single transition around this wall time (zones change at
  // most once per day), so the true offset is one of these two.
  const before = offsetMinutes(timeZone, wallMs - MS_PER_DAY);
  const after = offsetMinutes(timeZone, wallMs + MS_PER_DAY);
  const candidates = [before, after]
    .map((offset) => wallMs - offset * MS_PER_MINUTE)
    .filter((instant) => instant === wallMs - offsetMinutes(timeZone, instant) * MS_PER_MINUTE);

  if (candidates.length === 0) {
    // Spring gap: reading the wall time with the pre-transition offset lands the gap length later in
    // post-transition wall time, which is the "move forward" rule.
    return new Date(wallMs - before * MS_PER_MINUTE);
  }
  // Overlap: two valid instants; the earlier one is the first occurrence (summer time).
  return new Date(Math.min(...candidates));
}

/**
 * Converts a UTC instant to the wall-clock time shown in `timeZone` (minutes precision; seconds are cut off).
 *
 * @param instant - the instant.
 * @param timeZone - IANA zone, e.g. `Europe/Berlin`.
 * @returns `YYYY-MM-DDTHH:mm`.
 * @throws RangeError when the instant is invalid or the zone unknown.
 * Source: DESIGN §6.
 */
export function instantToLocal(instant: Date, timeZone: string): LocalDateTime {
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) {
    throw new RangeError('Invalid instant');
  }
  const ms = instant.getTime();
  // The wall time is the instant shifted by the zone's offset, read as UTC (cheaper than formatting in the zone).
  const wall = new Date(ms + offsetMinutes(timeZone, ms) * MS_PER_MINUTE);
  const year = wall.getUTCFullYear();
  // `toISOString` writes years past 9999 with a sign and six digits; those take the formatter's way.
  if (year >= 1 && year <= 9999) return wall.toISOString().slice(0, 16);
  return format(new TZDate(ms, timeZone), "yyyy-MM-dd'T'HH:mm");
}

/**
 * Adds whole calendar days to a date (negative to go back). Pure calendar arithmetic, no zone involved.
 *
 * @param date - `YYYY-MM-DD`.
 * @param days - integer number of days.
 * @returns `YYYY-MM-DD`.
 * @throws RangeError on an invalid date or a non-integer `days`.
 * Source: DESIGN §6 (calendar days).
 */
export function addDaysToDate(date: LocalDate, days: number): LocalDate {
  if (!Number.isInteger(days)) throw new RangeError(`days must be an integer, got ${days}`);
  const ms = requireDate(date, 'date') + days * MS_PER_DAY;
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Number of calendar days from `earlier` to `later` (`later - earlier`; negative if `later` is before).
 * `diffCalendarDays('2026-12-08', '2026-12-01') === 7`.
 *
 * @param later - `YYYY-MM-DD`.
 * @param earlier - `YYYY-MM-DD`.
 * @returns whole days.
 * @throws RangeError on an invalid date.
 * Source: DESIGN §6 (calendar days).
 */
export function diffCalendarDays(later: LocalDate, earlier: LocalDate): number {
  // UTC midnights are exactly 86 400 000 ms apart (no DST), so the division is exact.
  return Math.round((requireDate(later, 'later') - requireDate(earlier, 'earlier')) / MS_PER_DAY);
}

/**
 * Today's calendar date in a zone (e.g. the airport's), as seen at instant `now`.
 *
 * @param now - current instant (injected so rules stay pure and testable).
 * @param timeZone - IANA zone.
 * @returns `YYYY-MM-DD`.
 * @throws RangeError when the instant is invalid or the zone unknown.
 * Source: DESIGN §6 (booking horizon counted from today at the airport).
 */
export function todayInZone(now: Date, timeZone: string): LocalDate {
  return instantToLocal(now, timeZone).slice(0, 10);
}

/**
 * Today 00:00 in `timeZone`, as `YYYY-MM-DDTHH:mm`: the `min` of a `datetime-local` input with a 15-minute
 * step. Midnight keeps the step aligned; a minimum of "now" (say 10:37) would make 10:45 fail the browser's
 * step check and block the form.
 */
export function startOfLocalDay(now: Date, timeZone: string): LocalDateTime {
  return `${todayInZone(now, timeZone)}T00:00`;
}

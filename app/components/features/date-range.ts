/**
 * Pure rules of the search form's date picker (no DOM, no React): the `datetime-local` values of the entry and
 * exit inputs (`YYYY-MM-DDTHH:mm`, airport local time, DESIGN §5) and the day range of the calendar.
 * Calendar days are plain `Date`s at local midnight; only their year, month and day are read.
 */

/** Default time of the entry input when it was empty. */
const DEFAULT_ENTRY_TIME = '08:00';
/** Default time of the exit input when it was empty. */
const DEFAULT_EXIT_TIME = '18:00';

/** A day range of the calendar; `to` is missing while only the first day is picked. */
export type DayRange = { from: Date | undefined; to?: Date | undefined };

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of a calendar day. */
export function formatDay(day: Date): string {
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The calendar day (local midnight) of `YYYY-MM-DD…`, or undefined when `value` does not start with a valid date. */
export function parseDay(value: string | null | undefined): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = new Date(y, m - 1, d);
  return day.getFullYear() === y && day.getMonth() === m - 1 && day.getDate() === d ? day : undefined;
}

/** The `HH:mm` of a `YYYY-MM-DDTHH:mm` value, or `fallback` when it has none. */
export function timeOf(value: string | null | undefined, fallback: string): string {
  const match = /T(\d{2}):(\d{2})/.exec(value ?? '');
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return fallback;
  return `${match[1]}:${match[2]}`;
}

/** `day` at the time of `current` (or `fallback` when `current` has no time), as a `datetime-local` value. */
export function withDay(current: string | null | undefined, day: Date, fallback: string): string {
  return `${formatDay(day)}T${timeOf(current, fallback)}`;
}

/** Whether `a` is a calendar day before `b`. */
function before(a: Date, b: Date): boolean {
  return formatDay(a) < formatDay(b);
}

/** The calendar range the two inputs describe (for the initial selection); undefined without an entry day. */
export function rangeFromValues(entry: string, exit: string): DayRange | undefined {
  const from = parseDay(entry);
  if (!from) return undefined;
  const to = parseDay(exit);
  return { from, to: to && !before(to, from) ? to : undefined };
}

/**
 * The next state after a click on `day` (two clicks pick a range, the same day twice is a same-day stay):
 * - nothing picked yet, or a complete range: starts a new range at `day`;
 * - only the start picked: `day` before it restarts there, otherwise it completes the range.
 */
export function pickDay(current: DayRange | undefined, day: Date): { range: DayRange; complete: boolean } {
  if (!current?.from || current.to) return { range: { from: day, to: undefined }, complete: false };
  if (before(day, current.from)) return { range: { from: day, to: undefined }, complete: false };
  return { range: { from: current.from, to: day }, complete: true };
}

/** The times to keep: those of the inputs when the calendar opened, else 08:00 and 18:00. */
export function timesOf(values: { entry: string; exit: string }): { entry: string; exit: string } {
  return { entry: timeOf(values.entry, DEFAULT_ENTRY_TIME), exit: timeOf(values.exit, DEFAULT_EXIT_TIME) };
}

/**
 * The new input values for `range`: the entry takes the start day and keeps its time, the exit the end day with
 * its time (`times`, default: the inputs' own times, else 08:00 and 18:00). Without an end day the exit stays,
 * unless it now lies before the entry day (then it is cleared so the form asks for it; `times` remembers its time).
 */
export function applyRange(
  values: { entry: string; exit: string },
  range: DayRange,
  times: { entry: string; exit: string } = timesOf(values),
): { entry: string; exit: string } {
  if (!range.from) return values;
  const entry = `${formatDay(range.from)}T${times.entry}`;
  if (range.to) return { entry, exit: `${formatDay(range.to)}T${times.exit}` };
  const exitDay = parseDay(values.exit);
  return { entry, exit: exitDay && !before(exitDay, range.from) ? values.exit : '' };
}

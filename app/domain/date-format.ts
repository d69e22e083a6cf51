/**
 * Date-time display. Times in this shop are airport wall-clock times `YYYY-MM-DDTHH:mm` (DESIGN §5, §6);
 * this module is the one place that turns them into text, with one pattern for every page, mail and document.
 */
import type { Locale } from '../i18n.ts';
import { dateTimeFormat } from './intl-cache.ts';
import { intlLocale } from './localized.ts';

/** The one date-time pattern: weekday, date and 24-hour time (e.g. `So., 20.12.2026, 08:00`). */
const LOCAL_DATE_TIME_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  // The value already is airport wall time: format it as UTC so no zone shift is applied.
  timeZone: 'UTC',
};

// Building an Intl.DateTimeFormat costs far more than formatting with it; pages format many times.
const formatters = new Map<Locale, Intl.DateTimeFormat>();

function dateTimeFormatter(locale: Locale): Intl.DateTimeFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocale(locale), LOCAL_DATE_TIME_FORMAT);
    formatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * Formats a local `YYYY-MM-DDTHH:mm` as it reads, e.g. `So., 20.12.2026, 08:00` (de) or
 * `Sun, 20/12/2026, 08:00` (en). Returns `fallback` (default: the input) when it is not a valid local date-time.
 *
 * @param local - airport wall-clock time, `YYYY-MM-DDTHH:mm`.
 * @param locale - interface locale.
 * @param fallback - text for an empty or invalid value.
 */
export function formatLocalDateTime(local: string, locale: Locale, fallback: string = local): string {
  const date = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? new Date(`${local}:00Z`) : null;
  if (!date || Number.isNaN(date.getTime())) return fallback;
  return dateTimeFormatter(locale).format(date);
}

/** `YYYY-MM-DD` of a `YYYY-MM-DD` read as a UTC date, or '' when `Date` cannot read it. */
function isoDate(date: string): string {
  const time = new Date(`${date}T00:00:00Z`).getTime();
  return Number.isNaN(time) ? '' : new Date(time).toISOString().slice(0, 10);
}

/** Day and month as digits (`28.11.`, `28/11`), with the year where a range crosses New Year. */
const SHORT_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'numeric', timeZone: 'UTC' };
const SHORT_DATE_WITH_YEAR: Intl.DateTimeFormatOptions = { ...SHORT_DATE, year: 'numeric' };

/**
 * Formats a range of local calendar dates compactly: `28.11.–17.12.` (de), `28/11–17/12` (en), one date alone when
 * both are the same (`28.11.`); across New Year with the years (`28.12.2026–17.1.2027`). The dates are joined
 * with an en dash of our own rather than Intl's `formatRange`, whose spacing differs between ICU versions (the
 * server's and the browser's would differ at hydration). Used where a price names the entry dates it holds for
 * (the airport page, decision 0043).
 *
 * @param from - first date, `YYYY-MM-DD` (airport local).
 * @param to - last date, `YYYY-MM-DD`, on or after `from`.
 * @param locale - interface locale.
 * @returns the text; `from` unchanged when a date is invalid or `to` lies before `from`.
 */
export function formatLocalDateRange(from: string, to: string, locale: Locale): string {
  // A date that is not a real one comes back from `Date` as another day (or NaN): compared as text it differs.
  const real = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date) && isoDate(date) === date;
  if (!real(from) || !real(to) || to < from) return from;
  const format = (date: string, options: Intl.DateTimeFormatOptions) =>
    dateTimeFormat(locale, options).format(new Date(`${date}T00:00:00Z`));
  if (from === to) return format(from, SHORT_DATE);
  const options = from.slice(0, 4) === to.slice(0, 4) ? SHORT_DATE : SHORT_DATE_WITH_YEAR;
  return `${format(from, options)}–${format(to, options)}`;
}

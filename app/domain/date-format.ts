/**
 * Date-time display. Times in this shop are airport wall-clock times `YYYY-MM-DDTHH:mm` (DESIGN §5, §6);
 * this module is the one place that turns them into text, with one pattern for every page, mail and document.
 */
import type { Locale } from '../i18n.ts';
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

/**
 * Formatting of the back office's pages (issue 15): instants in the shop's time zone, local dates, months and
 * money, in the page's locale. Server and browser format alike (the zone is fixed, not the host's).
 */
import { SHOP_TIME_ZONE } from '~/constants.ts';
import { dateTimeFormat } from '~/domain/intl-cache.ts';
import type { Locale } from '~/i18n.ts';

/** An instant as date and time in the shop's time zone, e.g. `25.11.26, 10:15`. */
export function formatInstant(value: Date | string | null, locale: Locale): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  return dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }).format(date);
}

/** A local date `YYYY-MM-DD` as it reads, with the weekday, e.g. `Mi., 25.11.` (`long`: with the year). */
export function formatDay(day: string, locale: Locale, long = false): string {
  const options: Intl.DateTimeFormatOptions = long
    ? { weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }
    : { weekday: 'short', day: '2-digit', month: '2-digit', timeZone: 'UTC' };
  return dateTimeFormat(locale, options).format(new Date(`${day}T00:00:00Z`));
}

/** A month `YYYY-MM` as it reads, e.g. `November 2026`. */
export function formatMonth(month: string, locale: Locale): string {
  return dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

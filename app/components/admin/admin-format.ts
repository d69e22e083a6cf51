/**
 * Formatting of the back office's pages (issue 15): instants in the shop's time zone, local dates, months and
 * money, in the page's locale. Server and browser format alike (the zone is fixed, not the host's).
 */
import { SHOP_TIME_ZONE } from '~/constants.ts';
import { dateTimeFormat, numberFormat } from '~/domain/intl-cache.ts';
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

/** A chart's time tick (seconds since the epoch, a UTC day) as day and month, e.g. `26.11.` (en: `26/11`). */
export function formatShortDay(epochSeconds: number, locale: Locale): string {
  return dateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(
    new Date(epochSeconds * 1000),
  );
}

/** A count or a chart's value tick in the locale's digits and grouping, e.g. `6.000` (en: `6,000`). */
export function formatCount(value: number, locale: Locale): string {
  return numberFormat(locale, { maximumFractionDigits: 1 }).format(value);
}

/** A month `YYYY-MM` as it reads, e.g. `November 2026`. */
export function formatMonth(month: string, locale: Locale): string {
  return dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/**
 * Money display. Amounts are integer euro cents everywhere (DESIGN §6); only this module turns them into text.
 */

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats integer euro cents as a localised currency string:
 * `de` → `1.234,56 €` (de-DE, with a no-break space before €), `en` → `€1,234.56` (en-GB).
 *
 * @param cents - integer euro cents (may be negative, e.g. a discount).
 * @param locale - interface locale.
 * @returns the formatted amount.
 * @throws RangeError when `cents` is not an integer (money is never fractional cents).
 * Source: DESIGN §6 (Money: `Intl.NumberFormat(locale, {style: 'currency', currency: 'EUR'})`).
 */
export function formatMoney(cents: number, locale: 'de' | 'en'): string {
  if (!Number.isInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  const tag = locale === 'de' ? 'de-DE' : 'en-GB';
  // Constructing Intl.NumberFormat is comparatively slow and prices are formatted many times per page.
  let formatter = formatters.get(tag);
  if (!formatter) {
    formatter = new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' });
    formatters.set(tag, formatter);
  }
  return formatter.format(cents / 100);
}

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

/**
 * Formats a local `YYYY-MM-DDTHH:mm` as it reads, e.g. `So., 20.12.2026, 08:00` (de) or
 * `Sun, 20/12/2026, 08:00` (en). Returns `fallback` (default: the input) when it is not a valid local date-time.
 */
export function formatLocalDateTime(local: string, locale: 'de' | 'en', fallback: string = local): string {
  const date = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? new Date(`${local}:00Z`) : null;
  if (!date || Number.isNaN(date.getTime())) return fallback;
  return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', LOCAL_DATE_TIME_FORMAT).format(date);
}

/**
 * Money display. Amounts are integer euro cents everywhere (DESIGN §6); only this module turns them into text.
 */
import type { Locale } from '../i18n.ts';
import { intlLocale } from './localized.ts';

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
export function formatMoney(cents: number, locale: Locale): string {
  if (!Number.isInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  const tag = intlLocale(locale);
  // Constructing Intl.NumberFormat is comparatively slow and prices are formatted many times per page.
  let formatter = formatters.get(tag);
  if (!formatter) {
    formatter = new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' });
    formatters.set(tag, formatter);
  }
  return formatter.format(cents / 100);
}

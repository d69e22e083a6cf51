/**
 * Money display and money input. Amounts are integer euro cents everywhere (DESIGN §6); only this module turns them
 * into text and text typed in a form back into cents.
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

/**
 * Euros as staff type them in a back-office form → integer cents; null for anything else. The one rule of every
 * money field (price lists, extra-day prices, fixed coupons):
 * - the decimal mark is a comma or a point with one or two digits after it: `12`, `12,5`, `12,50`, `12.50`;
 * - thousands may be grouped with points in German notation, then the decimal mark is a comma: `1.234,50`,
 *   `1.234`; plain `1234,50` and `1234.50` are read too;
 * - spaces and the euro sign are ignored (`12,50 €` as copied from a price shown by the shop);
 * - refused: empty, negative, more than two decimals (`12,555`), English grouping (`1,234.50`, where the comma
 *   would be read as a decimal mark of three digits: refused rather than guessed), exponents, letters.
 * Range checks (greater than zero, a maximum) are the caller's.
 *
 * @param input - the field as posted.
 * @returns integer cents, or null when the text is not such an amount (or beyond `Number.MAX_SAFE_INTEGER`).
 * Source: DESIGN §6 (Money: integer cents); German notation as the shop prints it (`formatMoney`, de-DE:
 * `1.234,56 €`), which is what staff copy back into a form; `formatEuroInput` (catalogue-view.ts) writes
 * `1234,50`.
 */
export function parseEuroCents(input: string): number | null {
  const text = input.replace(/\s|€/g, '');
  let normalised: string;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text)) normalised = text.replace(/\./g, '').replace(',', '.');
  else if (/^\d+([.,]\d{1,2})?$/.test(text)) normalised = text.replace(',', '.');
  else return null;
  const [whole, fraction = ''] = normalised.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

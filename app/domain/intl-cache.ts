/**
 * Memoised `Intl` formatters (issue 11): constructing an `Intl.NumberFormat`, `DateTimeFormat` or `DisplayNames`
 * costs far more than formatting with one, and a page formats many prices, distances and names. Each formatter
 * is built once per locale and option set and kept for the life of the process (a handful of entries).
 */
import type { Locale } from '../i18n.ts';
import { intlLocale } from './localized.ts';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const displayNames = new Map<string, Intl.DisplayNames>();

function cached<F, O>(cache: Map<string, F>, locale: Locale, options: O, create: (tag: string, options: O) => F): F {
  const tag = intlLocale(locale);
  const key = `${tag}|${JSON.stringify(options)}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = create(tag, options);
    cache.set(key, formatter);
  }
  return formatter;
}

/**
 * The `Intl.NumberFormat` of an interface locale (`de` → de-DE, `en` → en-GB) and option set, built once.
 * Throws RangeError on invalid options, like the constructor.
 */
export function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, locale, options, (tag, o) => new Intl.NumberFormat(tag, o));
}

/**
 * The `Intl.DateTimeFormat` of an interface locale and option set, built once.
 * Throws RangeError on invalid options (e.g. an unknown time zone), like the constructor.
 */
export function dateTimeFormat(locale: Locale, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached(dateTimeFormats, locale, options, (tag, o) => new Intl.DateTimeFormat(tag, o));
}

/** The `Intl.DisplayNames` of an interface locale and option set (e.g. `{ type: 'region' }`), built once. */
export function displayNamesOf(locale: Locale, options: Intl.DisplayNamesOptions): Intl.DisplayNames {
  return cached(displayNames, locale, options, (tag, o) => new Intl.DisplayNames([tag], o));
}

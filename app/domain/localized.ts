/**
 * Locale-dependent picks and formats shared by every layer: the German/English column of a catalogue row,
 * the BCP 47 tag for `Intl`, and a lot's postal address. German is the default (SPEC §1); English is the
 * second language (DESIGN §3). The one home of the choices between the two languages (`scripts/check-tree.js`);
 * everything else picks with these or with a translation.
 */
import type { Locale } from '../i18n.ts';

/**
 * The `Intl` locale tag of an interface locale: `de` → `de-DE`, `en` → `en-GB` (European date order and
 * 24-hour clock for an English-speaking customer of a German shop).
 */
export function intlLocale(locale: Locale): 'de-DE' | 'en-GB' {
  return locale === 'en' ? 'en-GB' : 'de-DE';
}

/** The other interface language (the header's language switch): `de` ↔ `en`. */
export function otherLocale(locale: Locale): Locale {
  return locale === 'de' ? 'en' : 'de';
}

/** Field names `F` for which a row carries both `${F}De` and `${F}En`. */
type LocalizedField<R> = {
  [K in keyof R & string]: K extends `${infer F}De` ? (`${F}En` extends keyof R ? F : never) : never;
}[keyof R & string];

/**
 * The text of `field` in `locale` from a row that stores one column per language
 * (`localized(airport, 'name', 'en')` reads `airport.nameEn`). No fallback: both columns are seeded and
 * required by the schema wherever they are not nullable; a nullable column stays null.
 *
 * @param row - any object with `${field}De` and `${field}En`.
 * @param field - the field name without the language suffix.
 * @param locale - interface locale.
 */
export function localized<R extends object, F extends LocalizedField<R>>(
  row: R,
  field: F,
  locale: Locale,
): R[`${F}De` & keyof R] | R[`${F}En` & keyof R] {
  const key = `${field}${locale === 'en' ? 'En' : 'De'}` as `${F}De` & keyof R;
  return row[key];
}

/** The postal parts of a parking lot (DESIGN §6). */
export type LotAddressParts = { street: string; streetNumber: string; postcode: string; city: string };

/**
 * A parking lot's address as two lines, `["Musterstraße 1", "60549 Frankfurt am Main"]` (German order:
 * street and number, then postcode and city); empty parts are left out without stray spaces.
 */
export function lotAddress(lot: LotAddressParts): [string, string] {
  return [`${lot.street} ${lot.streetNumber}`.trim(), `${lot.postcode} ${lot.city}`.trim()];
}

/**
 * Telephone numbers reserved for media productions ("Rufnummern für Medienproduktionen", "Drama Numbers"):
 * the Bundesnetzagentur keeps 1,000 numbers in each of five local networks permanently unassigned, so a
 * number printed in a film, book or demo never rings at a real subscriber. Source: Bundesnetzagentur,
 * Mitteilung Nr. 148/2021, Amtsblatt 7/2021, p. 489. Every sample phone number of the shop (seed lots,
 * the default `SHOP_PHONE`) lies in these blocks.
 */

/** The reserved blocks: area code and subscriber prefix; the last three digits run 000–999. */
export const DRAMA_NUMBER_BLOCKS = [
  { city: 'Berlin', areaCode: '30', prefix: '23125' },
  { city: 'Frankfurt am Main', areaCode: '69', prefix: '90009' },
  { city: 'Hamburg', areaCode: '40', prefix: '66969' },
  { city: 'Köln', areaCode: '221', prefix: '4710' },
  { city: 'München', areaCode: '89', prefix: '99998' },
] as const;

/**
 * True when `phone` is a number of one of the reserved blocks, written internationally (`+49 69 90009 500`,
 * `0049 69 …`) or nationally (`069 90009500`); spaces, slashes, dots, dashes and brackets are ignored.
 */
export function isDramaNumber(phone: string): boolean {
  const digits = phone.replace(/[\s/.()-]/g, '');
  const national = digits.startsWith('+49') ? digits.slice(3) : digits.startsWith('0049') ? digits.slice(4) : null;
  // `+49 (0)69 …` carries the trunk prefix in brackets; a national number starts with it
  const significant = national !== null ? national.replace(/^0/, '') : digits.startsWith('0') ? digits.slice(1) : null;
  if (significant === null || !/^\d+$/.test(significant)) return false;
  return DRAMA_NUMBER_BLOCKS.some(
    (b) =>
      significant.length === b.areaCode.length + b.prefix.length + 3 && significant.startsWith(b.areaCode + b.prefix),
  );
}

/**
 * The checkout's fixed options (DESIGN §5, §6), apart from the zod schemas of `checkout-schema.ts` (which
 * re-exports them): pages that only list them (account, address autocomplete) ship no zod (issue 11 budget).
 */

/** Payment types (DESIGN §6); `online` is offered only while a payment provider is configured (issue 13). */
export const PAYMENT_TYPES = ['invoice', 'on_site', 'online'] as const;
/** A payment type id. */
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Countries accepted for addresses (ISO 3166-1 alpha-2), most frequent first. */
export const COUNTRIES = [
  'DE',
  'AT',
  'CH',
  'NL',
  'BE',
  'LU',
  'FR',
  'DK',
  'PL',
  'CZ',
  'IT',
  'ES',
  'PT',
  'SE',
  'NO',
  'FI',
  'GB',
  'IE',
  'HU',
  'SK',
  'SI',
  'HR',
  'GR',
  'RO',
  'BG',
  'TR',
  'US',
] as const;

/**
 * Phone regions offered in the checkout (ISO 3166-1 alpha-2 → international dialling code), the frequent ones of
 * our customers; the one "Land" select sets both SPEC §3 fields, `phoneRegionCode` and `phonePrefix`
 * (issue 12 item 5: a separate "+49" box was read as the area code).
 */
export const PHONE_REGIONS: readonly (readonly [string, string])[] = [
  ['DE', '+49'],
  ['AT', '+43'],
  ['CH', '+41'],
  ['NL', '+31'],
  ['BE', '+32'],
  ['LU', '+352'],
  ['FR', '+33'],
  ['DK', '+45'],
  ['PL', '+48'],
  ['CZ', '+420'],
  ['IT', '+39'],
  ['ES', '+34'],
  ['GB', '+44'],
  ['US', '+1'],
];

/** The dialling code of an offered phone region (`DE` → `+49`), or undefined for another code. */
export function phonePrefixOf(regionCode: string): string | undefined {
  return PHONE_REGIONS.find(([code]) => code === regionCode)?.[1];
}

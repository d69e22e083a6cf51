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

// Apart from the zod schemas of `auth-schema.ts` (which re-exports it), so the account page ships no zod (issue 11).

/**
 * The billing-address fields the account may save (SPEC §3 names; all optional, used to prefill the checkout).
 * Only their formats are checked here; the checkout validates the address in full when it is used.
 */
export const SAVED_ADDRESS_KEYS = [
  'company',
  'street',
  'streetNumber',
  'postcode',
  'city',
  'country',
  'phoneRegionCode',
  'phonePrefix',
  'phoneNumber',
  // a business buyer's identifiers (issue 34 item 3): kept in the address book like the address
  'vatId',
  'buyerReference',
] as const;

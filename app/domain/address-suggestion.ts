/**
 * The address suggestion of the billing-address autocomplete (SPEC §2 "address autocomplete"): what
 * `GET /api/address-autocomplete?q=` answers (`{suggestions: AddressSuggestion[]}`) and what the checkout's
 * street combobox offers. Shared by the server (geocoder) and the browser (widget); types and constants only.
 */

/** One postal address found for a typed query. */
export type AddressSuggestion = {
  /** street name, e.g. `Hauptstraße` */
  street: string;
  /** house number as written (`5a`, `12-14`); absent when the provider found the street only */
  streetNumber?: string;
  /** postal code as written by the provider; `''` when the provider knows none (long streets, rural roads) */
  postcode: string;
  /** city, town or village */
  city: string;
  /** ISO 3166-1 alpha-2 code, upper case (`DE`) */
  country: string;
  /** one-line text to show: `Hauptstraße 5a, 60311 Frankfurt am Main` (no country; the client names it) */
  label: string;
};

/** Query length accepted by the API, in characters after trimming. */
export const ADDRESS_QUERY_LENGTH = { min: 3, max: 100 } as const;

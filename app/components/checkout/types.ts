import type { BookingView } from '~/domain/booking-page.ts';
import type { BillingAddress } from '~/domain/checkout-schema.ts';

/** What the `checkout.booking` loader hands to the page (everything the browser needs to price live). */
export type BookingPageData = BookingView & {
  paymentTypes: readonly string[];
  authenticated: boolean;
  /** signed in: the billing address from the account (name, e-mail, saved address) to prefill step 2 */
  prefill: Partial<BillingAddress> | null;
  /** signed in: the account's newsletter choice (kept when the address is saved back) */
  newsletter: boolean;
  /** the tariffs page for the cart's stay (to choose another offer) */
  tariffsUrl: string;
  /** whether the billing-address autocomplete is configured (`ADDRESS_AUTOCOMPLETE_URL`); the client loads it only then */
  addressAutocomplete: boolean;
};

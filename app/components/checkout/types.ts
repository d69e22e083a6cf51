import type { BookingView } from '~/domain/booking-page.ts';

/** What the `checkout.booking` loader hands to the page (everything the browser needs to price live). */
export type BookingPageData = BookingView & {
  paymentTypes: readonly string[];
  authenticated: boolean;
  /** the tariffs page for the cart's stay (to choose another offer) */
  tariffsUrl: string;
  /** whether the billing-address autocomplete is configured (`ADDRESS_AUTOCOMPLETE_URL`); the client loads it only then */
  addressAutocomplete: boolean;
};

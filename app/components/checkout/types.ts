import type { PriceBreakdown, PriceList } from '~/domain/pricing.ts';

/** What the `checkout.booking` loader hands to the page (everything the browser needs to price live). */
export type BookingPageData = {
  cart: { airportId: number; tariffId: number; entryTime: string; exitTime: string };
  airport: { id: number; slug: string; name: string; iata: string; timeZone: string };
  tariff: {
    id: number;
    name: string;
    category: string;
    lotName: string;
    lotAddress: string;
    includedPersons: number;
    maxPersons: number;
    maxChildSeats: number;
    allowedBulkyBaggage: string[];
    extraPersonPrice: number;
    childSeatPrice: number;
    freeCancellationHours: number;
    priceLists: PriceList[];
  };
  paymentTypes: readonly string[];
  authenticated: boolean;
  /** the server's price of the cart's stay for one person without child seats (null when it cannot be priced) */
  price: PriceBreakdown | null;
  /** earliest selectable local date-time (today 00:00 at the airport) */
  minDate: string;
  /** the tariffs page for the cart's stay (to choose another offer) */
  tariffsUrl: string;
  /** whether the billing-address autocomplete is configured (`ADDRESS_AUTOCOMPLETE_URL`); the client loads it only then */
  addressAutocomplete: boolean;
};

/**
 * The view of a cart on the booking page (`checkout.booking`, DESIGN §3), shared by the service that builds it
 * and the browser that validates and prices it live: names in the page's language, money in euro cents,
 * times airport local `YYYY-MM-DDTHH:mm`.
 */
import type { Cart } from './cart-schema.ts';
import type { PriceBreakdown, PriceList } from './pricing.ts';

/** The cart's stay, airport and tariff with everything needed to check the tariff's limits and price the stay. */
export type BookingView = {
  cart: Cart;
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
    /** euro cents per extra person and per child seat (DESIGN §6) */
    extraPersonPrice: number;
    childSeatPrice: number;
    freeCancellationHours: number;
    priceLists: PriceList[];
  };
  /** the server's price of the cart's stay for one person without child seats; null when it cannot be priced */
  price: PriceBreakdown | null;
  /** earliest selectable local date-time (today 00:00 at the airport) */
  minDate: string;
};

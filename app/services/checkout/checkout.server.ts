/**
 * The checkout on the server (issue 3): step validation with the rules that need data (tariff limits,
 * coupons) and placing a reservation — re-priced from the database, capacity checked under row locks,
 * coupon redeemed, invoice number and reference assigned — in one transaction (DESIGN §5, §6).
 *
 * Placing is a pipeline of small steps, one module each: the cart's airport and tariff
 * (`checkout-cart-context`), validation (`checkout-validate`), price (`checkout-price`) and the booking
 * transaction (`checkout-book`). Wire format and format rules come from the shared `~/domain/checkout-schema.ts`;
 * messages are translation keys (`validation.*`, `checkout.api.*`), translated by the API layer.
 */
import type { Database } from '#database/client.server.ts';
import type { Cart } from '~/domain/cart-schema.ts';
import type { Locale } from '~/i18n.ts';
import { bookReservation } from './checkout-book.server.ts';
import { loadCartContext } from './checkout-cart-context.server.ts';
import { priceBooking } from './checkout-price.server.ts';
import { asObject, validateBooking } from './checkout-validate.server.ts';
import type { InvoiceIssuer } from '../documents/invoices.server.ts';

export { CheckoutError } from './checkout-error.server.ts';
export { validateCheckoutStep, type ValidatedStep } from './checkout-validate.server.ts';
export { IdempotencyKeyTakenError, type PlannedReservation, type Reservation } from './checkout-book.server.ts';

/**
 * Places a reservation (`POST /api/checkout`, DESIGN §5): cart → validate → price → book.
 *
 * 1. `loadCartContext`: the session cart's airport and active tariff;
 * 2. `validateBooking`: every step (schema + server rules) with the body's travel times, which win over the
 *    cart's; any problem → 422 `validation.failed` with all field errors;
 * 3. `priceBooking`: the price from the database (client price fields are ignored), coupon applied; integer
 *    euro cents, gross; times airport local;
 * 4. `bookReservation`: one statement (decision 0034) that locks the stay's day rows in date order, checks and
 *    books the capacity, redeems the coupon within its limit, assigns the gapless invoice number (offline payment
 *    types confirm at once), inserts the reservation under a unique reference with a hashed guest token, and
 *    stores with it the caller's `mail` (e.g. the confirmation) and `answer` (the idempotent answer).
 *
 * @param input.cart - the session cart (names airport and tariff).
 * @param input.body - the flat wire body of all steps.
 * @param input.userId - the signed-in user, or null for a guest.
 * @param input.locale - the customer's language (stored for mails).
 * @param input.issuer - seller and bank account for the invoice snapshot (`invoiceIssuerOf(env)`).
 * @param input.now - current instant (lead time, confirmation time, invoice year in the shop's time zone).
 * @param input.mail - see `bookReservation`: the mail queued with a confirmed booking.
 * @param input.answer - see `bookReservation`: the idempotency key completed with the booking.
 * @param input.session - see `bookReservation`: the visitor's session stored with the booking.
 * @returns the stored reservation and the plain guest access token (only its hash is stored).
 * @throws CheckoutError 409 `checkout.api.no_cart` / `api.error.airport_locked` / `checkout.api.sold_out` /
 *   `checkout.api.not_bookable`; 422 `validation.failed` (field errors, including `couponCode`
 *   `validation.coupon.used_up` when the last use was taken concurrently). Database errors pass through; nothing
 *   is stored when it throws.
 * Source: DESIGN §5 (POST checkout), DESIGN §6 (Availability, Reservation, Invoice, Coupon, Payment types).
 */
export async function placeReservation(
  db: Database,
  input: {
    cart: Cart | null | undefined;
    body: unknown;
    userId: number | null;
    locale: Locale;
    issuer: InvoiceIssuer;
    now: Date;
    mail?: Parameters<typeof bookReservation>[1]['mail'];
    answer?: Parameters<typeof bookReservation>[1]['answer'];
    session?: Parameters<typeof bookReservation>[1]['session'];
  },
): ReturnType<typeof bookReservation> {
  const context = await loadCartContext(db, input.cart);
  const booking = await validateBooking(db, context, asObject(input.body), input.now);
  const price = priceBooking(context.tariff, booking);
  return bookReservation(db, {
    context,
    booking,
    price,
    userId: input.userId,
    locale: input.locale,
    issuer: input.issuer,
    now: input.now,
    mail: input.mail,
    answer: input.answer,
    session: input.session,
  });
}

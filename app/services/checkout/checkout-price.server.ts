/**
 * Checkout step 2: the price of a validated booking, from the database's price lists only (client price
 * fields are never read).
 */
import { priceStayIfBookable, type Coupon, type PriceBreakdown } from '~/domain/pricing.ts';
import type { TariffWithLot } from '../catalogue/catalog.server.ts';
import { CheckoutError } from './checkout-error.server.ts';
import type { ValidatedBooking } from './checkout-validate.server.ts';

/**
 * Prices a validated booking with the tariff's price lists, persons, child seats and the coupon
 * (`priceStayIfBookable`). Amounts are integer euro cents, gross; times airport local.
 *
 * @param tariff - the cart's tariff with its price lists.
 * @param booking - from `validateBooking`.
 * @returns the price breakdown.
 * @throws CheckoutError 409 `checkout.api.not_bookable` when the tariff has no price for the stay.
 * Source: DESIGN §5 (POST checkout: re-priced), DESIGN §6 (Tariff, Coupon, price breakdown).
 */
export function priceBooking(tariff: TariffWithLot, booking: ValidatedBooking): PriceBreakdown {
  const { stay, personCount, childrenSeat, coupon } = booking;
  const price = priceStayIfBookable({
    tariff,
    entry: stay.entry,
    exit: stay.exit,
    personCount,
    childrenSeat,
    coupon: coupon ? ({ kind: coupon.kind, value: coupon.value } satisfies Coupon) : null,
  });
  if (!price) throw new CheckoutError(409, 'checkout.api.not_bookable');
  return price;
}

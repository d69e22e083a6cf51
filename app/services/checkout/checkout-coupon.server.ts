/**
 * The coupon's own "apply" button on the payment step (issue 12 item 5): the server checks a code against the
 * stay as entered and answers what the coupon takes off, so the summary shows the discounted price before the
 * customer commits. The booking checks the coupon again (`validateBooking`); this answer binds nothing.
 */
import type { Database } from '#database/client.server.ts';
import type { Cart } from '~/domain/cart-schema.ts';
import type { FieldErrors } from '~/domain/checkout-schema.ts';
import type { AppliedCoupon } from '~/domain/pricing.ts';
import { loadCartContext } from './checkout-cart-context.server.ts';
import { checkCoupon, validStay } from './checkout-validate.server.ts';

/** The longest code the payment schema accepts. */
const CODE_MAX_LENGTH = 40;

/**
 * Checks a coupon code for the stay entered (the travel times of `input.travel` when valid and in order, else
 * the cart's), at the cart's airport: it exists, is valid on the entry date, the stay is long enough, it is not
 * used up and valid at the airport (`checkCoupon`, the same rules as the booking).
 *
 * @param input.code - the code as typed (trimmed and upper-cased here; anything but a string counts as empty).
 * @param input.travel - the entered `entryTime`/`exitTime` (airport local `YYYY-MM-DDTHH:mm`), optional.
 * @param input.cart - the session cart (names airport, tariff and the stay chosen on the tariffs page).
 * @returns the coupon (`kind` percent: whole percent; fixed: euro cents off the total), or field errors on
 *   `couponCode`: `validation.required` (empty), `validation.too_long`, `validation.coupon.*`.
 * @throws CheckoutError 409 `checkout.api.no_cart` / `api.error.airport_locked` (`loadCartContext`).
 * Source: issue 12 item 5, DESIGN §6 (Coupon).
 */
export async function quoteCoupon(
  db: Database,
  input: { code: unknown; travel?: { entryTime?: unknown; exitTime?: unknown }; cart: Cart | null | undefined },
): Promise<{ coupon: AppliedCoupon } | { errors: FieldErrors }> {
  const context = await loadCartContext(db, input.cart);
  const code = typeof input.code === 'string' ? input.code.trim().toUpperCase() : '';
  if (!code) return { errors: { couponCode: ['validation.required'] } };
  if (code.length > CODE_MAX_LENGTH) return { errors: { couponCode: ['validation.too_long'] } };
  const { timeZone } = context.airport;
  const stay =
    validStay({ entryTime: input.travel?.entryTime, exitTime: input.travel?.exitTime }, timeZone) ??
    validStay({ entryTime: input.cart!.entryTime, exitTime: input.cart!.exitTime }, timeZone);
  if (!stay) return { errors: { couponCode: ['validation.coupon.expired'] } };
  const checked = await checkCoupon(db, code, { ...stay, airportId: context.airport.id });
  if ('error' in checked) return { errors: { couponCode: [checked.error] } };
  return { coupon: { code, kind: checked.coupon.kind, value: checked.coupon.value } };
}

/**
 * The lines of a price breakdown as customers read it — parking, extra persons, child seats, discount, then
 * total and included VAT — with their translation keys. One list for the reservation page, the confirmation
 * mail and the checkout's booking summary, so all three name the same amounts the same way.
 */
import type { Locale } from '../i18n.ts';
import type { PriceBreakdown } from './pricing.ts';
import { numberFormat } from './intl-cache.ts';

/** What a line stands for; `total` and `vat` are always present, the others only when not zero. */
type PriceBreakdownLineKind = 'parking' | 'persons' | 'child_seats' | 'discount' | 'total' | 'vat';

/**
 * One labelled amount: translate `labelKey` with `labelParams` (`t(labelKey, labelParams)`) and format `cents`
 * (integer euro cents, gross; a discount is negative) with `formatMoney`.
 */
export type PriceBreakdownLine = {
  kind: PriceBreakdownLineKind;
  labelKey: string;
  labelParams: Record<string, string | number>;
  cents: number;
};

/** The amounts of a stay's price (a stored reservation or a live {@link PriceBreakdown}) plus what labels need. */
export type PriceBreakdownInput = Pick<
  PriceBreakdown,
  | 'billableDays'
  | 'parkingCents'
  | 'personsCents'
  | 'childSeatsCents'
  | 'discountCents'
  | 'totalCents'
  | 'vatCents'
  | 'vatRateBp'
> & {
  /** child seats booked (the child-seat line's count) */
  childrenSeat: number;
  /** persons above the tariff's included persons (the persons line's `count`), when known */
  extraPersons?: number;
  /** the redeemed coupon code; names the discount line when present */
  couponCode?: string | null;
};

/**
 * Lists the breakdown lines of a price, in display order.
 *
 * - `parking` always: `reservation.price.parking_one` for one billable day, else `reservation.price.parking`
 *   (`{days}`);
 * - `persons` when `personsCents` ≠ 0: `reservation.price.persons` (`{count}` = extra persons when given);
 * - `child_seats` when `childSeatsCents` ≠ 0: `reservation.price.child_seats` (`{count}` = child seats);
 * - `discount` when `discountCents` ≠ 0, negative cents: `reservation.price.discount_code` (`{code}`) with a
 *   coupon code, else `reservation.price.discount`;
 * - `total`: `reservation.price.total`;
 * - `vat`: `reservation.price.vat` (`{rate}` = the VAT percent formatted for `locale`, e.g. `19` or `7,5`).
 *
 * @param price - amounts in integer euro cents, gross; `vatRateBp` in basis points (1900 = 19 %).
 * @param locale - language of the VAT rate's number format.
 * @returns `lines` (the amounts that make up the total), `total` and `vat`.
 * Source: DESIGN §6 (Reservation: price breakdown — parking, persons, child seats, discount, total, VAT).
 */
export function priceBreakdownLines(
  price: PriceBreakdownInput,
  locale: Locale,
): { lines: PriceBreakdownLine[]; total: PriceBreakdownLine; vat: PriceBreakdownLine } {
  const lines: PriceBreakdownLine[] = [
    {
      kind: 'parking',
      labelKey: price.billableDays === 1 ? 'reservation.price.parking_one' : 'reservation.price.parking',
      labelParams: { days: price.billableDays },
      cents: price.parkingCents,
    },
  ];
  if (price.personsCents) {
    lines.push({
      kind: 'persons',
      labelKey: 'reservation.price.persons',
      labelParams: price.extraPersons === undefined ? {} : { count: price.extraPersons },
      cents: price.personsCents,
    });
  }
  if (price.childSeatsCents) {
    lines.push({
      kind: 'child_seats',
      labelKey: 'reservation.price.child_seats',
      labelParams: { count: price.childrenSeat },
      cents: price.childSeatsCents,
    });
  }
  if (price.discountCents) {
    lines.push({
      kind: 'discount',
      labelKey: price.couponCode ? 'reservation.price.discount_code' : 'reservation.price.discount',
      labelParams: price.couponCode ? { code: price.couponCode } : {},
      // Shown as a deduction whatever sign it was stored with.
      cents: -Math.abs(price.discountCents),
    });
  }
  const rate = numberFormat(locale, { maximumFractionDigits: 2 }).format(price.vatRateBp / 100);
  return {
    lines,
    total: { kind: 'total', labelKey: 'reservation.price.total', labelParams: {}, cents: price.totalCents },
    vat: { kind: 'vat', labelKey: 'reservation.price.vat', labelParams: { rate }, cents: price.vatCents },
  };
}

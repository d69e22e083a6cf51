/**
 * Tariff pricing: price list selection, parking price, surcharges, coupon and VAT split.
 * All amounts are integer euro cents, gross (VAT included), per DESIGN §6.
 */
import { parseLocalDate, parseLocalDateTime, type LocalDate, type LocalDateTime } from './local-time';
import { billableDays as countBillableDays } from './stay';

/**
 * Error of the pricing rules, with a machine-readable `code`:
 * `no_price_list` (no list applies to the entry date), `empty_price_list` (list without day prices),
 * `invalid_days` (days not an integer ≥ 1), `invalid_coupon`, `invalid_input` (bad date, count or amount).
 * Source: DESIGN §6 (Tariff, Coupon).
 */
export class PricingError extends Error {
  /** Machine-readable reason, see the class description. */
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'PricingError';
    this.code = code;
  }
}

/**
 * A price list of a tariff.
 *
 * - `validFrom`/`validTo`: inclusive range of *entry* dates (`YYYY-MM-DD`) for a season; both `null` for the
 *   default list. One bound `null` means open-ended on that side (our decision: e.g. "new prices from 1 Jan").
 * - `dayPrices[n-1]`: gross TOTAL in cents for a stay of n billable days (not a per-day rate).
 * - `extraDayPrice`: cents added per day beyond the last entry of `dayPrices`.
 *
 * Source: DESIGN §6 (Tariff: price list `dayPrices[1..N]` plus `extraDayPrice`; seasons).
 */
export type PriceList = {
  validFrom: LocalDate | null;
  validTo: LocalDate | null;
  dayPrices: number[];
  extraDayPrice: number;
};

/**
 * Everything about a tariff needed to price a stay. `extraPersonPrice` is cents per stay for each person
 * (adults and children) above `includedPersons`; `childSeatPrice` is cents per stay per child seat.
 * Source: DESIGN §6 (Tariff).
 */
export type TariffPricing = {
  priceLists: PriceList[];
  includedPersons: number;
  extraPersonPrice: number;
  childSeatPrice: number;
};

/**
 * Coupon value: `percent` is a whole percent 0–100 of the subtotal; `fixed` is cents off.
 * Source: DESIGN §6 (Coupon: percent or fixed amount).
 */
export type Coupon = { kind: 'percent' | 'fixed'; value: number };

/** A coupon the server accepted for a stay (the payment step's "apply" button): its upper-case code and value. */
export type AppliedCoupon = Coupon & { code: string };

/**
 * Result of {@link priceStay}; all amounts integer gross cents except `netCents`/`vatCents` (the VAT split of
 * `totalCents`), `vatRateBp` (basis points, 1900 = 19 %) and `billableDays` (days).
 * `subtotalCents = parkingCents + personsCents + childSeatsCents`, `totalCents = subtotalCents - discountCents`,
 * `perDayCents = round(totalCents / billableDays)` (display only).
 * Source: DESIGN §6 (Reservation: price breakdown).
 */
export type PriceBreakdown = {
  billableDays: number;
  parkingCents: number;
  personsCents: number;
  childSeatsCents: number;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  netCents: number;
  vatCents: number;
  vatRateBp: number;
  perDayCents: number;
};

/**
 * German standard VAT rate in basis points (1900 = 19 %), UStG §12(1). Prices are gross (DESIGN §6).
 */
export const VAT_RATE_BP = 1900;

function isSeason(list: PriceList): boolean {
  return list.validFrom !== null || list.validTo !== null;
}

/**
 * Chooses the price list that applies to a stay starting on `entryDate`.
 *
 * A season (inclusive `validFrom..validTo` containing the entry date) wins over the default list (both
 * bounds `null`). Among several matching seasons the one with the latest `validFrom` (the most specific) wins;
 * on a tie the one with the earliest `validTo` (narrower), then the first in the array. Among several
 * default lists the first wins.
 *
 * @param lists - the tariff's price lists.
 * @param entryDate - `YYYY-MM-DD`, the entry date in airport local time.
 * @returns the applicable list.
 * @throws PricingError `no_price_list` when nothing applies; `invalid_input` on an invalid entry date.
 * Source: DESIGN §6 (price lists may have seasons: a list valid for entry dates in a range).
 */
export function selectPriceList(lists: PriceList[], entryDate: LocalDate): PriceList {
  if (parseLocalDate(entryDate) === null) {
    throw new PricingError('invalid_input', `Invalid entry date "${entryDate}"`);
  }
  // ISO dates compare correctly as strings.
  const seasons = lists.filter(
    (l) =>
      isSeason(l) &&
      (l.validFrom === null || l.validFrom <= entryDate) &&
      (l.validTo === null || entryDate <= l.validTo),
  );
  if (seasons.length > 0) {
    return seasons.reduce((best, l) => {
      const bestFrom = best.validFrom ?? '';
      const from = l.validFrom ?? '';
      if (from !== bestFrom) return from > bestFrom ? l : best;
      // A null validTo is open-ended, i.e. the widest.
      const bestTo = best.validTo ?? '\uffff';
      const to = l.validTo ?? '\uffff';
      return to < bestTo ? l : best;
    });
  }
  const fallback = lists.find((l) => !isSeason(l));
  if (!fallback) throw new PricingError('no_price_list', `No price list applies to entry date ${entryDate}`);
  return fallback;
}

/**
 * Parking price for a number of billable days: `dayPrices[days-1]`, or beyond the list the last entry plus
 * `extraDayPrice` for each extra day.
 *
 * @param list - the applicable price list.
 * @param days - billable days, integer ≥ 1.
 * @returns gross cents.
 * @throws PricingError `invalid_days` when days < 1 or not an integer; `empty_price_list` when the list has no
 * day prices.
 * Source: DESIGN §6 (Tariff: `dayPrices[1..N]` plus `extraDayPrice`).
 */
export function parkingPrice(list: PriceList, days: number): number {
  if (!Number.isInteger(days) || days < 1) {
    throw new PricingError('invalid_days', `Billable days must be an integer ≥ 1, got ${days}`);
  }
  const n = list.dayPrices.length;
  if (n === 0) throw new PricingError('empty_price_list', 'Price list has no day prices');
  if (days <= n) return list.dayPrices[days - 1];
  return list.dayPrices[n - 1] + (days - n) * list.extraDayPrice;
}

/**
 * Splits a gross amount into net and VAT: `net = round(gross × 10000 / (10000 + rate))`, `vat = gross − net`,
 * so net + vat always equals gross exactly. Negative amounts (credits) are split symmetrically.
 *
 * @param grossCents - integer gross cents.
 * @param rateBp - VAT rate in basis points, default {@link VAT_RATE_BP} (19 %).
 * @returns `{netCents, vatCents}` in cents.
 * @throws RangeError when `grossCents` is not an integer or the rate is negative / not an integer.
 * Source: UStG §12(1); DESIGN §6 (prices gross, 19 % VAT included).
 */
export function splitVat(grossCents: number, rateBp: number = VAT_RATE_BP): { netCents: number; vatCents: number } {
  if (!Number.isInteger(grossCents)) throw new RangeError(`grossCents must be an integer, got ${grossCents}`);
  if (!Number.isInteger(rateBp) || rateBp < 0) throw new RangeError(`rateBp must be an integer ≥ 0, got ${rateBp}`);
  const sign = grossCents < 0 ? -1 : 1;
  // Rounding the magnitude keeps a credit the exact mirror of the matching charge.
  const netCents = sign * Math.round((Math.abs(grossCents) * 10000) / (10000 + rateBp)) || 0;
  return { netCents, vatCents: grossCents - netCents };
}

/**
 * Discount a coupon gives on a total. Percent coupons are rounded to whole cents (half up); the discount is
 * never more than the total nor below 0.
 *
 * @param totalCents - integer gross cents the coupon applies to (≥ 0).
 * @param coupon - see {@link Coupon}.
 * @returns discount in cents.
 * @throws PricingError `invalid_coupon` (percent not an integer 0–100, fixed not an integer ≥ 0) or
 * `invalid_input` (total not an integer ≥ 0).
 * Source: DESIGN §6 (Coupon: percent or fixed amount).
 */
export function applyCoupon(totalCents: number, coupon: Coupon): number {
  if (!Number.isInteger(totalCents) || totalCents < 0) {
    throw new PricingError('invalid_input', `totalCents must be an integer ≥ 0, got ${totalCents}`);
  }
  if (!Number.isInteger(coupon.value) || coupon.value < 0) {
    throw new PricingError('invalid_coupon', `Coupon value must be an integer ≥ 0, got ${coupon.value}`);
  }
  if (coupon.kind === 'percent') {
    if (coupon.value > 100) throw new PricingError('invalid_coupon', `Percent coupon above 100: ${coupon.value}`);
    // Integer arithmetic before the division avoids float drift (e.g. 0.07 × 1000).
    return Math.min(totalCents, Math.round((totalCents * coupon.value) / 100));
  }
  if (coupon.kind === 'fixed') return Math.min(totalCents, coupon.value);
  throw new PricingError('invalid_coupon', `Unknown coupon kind "${String((coupon as Coupon).kind)}"`);
}

function requireCount(value: number, min: number, name: string): void {
  if (!Number.isInteger(value) || value < min) {
    throw new PricingError('invalid_input', `${name} must be an integer ≥ ${min}, got ${value}`);
  }
}

/**
 * Persons who pay the extra-person surcharge: those above the tariff's included persons (adults and children
 * together), never negative.
 *
 * @param personCount - persons including children.
 * @param includedPersons - persons the tariff's price includes.
 * Source: DESIGN §6 (Tariff: `includedPersons`, `extraPersonPrice`).
 */
export function extraPersonCount(personCount: number, includedPersons: number): number {
  return Math.max(0, personCount - includedPersons);
}

/**
 * Prices a stay completely.
 *
 * Steps: billable days (calendar days in local time) → price list by entry date → parking price; person
 * surcharge `max(0, personCount − includedPersons) × extraPersonPrice` (adults and children together); child
 * seats `childrenSeat × childSeatPrice`; the coupon applies to the whole subtotal (our decision: surcharges are
 * part of the booking price); VAT is split out of the total at {@link VAT_RATE_BP}.
 *
 * @param input.entry - `YYYY-MM-DDTHH:mm`, airport local time.
 * @param input.exit - `YYYY-MM-DDTHH:mm`, airport local time.
 * @param input.personCount - persons including children, integer ≥ 1.
 * @param input.childrenSeat - child seats, integer ≥ 0.
 * @param input.coupon - optional coupon (already validated for date, airport, usage by the caller).
 * @returns the breakdown in cents, see {@link PriceBreakdown}.
 * @throws PricingError `invalid_input` (bad times, exit date before entry date, bad counts), `no_price_list`,
 * `empty_price_list`, `invalid_coupon`.
 * Source: DESIGN §6 (Tariff, Coupon, Reservation price breakdown).
 */
export function priceStay(input: {
  tariff: TariffPricing;
  entry: LocalDateTime;
  exit: LocalDateTime;
  personCount: number;
  childrenSeat: number;
  coupon?: Coupon | null;
}): PriceBreakdown {
  const { tariff, entry, exit, personCount, childrenSeat, coupon } = input;
  requireCount(personCount, 1, 'personCount');
  requireCount(childrenSeat, 0, 'childrenSeat');

  let days: number;
  try {
    days = countBillableDays(entry, exit);
  } catch (error) {
    throw new PricingError('invalid_input', (error as Error).message);
  }
  const entryDate = parseLocalDateTime(entry)!.date;

  const parkingCents = parkingPrice(selectPriceList(tariff.priceLists, entryDate), days);
  const personsCents = extraPersonCount(personCount, tariff.includedPersons) * tariff.extraPersonPrice;
  const childSeatsCents = childrenSeat * tariff.childSeatPrice;
  return breakdownOf({ billableDays: days, parkingCents, personsCents, childSeatsCents, coupon });
}

/**
 * The whole price of a stay from its parts: subtotal, the coupon's discount, total, its VAT split and the
 * average per day. The one place that turns line amounts into a {@link PriceBreakdown}, for a new stay
 * ({@link priceStay}) as for a changed one (`repriceChange`, manage-booking.ts).
 *
 * @param parts - integer euro cents per line (gross), `billableDays` ≥ 1, the coupon if any.
 * Source: DESIGN §6 (Pricing: coupon on the subtotal, VAT contained in the gross total).
 */
export function breakdownOf(parts: {
  billableDays: number;
  parkingCents: number;
  personsCents: number;
  childSeatsCents: number;
  coupon?: Coupon | null;
}): PriceBreakdown {
  const { billableDays, parkingCents, personsCents, childSeatsCents, coupon } = parts;
  const subtotalCents = parkingCents + personsCents + childSeatsCents;
  const discountCents = coupon ? applyCoupon(subtotalCents, coupon) : 0;
  const totalCents = subtotalCents - discountCents;
  const { netCents, vatCents } = splitVat(totalCents, VAT_RATE_BP);
  return {
    billableDays,
    parkingCents,
    personsCents,
    childSeatsCents,
    subtotalCents,
    discountCents,
    totalCents,
    netCents,
    vatCents,
    vatRateBp: VAT_RATE_BP,
    perDayCents: Math.round(totalCents / billableDays),
  };
}

/**
 * {@link priceStay}, or null when the tariff has no price for the stay (no price list applies to the entry
 * date, an empty list, or a stay the price rules cannot price): the one place that decides "not bookable for
 * these dates", so every page and the checkout treat a missing price list alike.
 *
 * @param input - as for {@link priceStay}.
 * @returns the breakdown in cents, or null.
 * @throws only errors that are not a {@link PricingError} (programming errors).
 * Source: DESIGN §6 (Tariff: price lists, seasons).
 */
export function priceStayIfBookable(input: Parameters<typeof priceStay>[0]): PriceBreakdown | null {
  try {
    return priceStay(input);
  } catch (error) {
    if (error instanceof PricingError) return null;
    throw error;
  }
}

import { describe, expect, it } from 'vitest';
import { priceBreakdownLines, type PriceBreakdownInput } from './price-breakdown';

const base: PriceBreakdownInput = {
  billableDays: 3,
  parkingCents: 4500,
  personsCents: 0,
  childSeatsCents: 0,
  discountCents: 0,
  totalCents: 4500,
  vatCents: 718,
  vatRateBp: 1900,
  childrenSeat: 0,
};

describe('priceBreakdownLines', () => {
  it('lists only parking when there are no surcharges or discount', () => {
    const { lines, total, vat } = priceBreakdownLines(base, 'de');
    expect(lines).toEqual([
      { kind: 'parking', labelKey: 'reservation.price.parking', labelParams: { days: 3 }, cents: 4500 },
    ]);
    expect(total).toEqual({ kind: 'total', labelKey: 'reservation.price.total', labelParams: {}, cents: 4500 });
    expect(vat).toEqual({ kind: 'vat', labelKey: 'reservation.price.vat', labelParams: { rate: '19' }, cents: 718 });
  });

  it('uses the singular parking key for one day', () => {
    expect(priceBreakdownLines({ ...base, billableDays: 1 }, 'en').lines[0].labelKey).toBe(
      'reservation.price.parking_one',
    );
  });

  it('adds persons, child seats and a negative discount in display order', () => {
    const { lines } = priceBreakdownLines(
      {
        ...base,
        personsCents: 1000,
        childSeatsCents: 500,
        childrenSeat: 1,
        extraPersons: 2,
        discountCents: 600,
        couponCode: 'SUMMER',
      },
      'de',
    );
    expect(lines.map((l) => [l.kind, l.labelKey, l.labelParams, l.cents])).toEqual([
      ['parking', 'reservation.price.parking', { days: 3 }, 4500],
      ['persons', 'reservation.price.persons', { count: 2 }, 1000],
      ['child_seats', 'reservation.price.child_seats', { count: 1 }, 500],
      ['discount', 'reservation.price.discount_code', { code: 'SUMMER' }, -600],
    ]);
  });

  it('names a discount without a code generically', () => {
    const discount = priceBreakdownLines({ ...base, discountCents: -200 }, 'de').lines[1];
    expect(discount).toMatchObject({ labelKey: 'reservation.price.discount', labelParams: {}, cents: -200 });
  });

  it('formats a fractional VAT rate for the locale', () => {
    expect(priceBreakdownLines({ ...base, vatRateBp: 750 }, 'de').vat.labelParams.rate).toBe('7,5');
    expect(priceBreakdownLines({ ...base, vatRateBp: 750 }, 'en').vat.labelParams.rate).toBe('7.5');
  });
});

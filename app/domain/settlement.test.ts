import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeSettlement, refundableCents } from './settlement';

describe('changeSettlement', () => {
  it('charges or refunds the difference only for a reservation paid online', () => {
    const paid = { paymentType: 'online', status: 'confirmed' };
    expect(changeSettlement({ ...paid, differenceCents: 2200 })).toBe('charge');
    expect(changeSettlement({ ...paid, differenceCents: -2200 })).toBe('refund');
    expect(changeSettlement({ ...paid, differenceCents: 0 })).toBe('none');
  });

  it('settles nothing now for invoice and on-site payers, or an online payment still open', () => {
    for (const paymentType of ['invoice', 'on_site']) {
      expect(changeSettlement({ paymentType, status: 'confirmed', differenceCents: 2200 })).toBe('none');
      expect(changeSettlement({ paymentType, status: 'confirmed', differenceCents: -2200 })).toBe('none');
    }
    expect(changeSettlement({ paymentType: 'online', status: 'pending_payment', differenceCents: 500 })).toBe('none');
  });

  it('refuses a difference that is not whole cents', () => {
    expect(() => changeSettlement({ paymentType: 'online', status: 'confirmed', differenceCents: 0.5 })).toThrow(
      RangeError,
    );
  });
});

describe('refundableCents', () => {
  it('is what was captured minus what went back, never negative', () => {
    expect(refundableCents(5500, 0)).toBe(5500);
    expect(refundableCents(5500, 2200)).toBe(3300);
    expect(refundableCents(5500, 5500)).toBe(0);
    expect(refundableCents(5500, 6000)).toBe(0);
  });

  it('refunds in any order never add up to more than was captured', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.array(fc.nat(1_000_000), { maxLength: 8 }), (captured, wishes) => {
        let refunded = 0;
        for (const wish of wishes) refunded += Math.min(wish, refundableCents(captured, refunded));
        expect(refunded).toBeLessThanOrEqual(captured);
        expect(refundableCents(captured, refunded)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('refuses negative or fractional amounts', () => {
    expect(() => refundableCents(-1, 0)).toThrow(RangeError);
    expect(() => refundableCents(100, 0.5)).toThrow(RangeError);
  });
});

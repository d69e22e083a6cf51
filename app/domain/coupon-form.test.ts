import { describe, expect, it } from 'vitest';
import { parseCouponForm } from './coupon-form.ts';

const AIRPORTS = [1, 2, 3];
const base = { code: 'sommer-26', kind: 'percent', value: '10' };

describe('parseCouponForm', () => {
  it('accepts a percent coupon with defaults and upper-cases the code', () => {
    expect(parseCouponForm(base, AIRPORTS)).toEqual({
      draft: {
        code: 'SOMMER-26',
        kind: 'percent',
        value: 10,
        validFrom: null,
        validTo: null,
        minDays: 1,
        usageLimit: null,
        airportIds: null,
      },
    });
  });

  it('accepts a fixed coupon in euros with every option', () => {
    const result = parseCouponForm(
      {
        code: 'WINTER',
        kind: 'fixed',
        value: '7,50',
        validFrom: '2026-12-01',
        validTo: '2026-12-01',
        minDays: '3',
        usageLimit: '50',
        airportIds: ['3', '1', '3'],
      },
      AIRPORTS,
    );
    expect(result).toEqual({
      draft: {
        code: 'WINTER',
        kind: 'fixed',
        value: 750,
        validFrom: '2026-12-01',
        validTo: '2026-12-01',
        minDays: 3,
        usageLimit: 50,
        airportIds: [1, 3],
      },
    });
  });

  it.each([
    [{ value: '0' }, 'value', 'admin.coupons.error.percent'],
    [{ value: '101' }, 'value', 'admin.coupons.error.percent'],
    [{ value: '12,5' }, 'value', 'admin.coupons.error.percent'],
    [{ kind: 'fixed', value: '0' }, 'value', 'admin.coupons.error.fixed'],
    [{ kind: 'fixed', value: '-3' }, 'value', 'admin.coupons.error.fixed'],
    [{ kind: 'fixed', value: '5,555' }, 'value', 'admin.coupons.error.fixed'],
    [{ kind: 'fixed', value: '10.000,01' }, 'value', 'admin.coupons.error.fixed'],
    [{ kind: 'fixed', value: '' }, 'value', 'validation.required'],
    [{ kind: 'other' }, 'kind', 'validation.required'],
    [{ code: '' }, 'code', 'validation.required'],
    [{ code: 'AB' }, 'code', 'admin.coupons.error.code_format'],
    [{ code: 'MIT LEER' }, 'code', 'admin.coupons.error.code_format'],
    [{ code: 'X'.repeat(41) }, 'code', 'validation.too_long'],
    [{ validFrom: '2026-12-02', validTo: '2026-12-01' }, 'validTo', 'admin.coupons.error.to_before_from'],
    [{ validFrom: '2026-02-30' }, 'validFrom', 'admin.coupons.error.date'],
    [{ minDays: '0' }, 'minDays', 'admin.coupons.error.min_days'],
    [{ minDays: 'zwei' }, 'minDays', 'admin.coupons.error.min_days'],
    [{ usageLimit: '0' }, 'usageLimit', 'admin.coupons.error.usage_limit'],
    [{ airportIds: ['9'] }, 'airportIds', 'validation.invalid'],
    [{ airportIds: ['x'] }, 'airportIds', 'validation.invalid'],
  ])('refuses %o on %s', (change, field, key) => {
    const result = parseCouponForm({ ...base, ...change }, AIRPORTS);
    expect(result).toEqual({ errors: expect.objectContaining({ [field]: key }) });
  });
});

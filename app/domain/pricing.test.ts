import { describe, expect, it } from 'vitest';
import {
  PricingError,
  VAT_RATE_BP,
  applyCoupon,
  extraPersonCount,
  parkingPrice,
  priceStay,
  priceStayIfBookable,
  selectPriceList,
  splitVat,
  type PriceList,
  type TariffPricing,
} from './pricing';

const defaultList: PriceList = {
  validFrom: null,
  validTo: null,
  dayPrices: [2900, 3900, 4900, 5500, 6000, 6500, 6900, 7300],
  extraDayPrice: 500,
};
const summer: PriceList = {
  validFrom: '2026-07-01',
  validTo: '2026-08-31',
  dayPrices: [3500, 4500],
  extraDayPrice: 900,
};
const august: PriceList = { validFrom: '2026-08-01', validTo: '2026-08-15', dayPrices: [4000], extraDayPrice: 1000 };
const christmas: PriceList = { validFrom: '2026-12-20', validTo: '2027-01-06', dayPrices: [3300], extraDayPrice: 700 };

function expectPricingError(fn: () => unknown, code: string): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PricingError);
    expect(error).toBeInstanceOf(Error);
    expect((error as PricingError).code).toBe(code);
    return;
  }
  throw new Error(`expected PricingError ${code}`);
}

describe('PricingError', () => {
  it('carries a code and a name', () => {
    const error = new PricingError('no_price_list', 'nothing');
    expect(error.code).toBe('no_price_list');
    expect(error.name).toBe('PricingError');
    expect(error.message).toBe('nothing');
  });
});

describe('selectPriceList', () => {
  const lists = [defaultList, summer, august, christmas];

  it('uses the default list outside seasons', () => {
    expect(selectPriceList(lists, '2026-06-30')).toBe(defaultList);
    expect(selectPriceList(lists, '2026-09-01')).toBe(defaultList);
  });

  it('includes both season boundaries', () => {
    expect(selectPriceList(lists, '2026-07-01')).toBe(summer);
    expect(selectPriceList(lists, '2026-08-31')).toBe(summer);
  });

  it('prefers the most specific (latest validFrom) of overlapping seasons, boundaries inclusive', () => {
    expect(selectPriceList(lists, '2026-07-31')).toBe(summer);
    expect(selectPriceList(lists, '2026-08-01')).toBe(august);
    expect(selectPriceList(lists, '2026-08-15')).toBe(august);
    expect(selectPriceList(lists, '2026-08-16')).toBe(summer);
  });

  it('does not depend on array order', () => {
    expect(selectPriceList([august, christmas, summer, defaultList], '2026-08-10')).toBe(august);
    expect(selectPriceList([summer, august, defaultList].reverse(), '2026-08-10')).toBe(august);
  });

  it('breaks a validFrom tie by the narrower season, then array order', () => {
    const wide: PriceList = { ...summer, validTo: '2026-09-30' };
    const narrow: PriceList = { ...summer, validTo: '2026-07-10' };
    expect(selectPriceList([wide, narrow], '2026-07-05')).toBe(narrow);
    const twin: PriceList = { ...narrow, dayPrices: [1] };
    expect(selectPriceList([narrow, twin], '2026-07-05')).toBe(narrow);
  });

  it('handles a season across the year end', () => {
    expect(selectPriceList(lists, '2026-12-31')).toBe(christmas);
    expect(selectPriceList(lists, '2027-01-06')).toBe(christmas);
    expect(selectPriceList(lists, '2027-01-07')).toBe(defaultList);
  });

  it('treats a single bound as open-ended', () => {
    const from2027: PriceList = { validFrom: '2027-01-01', validTo: null, dayPrices: [5000], extraDayPrice: 0 };
    const until2026: PriceList = { validFrom: null, validTo: '2026-12-31', dayPrices: [4000], extraDayPrice: 0 };
    expect(selectPriceList([defaultList, from2027], '2031-05-05')).toBe(from2027);
    expect(selectPriceList([defaultList, from2027], '2026-12-31')).toBe(defaultList);
    expect(selectPriceList([defaultList, until2026], '2026-12-31')).toBe(until2026);
    // a bounded season beats an open-ended one that starts earlier
    expect(
      selectPriceList([from2027, { ...august, validFrom: '2027-08-01', validTo: '2027-08-15' }], '2027-08-02')
        .dayPrices,
    ).toEqual([4000]);
  });

  it('throws no_price_list when nothing applies', () => {
    expectPricingError(() => selectPriceList([summer], '2026-06-30'), 'no_price_list');
    expectPricingError(() => selectPriceList([], '2026-06-30'), 'no_price_list');
  });

  it('throws invalid_input on a bad date', () => {
    expectPricingError(() => selectPriceList([defaultList], '2026-02-30'), 'invalid_input');
  });
});

describe('parkingPrice', () => {
  it('reads the total for n days from the list', () => {
    expect(parkingPrice(defaultList, 1)).toBe(2900);
    expect(parkingPrice(defaultList, 4)).toBe(5500);
    expect(parkingPrice(defaultList, 8)).toBe(7300);
  });

  it('adds extraDayPrice per day beyond the list', () => {
    expect(parkingPrice(defaultList, 9)).toBe(7800);
    expect(parkingPrice(defaultList, 10)).toBe(8300);
    expect(parkingPrice(defaultList, 60)).toBe(7300 + 52 * 500);
    expect(parkingPrice({ ...defaultList, dayPrices: [1000], extraDayPrice: 0 }, 30)).toBe(1000);
  });

  it('throws invalid_days on days < 1 or non-integer', () => {
    expectPricingError(() => parkingPrice(defaultList, 0), 'invalid_days');
    expectPricingError(() => parkingPrice(defaultList, -1), 'invalid_days');
    expectPricingError(() => parkingPrice(defaultList, 1.5), 'invalid_days');
    expectPricingError(() => parkingPrice(defaultList, Number.NaN), 'invalid_days');
  });

  it('throws empty_price_list on a list without prices', () => {
    expectPricingError(() => parkingPrice({ ...defaultList, dayPrices: [] }, 1), 'empty_price_list');
  });
});

describe('splitVat', () => {
  it('uses 19 % by default', () => {
    expect(VAT_RATE_BP).toBe(1900);
    expect(splitVat(11900)).toEqual({ netCents: 10000, vatCents: 1900 });
  });

  it('rounds net to whole cents and keeps net + vat = gross', () => {
    expect(splitVat(2900)).toEqual({ netCents: 2437, vatCents: 463 }); // 2436.97 → 2437
    expect(splitVat(1)).toEqual({ netCents: 1, vatCents: 0 }); // 0.84 → 1
    expect(splitVat(0)).toEqual({ netCents: 0, vatCents: 0 });
    for (let gross = 0; gross < 5000; gross += 7) {
      const { netCents, vatCents } = splitVat(gross);
      expect(netCents + vatCents).toBe(gross);
      expect(netCents).toBe(Math.round((gross * 10000) / 11900));
    }
  });

  it('supports other rates', () => {
    expect(splitVat(10700, 700)).toEqual({ netCents: 10000, vatCents: 700 });
    expect(splitVat(500, 0)).toEqual({ netCents: 500, vatCents: 0 });
  });

  it('mirrors negative amounts', () => {
    expect(splitVat(-2900)).toEqual({ netCents: -2437, vatCents: -463 });
  });

  it('throws on fractional cents or bad rates', () => {
    expect(() => splitVat(10.5)).toThrow(RangeError);
    expect(() => splitVat(100, -1)).toThrow(RangeError);
  });
});

describe('applyCoupon', () => {
  it('computes percent discounts rounded to whole cents', () => {
    expect(applyCoupon(10000, { kind: 'percent', value: 10 })).toBe(1000);
    expect(applyCoupon(2999, { kind: 'percent', value: 15 })).toBe(450); // 449.85
    expect(applyCoupon(2990, { kind: 'percent', value: 15 })).toBe(449); // 448.5 → 449 (half up)
    expect(applyCoupon(1000, { kind: 'percent', value: 7 })).toBe(70);
    expect(applyCoupon(1234, { kind: 'percent', value: 100 })).toBe(1234);
    expect(applyCoupon(1234, { kind: 'percent', value: 0 })).toBe(0);
  });

  it('caps fixed discounts at the total', () => {
    expect(applyCoupon(5000, { kind: 'fixed', value: 1000 })).toBe(1000);
    expect(applyCoupon(500, { kind: 'fixed', value: 1000 })).toBe(500);
    expect(applyCoupon(0, { kind: 'fixed', value: 1000 })).toBe(0);
  });

  it('rejects invalid coupons and totals', () => {
    expectPricingError(() => applyCoupon(1000, { kind: 'percent', value: 101 }), 'invalid_coupon');
    expectPricingError(() => applyCoupon(1000, { kind: 'percent', value: 12.5 }), 'invalid_coupon');
    expectPricingError(() => applyCoupon(1000, { kind: 'fixed', value: -5 }), 'invalid_coupon');
    expectPricingError(() => applyCoupon(1000, { kind: 'bogus' as 'fixed', value: 5 }), 'invalid_coupon');
    expectPricingError(() => applyCoupon(-1, { kind: 'fixed', value: 5 }), 'invalid_input');
  });
});

describe('priceStay', () => {
  const tariff: TariffPricing = {
    priceLists: [defaultList, summer],
    includedPersons: 2,
    extraPersonPrice: 500,
    childSeatPrice: 300,
  };

  it('prices a simple stay', () => {
    expect(
      priceStay({ tariff, entry: '2026-12-01T08:00', exit: '2026-12-08T06:00', personCount: 1, childrenSeat: 0 }),
    ).toEqual({
      billableDays: 8,
      parkingCents: 7300,
      personsCents: 0,
      childSeatsCents: 0,
      subtotalCents: 7300,
      discountCents: 0,
      totalCents: 7300,
      netCents: 6134, // 7300 / 1.19 = 6134.45
      vatCents: 1166,
      vatRateBp: 1900,
      perDayCents: 913, // 912.5 → 913
    });
  });

  it('adds person surcharges counting adults and children together, and child seats', () => {
    const result = priceStay({
      tariff,
      entry: '2026-12-01T08:00',
      exit: '2026-12-03T08:00',
      personCount: 4,
      childrenSeat: 2,
    });
    expect(result.parkingCents).toBe(4900);
    expect(result.personsCents).toBe(1000); // 2 above the 2 included
    expect(result.childSeatsCents).toBe(600);
    expect(result.subtotalCents).toBe(6500);
    expect(result.totalCents).toBe(6500);
    expect(result.netCents + result.vatCents).toBe(6500);
  });

  it('never charges negative person surcharges', () => {
    const result = priceStay({
      tariff: { ...tariff, includedPersons: 4 },
      entry: '2026-12-01T08:00',
      exit: '2026-12-01T09:00',
      personCount: 1,
      childrenSeat: 0,
    });
    expect(result.personsCents).toBe(0);
  });

  it('selects the season by the entry date even when the stay leaves the season', () => {
    const result = priceStay({
      tariff,
      entry: '2026-08-31T22:00',
      exit: '2026-09-02T06:00',
      personCount: 1,
      childrenSeat: 0,
    });
    expect(result.billableDays).toBe(3);
    expect(result.parkingCents).toBe(4500 + 900); // summer list, one extra day
    const after = priceStay({
      tariff,
      entry: '2026-09-01T00:00',
      exit: '2026-09-03T06:00',
      personCount: 1,
      childrenSeat: 0,
    });
    expect(after.parkingCents).toBe(4900);
  });

  it('applies a coupon on the subtotal and splits VAT of the discounted total', () => {
    const result = priceStay({
      tariff,
      entry: '2026-12-01T08:00',
      exit: '2026-12-03T08:00',
      personCount: 3,
      childrenSeat: 1,
      coupon: { kind: 'percent', value: 10 },
    });
    expect(result.subtotalCents).toBe(4900 + 500 + 300);
    expect(result.discountCents).toBe(570);
    expect(result.totalCents).toBe(5130);
    expect(result.netCents).toBe(4311); // 5130 / 1.19 = 4310.92
    expect(result.vatCents).toBe(819);
    expect(result.perDayCents).toBe(1710);
  });

  it('clamps a large fixed coupon to a total of 0', () => {
    const result = priceStay({
      tariff,
      entry: '2026-12-01T08:00',
      exit: '2026-12-01T09:00',
      personCount: 1,
      childrenSeat: 0,
      coupon: { kind: 'fixed', value: 10_000 },
    });
    expect(result).toMatchObject({ discountCents: 2900, totalCents: 0, netCents: 0, vatCents: 0, perDayCents: 0 });
  });

  it('ignores a null coupon', () => {
    const result = priceStay({
      tariff,
      entry: '2026-12-01T08:00',
      exit: '2026-12-01T09:00',
      personCount: 1,
      childrenSeat: 0,
      coupon: null,
    });
    expect(result.discountCents).toBe(0);
  });

  it('counts DST weekends by calendar days', () => {
    const result = priceStay({
      tariff,
      entry: '2026-03-28T12:00',
      exit: '2026-03-30T11:00',
      personCount: 1,
      childrenSeat: 0,
    });
    expect(result.billableDays).toBe(3);
    expect(result.parkingCents).toBe(4900);
  });

  it('rejects invalid input with PricingError', () => {
    const base = { tariff, entry: '2026-12-01T08:00', exit: '2026-12-02T08:00', personCount: 1, childrenSeat: 0 };
    expectPricingError(() => priceStay({ ...base, entry: '2026-12-01 08:00' }), 'invalid_input');
    expectPricingError(() => priceStay({ ...base, exit: '2026-11-30T08:00' }), 'invalid_input');
    expectPricingError(() => priceStay({ ...base, personCount: 0 }), 'invalid_input');
    expectPricingError(() => priceStay({ ...base, childrenSeat: -1 }), 'invalid_input');
    expectPricingError(() => priceStay({ ...base, childrenSeat: 0.5 }), 'invalid_input');
    expectPricingError(() => priceStay({ ...base, tariff: { ...tariff, priceLists: [summer] } }), 'no_price_list');
  });
});

describe('extraPersonCount', () => {
  it('counts the persons above the included ones, never below zero', () => {
    expect(extraPersonCount(4, 2)).toBe(2);
    expect(extraPersonCount(2, 2)).toBe(0);
    expect(extraPersonCount(1, 3)).toBe(0);
  });
});

describe('priceStayIfBookable', () => {
  const stay = { entry: '2026-12-01T08:00', exit: '2026-12-03T06:00', personCount: 1, childrenSeat: 0 };
  const pricing = { includedPersons: 1, extraPersonPrice: 0, childSeatPrice: 0 };

  it('prices like priceStay when a list applies', () => {
    const tariff = { ...pricing, priceLists: [defaultList] };
    expect(priceStayIfBookable({ tariff, ...stay })).toEqual(priceStay({ tariff, ...stay }));
  });

  it('is null when no price list applies or the tariff has none', () => {
    expect(priceStayIfBookable({ tariff: { ...pricing, priceLists: [summer] }, ...stay })).toBeNull();
    expect(priceStayIfBookable({ tariff: { ...pricing, priceLists: [] }, ...stay })).toBeNull();
    expect(
      priceStayIfBookable({ tariff: { ...pricing, priceLists: [{ ...defaultList, dayPrices: [] }] }, ...stay }),
    ).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { overstayOf } from './overstay';
import { PricingError, type PriceList } from './pricing';

const standard: PriceList = { validFrom: null, validTo: null, dayPrices: [2900, 3900, 4900, 5500], extraDayPrice: 500 };
const summer: PriceList = {
  validFrom: '2026-07-01',
  validTo: '2026-08-31',
  dayPrices: [3500, 4500],
  extraDayPrice: 900,
};
const lists = [standard, summer];
const booked = { bookedEntry: '2026-12-01T08:00', bookedExit: '2026-12-02T18:00', priceLists: lists };

describe('overstayOf', () => {
  it('is no overstay when the car leaves on time or early', () => {
    expect(overstayOf({ ...booked, actualExit: '2026-12-02T18:00' })).toEqual({
      late: false,
      extraDays: 0,
      extraCents: 0,
      actualDays: 2,
      waivedDays: 0,
      waivedCents: 0,
    });
    expect(overstayOf({ ...booked, actualExit: '2026-12-01T20:00' }).late).toBe(false);
  });

  it('flags a late departure on the booked exit date without extra days', () => {
    expect(overstayOf({ ...booked, actualExit: '2026-12-02T23:30' })).toEqual({
      late: true,
      extraDays: 0,
      extraCents: 0,
      actualDays: 2,
      waivedDays: 0,
      waivedCents: 0,
    });
  });

  it('charges the day-price difference inside the list', () => {
    // booked 2 days (3900), left on day 3 (4900): 1000 extra; on day 4 (5500): 1600 extra
    expect(overstayOf({ ...booked, actualExit: '2026-12-03T01:00' })).toMatchObject({ extraDays: 1, extraCents: 1000 });
    expect(overstayOf({ ...booked, actualExit: '2026-12-04T09:00' })).toMatchObject({ extraDays: 2, extraCents: 1600 });
  });

  it('charges the extra-day price beyond the list', () => {
    // 4 booked days (5500, the end of the list), 3 more at 500
    const long = { ...booked, bookedExit: '2026-12-04T18:00' };
    expect(overstayOf({ ...long, actualExit: '2026-12-07T10:00' })).toEqual({
      late: true,
      extraDays: 3,
      extraCents: 1500,
      actualDays: 7,
      waivedDays: 0,
      waivedCents: 0,
    });
    // crossing the end of the list: 3 booked (4900) → 6 days (5500 + 2 × 500 = 6500)
    const three = { ...booked, bookedExit: '2026-12-03T18:00' };
    expect(overstayOf({ ...three, actualExit: '2026-12-06T10:00' })).toMatchObject({ extraDays: 3, extraCents: 1600 });
  });

  it('prices by the list that applies to the booked entry date (a season)', () => {
    const july = { bookedEntry: '2026-08-30T08:00', bookedExit: '2026-08-30T20:00', priceLists: lists };
    // summer list: 1 day 3500, 2 days 4500, 3 days 4500 + 900
    expect(overstayOf({ ...july, actualExit: '2026-09-01T07:00' })).toMatchObject({ extraDays: 2, extraCents: 1900 });
  });

  it('never charges a negative amount', () => {
    const odd: PriceList = { validFrom: null, validTo: null, dayPrices: [3000, 2500], extraDayPrice: 0 };
    expect(
      overstayOf({ ...booked, bookedExit: '2026-12-01T18:00', priceLists: [odd], actualExit: '2026-12-02T10:00' }),
    ).toMatchObject({ extraDays: 1, extraCents: 0 });
  });

  it('waives the days a covered flight delay caused and charges only the rest (issue 35)', () => {
    // covered until the next evening: leaving then costs nothing
    expect(overstayOf({ ...booked, coveredUntil: '2026-12-03T18:00', actualExit: '2026-12-03T17:00' })).toMatchObject({
      late: true,
      extraDays: 0,
      extraCents: 0,
      waivedDays: 1,
      waivedCents: 1000,
    });
    // covered for one day, left two days late: only the second day is charged (4 days 5500 − 3 days 4900)
    expect(overstayOf({ ...booked, coveredUntil: '2026-12-03T18:00', actualExit: '2026-12-04T09:00' })).toMatchObject({
      extraDays: 1,
      extraCents: 600,
      waivedDays: 1,
      waivedCents: 1000,
    });
    // a cover that ends before the booked exit (or none) changes nothing
    expect(overstayOf({ ...booked, coveredUntil: null, actualExit: '2026-12-04T09:00' })).toMatchObject({
      extraDays: 2,
      extraCents: 1600,
      waivedDays: 0,
    });
  });

  it('refuses invalid times and a tariff without an applicable list', () => {
    expect(() => overstayOf({ ...booked, actualExit: 'gestern' })).toThrow(RangeError);
    expect(() => overstayOf({ ...booked, priceLists: [summer], actualExit: '2026-12-05T10:00' })).toThrow(PricingError);
  });
});

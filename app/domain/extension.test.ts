import { describe, expect, it } from 'vitest';
import { isExtensionWindow, priceExtension } from './extension';
import { PricingError, type PriceList } from './pricing';

const standard: PriceList = { validFrom: null, validTo: null, dayPrices: [2900, 3900, 4900, 5500], extraDayPrice: 500 };
const winter: PriceList = {
  validFrom: '2026-12-24',
  validTo: '2027-01-06',
  dayPrices: [6900, 7900, 8900],
  extraDayPrice: 2000,
};
const lists = [standard, winter];

/** Booked 2 days at 3900, one extra person 500, one child seat 300, coupon discount 470. */
const booked = {
  entry: '2026-12-01T08:00',
  exit: '2026-12-02T18:00',
  personCount: 2,
  childrenSeat: 1,
  parkingCents: 3900,
  personsCents: 500,
  childSeatsCents: 300,
  discountCents: 470,
  totalCents: 4230,
};

describe('priceExtension', () => {
  it('charges the day-price difference of the list for the added days, nothing more', () => {
    const quote = priceExtension({ booked, newExit: '2026-12-03T10:00', priceLists: lists });
    // 2 → 3 days: 4900 − 3900
    expect(quote.differenceCents).toBe(1000);
    expect(quote.oldTotalCents).toBe(4230);
    expect(quote.price).toMatchObject({
      billableDays: 3,
      parkingCents: 4900,
      personsCents: 500,
      childSeatsCents: 300,
      subtotalCents: 5700,
      discountCents: 470,
      totalCents: 5230,
      vatRateBp: 1900,
    });
    expect(quote.price.netCents + quote.price.vatCents).toBe(5230);
    expect(quote.days.map((d) => [d.day, d.bookedCents, d.chargedCents])).toEqual([
      ['2026-12-01', 1950, 1950],
      ['2026-12-02', 1950, 1950],
      ['2026-12-03', null, 1000],
    ]);
  });

  it('charges the extra-day price beyond the end of the list', () => {
    // 2 days (3900) → 6 days: 5500 + 2 × 500 = 6500, 2600 more, split over 4 added days
    const quote = priceExtension({ booked, newExit: '2026-12-06T09:00', priceLists: lists });
    expect(quote.differenceCents).toBe(2600);
    expect(quote.days.slice(2).map((d) => d.chargedCents)).toEqual([650, 650, 650, 650]);
    expect(quote.days.reduce((sum, d) => sum + d.chargedCents, 0)).toBe(quote.price.parkingCents);
  });

  it('costs nothing for a later exit on the booked exit date', () => {
    const quote = priceExtension({ booked, newExit: '2026-12-02T23:30', priceLists: lists });
    expect(quote.differenceCents).toBe(0);
    expect(quote.price.totalCents).toBe(booked.totalCents);
    expect(quote.days).toHaveLength(2);
  });

  it('is never negative (a list whose longer stays cost less)', () => {
    const odd: PriceList = { validFrom: null, validTo: null, dayPrices: [3000, 2500], extraDayPrice: 0 };
    const one = { ...booked, exit: '2026-12-01T20:00', parkingCents: 3000, totalCents: 3330 };
    const quote = priceExtension({ booked: one, newExit: '2026-12-02T10:00', priceLists: [odd] });
    expect(quote.differenceCents).toBe(0);
    expect(quote.price.parkingCents).toBe(3000);
    expect(quote.days.map((d) => d.chargedCents)).toEqual([3000, 0]);
  });

  it('counts calendar days across a DST night like any other night', () => {
    // Berlin leaves summer time in the night to 25 October 2026 (a 25-hour day): still one more calendar day
    const autumn = { ...booked, entry: '2026-10-23T08:00', exit: '2026-10-24T18:00' };
    const quote = priceExtension({ booked: autumn, newExit: '2026-10-25T06:00', priceLists: lists });
    expect(quote.differenceCents).toBe(1000);
    expect(quote.price.billableDays).toBe(3);
    // and into summer time (29 March 2026, a 23-hour day)
    const spring = { ...booked, entry: '2026-03-27T08:00', exit: '2026-03-28T18:00' };
    expect(priceExtension({ booked: spring, newExit: '2026-03-29T02:30', priceLists: lists }).differenceCents).toBe(
      1000,
    );
  });

  it('prices by the list of the booked entry date across a price-list boundary', () => {
    // entered 22 December under the standard list; the added days fall into the winter season: still standard
    const before = { ...booked, entry: '2026-12-22T08:00', exit: '2026-12-23T18:00' };
    expect(priceExtension({ booked: before, newExit: '2026-12-25T10:00', priceLists: lists }).differenceCents).toBe(
      5500 - 3900,
    );
    // entered in the season: the season's list, beyond its end too (2 → 4 days: 8900 + 2000 − 7900)
    const inSeason = { ...booked, entry: '2027-01-05T08:00', exit: '2027-01-06T18:00', parkingCents: 7900 };
    expect(priceExtension({ booked: inSeason, newExit: '2027-01-08T10:00', priceLists: lists }).differenceCents).toBe(
      3000,
    );
  });

  it('keeps the booked parking price even when today’s list would price the booked days otherwise', () => {
    // booked at an older, cheaper price (3500 for 2 days): the booked days stay at 3500, the added day costs the
    // list's difference
    const cheap = { ...booked, parkingCents: 3500, totalCents: 3830 };
    const quote = priceExtension({ booked: cheap, newExit: '2026-12-03T10:00', priceLists: lists });
    expect(quote.price.parkingCents).toBe(4500);
    expect(quote.price.totalCents).toBe(4830);
  });

  it('refuses an exit that is not later, an invalid exit and a tariff without an applicable list', () => {
    expect(() => priceExtension({ booked, newExit: booked.exit, priceLists: lists })).toThrow(RangeError);
    expect(() => priceExtension({ booked, newExit: '2026-12-02T10:00', priceLists: lists })).toThrow(RangeError);
    expect(() => priceExtension({ booked, newExit: 'morgen', priceLists: lists })).toThrow(RangeError);
    expect(() => priceExtension({ booked, newExit: '2026-12-04T10:00', priceLists: [winter] })).toThrow(PricingError);
  });
});

describe('isExtensionWindow', () => {
  const stay = { entryLocal: '2026-12-01T08:00', exitLocal: '2026-12-05T18:00', timeZone: 'Europe/Berlin', hours: 24 };

  it('opens at the free-change deadline and closes at the booked exit', () => {
    // deadline 30 Nov 08:00 local = 07:00Z; exit 5 Dec 18:00 local = 17:00Z
    expect(isExtensionWindow({ ...stay, now: new Date('2026-11-30T06:59:59Z') })).toBe(false);
    expect(isExtensionWindow({ ...stay, now: new Date('2026-11-30T07:00:00Z') })).toBe(true);
    expect(isExtensionWindow({ ...stay, now: new Date('2026-12-03T12:00:00Z') })).toBe(true);
    expect(isExtensionWindow({ ...stay, now: new Date('2026-12-05T16:59:59Z') })).toBe(true);
    expect(isExtensionWindow({ ...stay, now: new Date('2026-12-05T17:00:00Z') })).toBe(false);
  });

  it('reads the exit on the airport’s wall clock across a DST change', () => {
    // exit 25 October 2026 12:00 local, already winter time (UTC+1): 11:00Z
    const autumn = { ...stay, entryLocal: '2026-10-23T08:00', exitLocal: '2026-10-25T12:00' };
    expect(isExtensionWindow({ ...autumn, now: new Date('2026-10-25T10:59:00Z') })).toBe(true);
    expect(isExtensionWindow({ ...autumn, now: new Date('2026-10-25T11:00:00Z') })).toBe(false);
    // deadline 24 h on the wall clock before a spring entry: 28 March 10:00 local (09:00Z), 23 real hours before
    const spring = { ...stay, entryLocal: '2026-03-29T10:00', exitLocal: '2026-03-31T10:00' };
    expect(isExtensionWindow({ ...spring, now: new Date('2026-03-28T08:59:00Z') })).toBe(false);
    expect(isExtensionWindow({ ...spring, now: new Date('2026-03-28T09:00:00Z') })).toBe(true);
  });

  it('refuses an invalid entry', () => {
    expect(() => isExtensionWindow({ ...stay, entryLocal: 'bald', now: new Date() })).toThrow(RangeError);
  });
});

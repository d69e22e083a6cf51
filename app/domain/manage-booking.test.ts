import { describe, expect, it } from 'vitest';
import {
  canReserveDays,
  dayShares,
  freeChangeDeadline,
  isFreeChangeOpen,
  planDayChanges,
  priceChange,
  type BookedPrice,
} from './manage-booking';
import { priceStay, type TariffPricing } from './pricing';
import { stayDates } from './stay';

describe('freeChangeDeadline (24 h before entry, airport wall clock)', () => {
  it('is the same wall time the day before on an ordinary day (Berlin, winter)', () => {
    const d = freeChangeDeadline('2026-12-01T08:00', 'Europe/Berlin', 24);
    expect(d.local).toBe('2026-11-30T08:00');
    expect(d.at.toISOString()).toBe('2026-11-30T07:00:00.000Z');
  });

  it('spans 23 real hours across the spring change (Berlin, 29 March 2026)', () => {
    const d = freeChangeDeadline('2026-03-29T10:00', 'Europe/Berlin', 24);
    expect(d.local).toBe('2026-03-28T10:00');
    expect(d.at.toISOString()).toBe('2026-03-28T09:00:00.000Z'); // entry is 08:00Z (CEST)
  });

  it('spans 25 real hours across the autumn change (Berlin, 25 October 2026)', () => {
    const d = freeChangeDeadline('2026-10-25T10:00', 'Europe/Berlin', 24);
    expect(d.local).toBe('2026-10-24T10:00');
    expect(d.at.toISOString()).toBe('2026-10-24T08:00:00.000Z'); // entry is 09:00Z (CET)
  });

  it('moves a deadline inside the spring gap forward like any local time', () => {
    expect(freeChangeDeadline('2026-03-30T02:30', 'Europe/Berlin', 24).at.toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('applies the zone of the airport (New York autumn change, Sydney summer time)', () => {
    expect(freeChangeDeadline('2026-11-01T12:00', 'America/New_York', 24).at.toISOString()).toBe(
      '2026-10-31T16:00:00.000Z',
    );
    expect(freeChangeDeadline('2026-12-01T08:00', 'Australia/Sydney', 24).at.toISOString()).toBe(
      '2026-11-29T21:00:00.000Z',
    );
  });

  it('honours the tariff hours (48, 0) and refuses bad input', () => {
    expect(freeChangeDeadline('2026-12-03T08:00', 'Europe/Berlin', 48).local).toBe('2026-12-01T08:00');
    expect(freeChangeDeadline('2026-12-03T08:00', 'Europe/Berlin', 0).local).toBe('2026-12-03T08:00');
    expect(() => freeChangeDeadline('2026-12-03', 'Europe/Berlin', 24)).toThrow(RangeError);
    expect(() => freeChangeDeadline('2026-12-03T08:00', 'Europe/Berlin', -1)).toThrow(RangeError);
    expect(() => freeChangeDeadline('2026-12-03T08:00', 'Mars/Base', 24)).toThrow(RangeError);
  });
});

describe('isFreeChangeOpen', () => {
  const rule = { entryLocal: '2026-03-29T10:00', timeZone: 'Europe/Berlin', hours: 24 };
  it('is open until just before the deadline and closed from it on', () => {
    expect(isFreeChangeOpen({ ...rule, now: new Date('2026-03-28T08:59:59.999Z') })).toBe(true);
    expect(isFreeChangeOpen({ ...rule, now: new Date('2026-03-28T09:00:00.000Z') })).toBe(false);
    expect(isFreeChangeOpen({ ...rule, now: new Date('2026-03-29T09:00:00.000Z') })).toBe(false);
  });
});

describe('planDayChanges and canReserveDays', () => {
  it('frees the dropped dates, books the new ones, keeps the shared ones', () => {
    const plan = planDayChanges(
      stayDates('2026-12-01T08:00', '2026-12-03T08:00'),
      stayDates('2026-12-02T08:00', '2026-12-05T08:00'),
    );
    expect(plan).toEqual({
      release: ['2026-12-01'],
      reserve: ['2026-12-04', '2026-12-05'],
      keep: ['2026-12-02', '2026-12-03'],
    });
  });

  it('needs no capacity for kept days; a sold-out new day refuses the change', () => {
    const occupancy = [
      { day: '2026-12-02', booked: 2, capacity: null },
      { day: '2026-12-03', booked: 2, capacity: null },
      { day: '2026-12-04', booked: 1, capacity: null },
      { day: '2026-12-05', booked: 2, capacity: null },
    ];
    expect(canReserveDays(['2026-12-04'], occupancy, 2)).toBe(true);
    expect(canReserveDays([], occupancy, 2)).toBe(true);
    expect(canReserveDays(['2026-12-04', '2026-12-05'], occupancy, 2)).toBe(false);
    expect(canReserveDays(['2026-12-06'], [{ day: '2026-12-06', booked: 0, capacity: 0 }], 2)).toBe(false);
  });
});

describe('dayShares', () => {
  it('splits exactly, the remainder on the first days', () => {
    expect(dayShares(4900, 3)).toEqual([1634, 1633, 1633]);
    expect(dayShares(6000, 3)).toEqual([2000, 2000, 2000]);
    expect(() => dayShares(100, 0)).toThrow(RangeError);
  });
});

describe('priceChange (price kept as booked)', () => {
  const tariffWith = (dayPrices: number[]): TariffPricing => ({
    priceLists: [{ validFrom: null, validTo: null, dayPrices, extraDayPrice: 500 }],
    includedPersons: 2,
    extraPersonPrice: 500,
    childSeatPrice: 300,
  });
  const bookedTariff = tariffWith([2900, 3900, 4900, 5500, 6000]);
  const bookedPrice = priceStay({
    tariff: bookedTariff,
    entry: '2026-12-01T08:00',
    exit: '2026-12-03T18:00',
    personCount: 2,
    childrenSeat: 0,
  });
  const booked: BookedPrice = {
    entry: '2026-12-01T08:00',
    exit: '2026-12-03T18:00',
    personCount: 2,
    childrenSeat: 0,
    parkingCents: bookedPrice.parkingCents,
    personsCents: bookedPrice.personsCents,
    childSeatsCents: bookedPrice.childSeatsCents,
    totalCents: bookedPrice.totalCents,
  };

  function quote(
    tariff: TariffPricing,
    stay: { entry: string; exit: string; personCount?: number; childrenSeat?: number },
    coupon: { kind: 'percent' | 'fixed'; value: number } | null = null,
  ) {
    const personCount = stay.personCount ?? 2;
    const childrenSeat = stay.childrenSeat ?? 0;
    const current = priceStay({ tariff, entry: stay.entry, exit: stay.exit, personCount, childrenSeat });
    const bookedStayToday = priceStay({
      tariff,
      entry: booked.entry,
      exit: booked.exit,
      personCount: 1,
      childrenSeat: 0,
    }).parkingCents;
    return priceChange({ booked, current, bookedStayToday, ...stay, personCount, childrenSeat, coupon });
  }

  it('keeps the booked price for the same days when the tariff got dearer', () => {
    const q = quote(tariffWith([3500, 5000, 6000, 7000]), { entry: '2026-12-01T10:00', exit: '2026-12-03T12:00' });
    expect(q.price.parkingCents).toBe(4900);
    expect(q.differenceCents).toBe(0);
    expect(q.days.map((d) => d.chargedCents)).toEqual([1634, 1633, 1633]);
  });

  it('gives the lower price when the tariff got cheaper', () => {
    const q = quote(tariffWith([1500, 2500, 3000]), { entry: '2026-12-01T08:00', exit: '2026-12-03T18:00' });
    expect(q.price.totalCents).toBe(3000);
    expect(q.differenceCents).toBe(-1900);
  });

  it('a longer stay on a dearer tariff: booked days at the booked level, the new day at today’s price', () => {
    const q = quote(tariffWith([3500, 5000, 6000, 8000]), { entry: '2026-12-01T08:00', exit: '2026-12-04T18:00' });
    // today's 4 days 8000 → 2000 a day; the three booked days scaled by 4900/6000 → 4900; the new day 2000
    expect(q.price.parkingCents).toBe(6900);
    expect(q.differenceCents).toBe(2000);
    expect(q.days.at(-1)).toEqual({ day: '2026-12-04', bookedCents: null, currentCents: 2000, chargedCents: 2000 });
  });

  it('a longer stay on an unchanged tariff costs the list price', () => {
    const q = quote(bookedTariff, { entry: '2026-12-01T08:00', exit: '2026-12-04T18:00' });
    expect(q.price.parkingCents).toBe(5500);
    expect(q.differenceCents).toBe(600);
  });

  it('a shorter stay costs the list price of its length (unchanged or dearer tariff)', () => {
    expect(quote(bookedTariff, { entry: '2026-12-01T08:00', exit: '2026-12-02T18:00' }).differenceCents).toBe(-1000);
    // dearer: 2 days today 5000, scaled by 4900/6000 → 4083
    const dearer = quote(tariffWith([3500, 5000, 6000]), { entry: '2026-12-02T08:00', exit: '2026-12-03T18:00' });
    expect(dearer.price.parkingCents).toBe(4083);
  });

  it('moved dates: only the overlapping days keep the booked level', () => {
    const q = quote(tariffWith([3500, 5000, 6000]), { entry: '2026-12-03T08:00', exit: '2026-12-05T18:00' });
    // 6000 today → 2000 a day; 3 Dec was booked: 2000 × 4900/6000 = 1633; 4 and 5 Dec 2000 each
    expect(q.price.parkingCents).toBe(5633);
  });

  it('surcharges: same counts keep the lower, new counts cost today’s; the booked coupon applies again', () => {
    const dearer: TariffPricing = { ...bookedTariff, extraPersonPrice: 900, childSeatPrice: 400 };
    const more = quote(dearer, {
      entry: '2026-12-01T08:00',
      exit: '2026-12-03T18:00',
      personCount: 3,
      childrenSeat: 1,
    });
    expect(more.price.personsCents).toBe(900);
    expect(more.price.childSeatsCents).toBe(400);
    const coupon = quote(
      bookedTariff,
      { entry: '2026-12-01T08:00', exit: '2026-12-03T18:00' },
      {
        kind: 'percent',
        value: 10,
      },
    );
    expect(coupon.price.discountCents).toBe(490);
    expect(coupon.price.totalCents).toBe(4410);
    expect(coupon.price.netCents + coupon.price.vatCents).toBe(4410);
  });
});

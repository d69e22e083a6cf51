import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { remainingSpaces, type DayOccupancy } from './availability';
import { checkStay, DEFAULT_STAY_LIMITS } from './booking-rules';
import {
  FROM_PRICE_SEARCH_DAYS,
  fromPriceDates,
  fromPriceStay,
  lowestFromPrice,
  type FromPriceTariff,
} from './from-price';
import { addDaysToDate } from './local-time';
import { priceStayIfBookable, type PriceList } from './pricing';
import { stayDates } from './stay';

const BERLIN = 'Europe/Berlin';
// 2026-11-28 05:00 in Berlin (CET, UTC+1): today's 08:00 entry is just outside the 2 h lead time.
const EARLY = new Date('2026-11-28T04:00:00Z');

const standard: PriceList = {
  validFrom: null,
  validTo: null,
  dayPrices: [1200, 2200, 3100, 3900, 4600, 5200, 5700, 6500],
  extraDayPrice: 600,
};
// dearer from 18 December (entry dates), like the seed's Christmas season
const christmas: PriceList = {
  validFrom: '2026-12-18',
  validTo: '2027-01-06',
  dayPrices: [1400, 2500, 3500, 4400, 5100, 5800, 6300, 7200],
  extraDayPrice: 700,
};

function tariff(overrides: Partial<FromPriceTariff> = {}): FromPriceTariff {
  return {
    priceLists: [standard, christmas],
    includedPersons: 1,
    extraPersonPrice: 0,
    childSeatPrice: 0,
    capacity: 10,
    ...DEFAULT_STAY_LIMITS,
    ...overrides,
  };
}

function lowest(
  options: {
    tariff?: FromPriceTariff;
    days?: number;
    occupancy?: DayOccupancy[];
    now?: Date;
    searchDays?: number;
  } = {},
) {
  return lowestFromPrice({
    tariff: options.tariff ?? tariff(),
    billableDays: options.days ?? 8,
    occupancy: options.occupancy ?? [],
    timeZone: BERLIN,
    now: options.now ?? EARLY,
    searchDays: options.searchDays,
  });
}

const full = (day: string): DayOccupancy => ({ day, booked: 10, capacity: null });

describe('fromPriceStay', () => {
  it('enters at 08:00 and leaves at 18:00 on the last of the billable days', () => {
    expect(fromPriceStay('2026-12-02', 1)).toEqual({ entry: '2026-12-02T08:00', exit: '2026-12-02T18:00' });
    expect(fromPriceStay('2026-12-02', 8)).toEqual({ entry: '2026-12-02T08:00', exit: '2026-12-09T18:00' });
    expect(fromPriceStay('2026-12-28', 8)).toEqual({ entry: '2026-12-28T08:00', exit: '2027-01-04T18:00' });
  });

  it('refuses a day count below 1', () => {
    expect(() => fromPriceStay('2026-12-02', 0)).toThrow(RangeError);
    expect(() => fromPriceStay('2026-12-02', 1.5)).toThrow(RangeError);
  });
});

describe('fromPriceDates', () => {
  it('covers today to the last day of the longest stay entering on the last searched date', () => {
    expect(fromPriceDates({ now: EARLY, timeZone: BERLIN, longestStayDays: 8 })).toEqual({
      from: '2026-11-28',
      to: addDaysToDate('2026-11-28', FROM_PRICE_SEARCH_DAYS - 1 + 7),
    });
    // "today" is the airport's: 23:30 UTC on the 27th is already the 28th in Berlin
    expect(
      fromPriceDates({ now: new Date('2026-11-27T23:30:00Z'), timeZone: BERLIN, longestStayDays: 1, searchDays: 3 }),
    ).toEqual({ from: '2026-11-28', to: '2026-11-30' });
  });
});

describe('lowestFromPrice', () => {
  it('names the earliest bookable stay at the lowest price and the dates it holds for, up to a dearer season', () => {
    expect(lowest()).toEqual({
      totalCents: 6500,
      billableDays: 8,
      entry: '2026-11-28T08:00',
      exit: '2026-12-05T18:00',
      lastEntryDate: '2026-12-17',
    });
    expect(lowest({ days: 1 })).toMatchObject({
      totalCents: 1200,
      entry: '2026-11-28T08:00',
      exit: '2026-11-28T18:00',
    });
  });

  it('skips entries inside the lead time', () => {
    // 06:01 in Berlin: 08:00 today is less than 2 h ahead
    const late = new Date('2026-11-28T05:01:00Z');
    expect(lowest({ now: late })?.entry).toBe('2026-11-29T08:00');
    expect(lowest({ now: late, tariff: tariff({ leadTimeMinutes: 60 }) })?.entry).toBe('2026-11-28T08:00');
  });

  it('never names the price of a season that has not begun when the season in force is dearer', () => {
    // inside the Christmas season: the stays entering before 7 January cost more, so the lowest is after it
    const now = new Date('2026-12-20T04:00:00Z');
    expect(lowest({ now })).toMatchObject({
      totalCents: 6500,
      entry: '2027-01-07T08:00',
      lastEntryDate: addDaysToDate('2026-12-20', FROM_PRICE_SEARCH_DAYS - 1),
    });
    // … unless nothing after it is searched: then the season's own price, for the dates it holds
    expect(lowest({ now, searchDays: 10 })).toMatchObject({
      totalCents: 7200,
      entry: '2026-12-20T08:00',
      lastEntryDate: '2026-12-29',
    });
  });

  it('finds a cheaper season later in the window and says for which entry dates it holds', () => {
    const offer: PriceList = { validFrom: '2026-12-05', validTo: '2026-12-07', dayPrices: [900], extraDayPrice: 500 };
    expect(lowest({ tariff: tariff({ priceLists: [standard, offer] }) })).toMatchObject({
      totalCents: 900 + 7 * 500,
      entry: '2026-12-05T08:00',
      exit: '2026-12-12T18:00',
      lastEntryDate: '2026-12-07',
    });
  });

  it('leaves out every stay that touches a sold-out or closed day', () => {
    // 30 November full: eight-day stays entering 23 to 30 November touch it
    const occupancy = [full('2026-11-30')];
    expect(lowest({ occupancy })).toMatchObject({ entry: '2026-12-01T08:00', lastEntryDate: '2026-12-17' });
    // one-day stays: the 28th and 29th, then the price holds again from 1 December (a new run, not named)
    expect(lowest({ occupancy, days: 1 })).toMatchObject({ entry: '2026-11-28T08:00', lastEntryDate: '2026-11-29' });
    // a day closed by a capacity override counts the same, one free space is enough
    expect(lowest({ occupancy: [{ day: '2026-11-28', booked: 0, capacity: 0 }], days: 1 })?.entry).toBe(
      '2026-11-29T08:00',
    );
    expect(lowest({ occupancy: [{ day: '2026-11-28', booked: 9, capacity: null }], days: 1 })?.entry).toBe(
      '2026-11-28T08:00',
    );
  });

  it('names nothing when no searched stay can be booked', () => {
    const everyDay = Array.from({ length: FROM_PRICE_SEARCH_DAYS + 7 }, (_, i) => full(addDaysToDate('2026-11-28', i)));
    expect(lowest({ occupancy: everyDay })).toBeNull();
    // a stay longer than the tariff allows
    expect(lowest({ tariff: tariff({ maxStayDays: 7 }) })).toBeNull();
    expect(lowest({ tariff: tariff({ maxStayDays: 7 }), days: 7 })).not.toBeNull();
    // no price list, or an empty one
    expect(lowest({ tariff: tariff({ priceLists: [] }) })).toBeNull();
    expect(lowest({ tariff: tariff({ priceLists: [{ ...standard, dayPrices: [] }] }) })).toBeNull();
    // only a season that lies after the searched dates
    expect(
      lowest({ tariff: tariff({ priceLists: [{ ...christmas, validFrom: '2027-03-01', validTo: null }] }) }),
    ).toBeNull();
  });

  it('ends the dates at the booking horizon', () => {
    expect(lowest({ tariff: tariff({ bookingHorizonDays: 10 }) })?.lastEntryDate).toBe('2026-12-08');
  });

  it('is the total the checkout charges one person, surcharges included', () => {
    const noneIncluded = tariff({ includedPersons: 0, extraPersonPrice: 450 });
    expect(lowest({ tariff: noneIncluded })?.totalCents).toBe(6500 + 450);
  });

  it('is never lower than the checkout charges for the stay it names, nor for any date it claims (property)', () => {
    const day = fc.integer({ min: 0, max: 70 }).map((i) => addDaysToDate('2026-11-20', i));
    const list = fc.record({
      validFrom: fc.option(day, { nil: null }),
      validTo: fc.option(day, { nil: null }),
      dayPrices: fc.array(fc.integer({ min: 100, max: 20_000 }), { minLength: 1, maxLength: 10 }),
      extraDayPrice: fc.integer({ min: 0, max: 2000 }),
    });
    fc.assert(
      fc.property(
        fc.array(list, { minLength: 1, maxLength: 4 }),
        fc.array(
          fc.record({
            day,
            booked: fc.integer({ min: 0, max: 3 }),
            capacity: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
          }),
          { maxLength: 12 },
        ),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 48 * 60 }),
        fc.integer({ min: 0, max: 24 * 60 }),
        fc.integer({ min: 1, max: 20 }),
        (priceLists, occupancy, days, minutesAfter, leadTimeMinutes, searchDays) => {
          const t = tariff({ priceLists, capacity: 2, leadTimeMinutes, maxStayDays: 8 });
          const now = new Date(EARLY.getTime() + minutesAfter * 60_000);
          const result = lowest({ tariff: t, days, occupancy, now, searchDays });
          const charged = (entryDate: string) => {
            const stay = fromPriceStay(entryDate, days);
            if (checkStay({ ...stay, timeZone: BERLIN, now, limits: t }).length > 0) return null;
            if (remainingSpaces(stayDates(stay.entry, stay.exit), occupancy, t.capacity) < 1) return null;
            return priceStayIfBookable({ tariff: t, ...stay, personCount: 1, childrenSeat: 0 })?.totalCents ?? null;
          };
          const today = fromPriceDates({ now, timeZone: BERLIN, longestStayDays: days, searchDays }).from;
          const searched = Array.from({ length: searchDays }, (_, i) => addDaysToDate(today, i));
          const totals = searched.map(charged).filter((c): c is number => c !== null);
          if (!result) return totals.length === 0;
          // every claimed entry date is bookable at exactly that total, and nothing searched is cheaper
          const claimed = searched.filter((d) => d >= result.entry.slice(0, 10) && d <= result.lastEntryDate);
          return (
            claimed.length > 0 &&
            claimed.every((d) => charged(d) === result.totalCents) &&
            totals.every((total) => total >= result.totalCents)
          );
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { checkStay, DEFAULT_STAY_LIMITS } from './booking-rules';
import { fromPriceStay } from './from-price';
import { addDaysToDate, localToInstant } from './local-time';
import {
  calendarDayRange,
  calendarWeeks,
  computePriceCalendar,
  PRICE_CALENDAR_DAYS,
  priceCalendarBody,
  readCalendarQuery,
  weekStart,
  type CalendarTariff,
} from './price-calendar';
import { priceStay, type PriceList } from './pricing';

const BERLIN = 'Europe/Berlin';
// Saturday 2027-02-20, 05:00 in Berlin: the calendar of this week starts on Monday 2027-02-15 and runs to
// 2027-05-09, over the change to summer time (2027-03-28) and a spring season.
const NOW = new Date('2027-02-20T04:00:00Z');
const FROM = '2027-02-15';

const standard: PriceList = {
  validFrom: null,
  validTo: null,
  dayPrices: [1200, 2200, 3100, 3900, 4600, 5200, 5700, 6500],
  extraDayPrice: 600,
};
// Easter season by entry date: the boundary lies inside the calendar.
const easter: PriceList = {
  validFrom: '2027-03-20',
  validTo: '2027-04-05',
  dayPrices: [1500, 2700, 3800, 4800, 5600, 6300, 6900, 7800],
  extraDayPrice: 800,
};

function tariff(id: number, category: string, overrides: Partial<CalendarTariff> = {}): CalendarTariff {
  return {
    id,
    category,
    priceLists: [standard, easter],
    includedPersons: 2,
    extraPersonPrice: 500,
    childSeatPrice: 300,
    capacity: 10,
    ...DEFAULT_STAY_LIMITS,
    ...overrides,
  };
}

// Two shuttles (the second with the Easter season, dearer then), a valet with its own list, no terminal tariff.
const TARIFFS: CalendarTariff[] = [
  tariff(1, 'shuttle', { priceLists: [standard] }),
  tariff(2, 'shuttle'),
  tariff(3, 'valet', {
    priceLists: [{ validFrom: null, validTo: null, dayPrices: [3000, 5500, 7900], extraDayPrice: 2100 }],
  }),
];

function calendar(options: Partial<Parameters<typeof computePriceCalendar>[0]> = {}) {
  return computePriceCalendar({
    tariffs: TARIFFS,
    occupancy: [],
    timeZone: BERLIN,
    now: NOW,
    from: FROM,
    days: 7,
    airportLocked: false,
    ...options,
  });
}

/** What the checkout charges for the stay with a tariff (priceStay, one person, no child seat), or null. */
function checkoutTotal(t: CalendarTariff, entry: string, exit: string): number | null {
  if (checkStay({ entry, exit, timeZone: BERLIN, now: NOW, limits: t }).length > 0) return null;
  return priceStay({ tariff: t, entry, exit, personCount: 1, childrenSeat: 0 }).totalCents;
}

describe('computePriceCalendar: the checkout price of every date', () => {
  it.each([1, 7, 8, 30])('equals the checkout total per category on all 84 dates for %i days', (days) => {
    const result = calendar({ days });
    expect(result.dates).toHaveLength(PRICE_CALENDAR_DAYS);
    expect(result.categories).toEqual(['shuttle', 'valet']);
    for (const date of result.dates) {
      for (const category of ['shuttle', 'valet', 'terminal'] as const) {
        const totals = TARIFFS.filter((t) => t.category === category).flatMap((t) => {
          const { entry, exit } = fromPriceStay(date.entryDate, days);
          const total = checkoutTotal(t, entry, exit);
          return total === null ? [] : [{ total, tariffId: t.id }];
        });
        const cell = date.categories[category];
        if (totals.length === 0) {
          expect(cell.status).toBe('unavailable');
          continue;
        }
        const lowest = Math.min(...totals.map((x) => x.total));
        expect(cell).toEqual({
          status: 'price',
          totalCents: lowest,
          tariffId: totals.find((x) => x.total === lowest)!.tariffId,
        });
      }
    }
  });

  it('changes price at the season boundary (entry date) and not at the DST change', () => {
    const byDate = new Map(calendar().dates.map((d) => [d.entryDate, d]));
    const shuttle = (date: string) => byDate.get(date)!.categories.shuttle;
    // 19 March: standard list, tariff 1 and 2 equal (the first wins); 20 March: the Easter list of tariff 2 is
    // dearer, tariff 1 keeps its standard price.
    expect(shuttle('2027-03-19')).toEqual({ status: 'price', totalCents: 5700, tariffId: 1 });
    expect(shuttle('2027-03-20')).toEqual({ status: 'price', totalCents: 5700, tariffId: 1 });
    const valet = (date: string) => byDate.get(date)!.categories.valet;
    expect(valet('2027-03-20')).toEqual({ status: 'price', totalCents: 7900 + 4 * 2100, tariffId: 3 });
    // A stay over the night of 27/28 March (23 hours) is still seven billable days at the seven-day price.
    const overDst = byDate.get('2027-03-25')!;
    const stay = fromPriceStay(overDst.entryDate, 7);
    expect(stay).toEqual({ entry: '2027-03-25T08:00', exit: '2027-03-31T18:00' });
    expect(localToInstant(stay.exit, BERLIN).getTime() - localToInstant(stay.entry, BERLIN).getTime()).toBe(
      (6 * 24 + 10 - 1) * 3_600_000,
    );
    expect(overDst.categories.valet).toEqual(valet('2027-03-20'));
  });

  it('uses the season of the entry date for a tariff that is cheapest only in it', () => {
    const cheapEaster: PriceList = { ...easter, dayPrices: easter.dayPrices.map((p) => p - 2000) };
    const tariffs = [
      tariff(1, 'shuttle', { priceLists: [standard] }),
      tariff(2, 'shuttle', { priceLists: [standard, cheapEaster] }),
    ];
    const byDate = new Map(calendar({ tariffs }).dates.map((d) => [d.entryDate, d.categories.shuttle]));
    expect(byDate.get('2027-03-19')).toEqual({ status: 'price', totalCents: 5700, tariffId: 1 });
    expect(byDate.get('2027-03-20')).toEqual({ status: 'price', totalCents: 4900, tariffId: 2 });
    expect(byDate.get('2027-04-05')).toEqual({ status: 'price', totalCents: 4900, tariffId: 2 });
    expect(byDate.get('2027-04-06')).toEqual({ status: 'price', totalCents: 5700, tariffId: 1 });
  });

  it('names the cheapest date: the lowest total of any category, the earliest on a tie', () => {
    const result = calendar();
    // Today (Saturday 20 Feb, 08:00 entry) is bookable: 05:00 now plus the 2 h lead time.
    expect(result.cheapest).toEqual({ entryDate: '2027-02-20', totalCents: 5700, category: 'shuttle' });
  });
});

describe('computePriceCalendar: days that cannot be booked', () => {
  it('marks past dates and those inside the lead time unavailable', () => {
    const result = calendar({ now: new Date('2027-02-20T07:30:00Z') }); // 08:30 in Berlin
    const statuses = result.dates.slice(0, 7).map((d) => d.status);
    expect(statuses).toEqual([
      'unavailable',
      'unavailable',
      'unavailable',
      'unavailable',
      'unavailable',
      'unavailable',
      'bookable',
    ]);
    expect(result.cheapest?.entryDate).toBe('2027-02-21');
  });

  it('marks a date sold out when every priced tariff is full on a day of its stay', () => {
    const full = ['2027-03-03'];
    const occupancy = TARIFFS.flatMap((t) => full.map((day) => ({ tariffId: t.id, day, booked: 10, capacity: null })));
    const result = calendar({ occupancy });
    const soldOut = result.dates.filter((d) => d.status === 'sold_out').map((d) => d.entryDate);
    // the seven stays of seven days that touch 3 March
    expect(soldOut).toEqual(Array.from({ length: 7 }, (_, i) => addDaysToDate('2027-02-25', i)));
    const body = priceCalendarBody(result, 'frankfurt');
    const day = body.dates.find((d) => d.entryDate === '2027-03-01')!;
    expect(day).toEqual({
      entryDate: '2027-03-01',
      soldOut: true,
      locked: false,
      categories: { shuttle: null, valet: null, terminal: null },
    });
    expect(body.dates.find((d) => d.entryDate === '2027-03-04')!.soldOut).toBe(false);
  });

  it('keeps a date bookable while one category still has space, and marks only that cell sold out', () => {
    const occupancy = [{ tariffId: 3, day: '2027-03-03', booked: 10, capacity: null }];
    const date = calendar({ occupancy }).dates.find((d) => d.entryDate === '2027-03-01')!;
    expect(date.status).toBe('bookable');
    expect(date.categories.valet).toEqual({ status: 'sold_out' });
    expect(date.categories.shuttle.status).toBe('price');
  });

  it('takes the other tariff of the category when the cheapest is full', () => {
    const occupancy = [{ tariffId: 1, day: '2027-03-03', booked: 10, capacity: null }];
    const cell = calendar({ occupancy }).dates.find((d) => d.entryDate === '2027-03-01')!.categories.shuttle;
    expect(cell).toEqual({ status: 'price', totalCents: 5700, tariffId: 2 });
  });

  it('marks a blackout day (capacity 0) locked, and every date of a locked airport', () => {
    const occupancy = TARIFFS.map((t) => ({ tariffId: t.id, day: '2027-04-10', booked: 0, capacity: 0 }));
    const closed = calendar({ occupancy })
      .dates.filter((d) => d.status === 'locked')
      .map((d) => d.entryDate);
    expect(closed).toEqual(Array.from({ length: 7 }, (_, i) => addDaysToDate('2027-04-04', i)));

    const locked = calendar({ airportLocked: true });
    expect(locked.dates.every((d) => d.status === 'locked')).toBe(true);
    expect(locked.dates[10].categories).toEqual({
      shuttle: { status: 'locked' },
      valet: { status: 'locked' },
      terminal: { status: 'unavailable' },
    });
    expect(locked.cheapest).toBeNull();
    expect(priceCalendarBody(locked, 'kassel').dates.every((d) => d.locked && !d.soldOut)).toBe(true);
  });

  it('respects the maximum stay and the booking horizon of each tariff', () => {
    const tariffs = [tariff(1, 'shuttle', { maxStayDays: 6 }), tariff(2, 'valet', { bookingHorizonDays: 30 })];
    const result = calendar({ tariffs });
    expect(result.dates.every((d) => d.categories.shuttle.status === 'unavailable')).toBe(true);
    const valet = result.dates.filter((d) => d.categories.valet.status === 'price').map((d) => d.entryDate);
    expect(valet.at(-1)).toBe(addDaysToDate('2027-02-20', 30));
  });

  it('has no columns for an airport without tariffs', () => {
    const result = calendar({ tariffs: [] });
    expect(result.categories).toEqual([]);
    expect(result.dates.every((d) => d.status === 'unavailable')).toBe(true);
  });
});

describe('the calendar query and weeks', () => {
  it('starts weeks on Monday', () => {
    expect(weekStart('2027-02-15')).toBe('2027-02-15');
    expect(weekStart('2027-02-20')).toBe('2027-02-15');
    expect(weekStart('2027-02-21')).toBe('2027-02-15');
    expect(weekStart('2027-01-01')).toBe('2026-12-28');
  });

  it('reads defaults, moves the start back to Monday, and refuses bad values', () => {
    const today = '2027-02-20';
    expect(readCalendarQuery({}, today)).toEqual({ ok: true, days: 7, from: '2027-02-15' });
    expect(readCalendarQuery({ days: '30', from: '2027-03-04' }, today)).toEqual({
      ok: true,
      days: 30,
      from: '2027-03-01',
    });
    expect(readCalendarQuery({ days: '0' }, today)).toEqual({ ok: false, errors: { days: 'calendar.error.days' } });
    expect(readCalendarQuery({ days: '31' }, today)).toMatchObject({ ok: false });
    expect(readCalendarQuery({ days: '7.5' }, today)).toMatchObject({ ok: false });
    expect(readCalendarQuery({ days: 'x', from: '2027-02-30' }, today)).toEqual({
      ok: false,
      errors: { days: 'calendar.error.days', from: 'calendar.error.from' },
    });
    expect(readCalendarQuery({ from: '2027-02-14' }, today)).toEqual({
      ok: false,
      errors: { from: 'calendar.error.from_range' },
    });
    expect(readCalendarQuery({ from: '2028-02-21' }, today)).toMatchObject({ ok: false });
  });

  it('needs the occupancy to the end of the last stay, and groups the dates in weeks', () => {
    expect(calendarDayRange(FROM, 7)).toEqual({ from: FROM, to: addDaysToDate(FROM, 83 + 6) });
    const weeks = calendarWeeks(calendar().dates);
    expect(weeks).toHaveLength(12);
    expect(weeks.every((w) => w.length === 7 && weekStart(w[0].entryDate) === w[0].entryDate)).toBe(true);
  });
});

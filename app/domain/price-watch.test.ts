import { describe, expect, it } from 'vitest';
import {
  cheapestTotalCents,
  isPriceDrop,
  priceWatchEnded,
  priceWatchStep,
  PriceWatchSchema,
  watchStayViolations,
} from './price-watch.ts';

const NOW = new Date('2026-11-29T09:00:00Z'); // 10:00 in Berlin

describe('isPriceDrop: at least 5 % or 3 € below the reference (issue 37 item 2)', () => {
  it('mails from exactly 5 % on a small price (5 % of 40 € is 2 €, less than 3 €)', () => {
    expect(isPriceDrop(4000, 3800)).toBe(true);
    expect(isPriceDrop(4000, 3801)).toBe(false);
  });
  it('mails from exactly 3 € on a large price (5 % of 200 € is 10 €, more than 3 €)', () => {
    expect(isPriceDrop(20000, 19700)).toBe(true);
    expect(isPriceDrop(20000, 19701)).toBe(false);
  });
  it('never on a rise or an equal price', () => {
    expect(isPriceDrop(5000, 5000)).toBe(false);
    expect(isPriceDrop(5000, 9000)).toBe(false);
    expect(isPriceDrop(100, 101)).toBe(false);
  });
});

describe('priceWatchStep', () => {
  const base = { baselineCents: 10000, lastMailedCents: null, lastMailedAt: null, now: NOW };
  it('compares with the price at confirmation while nothing was mailed', () => {
    expect(priceWatchStep({ ...base, currentCents: 9500 })).toEqual({ kind: 'mail', referenceCents: 10000 });
    expect(priceWatchStep({ ...base, currentCents: 9800 })).toEqual({ kind: 'none', reason: 'no_drop' });
  });
  it('compares with the price of the last mail once one was sent, not with the baseline', () => {
    const mailed = { ...base, lastMailedCents: 9000, lastMailedAt: new Date('2026-11-27T09:00:00Z') };
    // 8700 is 13 % below the baseline but only 3.3 % and 3 € below the last mail: still a drop (3 €)
    expect(priceWatchStep({ ...mailed, currentCents: 8700 })).toEqual({ kind: 'mail', referenceCents: 9000 });
    expect(priceWatchStep({ ...mailed, currentCents: 8800 })).toEqual({ kind: 'none', reason: 'no_drop' });
  });
  it('never mails on a rise, however long ago the last mail was', () => {
    const mailed = { ...base, lastMailedCents: 9000, lastMailedAt: new Date('2026-10-01T09:00:00Z') };
    expect(priceWatchStep({ ...mailed, currentCents: 9900 })).toEqual({ kind: 'none', reason: 'no_drop' });
    expect(priceWatchStep({ ...base, currentCents: 12000 })).toEqual({ kind: 'none', reason: 'no_drop' });
  });
  it('mails at most once a calendar day (shop time): a second drop the same day waits for the next day', () => {
    const earlierToday = new Date('2026-11-28T23:30:00Z'); // 00:30 on the 29th in Berlin
    const mailed = { ...base, lastMailedCents: 9000, lastMailedAt: earlierToday };
    expect(priceWatchStep({ ...mailed, currentCents: 7000 })).toEqual({ kind: 'none', reason: 'mailed_today' });
    const yesterdayLate = new Date('2026-11-28T22:30:00Z'); // 23:30 on the 28th in Berlin
    expect(priceWatchStep({ ...mailed, lastMailedAt: yesterdayLate, currentCents: 7000 })).toEqual({
      kind: 'mail',
      referenceCents: 9000,
    });
  });
  it('takes the first known price as the baseline when there was none at confirmation, and nothing when sold out', () => {
    expect(priceWatchStep({ ...base, baselineCents: null, currentCents: 8000 })).toEqual({ kind: 'baseline' });
    expect(priceWatchStep({ ...base, currentCents: null })).toEqual({ kind: 'none', reason: 'no_price' });
  });
});

describe('priceWatchEnded', () => {
  it('ends on the entry date in the airport zone, not before', () => {
    expect(priceWatchEnded('2026-11-30T06:00', 'Europe/Berlin', NOW)).toBe(false);
    expect(priceWatchEnded('2026-11-29T23:00', 'Europe/Berlin', NOW)).toBe(true);
    expect(priceWatchEnded('2026-11-20T10:00', 'Europe/Berlin', NOW)).toBe(true);
    // 23:30 UTC on the 29th is already the 30th in Berlin
    expect(priceWatchEnded('2026-11-30T06:00', 'Europe/Berlin', new Date('2026-11-29T23:30:00Z'))).toBe(true);
  });
});

describe('cheapestTotalCents', () => {
  it('is the lowest total of the bookable offers, sold-out and unpriced ones left out', () => {
    const offers = [
      { soldOut: true, price: { totalCents: 1000 } },
      { soldOut: false, price: null },
      { soldOut: false, price: { totalCents: 5200 } },
      { soldOut: false, price: { totalCents: 4900 } },
    ];
    expect(cheapestTotalCents(offers)).toBe(4900);
    expect(cheapestTotalCents(offers.slice(0, 2))).toBeNull();
  });
});

describe('PriceWatchSchema and the stay rules', () => {
  it('parses the body with a lower-cased address and a numeric airport id', () => {
    expect(
      PriceWatchSchema.parse({
        email: ' A@B.DE ',
        airportId: '3',
        entryTime: '2026-12-10T08:00',
        exitTime: '2026-12-17T18:00',
      }),
    ).toEqual({ email: 'a@b.de', airportId: 3, entryTime: '2026-12-10T08:00', exitTime: '2026-12-17T18:00' });
  });
  it('refuses bad fields with translation keys, field keys as sent', () => {
    const result = PriceWatchSchema.safeParse({ email: 'x', airportId: '0', entryTime: '10.12.2026' });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['email', 'validation.email'],
      ['airportId', 'validation.invalid'],
      ['entryTime', 'validation.datetime'],
      ['exitTime', 'validation.required'],
    ]);
  });
  it('refuses a past stay, an exit before the entry and a stay longer than 60 days, like the search', () => {
    const check = (entry: string, exit: string) =>
      watchStayViolations({ entry, exit, timeZone: 'Europe/Berlin', now: NOW }).map((v) => v.code);
    expect(check('2026-12-10T08:00', '2026-12-17T18:00')).toEqual([]);
    expect(check('2026-11-28T08:00', '2026-12-01T18:00')).toEqual(['lead_time']);
    expect(check('2026-12-10T08:00', '2026-12-09T18:00')).toEqual(['exit_before_entry']);
    expect(check('2026-12-10T08:00', '2027-02-20T18:00')).toEqual(['max_stay']);
  });
});

import { describe, expect, it } from 'vitest';
import { monthsUpTo, movementsPerLot, occupancySeries, revenueByMonth } from './dashboard.ts';

describe('occupancySeries', () => {
  const tariffs = [
    { id: 1, capacity: 10, active: true },
    { id: 2, capacity: 5, active: true },
    { id: 3, capacity: 7, active: false },
  ];

  it('sums capacity (override or standing) of active tariffs and booked spaces of all', () => {
    const series = occupancySeries('2026-12-30', 4, tariffs, [
      { tariffId: 1, day: '2026-12-30', booked: 3, capacity: null },
      { tariffId: 2, day: '2026-12-31', booked: 1, capacity: 0 },
      { tariffId: 3, day: '2027-01-01', booked: 2, capacity: null },
      { tariffId: 1, day: '2027-01-05', booked: 9, capacity: null },
    ]);
    expect(series).toEqual([
      { day: '2026-12-30', capacity: 15, booked: 3 },
      { day: '2026-12-31', capacity: 10, booked: 1 },
      { day: '2027-01-01', capacity: 15, booked: 2 },
      { day: '2027-01-02', capacity: 15, booked: 0 },
    ]);
  });

  it('gives 60 days with nothing booked for a lot without bookings, and none without tariffs', () => {
    expect(occupancySeries('2026-03-01', 60, tariffs, [])).toHaveLength(60);
    expect(occupancySeries('2026-03-01', 2, [], [])).toEqual([
      { day: '2026-03-01', capacity: 0, booked: 0 },
      { day: '2026-03-02', capacity: 0, booked: 0 },
    ]);
  });
});

describe('movementsPerLot', () => {
  it("counts each lot's arrivals and departures on its own today and tomorrow", () => {
    const result = movementsPerLot(
      [
        { lotId: 1, today: '2026-11-25' },
        { lotId: 2, today: '2026-11-26' },
      ],
      [
        { lotId: 1, entryLocal: '2026-11-25T08:00', exitLocal: '2026-11-26T20:00' },
        { lotId: 1, entryLocal: '2026-11-26T23:59', exitLocal: '2026-11-30T10:00' },
        { lotId: 1, entryLocal: '2026-11-20T10:00', exitLocal: '2026-11-25T00:00' },
        { lotId: 1, entryLocal: '2026-11-27T00:00', exitLocal: '2026-11-28T10:00' },
        { lotId: 2, entryLocal: '2026-11-25T08:00', exitLocal: '2026-11-26T09:00' },
        { lotId: 3, entryLocal: '2026-11-25T08:00', exitLocal: '2026-11-26T09:00' },
      ],
    );
    expect(result).toEqual([
      { lotId: 1, arrivalsToday: 1, departuresToday: 1, arrivalsTomorrow: 1, departuresTomorrow: 1 },
      { lotId: 2, arrivalsToday: 0, departuresToday: 1, arrivalsTomorrow: 0, departuresTomorrow: 0 },
    ]);
  });
});

describe('monthsUpTo', () => {
  it('counts back across the year in the given zone', () => {
    // 31 Dec 23:30 UTC is already January in Berlin.
    expect(monthsUpTo(new Date('2026-12-31T23:30:00Z'), 'Europe/Berlin', 3)).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(monthsUpTo(new Date('2026-02-10T12:00:00Z'), 'Europe/Berlin', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
  });
});

describe('revenueByMonth', () => {
  it('adds invoices and subtracts credit notes in the month each was issued (shop time zone)', () => {
    const result = revenueByMonth(
      [
        { kind: 'invoice', issuedAt: new Date('2026-10-05T10:00:00Z'), grossCents: 5000 },
        // cancelled in November: the October invoice stays, November is lowered
        { kind: 'credit_note', issuedAt: new Date('2026-11-02T10:00:00Z'), grossCents: -5000 },
        { kind: 'invoice', issuedAt: new Date('2026-11-02T10:00:00Z'), grossCents: 7000 },
        // 31 Oct 23:30 UTC is 1 Nov in Berlin
        { kind: 'invoice', issuedAt: new Date('2026-10-31T23:30:00Z'), grossCents: 1000 },
        // outside the months asked for
        { kind: 'invoice', issuedAt: new Date('2026-08-01T10:00:00Z'), grossCents: 999 },
      ],
      ['2026-10', '2026-11', '2026-12'],
      'Europe/Berlin',
    );
    expect(result).toEqual([
      { month: '2026-10', invoicedCents: 5000, creditedCents: 0, netCents: 5000, invoices: 1, creditNotes: 0 },
      { month: '2026-11', invoicedCents: 8000, creditedCents: -5000, netCents: 3000, invoices: 2, creditNotes: 1 },
      { month: '2026-12', invoicedCents: 0, creditedCents: 0, netCents: 0, invoices: 0, creditNotes: 0 },
    ]);
  });
});

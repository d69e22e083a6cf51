import { describe, expect, it } from 'vitest';
import { localToInstant } from './local-time';
import { billableDays, stayDates } from './stay';

describe('billableDays', () => {
  it('counts one day for a same-day stay', () => {
    expect(billableDays('2026-12-01T08:00', '2026-12-01T20:00')).toBe(1);
    expect(billableDays('2026-12-01T00:00', '2026-12-01T23:59')).toBe(1);
  });

  it('counts entry and exit date both', () => {
    expect(billableDays('2026-12-01T08:00', '2026-12-08T06:00')).toBe(8);
    expect(billableDays('2026-12-01T23:59', '2026-12-02T00:00')).toBe(2); // one minute, two calendar days
  });

  it('crosses month, year and leap day', () => {
    expect(billableDays('2026-12-30T10:00', '2027-01-02T10:00')).toBe(4);
    expect(billableDays('2028-02-28T10:00', '2028-03-01T10:00')).toBe(3);
    expect(billableDays('2026-02-28T10:00', '2026-03-01T10:00')).toBe(2);
  });

  it('is not changed by the spring DST switch (last Sunday of March, Europe/Berlin)', () => {
    const entry = '2026-03-28T12:00';
    const exit = '2026-03-30T11:00';
    // The real elapsed time is 46 h (one hour lost), so counting elapsed days (ceil or floor) gives 2 or 1,
    // never the 3 calendar days touched.
    const ms = localToInstant(exit, 'Europe/Berlin').getTime() - localToInstant(entry, 'Europe/Berlin').getTime();
    expect(ms / 3_600_000).toBe(46);
    expect(Math.ceil(ms / 86_400_000)).toBe(2);
    expect(billableDays(entry, exit)).toBe(3);
  });

  it('is not changed by the autumn DST switch (last Sunday of October, Europe/Berlin)', () => {
    const entry = '2026-10-24T12:00';
    const exit = '2026-10-26T11:30';
    const ms = localToInstant(exit, 'Europe/Berlin').getTime() - localToInstant(entry, 'Europe/Berlin').getTime();
    expect(ms / 3_600_000).toBe(48.5); // one hour gained
    expect(billableDays(entry, exit)).toBe(3);
    // Exactly 7 calendar days whose elapsed time is 7×24 h + 1 h would be 8 days by a naive ceil.
    const weekMs =
      localToInstant('2026-10-29T10:00', 'Europe/Berlin').getTime() -
      localToInstant('2026-10-22T10:00', 'Europe/Berlin').getTime();
    expect(Math.ceil(weekMs / 86_400_000)).toBe(8);
    expect(billableDays('2026-10-22T10:00', '2026-10-29T10:00')).toBe(8); // 22nd..29th inclusive
  });

  it('allows wall times running backwards on the same date (autumn overlap is decided on instants)', () => {
    expect(billableDays('2026-10-25T02:50', '2026-10-25T02:10')).toBe(1);
  });

  it('throws on invalid times or an exit date before the entry date', () => {
    expect(() => billableDays('2026-12-08T08:00', '2026-12-01T08:00')).toThrow(RangeError);
    expect(() => billableDays('2026-02-30T08:00', '2026-03-01T08:00')).toThrow(RangeError);
    expect(() => billableDays('2026-02-01T08:00', 'tomorrow')).toThrow(RangeError);
  });
});

describe('stayDates', () => {
  it('lists every date, entry and exit included', () => {
    expect(stayDates('2026-12-01T08:00', '2026-12-01T20:00')).toEqual(['2026-12-01']);
    expect(stayDates('2028-02-27T08:00', '2028-03-01T06:00')).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(stayDates('2026-03-28T12:00', '2026-03-30T11:00')).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
  });

  it('has the same count as billableDays', () => {
    const pairs: [string, string][] = [
      ['2026-12-01T08:00', '2026-12-08T06:00'],
      ['2026-10-01T08:00', '2026-11-29T06:00'],
      ['2026-12-31T23:00', '2027-01-01T01:00'],
    ];
    for (const [entry, exit] of pairs) expect(stayDates(entry, exit)).toHaveLength(billableDays(entry, exit));
  });

  it('throws like billableDays', () => {
    expect(() => stayDates('2026-12-08T08:00', '2026-12-01T08:00')).toThrow(RangeError);
  });
});

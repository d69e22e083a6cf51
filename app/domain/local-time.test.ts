import { describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import {
  addDaysToDate,
  diffCalendarDays,
  instantToLocal,
  localToInstant,
  parseLocalDate,
  parseLocalDateTime,
  todayInZone,
  startOfLocalDay,
} from './local-time';

const BERLIN = 'Europe/Berlin';

describe('parseLocalDateTime', () => {
  it('splits a valid value', () => {
    expect(parseLocalDateTime('2026-12-01T08:00')).toEqual({ date: '2026-12-01', time: '08:00' });
    expect(parseLocalDateTime('2026-12-31T23:59')).toEqual({ date: '2026-12-31', time: '23:59' });
    expect(parseLocalDateTime('2026-01-01T00:00')).toEqual({ date: '2026-01-01', time: '00:00' });
  });

  it('accepts 29 February only in leap years', () => {
    expect(parseLocalDateTime('2028-02-29T12:00')).toEqual({ date: '2028-02-29', time: '12:00' });
    expect(parseLocalDateTime('2000-02-29T12:00')).not.toBeNull(); // divisible by 400
    expect(parseLocalDateTime('2026-02-29T12:00')).toBeNull();
    expect(parseLocalDateTime('2100-02-29T12:00')).toBeNull(); // divisible by 100, not 400
  });

  it.each([
    '2026-02-30T10:00',
    '2026-04-31T10:00',
    '2026-13-01T10:00',
    '2026-00-10T10:00',
    '2026-01-00T10:00',
    '2026-01-01T24:00',
    '2026-01-01T23:60',
    '2026-1-1T1:00',
    '2026-01-01T1:00',
    '2026-01-01 10:00',
    '2026-01-01T10:00:00',
    '2026-01-01T10:00Z',
    '2026-01-01T10:00+01:00',
    ' 2026-01-01T10:00',
    '2026-01-01',
    '',
    'garbage',
  ])('rejects %j', (value) => {
    expect(parseLocalDateTime(value)).toBeNull();
  });

  it('rejects non-strings without throwing', () => {
    expect(parseLocalDateTime(undefined as unknown as string)).toBeNull();
    expect(parseLocalDateTime(42 as unknown as string)).toBeNull();
  });
});

describe('parseLocalDate', () => {
  it('accepts real dates and rejects others', () => {
    expect(parseLocalDate('2028-02-29')).toBe('2028-02-29');
    expect(parseLocalDate('2026-02-29')).toBeNull();
    expect(parseLocalDate('2026-2-1')).toBeNull();
    // no year 0 (PostgreSQL refuses it)
    expect(parseLocalDate('0000-01-01')).toBeNull();
    expect(parseLocalDate('0001-01-01')).toBe('0001-01-01');
    expect(parseLocalDate('2026-02-01T00:00')).toBeNull();
  });
});

describe('localToInstant', () => {
  it('converts winter and summer times in Europe/Berlin', () => {
    expect(localToInstant('2026-12-01T08:00', BERLIN).toISOString()).toBe('2026-12-01T07:00:00.000Z');
    expect(localToInstant('2026-07-01T08:00', BERLIN).toISOString()).toBe('2026-07-01T06:00:00.000Z');
  });

  it('moves a time in the spring DST gap forward (02:30 → 03:30 CEST)', () => {
    // 2026-03-29: clocks jump from 02:00 CET to 03:00 CEST.
    const instant = localToInstant('2026-03-29T02:30', BERLIN);
    expect(instant.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(instantToLocal(instant, BERLIN)).toBe('2026-03-29T03:30');
    expect(localToInstant('2026-03-29T02:00', BERLIN).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(localToInstant('2026-03-29T02:59', BERLIN).toISOString()).toBe('2026-03-29T01:59:00.000Z');
  });

  it('keeps times right around the spring gap exact', () => {
    expect(localToInstant('2026-03-29T01:59', BERLIN).toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(localToInstant('2026-03-29T03:00', BERLIN).toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('takes the first (summer-time) occurrence of the ambiguous autumn hour', () => {
    // 2026-10-25: clocks go back from 03:00 CEST to 02:00 CET; 02:30 happens twice.
    const instant = localToInstant('2026-10-25T02:30', BERLIN);
    expect(instant.toISOString()).toBe('2026-10-25T00:30:00.000Z'); // 02:30 CEST, not 01:30Z (CET)
    expect(instantToLocal(instant, BERLIN)).toBe('2026-10-25T02:30');
    expect(localToInstant('2026-10-25T02:00', BERLIN).toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(localToInstant('2026-10-25T03:00', BERLIN).toISOString()).toBe('2026-10-25T02:00:00.000Z');
    expect(localToInstant('2026-10-25T01:59', BERLIN).toISOString()).toBe('2026-10-24T23:59:00.000Z');
  });

  it('applies the same rules in another zone (America/New_York)', () => {
    expect(localToInstant('2026-03-08T02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(localToInstant('2026-11-01T01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('handles zones with fractional offsets and UTC', () => {
    expect(localToInstant('2026-06-01T12:00', 'Asia/Kolkata').toISOString()).toBe('2026-06-01T06:30:00.000Z');
    expect(localToInstant('2026-06-01T12:00', 'UTC').toISOString()).toBe('2026-06-01T12:00:00.000Z');
  });

  it('round-trips every quarter hour of the DST change days except the gap', () => {
    for (const day of ['2026-03-29', '2026-10-25']) {
      for (let m = 0; m < 24 * 60; m += 15) {
        const local = `${day}T${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        const back = instantToLocal(localToInstant(local, BERLIN), BERLIN);
        if (day === '2026-03-29' && local >= `${day}T02:00` && local < `${day}T03:00`) {
          expect(back).toBe(local.replace('T02:', 'T03:'));
        } else {
          expect(back).toBe(local);
        }
      }
    }
  });

  it('throws RangeError on invalid input or zone', () => {
    expect(() => localToInstant('2026-02-30T10:00', BERLIN)).toThrow(RangeError);
    expect(() => localToInstant('2026-02-01T10:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('instantToLocal', () => {
  it('shows the wall-clock time in the zone', () => {
    expect(instantToLocal(new Date('2026-12-01T07:00:00Z'), BERLIN)).toBe('2026-12-01T08:00');
    expect(instantToLocal(new Date('2026-07-01T22:30:00Z'), BERLIN)).toBe('2026-07-02T00:30');
    expect(instantToLocal(new Date('2026-10-25T01:30:00Z'), BERLIN)).toBe('2026-10-25T02:30'); // second 02:30
  });

  it('cuts off seconds', () => {
    expect(instantToLocal(new Date('2026-12-01T07:00:59.999Z'), BERLIN)).toBe('2026-12-01T08:00');
  });

  it('throws on an invalid date or zone', () => {
    expect(() => instantToLocal(new Date('nope'), BERLIN)).toThrow(RangeError);
    expect(() => instantToLocal(new Date(), 'Nowhere/Zone')).toThrow(RangeError);
  });
});

describe('addDaysToDate', () => {
  it('adds and subtracts across month, year and leap day', () => {
    expect(addDaysToDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysToDate('2028-02-29', 1)).toBe('2028-03-01');
    expect(addDaysToDate('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDaysToDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDaysToDate('2026-03-28', 2)).toBe('2026-03-30'); // across DST change, no zone involved
    expect(addDaysToDate('2026-05-05', 0)).toBe('2026-05-05');
    expect(addDaysToDate('2026-01-01', 365)).toBe('2027-01-01');
  });

  it('throws on invalid input', () => {
    expect(() => addDaysToDate('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDaysToDate('2026-02-01', 1.5)).toThrow(RangeError);
  });
});

describe('diffCalendarDays', () => {
  it('counts calendar days', () => {
    expect(diffCalendarDays('2026-12-08', '2026-12-01')).toBe(7);
    expect(diffCalendarDays('2026-12-01', '2026-12-08')).toBe(-7);
    expect(diffCalendarDays('2026-12-01', '2026-12-01')).toBe(0);
    expect(diffCalendarDays('2028-03-01', '2028-02-28')).toBe(2);
    expect(diffCalendarDays('2026-03-30', '2026-03-28')).toBe(2);
    expect(diffCalendarDays('2027-01-01', '2026-01-01')).toBe(365);
    expect(diffCalendarDays('2029-01-01', '2028-01-01')).toBe(366);
  });

  it('throws on invalid input', () => {
    expect(() => diffCalendarDays('2026-13-01', '2026-01-01')).toThrow(RangeError);
  });
});

describe('todayInZone', () => {
  it('uses the zone, not UTC', () => {
    // 23:30Z on 31 Dec is already 1 Jan in Berlin.
    expect(todayInZone(new Date('2026-12-31T23:30:00Z'), BERLIN)).toBe('2027-01-01');
    expect(todayInZone(new Date('2026-12-31T22:59:00Z'), BERLIN)).toBe('2026-12-31');
    expect(todayInZone(new Date('2026-12-31T23:30:00Z'), 'UTC')).toBe('2026-12-31');
  });
});

describe('startOfLocalDay', () => {
  it('is midnight of the local date, which may differ from the UTC date', () => {
    // 23:30 UTC on 21 Nov is already 22 Nov in Berlin (UTC+1)
    expect(startOfLocalDay(new Date('2026-11-21T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-22T00:00');
    expect(startOfLocalDay(new Date('2026-11-21T09:15:00Z'), 'Europe/Berlin')).toBe('2026-11-21T00:00');
  });
});

describe('conversions around transitions (the cached offsets, issue 11)', () => {
  // Zones with a one-hour, a half-hour (Lord Howe) and no change (Kathmandu, +05:45), each over the days of a
  // transition in 2026, every 15 minutes: the cached, arithmetic conversion must equal formatting in the zone.
  const cases: [string, string][] = [
    ['Europe/Berlin', '2026-03-28T12:00:00Z'],
    ['Europe/Berlin', '2026-10-24T12:00:00Z'],
    ['America/New_York', '2026-11-01T00:00:00Z'],
    ['Australia/Lord_Howe', '2026-04-04T00:00:00Z'],
    ['Asia/Kathmandu', '2026-06-01T00:00:00Z'],
  ];
  it.each(cases)('instantToLocal in %s from %s equals the zone formatter, and round-trips', (zone, from) => {
    const start = Date.parse(from);
    for (let ms = start; ms < start + 2 * 86_400_000; ms += 15 * 60_000) {
      const instant = new Date(ms + 37_000); // seconds are cut off
      const local = instantToLocal(instant, zone);
      expect(local).toBe(format(new TZDate(instant.getTime(), zone), "yyyy-MM-dd'T'HH:mm"));
      // Every shown wall time maps back to an instant showing the same wall time (the earlier of two).
      expect(instantToLocal(localToInstant(local, zone), zone)).toBe(local);
    }
  });

  it('asks the zone formatter again after a minute, so a transition inside the cache is never missed', () => {
    // The second before and at Berlin's spring change (01:00Z): the offsets differ.
    expect(instantToLocal(new Date('2026-03-29T00:59:59Z'), BERLIN)).toBe('2026-03-29T01:59');
    expect(instantToLocal(new Date('2026-03-29T01:00:00Z'), BERLIN)).toBe('2026-03-29T03:00');
  });

  it('still refuses an unknown zone on every call', () => {
    expect(() => instantToLocal(new Date(), 'Mars/Olympus')).toThrow(RangeError);
    expect(() => instantToLocal(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});

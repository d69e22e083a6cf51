import { describe, expect, it } from 'vitest';
import { DEFAULT_STAY_LIMITS, checkStay, type StayLimits } from './booking-rules';

const BERLIN = 'Europe/Berlin';
// 2026-11-15 10:00 in Berlin (CET, UTC+1).
const NOW = new Date('2026-11-15T09:00:00Z');

function check(entry: string, exit: string, limits: StayLimits = DEFAULT_STAY_LIMITS, now = NOW) {
  return checkStay({ entry, exit, timeZone: BERLIN, now, limits });
}

describe('DEFAULT_STAY_LIMITS', () => {
  it('matches DESIGN §6', () => {
    expect(DEFAULT_STAY_LIMITS).toEqual({ leadTimeMinutes: 120, maxStayDays: 60, bookingHorizonDays: 365 });
  });
});

describe('checkStay', () => {
  it('accepts a normal stay', () => {
    expect(check('2026-12-01T08:00', '2026-12-08T06:00')).toEqual([]);
  });

  it('flags unparsable times on their field', () => {
    expect(check('', '2026-12-08T06:00')).toEqual([{ field: 'entryTime', code: 'invalid' }]);
    expect(check('2026-12-01T08:00', '2026-02-30T06:00')).toEqual([{ field: 'exitTime', code: 'invalid' }]);
    expect(check('x', 'y')).toEqual([
      { field: 'entryTime', code: 'invalid' },
      { field: 'exitTime', code: 'invalid' },
    ]);
  });

  it('still checks lead time when only the exit is invalid', () => {
    expect(check('2026-11-15T10:30', 'nope')).toEqual([
      { field: 'exitTime', code: 'invalid' },
      { field: 'entryTime', code: 'lead_time' },
    ]);
  });

  it('requires exit strictly after entry', () => {
    expect(check('2026-12-01T08:00', '2026-12-01T08:00')).toEqual([{ field: 'exitTime', code: 'exit_before_entry' }]);
    expect(check('2026-12-01T08:00', '2026-11-30T08:00')).toEqual([{ field: 'exitTime', code: 'exit_before_entry' }]);
    expect(check('2026-12-01T08:00', '2026-12-01T08:01')).toEqual([]);
  });

  it('compares instants in the autumn overlap (first occurrence wins)', () => {
    // Both 02:xx map to their CEST occurrence, so 02:10 is before 02:50 as usual.
    expect(
      check('2026-10-25T02:50', '2026-10-25T02:10', DEFAULT_STAY_LIMITS, new Date('2026-10-01T00:00:00Z')),
    ).toEqual([{ field: 'exitTime', code: 'exit_before_entry' }]);
  });

  it('maps a spring-gap exit forward before comparing', () => {
    // 02:30 → 03:30 CEST, which is after an entry of 03:10.
    expect(
      check('2026-03-29T03:10', '2026-03-29T02:30', DEFAULT_STAY_LIMITS, new Date('2026-03-01T00:00:00Z')),
    ).toEqual([]);
  });

  it('enforces the lead time, with exactly now + lead time allowed', () => {
    expect(check('2026-11-15T12:00', '2026-11-16T12:00')).toEqual([]); // exactly 2 h after 10:00
    expect(check('2026-11-15T11:59', '2026-11-16T12:00')).toEqual([{ field: 'entryTime', code: 'lead_time' }]);
    expect(check('2026-11-14T12:00', '2026-11-16T12:00')).toEqual([{ field: 'entryTime', code: 'lead_time' }]);
    expect(check('2026-11-15T10:30', '2026-11-16T12:00', { ...DEFAULT_STAY_LIMITS, leadTimeMinutes: 0 })).toEqual([]);
  });

  it('measures the lead time across a DST change in real minutes', () => {
    // now 00:30 CET on 2026-03-29 = 23:30Z; 02:30 local does not exist → 03:30 CEST = 01:30Z, exactly 2 h later.
    const now = new Date('2026-03-28T23:30:00Z');
    expect(check('2026-03-29T02:30', '2026-03-30T10:00', DEFAULT_STAY_LIMITS, now)).toEqual([]);
    // 03:20 CEST = 01:20Z is only 110 real minutes after now although the wall clock says 170.
    expect(check('2026-03-29T03:20', '2026-03-30T10:00', DEFAULT_STAY_LIMITS, now)).toEqual([
      { field: 'entryTime', code: 'lead_time' },
    ]);
  });

  it('enforces the maximum stay in billable days', () => {
    // 2026-12-01 .. 2027-01-29 is 60 calendar days.
    expect(check('2026-12-01T08:00', '2027-01-29T23:59')).toEqual([]);
    expect(check('2026-12-01T08:00', '2027-01-30T00:00')).toEqual([{ field: 'exitTime', code: 'max_stay' }]);
    expect(check('2026-12-01T08:00', '2026-12-02T08:00', { ...DEFAULT_STAY_LIMITS, maxStayDays: 1 })).toEqual([
      { field: 'exitTime', code: 'max_stay' },
    ]);
  });

  it('enforces the booking horizon against today in the airport zone', () => {
    // today (Berlin) is 2026-11-15; +365 days is 2027-11-15.
    expect(check('2027-11-15T08:00', '2027-11-16T08:00')).toEqual([]);
    expect(check('2027-11-16T08:00', '2027-11-17T08:00')).toEqual([{ field: 'entryTime', code: 'horizon' }]);
  });

  it('uses the airport date for the horizon, not the UTC date', () => {
    // 23:30Z on 2026-12-31 is already 2027-01-01 in Berlin, so 2028-01-01 is exactly 365 days ahead.
    const now = new Date('2026-12-31T23:30:00Z');
    expect(check('2028-01-01T08:00', '2028-01-02T08:00', DEFAULT_STAY_LIMITS, now)).toEqual([]);
    expect(check('2028-01-02T08:00', '2028-01-03T08:00', DEFAULT_STAY_LIMITS, now)).toEqual([
      { field: 'entryTime', code: 'horizon' },
    ]);
  });

  it('counts a leap year horizon in calendar days', () => {
    // From 2027-03-01, 365 days ahead is 2028-02-29 (2028 is a leap year).
    const now = new Date('2027-03-01T09:00:00Z');
    expect(check('2028-02-29T08:00', '2028-03-01T08:00', DEFAULT_STAY_LIMITS, now)).toEqual([]);
    expect(check('2028-03-01T08:00', '2028-03-02T08:00', DEFAULT_STAY_LIMITS, now)).toEqual([
      { field: 'entryTime', code: 'horizon' },
    ]);
  });

  it('reports several violations together', () => {
    expect(check('2026-11-15T10:00', '2026-11-14T10:00')).toEqual([
      { field: 'exitTime', code: 'exit_before_entry' },
      { field: 'entryTime', code: 'lead_time' },
    ]);
  });

  it('throws on an unknown time zone', () => {
    expect(() =>
      checkStay({ entry: 'x', exit: 'y', timeZone: 'Nope/Zone', now: NOW, limits: DEFAULT_STAY_LIMITS }),
    ).toThrow(RangeError);
  });
});

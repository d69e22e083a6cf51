import { describe, expect, it } from 'vitest';
import {
  arrivalProblem,
  delayCoverOf,
  delayReportOpen,
  flightLookupDue,
  reportedFlight,
  DELAY_THRESHOLD_MINUTES,
} from './flight-delay';

const tz = 'Europe/Berlin';
const bookedExit = '2026-12-02T18:00';

describe('delayCoverOf', () => {
  it('moves the exit by the delay and covers it within the cap', () => {
    const cover = delayCoverOf({
      bookedExit,
      timeZone: tz,
      freeHours: 24,
      flight: { status: 'delayed', scheduledArrival: '2026-12-02T17:15', arrival: '2026-12-02T20:25' },
    });
    expect(cover).toEqual({ expectedExit: '2026-12-02T21:10', coveredUntil: '2026-12-02T21:10', delayMinutes: 190 });
  });

  it('covers a delay beyond the cap only up to the cap', () => {
    const cover = delayCoverOf({
      bookedExit,
      timeZone: tz,
      freeHours: 24,
      flight: { status: 'delayed', scheduledArrival: '2026-12-02T17:15', arrival: '2026-12-04T05:15' },
    });
    expect(cover).toMatchObject({ expectedExit: '2026-12-04T06:00', coveredUntil: '2026-12-03T18:00' });
  });

  it('covers a cancelled flight for the whole cap', () => {
    expect(delayCoverOf({ bookedExit, timeZone: tz, freeHours: 24, flight: { status: 'cancelled' } })).toEqual({
      expectedExit: '2026-12-03T18:00',
      coveredUntil: '2026-12-03T18:00',
      delayMinutes: 1440,
    });
  });

  it('changes nothing for a flight on time, early or hardly late', () => {
    const onTime = { expectedExit: bookedExit, coveredUntil: null, delayMinutes: 0 };
    expect(delayCoverOf({ bookedExit, timeZone: tz, freeHours: 24, flight: { status: 'on_time' } })).toEqual(onTime);
    const early = { status: 'delayed' as const, scheduledArrival: '2026-12-02T17:15', arrival: '2026-12-02T16:40' };
    expect(delayCoverOf({ bookedExit, timeZone: tz, freeHours: 24, flight: early })).toEqual(onTime);
    const slight = {
      status: 'delayed' as const,
      scheduledArrival: '2026-12-02T17:15',
      arrival: `2026-12-02T17:${15 + DELAY_THRESHOLD_MINUTES - 1}`,
    };
    expect(delayCoverOf({ bookedExit, timeZone: tz, freeHours: 24, flight: slight })).toEqual(onTime);
  });

  it('counts the real hours of a night with a clock change (summer time starts 2026-03-29 at 02:00)', () => {
    // scheduled 01:30 CET, lands 03:30 CEST: two hours on the clock, one real hour late
    const cover = delayCoverOf({
      bookedExit: '2026-03-29T01:45',
      timeZone: tz,
      freeHours: 24,
      flight: { status: 'delayed', scheduledArrival: '2026-03-29T01:30', arrival: '2026-03-29T03:30' },
    });
    expect(cover.delayMinutes).toBe(60);
    expect(cover.expectedExit).toBe('2026-03-29T03:45');
    // the cap counts real hours too: 24 hours after 01:45 CET is 02:45 CEST the next day
    const cancelled = delayCoverOf({
      bookedExit: '2026-03-29T01:45',
      timeZone: tz,
      freeHours: 24,
      flight: { status: 'cancelled' },
    });
    expect(cancelled.coveredUntil).toBe('2026-03-30T02:45');
  });

  it('has no cover with FLIGHT_DELAY_FREE_HOURS=0, but still moves the expected exit', () => {
    const cover = delayCoverOf({
      bookedExit,
      timeZone: tz,
      freeHours: 0,
      flight: { status: 'delayed', scheduledArrival: '2026-12-02T17:15', arrival: '2026-12-02T20:25' },
    });
    expect(cover).toEqual({ expectedExit: '2026-12-02T21:10', coveredUntil: null, delayMinutes: 190 });
  });

  it('refuses invalid input', () => {
    expect(() => delayCoverOf({ bookedExit: 'x', timeZone: tz, freeHours: 24, flight: { status: 'on_time' } })).toThrow(
      RangeError,
    );
    expect(() => delayCoverOf({ bookedExit, timeZone: tz, freeHours: -1, flight: { status: 'on_time' } })).toThrow(
      RangeError,
    );
  });
});

describe('a customer’s report', () => {
  it('is taken as a delay against a landing 45 minutes before the booked exit', () => {
    const flight = reportedFlight(bookedExit, '2026-12-02T21:00', tz);
    expect(flight).toEqual({ status: 'delayed', scheduledArrival: '2026-12-02T17:15', arrival: '2026-12-02T21:00' });
    expect(delayCoverOf({ bookedExit, timeZone: tz, freeHours: 24, flight }).expectedExit).toBe('2026-12-02T21:45');
  });

  it('refuses an arrival before the entry or more than a week after the booked exit', () => {
    const base = { entry: '2026-11-28T08:00', bookedExit, timeZone: tz };
    expect(arrivalProblem({ ...base, arrival: '2026-11-27T23:00' })).toBe('before_entry');
    expect(arrivalProblem({ ...base, arrival: '2026-12-09T18:01' })).toBe('too_late');
    expect(arrivalProblem({ ...base, arrival: '2026-12-09T18:00' })).toBeNull();
    expect(arrivalProblem({ ...base, arrival: '2026-12-02T21:00' })).toBeNull();
  });
});

describe('flightLookupDue (the job’s schedule, injected clock)', () => {
  const exitAt = new Date('2026-12-02T17:00:00Z');
  const at = (iso: string) => new Date(iso);
  it('looks from 24 hours before the booked exit, every interval, until settled or three days after', () => {
    const base = { exitAt, lastCheckedAt: null, settled: false, intervalMinutes: 30 };
    expect(flightLookupDue({ ...base, now: at('2026-12-01T16:59:00Z') })).toBe(false);
    expect(flightLookupDue({ ...base, now: at('2026-12-01T17:00:00Z') })).toBe(true);
    expect(
      flightLookupDue({ ...base, now: at('2026-12-02T12:00:00Z'), lastCheckedAt: at('2026-12-02T11:45:00Z') }),
    ).toBe(false);
    expect(
      flightLookupDue({ ...base, now: at('2026-12-02T12:00:00Z'), lastCheckedAt: at('2026-12-02T11:30:00Z') }),
    ).toBe(true);
    expect(flightLookupDue({ ...base, now: at('2026-12-02T12:00:00Z'), settled: true })).toBe(false);
    expect(flightLookupDue({ ...base, now: at('2026-12-05T17:01:00Z') })).toBe(false);
  });
});

describe('delayReportOpen', () => {
  const exitAt = new Date('2026-12-02T17:00:00Z');
  it('opens 48 hours before the booked exit, for a confirmed reservation whose car has not left', () => {
    const base = { exitAt, status: 'confirmed', checkedOut: false };
    expect(delayReportOpen({ ...base, now: new Date('2026-11-30T16:59:00Z') })).toBe(false);
    expect(delayReportOpen({ ...base, now: new Date('2026-11-30T17:00:00Z') })).toBe(true);
    expect(delayReportOpen({ ...base, now: new Date('2026-12-03T09:00:00Z') })).toBe(true);
    expect(delayReportOpen({ ...base, now: new Date('2026-12-01T09:00:00Z'), checkedOut: true })).toBe(false);
    expect(delayReportOpen({ ...base, now: new Date('2026-12-01T09:00:00Z'), status: 'cancelled' })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { applyRange, formatDay, parseDay, pickDay, rangeFromValues, timeOf, timesOf, withDay } from './date-range.ts';

const day = (iso: string) => parseDay(iso)!;

describe('date picker rules', () => {
  it('parses and formats calendar days', () => {
    expect(formatDay(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(formatDay(day('2026-12-31T18:00'))).toBe('2026-12-31');
    expect(parseDay('2026-02-30')).toBeUndefined();
    expect(parseDay('')).toBeUndefined();
    expect(parseDay(undefined)).toBeUndefined();
  });

  it('keeps the time of a value, else the default', () => {
    expect(timeOf('2026-05-01T06:45', '08:00')).toBe('06:45');
    expect(timeOf('', '08:00')).toBe('08:00');
    expect(timeOf('2026-05-01T25:00', '18:00')).toBe('18:00');
    expect(withDay('2026-05-01T06:45', day('2026-06-10'), '08:00')).toBe('2026-06-10T06:45');
    expect(withDay('', day('2026-06-10'), '18:00')).toBe('2026-06-10T18:00');
  });

  it('picks a range in two clicks; same day twice is a same-day stay; earlier second day restarts', () => {
    const first = pickDay(undefined, day('2026-06-10'));
    expect(first.complete).toBe(false);
    expect(formatDay(first.range.from!)).toBe('2026-06-10');
    expect(first.range.to).toBeUndefined();

    const second = pickDay(first.range, day('2026-06-14'));
    expect(second.complete).toBe(true);
    expect([formatDay(second.range.from!), formatDay(second.range.to!)]).toEqual(['2026-06-10', '2026-06-14']);

    expect(pickDay(first.range, day('2026-06-10')).complete).toBe(true);

    const restart = pickDay(first.range, day('2026-06-08'));
    expect(restart.complete).toBe(false);
    expect(formatDay(restart.range.from!)).toBe('2026-06-08');

    const again = pickDay(second.range, day('2026-07-01'));
    expect(again).toMatchObject({ complete: false, range: { to: undefined } });
  });

  it('fills the inputs keeping their times, defaults 08:00 and 18:00', () => {
    const range = { from: day('2026-06-10'), to: day('2026-06-14') };
    expect(applyRange({ entry: '', exit: '' }, range)).toEqual({ entry: '2026-06-10T08:00', exit: '2026-06-14T18:00' });
    expect(applyRange({ entry: '2026-01-01T05:30', exit: '2026-01-02T22:15' }, range)).toEqual({
      entry: '2026-06-10T05:30',
      exit: '2026-06-14T22:15',
    });
  });

  it('with only a start day keeps a later exit and clears an earlier one', () => {
    const start = { from: day('2026-06-10'), to: undefined };
    expect(applyRange({ entry: '', exit: '2026-06-12T10:00' }, start)).toEqual({
      entry: '2026-06-10T08:00',
      exit: '2026-06-12T10:00',
    });
    expect(applyRange({ entry: '', exit: '2026-06-01T10:00' }, start)).toEqual({ entry: '2026-06-10T08:00', exit: '' });
    expect(applyRange({ entry: 'x', exit: 'y' }, { from: undefined })).toEqual({ entry: 'x', exit: 'y' });
  });

  it('keeps the times remembered when the calendar opened, also after the exit was cleared', () => {
    const opened = { entry: '2026-06-01T06:30', exit: '2026-06-02T21:15' };
    const times = timesOf(opened);
    expect(times).toEqual({ entry: '06:30', exit: '21:15' });
    const afterFirst = applyRange(opened, { from: day('2026-06-10') }, times);
    expect(afterFirst).toEqual({ entry: '2026-06-10T06:30', exit: '' });
    expect(applyRange(afterFirst, { from: day('2026-06-10'), to: day('2026-06-12') }, times)).toEqual({
      entry: '2026-06-10T06:30',
      exit: '2026-06-12T21:15',
    });
    expect(timesOf({ entry: '', exit: '' })).toEqual({ entry: '08:00', exit: '18:00' });
  });

  it('reads the initial range from the inputs', () => {
    expect(rangeFromValues('', '')).toBeUndefined();
    const r = rangeFromValues('2026-06-10T08:00', '2026-06-14T18:00')!;
    expect([formatDay(r.from!), formatDay(r.to!)]).toEqual(['2026-06-10', '2026-06-14']);
    expect(rangeFromValues('2026-06-10T08:00', '2026-06-01T18:00')!.to).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { formatLocalDateRange, formatLocalDateTime } from './date-format.ts';

describe('formatLocalDateTime', () => {
  it('formats airport wall time as it reads, without a zone shift', () => {
    expect(formatLocalDateTime('2026-12-20T08:00', 'de')).toBe('So., 20.12.2026, 08:00');
    expect(formatLocalDateTime('2026-03-29T02:30', 'en')).toBe('Sun, 29/03/2026, 02:30');
  });

  it('returns the fallback for anything that is not a local date-time', () => {
    expect(formatLocalDateTime('', 'de', '—')).toBe('—');
    expect(formatLocalDateTime('2026-13-45T99:99', 'de', '—')).toBe('—');
    expect(formatLocalDateTime('morgen', 'en')).toBe('morgen');
  });
});

describe('formatLocalDateRange', () => {
  it('writes day and month as digits, one date alone when the range is one day', () => {
    expect(formatLocalDateRange('2026-11-28', '2026-12-17', 'de')).toBe('28.11.–17.12.');
    expect(formatLocalDateRange('2026-11-28', '2026-12-17', 'en')).toBe('28/11–17/12');
    expect(formatLocalDateRange('2026-11-28', '2026-11-28', 'de')).toBe('28.11.');
    expect(formatLocalDateRange('2026-11-28', '2026-11-28', 'en')).toBe('28/11');
  });

  it('adds the years across New Year', () => {
    expect(formatLocalDateRange('2026-12-28', '2027-01-17', 'de')).toBe('28.12.2026–17.1.2027');
    expect(formatLocalDateRange('2026-12-28', '2027-01-17', 'en')).toBe('28/12/2026–17/01/2027');
  });

  it('gives the first date back unchanged for invalid or reversed input', () => {
    expect(formatLocalDateRange('2026-11-28', '2026-11-27', 'de')).toBe('2026-11-28');
    expect(formatLocalDateRange('morgen', '2026-11-27', 'en')).toBe('morgen');
    expect(formatLocalDateRange('2026-11-28', '2026-13-45', 'en')).toBe('2026-11-28');
    expect(formatLocalDateRange('2026-02-29', '2026-03-01', 'en')).toBe('2026-02-29');
  });
});

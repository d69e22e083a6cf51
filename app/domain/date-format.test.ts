import { describe, expect, it } from 'vitest';
import { formatLocalDateTime } from './date-format.ts';

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

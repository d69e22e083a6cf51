import { describe, expect, it } from 'vitest';
import { formatCount, formatShortDay } from './admin-format.ts';

describe('the dashboard chart ticks', () => {
  it('read as the page language writes days and numbers, not as uPlot writes them (US)', () => {
    const noon = Date.parse('2026-11-26T12:00:00Z') / 1000;
    expect(formatShortDay(noon, 'de')).toBe('26.11.');
    expect(formatShortDay(noon, 'en')).toBe('26/11');
    expect(formatCount(6000, 'de')).toBe('6.000');
    expect(formatCount(6000, 'en')).toBe('6,000');
    expect(formatCount(2.5, 'de')).toBe('2,5');
  });
});

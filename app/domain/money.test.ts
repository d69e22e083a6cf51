import { describe, expect, it } from 'vitest';
import { formatLocalDateTime, formatMoney } from './money';

const NBSP = '\u00a0';

describe('formatMoney', () => {
  it('formats German amounts', () => {
    expect(formatMoney(123456, 'de')).toBe(`1.234,56${NBSP}€`);
    expect(formatMoney(2900, 'de')).toBe(`29,00${NBSP}€`);
    expect(formatMoney(5, 'de')).toBe(`0,05${NBSP}€`);
    expect(formatMoney(0, 'de')).toBe(`0,00${NBSP}€`);
  });

  it('formats English amounts', () => {
    expect(formatMoney(123456, 'en')).toBe('€1,234.56');
    expect(formatMoney(2900, 'en')).toBe('€29.00');
  });

  it('formats negative amounts', () => {
    expect(formatMoney(-570, 'de')).toBe(`-5,70${NBSP}€`);
    expect(formatMoney(-570, 'en')).toBe('-€5.70');
  });

  it('matches Intl directly', () => {
    expect(formatMoney(98765, 'de')).toBe(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(987.65));
  });

  it('rejects fractional cents', () => {
    expect(() => formatMoney(10.5, 'de')).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, 'en')).toThrow(RangeError);
  });
});

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

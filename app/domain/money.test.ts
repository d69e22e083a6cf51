import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

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
    expect(formatMoney(98765, 'de')).toBe(
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(987.65),
    );
  });

  it('rejects fractional cents', () => {
    expect(() => formatMoney(10.5, 'de')).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, 'en')).toThrow(RangeError);
  });
});

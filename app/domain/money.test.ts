import { describe, expect, it } from 'vitest';
import { formatMoney, parseEuroCents } from './money';

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

describe('parseEuroCents', () => {
  it('reads plain amounts with a comma or a point as the decimal mark', () => {
    expect(parseEuroCents('0')).toBe(0);
    expect(parseEuroCents('5')).toBe(500);
    expect(parseEuroCents('5,5')).toBe(550);
    expect(parseEuroCents('0,01')).toBe(1);
    expect(parseEuroCents('12.05')).toBe(1205);
    expect(parseEuroCents(' 12.34 ')).toBe(1234);
    expect(parseEuroCents('1234,50')).toBe(123450);
    expect(parseEuroCents('1234.50')).toBe(123450);
  });

  it('reads German thousands grouping (price lists and coupons alike)', () => {
    expect(parseEuroCents('1.234,50')).toBe(123450);
    expect(parseEuroCents('1.000,00')).toBe(100000);
    expect(parseEuroCents('1.234')).toBe(123400);
    expect(parseEuroCents('1.234.567,8')).toBe(123456780);
  });

  it('ignores spaces and the euro sign, as the shop prints amounts', () => {
    expect(parseEuroCents(' 12,50 € ')).toBe(1250);
    expect(parseEuroCents('5 €')).toBe(500);
    expect(parseEuroCents(formatMoney(123456, 'de'))).toBe(123456);
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      ' ',
      '€',
      '-5',
      '5,555',
      '12,555',
      '1,234.50',
      '1,234',
      '12.34.5',
      'abc',
      '1e3',
      '12,',
      ',5',
      '1.23,45',
    ])
      expect(parseEuroCents(bad), bad).toBeNull();
  });
});

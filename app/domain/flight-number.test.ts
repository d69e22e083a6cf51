import { describe, expect, it } from 'vitest';
import { normalizeFlightNumber } from './flight-number.ts';

describe('normalizeFlightNumber (IATA flight-number format)', () => {
  it('accepts a 2-character designator with at least one letter, or a 3-letter ICAO code, then 1–4 digits', () => {
    for (const [input, expected] of [
      ['LH400', 'LH 400'],
      ['lh 400', 'LH 400'],
      [' LH-400 ', 'LH 400'],
      ['4U9525', '4U 9525'],
      ['U2 1234', 'U2 1234'],
      ['DLH400', 'DLH 400'],
      ['ew 7', 'EW 7'],
      ['BA 123a', 'BA 123A'],
      ['X3 2144 D', 'X3 2144D'],
    ]) {
      expect(normalizeFlightNumber(input), input).toBe(expected);
    }
  });

  it('refuses what is no flight number', () => {
    for (const input of [
      '',
      '   ',
      '12 345', // two digits are no airline designator
      'L 400', // one character
      'LH', // no number
      'LH 12345', // five digits
      'LH 40AB', // two suffix letters
      'D1H 400', // 3-character designators are ICAO letters only
      'ABCD 1',
      'LH.400',
      'LH 400 ✈',
      'x'.repeat(40),
    ]) {
      expect(normalizeFlightNumber(input), input).toBeNull();
    }
  });
});

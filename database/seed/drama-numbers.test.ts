import { describe, expect, it } from 'vitest';
import { DRAMA_NUMBER_BLOCKS, isDramaNumber } from './drama-numbers.ts';

describe('isDramaNumber', () => {
  it('knows the five blocks of the Bundesnetzagentur, from 000 to 999', () => {
    expect(DRAMA_NUMBER_BLOCKS.map((b) => `0${b.areaCode} ${b.prefix}`)).toEqual([
      '030 23125',
      '069 90009',
      '040 66969',
      '0221 4710',
      '089 99998',
    ]);
    for (const b of DRAMA_NUMBER_BLOCKS) {
      expect(isDramaNumber(`+49 ${b.areaCode} ${b.prefix} 000`)).toBe(true);
      expect(isDramaNumber(`+49 ${b.areaCode} ${b.prefix} 999`)).toBe(true);
    }
  });

  it('reads international, national and bracketed spellings', () => {
    for (const phone of [
      '+49 69 90009 500',
      '+4969900095 00',
      '0049 69 90009-500',
      '069 / 90009 500',
      '+49 (0)69 90009 500',
    ]) {
      expect(isDramaNumber(phone), phone).toBe(true);
    }
  });

  it('refuses ordinary numbers, a wrong length and other countries', () => {
    for (const phone of [
      '+49 69 1234 5670',
      '+49 69 90009 50',
      '+49 69 90009 5000',
      '+49 69 90008 500',
      '+43 69 90009 500',
      '69 90009 500',
      '',
    ]) {
      expect(isDramaNumber(phone), phone).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { guessReviewLocale } from './review-locale.ts';

describe('guessReviewLocale', () => {
  it('tells German from English reviews', () => {
    expect(
      guessReviewLocale('Alles hat super geklappt, der Shuttle war pünktlich und das Personal sehr freundlich.'),
    ).toBe('de');
    expect(
      guessReviewLocale('Everything went smoothly, the shuttle was on time and the staff were very friendly.'),
    ).toBe('en');
    expect(guessReviewLocale('Top Service, gerne wieder!')).toBe('de');
    expect(guessReviewLocale('Great value for money, would book again.')).toBe('en');
  });

  it('falls back to German when there is no clue', () => {
    expect(guessReviewLocale('')).toBe('de');
    expect(guessReviewLocale('👍 5/5')).toBe('de');
    expect(guessReviewLocale('Super!')).toBe('de');
  });
});

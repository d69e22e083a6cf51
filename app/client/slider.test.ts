import { describe, expect, it } from 'vitest';
import { clampRating, wrapIndex } from './slider.ts';

describe('wrapIndex', () => {
  it('wraps both ways', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(2, 0)).toBe(0);
    expect(wrapIndex(Number.NaN, 4)).toBe(0);
  });
});

describe('clampRating', () => {
  it('keeps ratings on the 0–5 scale', () => {
    expect(clampRating(4.56, 0, 5)).toBe(4.6);
    expect(clampRating(7, 0, 5)).toBe(5);
    expect(clampRating(-1, 0, 5)).toBe(0);
    expect(clampRating(Number.NaN, 0, 5)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { easeInOutQuad, scrollPositionAt, scrollTarget } from './smooth-scroll.ts';

describe('smooth scroll math', () => {
  it('uses the -68 px default offset', () => {
    expect(scrollTarget(500, 100)).toBe(532);
    expect(scrollTarget(10, 0)).toBe(0);
    expect(scrollTarget(500, 100, 0)).toBe(600);
  });
  it('eases from start to end', () => {
    expect(easeInOutQuad(0)).toBe(0);
    expect(easeInOutQuad(0.5)).toBe(0.5);
    expect(easeInOutQuad(1)).toBe(1);
    expect(easeInOutQuad(2)).toBe(1);
  });
  it('interpolates over the duration', () => {
    expect(scrollPositionAt(0, 1000, 0, 1000)).toBe(0);
    expect(scrollPositionAt(0, 1000, 500, 1000)).toBe(500);
    expect(scrollPositionAt(0, 1000, 1000, 1000)).toBe(1000);
    expect(scrollPositionAt(0, 1000, 10, 0)).toBe(1000);
  });
});

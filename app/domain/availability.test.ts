import { describe, expect, it } from 'vitest';
import { changesWhatOffersShow, FEW_SPACES_LEFT, isSoldOut, remainingSpaces, type DayOccupancy } from './availability';

const dates = ['2026-12-01', '2026-12-02', '2026-12-03'];

describe('remainingSpaces', () => {
  it('is the tariff capacity when nothing is booked', () => {
    expect(remainingSpaces(dates, [], 20)).toBe(20);
  });

  it('is the minimum over the stay', () => {
    const occupancy: DayOccupancy[] = [
      { day: '2026-12-01', booked: 3, capacity: null },
      { day: '2026-12-02', booked: 17, capacity: null },
      { day: '2026-12-03', booked: 5, capacity: null },
    ];
    expect(remainingSpaces(dates, occupancy, 20)).toBe(3);
  });

  it('ignores rows outside the stay', () => {
    const occupancy: DayOccupancy[] = [
      { day: '2026-11-30', booked: 20, capacity: null },
      { day: '2026-12-04', booked: 20, capacity: 0 },
      { day: '2026-12-02', booked: 1, capacity: null },
    ];
    expect(remainingSpaces(dates, occupancy, 20)).toBe(19);
  });

  it('uses per-day capacity overrides, up or down', () => {
    expect(remainingSpaces(dates, [{ day: '2026-12-03', booked: 2, capacity: 5 }], 20)).toBe(3);
    expect(remainingSpaces(['2026-12-03'], [{ day: '2026-12-03', booked: 22, capacity: 30 }], 20)).toBe(8);
  });

  it('treats a capacity override of 0 as closed (not as "unset")', () => {
    expect(remainingSpaces(dates, [{ day: '2026-12-02', booked: 0, capacity: 0 }], 20)).toBe(0);
  });

  it('never goes negative when a day is overbooked', () => {
    expect(remainingSpaces(dates, [{ day: '2026-12-02', booked: 25, capacity: null }], 20)).toBe(0);
    expect(remainingSpaces(dates, [{ day: '2026-12-02', booked: 3, capacity: 1 }], 20)).toBe(0);
    expect(remainingSpaces(dates, [], 0)).toBe(0);
  });

  it('adds up duplicate rows and takes the smaller override', () => {
    const occupancy: DayOccupancy[] = [
      { day: '2026-12-01', booked: 4, capacity: 10 },
      { day: '2026-12-01', booked: 3, capacity: null },
      { day: '2026-12-01', booked: 0, capacity: 8 },
    ];
    expect(remainingSpaces(['2026-12-01'], occupancy, 20)).toBe(1);
  });

  it('throws on an empty stay', () => {
    expect(() => remainingSpaces([], [], 20)).toThrow(RangeError);
  });
});

describe('isSoldOut', () => {
  it('is true only when some day has no free space', () => {
    expect(isSoldOut(dates, [{ day: '2026-12-03', booked: 19, capacity: null }], 20)).toBe(false);
    expect(isSoldOut(dates, [{ day: '2026-12-03', booked: 20, capacity: null }], 20)).toBe(true);
    expect(isSoldOut(dates, [{ day: '2026-12-01', booked: 0, capacity: 0 }], 20)).toBe(true);
    expect(isSoldOut(dates, [], 0)).toBe(true);
    expect(isSoldOut(dates, [], 1)).toBe(false);
  });
});

describe('changesWhatOffersShow', () => {
  it('is true from the threshold down (the count is shown, or sold out), false above it', () => {
    expect(FEW_SPACES_LEFT).toBe(5);
    expect(changesWhatOffersShow(0)).toBe(true);
    expect(changesWhatOffersShow(-2)).toBe(true);
    expect(changesWhatOffersShow(5)).toBe(true);
    // 7 → 6 left: both above the threshold, no offer looks different
    expect(changesWhatOffersShow(6)).toBe(false);
    expect(changesWhatOffersShow(999_999)).toBe(false);
  });
});

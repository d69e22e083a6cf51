import { describe, expect, it } from 'vitest';
import { lotImages } from './lot-images.ts';

describe('lotImages', () => {
  it('shows the car park first, then shuttle, valet and charging as the lot has them', () => {
    expect(
      lotImages({ features: { covered: false, evCharging: false }, categories: ['shuttle'] }).map((i) => i.motif),
    ).toEqual(['open-air', 'shuttle']);
    expect(
      lotImages({ features: { covered: true, evCharging: true }, categories: ['valet', 'terminal'] }).map((i) => i.src),
    ).toEqual(['/images/lots/covered.svg', '/images/lots/valet.svg', '/images/lots/ev-charging.svg']);
    expect(lotImages({ features: { covered: true, evCharging: false }, categories: [] })).toHaveLength(1);
  });
});

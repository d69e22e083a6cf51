import { describe, expect, it } from 'vitest';
import { distinctLots } from './map-lots.ts';

describe('map lots', () => {
  it('lists each lot once, in first-seen order', () => {
    expect(distinctLots([{ id: 2 }, { id: 1 }, { id: 2 }, { id: 3 }, { id: 1 }]).map((l) => l.id)).toEqual([2, 1, 3]);
  });
});

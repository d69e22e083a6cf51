import { describe, expect, it } from 'vitest';
import { currentTiming, serverTimingHeader, withRequestTiming } from './request-timing.server.ts';

describe('request timing scope', () => {
  it('is separate per request, also for requests running at the same time', async () => {
    const work = (queries: number) =>
      withRequestTiming(async (timing) => {
        for (let i = 0; i < queries; i++) {
          await new Promise((r) => setTimeout(r, 1));
          currentTiming()!.queries += 1;
        }
        return timing.queries;
      });
    expect(await Promise.all([work(2), work(5)])).toEqual([2, 5]);
    expect(currentTiming()).toBeUndefined();
  });

  it('formats db (with the query count), render when set, and total', () => {
    withRequestTiming((timing) => {
      timing.dbMs = 3.14159;
      timing.queries = 4;
      expect(serverTimingHeader(timing)).toMatch(/^db;dur=3\.1;desc="4 queries", total;dur=\d+\.\d$/);
      timing.renderMs = 12.25;
      expect(serverTimingHeader(timing)).toMatch(/^db;dur=3\.1;desc="4 queries", render;dur=12\.\d, total;dur=/);
    });
  });
});

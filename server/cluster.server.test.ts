import { describe, expect, it } from 'vitest';
import { MAX_RESTART_DELAY_MS, restartDelayMs, STABLE_UPTIME_MS } from './cluster.server.ts';

describe('restartDelayMs (issue 11: a crashed worker is restarted, a boot crash does not loop hot)', () => {
  it('restarts a worker that had been running at once', () => {
    expect(restartDelayMs(STABLE_UPTIME_MS, 0)).toBe(0);
    expect(restartDelayMs(3_600_000, 0)).toBe(0);
  });

  it('backs off exponentially from 1 s while a worker keeps crashing at start, up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((n) => restartDelayMs(200, n))).toEqual([1000, 2000, 4000, 8000, 16_000]);
    expect(restartDelayMs(200, 6)).toBe(MAX_RESTART_DELAY_MS);
    expect(restartDelayMs(200, 60)).toBe(MAX_RESTART_DELAY_MS);
  });
});

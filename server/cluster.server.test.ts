import { describe, expect, it } from 'vitest';
import { MAX_RESTART_DELAY_MS, restartDelayMs, STABLE_UPTIME_MS, workerExecArgv } from './cluster.server.ts';

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

describe('workerExecArgv (issue 11: a worker starts with a smaller young generation, decision 0021)', () => {
  it("adds the semi-space size to the primary's own node options", () => {
    expect(workerExecArgv(['--enable-source-maps'])).toEqual(['--enable-source-maps', '--max-semi-space-size=8']);
  });

  it('keeps the size an operator gave, in either spelling, and a total heap size', () => {
    expect(workerExecArgv(['--max-semi-space-size=32'])).toEqual(['--max-semi-space-size=32']);
    expect(workerExecArgv(['--max_semi_space_size=4'])).toEqual(['--max_semi_space_size=4']);
    expect(workerExecArgv(['--max-heap-size=512'])).toEqual(['--max-heap-size=512']);
  });
});

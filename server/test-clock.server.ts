/**
 * The test clock of test and staging servers (issue 35 item 2, decision 0054): the app's `now()` moved to a given
 * instant and running on from there, so an end-to-end test can stand after a booking's entry (an extension of a
 * started stay) without waiting days. Only built when `SHOP_TEST_CLOCK=1` (never in production: the setting is
 * refused with real data, `SHOP_SAMPLE_DATA=0`); set and reset through the local admin endpoint
 * (`POST /internal/clock?at=ISO`, `POST /internal/clock/reset`). One per process: with several workers
 * (`WEB_CONCURRENCY` > 1) each has its own, so a test server runs one process.
 */

/** A clock that reads the system's clock shifted by an offset (0 until set). */
export type TestClock = {
  /** the shifted time */
  now: () => Date;
  /** moves the clock so that it reads `at` now (and runs on from there) */
  set: (at: Date) => void;
  /** back to the system's clock */
  reset: () => void;
  /** the current shift, ms (0 when not set) */
  offsetMs: () => number;
};

/**
 * A new {@link TestClock} over `system` (default the real clock).
 * @throws RangeError from `set` for an invalid date.
 */
export function createTestClock(system: () => Date = () => new Date()): TestClock {
  let offset = 0;
  return {
    now: () => new Date(system().getTime() + offset),
    set: (at) => {
      if (Number.isNaN(at.getTime())) throw new RangeError('Invalid date for the test clock');
      offset = at.getTime() - system().getTime();
    },
    reset: () => {
      offset = 0;
    },
    offsetMs: () => offset,
  };
}

/**
 * The application context: one per process, created at start and handed to the API and to React Router
 * loaders (like the Drizzle client in React Router's node-postgres template).
 */
import type { Database } from '#database/client.server.ts';
import type { Env } from './env.server.ts';
import type { Logger } from './logger.server.ts';
import type { SessionStore } from './session.server.ts';
import type { TestClock } from './test-clock.server.ts';

/** Shared services of a running app. `now()` is injectable so tests can fix the clock. */
export type AppContext = {
  db: Database;
  env: Env;
  logger: Logger;
  sessions: SessionStore;
  now: () => Date;
  /** the token of the local admin endpoint (`DATA_DIR/admin-token`, issue 10); unset: the endpoint refuses all */
  adminToken?: string;
  /** the movable clock behind `now()` of a test or staging server (`SHOP_TEST_CLOCK=1`, decision 0054); else unset */
  testClock?: TestClock;
};

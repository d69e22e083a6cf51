import fs from 'node:fs';
import { defineConfig } from 'vitest/config';
import { alias } from './vite.config.ts';

/**
 * The integration files that run a second time on PostgreSQL (project `integration-pg`, when TEST_DATABASE_URL is
 * set): only those whose behaviour depends on the driver (decision 0048). PGlite is PostgreSQL itself compiled to
 * WebAssembly (the same parser, planner and SQL), but one embedded connection: it serialises every transaction, so
 * locks, races and atomic counters are only proven on a real server with many connections; several processes on one
 * database, LISTEN/NOTIFY between connections, the pool and a database that goes away exist only there. Every other
 * file runs once, on PGlite: the same code runs, only against a serial database.
 */
const DRIVER_DEPENDENT = [
  // row locks of the day counters, the last coupon uses and one idempotency key raced by many sessions
  'checkout-concurrency',
  // a capacity change holding the tariff's row while bookings wait for it (its PostgreSQL-only tests)
  'capacity-change-race',
  // a capacity change raced by concurrent bookings (the day rows locked in date order)
  'admin-catalogue',
  // racing changes and bookings of one tariff's days never overbook (locks)
  'reservation-manage',
  // extensions after entry racing for the last spaces of a day never overbook (issue 35 item 2, locks)
  'extension-race',
  // gapless credit-note numbers under racing cancellations (the numbering lock)
  'invoices',
  // several unlocks at once send each waiting notification once
  'airport-unlock',
  // a replayed webhook event delivered twice at once confirms once (unique event rows under concurrency)
  'online-payment',
  // cache events (LISTEN/NOTIFY) reaching another connection, as another process
  'page-cache',
  // the mail outbox: a row claimed by one worker (FOR UPDATE SKIP LOCKED) is not picked by another, the lease
  'mail',
  // the rate-limit store: concurrent hits counted exactly once each (one atomic upsert)
  'rate-limits',
  // the sign-in brake: parallel wrong passwords over two app instances, each reserved atomically
  'auth',
  // the guest lookup's brakes: parallel attempts of one session, one IP, one reference counted atomically
  'guest-lookup',
  // the back office's TOTP: two parallel posts of one code (one passes), 50 parallel wrong codes (10 checked)
  'staff-auth',
  // the handover record (issue 36): the check-in's conditional update, the record's unique row and the photos' rows
  // in one transaction; the issue asks both drivers of the integration tests
  'handover',
  // two server processes on one database, migrations and seed once under the advisory lock (PostgreSQL only)
  'cluster',
  'faults-booking',
  // the server started before its database answers (PostgreSQL only)
  'faults-start-without-database',
  // a killed mail worker's claimed batch resent once after a restart (the lease on the outbox rows)
  'faults-mail-crash',
  // SIGTERM with a booking in flight: the pool closes only after the last answer
  'faults-shutdown',
  // the price watch (issue 37 item 2): one mail a day per watch claimed by a guarded update; the issue asks both drivers
  'price-watch',
  // every euro settled over random sequences of pay, decline, change and cancel (issue 33: PGlite and PostgreSQL)
  'settlement-property',
  // the price calendar (issue 37 item 1): its cache dropped by the back office's and a booking's cache events, the
  // occupancy of 84 dates in one query; the issue asks both drivers of the integration tests
  'price-calendar',
].map((name) => `tests/integration/${name}.test.ts`);
// A renamed or removed file must not silently drop out of the PostgreSQL run.
for (const file of DRIVER_DEPENDENT) {
  if (!fs.existsSync(file)) throw new Error(`vitest.config.ts DRIVER_DEPENDENT: ${file} does not exist`);
}

/**
 * One pool for all projects (decision 0050): unit, PGlite and PostgreSQL files share three worker processes, so the
 * PostgreSQL files' waits (locks, leases, restarted servers) overlap with the other files' work instead of running
 * after them. Each worker keeps its modules loaded between files (`isolate: false`); every file builds its own app
 * and database (tests/integration/harness.ts).
 */
const WORKERS = 3;

export default defineConfig({
  resolve: { alias },
  test: {
    // `npm run coverage`: the lines (statements, branches, functions) of the shop's source files, as a summary on the
    // terminal and in coverage/coverage-summary.json. Not the production bundle the page tests load (`build/`, whose
    // `build/server/` the pattern `server/**` would otherwise take in), not the tests, not the SQL migrations.
    coverage: {
      provider: 'v8',
      include: ['app/**', 'server/**', 'database/**'],
      exclude: ['build/**', '**/*.test.*', '**/*.sql', '**/*.css'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
      reportOnFailure: true,
    },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          // The PDF tests render pages with pdftoppm and decode their QR codes: 5-10 s on a slow or busy host of
          // this machine type (seen 2026-11-28), over vitest's 5 s default. A limit, not a speed goal (those live in
          // `npm run bench`).
          testTimeout: 30_000,
          maxWorkers: WORKERS,
          isolate: false,
          include: [
            'app/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'database/**/*.test.ts',
            'tests/lint/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          sequence: { groupOrder: 0 },
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: WORKERS,
          isolate: false,
          env: { TEST_DRIVER: 'pglite' },
          // The production build is loaded by Node itself, not transformed again (tests/integration/pages-app.ts).
          server: { deps: { external: [/\/build\/server\//] } },
        },
      },
      // The driver-dependent integration files against PostgreSQL, when one is configured (concurrency is only real
      // there).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                name: 'integration-pg',
                sequence: { groupOrder: 0 },
                include: DRIVER_DEPENDENT,
                environment: 'node',
                globalSetup: ['tests/integration/global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
                pool: 'forks' as const,
                maxWorkers: WORKERS,
                isolate: false,
                env: { TEST_DRIVER: 'postgres' },
                server: { deps: { external: [/\/build\/server\//] } },
              },
            },
          ]
        : []),
    ],
  },
});

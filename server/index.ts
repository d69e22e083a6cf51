/**
 * The server entry bundled by Vite (`build/server/index.js`): opens the database (PGlite in `DATA_DIR`, or
 * PostgreSQL from `DATABASE_URL`), migrates, seeds an empty database and returns the Express app with the
 * React Router page handler. `server.js` at the project root listens on `HOST:PORT`.
 */
import path from 'node:path';
import type { RequestHandler } from 'express';
import type { ServerBuild } from 'react-router';
import { openDatabase, type DatabaseHandle } from '#database/client.server.ts';
import { seedIfEmpty } from '#database/seed/index.ts';
import { catalogueChanged, listenForCacheEvents } from '~/services/cache-events.server.ts';
import { purgeIdempotencyKeys } from '~/services/checkout/idempotency.server.ts';
import { delegateMailDelivery, kickMailDelivery, startMailWorker } from '~/services/mail/mail.server.ts';
import { newsletterWorkSettled } from '~/services/subscriptions/newsletter.server.ts';
import { expireHolds } from '~/services/payments/online-payment.server.ts';
import { reconcilePayments } from '~/services/payments/reconciliation.server.ts';
import { trackReturnFlights } from '~/services/flights/flight-delay.server.ts';
import { runPriceWatchJob } from '~/services/subscriptions/price-watch.server.ts';
import { createBaseApp } from './app.server.ts';
import type { AppContext } from './context.server.ts';
import { loadEnv, type Env } from './env.server.ts';
import { createLogger, type Logger } from './logger.server.ts';
import { purgeRateLimits } from '~/services/rate-limit-store.server.ts';
import { purgeStaffSessions } from '~/services/backoffice/staff-session.server.ts';
import { purgeHandoverPhotos } from '~/services/backoffice/handover-records.server.ts';
import { offerSetupLink } from '~/services/backoffice/staff-auth.server.ts';
import { retryWhileUnavailable } from './database-availability.server.ts';
import { createPageHandler } from './pages.server.ts';
import { createStartingApp } from './starting-app.server.ts';
import { SessionStore } from './session.server.ts';
import { removeAdminToken, writeAdminToken } from './internal.ts';
import { createTestClock } from './test-clock.server.ts';

// `npm run airport` opens the database through this bundle when no server runs (scripts/airport.js).
export { runAirportCommand } from './airport-command.server.ts';
// `npm run staff` invites a back-office member through this bundle (scripts/staff.js, issue 15).
export { runStaffCommand } from './staff-command.server.ts';
import { ekomiConfigured, startRatingsImport } from '~/services/ratings/ratings-import.server.ts';
import { pushChangedPasses } from '~/services/wallet/apple-web-service.server.ts';
import { appleWalletSettings } from '~/services/wallet/wallet-pass.server.ts';

/** How often the jobs process releases expired online payment holds (issue 13). */
const HOLD_EXPIRY_INTERVAL_MS = 60_000;
/** How often the jobs process reconciles the provider's payments with the shop's books (issue 33 item 6): daily. */
const RECONCILIATION_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How often the jobs process runs the flight status job (each flight has its own interval; issue 35 item 1). */
const FLIGHT_JOB_INTERVAL_MS = 5 * 60 * 1000;
/** How often the jobs process checks the price watches (issue 37 item 2): daily (and after each price list change). */
const PRICE_WATCH_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How often the jobs process pushes changed wallet passes to their devices (decision 0055). */
const WALLET_PUSH_INTERVAL_MS = 60_000;

/** `npm run ratings:import` (scripts/ratings-import.js runs it from this bundle). */
export { runRatingsImportCommand } from './ratings-import-command.server.ts';

/** `server.js` in production: the process's role under `WEB_CONCURRENCY` and the cluster supervisor (issue 11). */
export { clusterRole, runClusterPrimary } from './cluster.server.ts';

/** `server.js`: the answer to `CONNECT`, which never reaches the app (issue 31 item 4). */
export { refuseConnect } from './app.server.ts';

/** The integration tests that need pages run them from this bundle (tests/integration/pages-app.ts, decision 0048). */
export * as testHooks from './test-hooks.server.ts';

/**
 * What `server.js` serves from the moment it listens until {@link startApp} has the database ready (issue 31 item
 * 10): `/healthz` 200, everything else 503 (see `createStartingApp`), logged with a logger of `env.LOG_LEVEL`.
 */
export function createStartingServer(env: Env): { app: ReturnType<typeof createStartingApp>; logger: Logger } {
  const logger = createLogger(env.LOG_LEVEL);
  return { app: createStartingApp(env, logger), logger };
}

/** A started application: the Express app, its context and a way to shut it down. */
export type StartedApp = { app: ReturnType<typeof createBaseApp>; ctx: AppContext; close: () => Promise<void> };

/**
 * Opens and prepares the database and builds the app. `build` loads the React Router server build
 * (in development, through Vite's `ssrLoadModule`). Throws on an invalid environment or a failed migration.
 */
export async function startApp(
  options: {
    env?: Env;
    build?: () => Promise<ServerBuild>;
    staticDir?: string;
    devMiddleware?: RequestHandler;
    /**
     * A cluster worker (issue 11, decision 0018): the admin token its primary wrote to `DATA_DIR/admin-token` (the
     * worker then neither writes nor removes the file) and whether it is the jobs process, which delivers mail
     * and runs the scheduled jobs (hourly purge, ratings import) while the web workers only announce queued mail
     * (`announceMail`). A single process owns its token file and does everything itself.
     */
    worker?: {
      adminToken?: string;
      jobs: boolean;
      announceMail: () => void;
      onMailAnnounced: (fn: () => void) => void;
    };
  } = {},
): Promise<StartedApp> {
  const env = options.env ?? loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  // Before the database opens: `npm run airport` sees a live process holding the data directory (issue 10).
  let adminToken: string | undefined = options.worker?.adminToken;
  const ownsAdminToken = !options.worker;
  if (ownsAdminToken) {
    try {
      adminToken = writeAdminToken(env.DATA_DIR, { port: env.PORT, host: env.HOST });
    } catch (err) {
      logger.warn({ err }, 'cannot write DATA_DIR/admin-token: `npm run airport` cannot ask this server');
    }
  }
  const scheduledJobs = options.worker?.jobs ?? true;
  const handle: DatabaseHandle = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR, 'pglite'),
    poolSize: env.DATABASE_POOL_SIZE,
    onIdleError: (err) => logger.warn({ err }, 'idle database connection failed'),
  });
  // One process at a time (several workers, several hosts): the first migrates and seeds, the rest find it done.
  // A database that is not up yet (both started together, a restart) is waited for, not a reason to exit.
  await retryWhileUnavailable(logger, async () => {
    await handle.exclusive(async () => {
      await handle.migrate();
      // Demo reviews only while no review provider is configured (decision 0014).
      if (await seedIfEmpty(handle.db, { demoReviews: !ekomiConfigured(env) })) logger.info('seeded an empty database');
    });
    // Migrations and the seed change the catalogue: processes already serving drop their caches (issue 11).
    await catalogueChanged(handle.db);
  });

  // Test and staging servers only (SHOP_TEST_CLOCK=1): a clock the admin endpoint can move (decision 0054).
  const testClock = env.SHOP_TEST_CLOCK ? createTestClock() : undefined;
  const ctx: AppContext = {
    db: handle.db,
    env,
    logger,
    sessions: new SessionStore({ db: handle.db, secret: env.SESSION_SECRET, secure: env.COOKIE_SECURE }),
    now: testClock ? testClock.now : () => new Date(),
    adminToken,
    ...(testClock ? { testClock } : {}),
  };

  // While no staff exists, a one-time setup link for the first admin (issue 15): logged and written to
  // DATA_DIR/admin-setup-url. One process does it (the single one, or the cluster's jobs process).
  if (scheduledJobs) {
    await offerSetupLink(ctx, { dataDir: env.DATA_DIR, origin: env.PUBLIC_URL }).catch((err: unknown) =>
      logger.error({ err }, 'could not offer the back-office setup link'),
    );
  }

  const build = options.build ?? (() => import('virtual:react-router/server-build') as Promise<ServerBuild>);
  const { handler: pages } = await createPageHandler(ctx, {
    build,
    pageCacheSeconds: env.PAGE_CACHE_SECONDS ?? (env.NODE_ENV === 'development' ? 0 : 5),
  });
  // Cache events of the other processes on this database (issue 11): catalogue and availability changes.
  const stopCacheEvents = await listenForCacheEvents(handle).catch((err: unknown) => {
    logger.warn({ err }, 'cannot LISTEN for cache events: other processes’ changes reach this one’s caches late');
    return async () => {};
  });

  const app = createBaseApp(ctx, { pages, staticDir: options.staticDir, devMiddleware: options.devMiddleware });
  // Hourly housekeeping: expired sessions and idempotency keys past their replay window, handover photos past their
  // retention. In a cluster only one
  // worker runs it (the deletes would be safe twice, but are work for nothing; decision 0018).
  const purge = scheduledJobs
    ? setInterval(
        () => {
          ctx.sessions.purgeExpired().catch((err) => logger.warn({ err }, 'session purge failed'));
          purgeIdempotencyKeys(ctx.db).catch((err) => logger.warn({ err }, 'idempotency purge failed'));
          purgeRateLimits(ctx.db).catch((err) => logger.warn({ err }, 'rate-limit purge failed'));
          purgeStaffSessions(ctx.db, ctx.now()).catch((err) => logger.warn({ err }, 'staff session purge failed'));
          // handover photos 90 days after the exit, unless a dispute is open (issue 36 item 2)
          purgeHandoverPhotos(ctx).catch((err) => logger.warn({ err }, 'handover photo purge failed'));
        },
        60 * 60 * 1000,
      )
    : undefined;
  purge?.unref();
  // Online payment holds (issue 13): unpaid `pending_payment` reservations are released once their 30 minutes are
  // over, checked every minute by the jobs process (FOR UPDATE SKIP LOCKED: a second runner would skip, not wait).
  const holdExpiry = scheduledJobs
    ? setInterval(() => {
        expireHolds(ctx).catch((err) => logger.warn({ err }, 'payment hold expiry failed'));
      }, HOLD_EXPIRY_INTERVAL_MS)
    : undefined;
  holdExpiry?.unref();
  // Payment reconciliation (issue 33 item 6): once a day the jobs process compares the provider's last 30 days with
  // the shop's books and logs every mismatch; the back office's "Zahlungsabgleich" shows them on demand.
  const reconciliation = scheduledJobs
    ? setInterval(() => {
        reconcilePayments(ctx)
          .then(({ mismatches }) => {
            if (mismatches.length > 0) logger.warn({ mismatches }, 'payment reconciliation found mismatches');
          })
          .catch((err) => logger.warn({ err }, 'payment reconciliation failed'));
      }, RECONCILIATION_INTERVAL_MS)
    : undefined;
  reconciliation?.unref();
  // Flight-delay cover (issue 35 item 1): every few minutes the jobs process looks up the return flights whose lookup
  // is due (each flight at most every FLIGHT_STATUS_INTERVAL_MINUTES, from 24 h before the booked exit until it lands).
  const flightTracking = scheduledJobs
    ? setInterval(() => {
        trackReturnFlights(ctx).catch((err) => logger.warn({ err }, 'flight status job failed'));
      }, FLIGHT_JOB_INTERVAL_MS)
    : undefined;
  flightTracking?.unref();
  // Price watches (issue 37 item 2): once a day the jobs process prices every confirmed watch, mails the drops and
  // deletes the watches that ended; a price list change in the back office runs it for its airport at once.
  const priceWatch = scheduledJobs
    ? setInterval(() => {
        runPriceWatchJob(ctx).catch((err) => logger.warn({ err }, 'price watch job failed'));
      }, PRICE_WATCH_INTERVAL_MS)
    : undefined;
  priceWatch?.unref();
  // …and once a minute after the start, so a process restarted more often than daily still checks every day (the
  // claim keeps it to one mail a day per watch however often the job runs).
  const priceWatchAtStart = scheduledJobs
    ? setTimeout(() => {
        runPriceWatchJob(ctx).catch((err) => logger.warn({ err }, 'price watch job failed'));
      }, 60_000)
    : undefined;
  priceWatchAtStart?.unref();
  // Apple Wallet (issue 35 item 3, decision 0055): every minute the jobs process tells the devices registered for a
  // pass that changed (through the push port: logged while no APNs client is configured).
  const walletPush =
    scheduledJobs && appleWalletSettings(env)
      ? setInterval(() => {
          pushChangedPasses(ctx).catch((err) => logger.warn({ err }, 'wallet pass push failed'));
        }, WALLET_PUSH_INTERVAL_MS)
      : undefined;
  walletPush?.unref();
  // Mail worker (issue 3): delivers the outbox every 30 s and right after a confirmation is queued. In a cluster
  // the jobs process runs it (rendering a confirmation's PDFs would hold up a web worker's requests); the web
  // workers announce queued mail to it. The claim (FOR UPDATE SKIP LOCKED) keeps each mail to one sender anyway.
  const worker = options.worker;
  let stopMailWorker: () => void | Promise<void>;
  let closing = false;
  if (!worker || worker.jobs) {
    stopMailWorker = startMailWorker(ctx);
    // A notice arriving while closing (from a web worker's last requests) must not start a run on the closing pool.
    worker?.onMailAnnounced(() => {
      if (!closing) kickMailDelivery(ctx);
    });
  } else {
    stopMailWorker = delegateMailDelivery(worker.announceMail);
  }
  // Reviews from eKomi, when configured: a minute after start, then every EKOMI_IMPORT_INTERVAL_MINUTES (one
  // worker: N imports per turn would ask the provider N times for the same reviews).
  const stopRatingsImport = scheduledJobs ? startRatingsImport(ctx) : () => {};
  return {
    app,
    ctx,
    close: async () => {
      closing = true;
      clearInterval(purge);
      clearInterval(holdExpiry);
      clearInterval(reconciliation);
      clearInterval(flightTracking);
      clearInterval(priceWatch);
      clearTimeout(priceWatchAtStart);
      clearInterval(walletPush);
      await stopMailWorker();
      await newsletterWorkSettled();
      stopRatingsImport();
      await stopCacheEvents();
      await handle.close();
      if (adminToken && ownsAdminToken) removeAdminToken(env.DATA_DIR, adminToken);
    },
  };
}

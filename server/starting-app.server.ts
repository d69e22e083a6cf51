/**
 * What the shop answers before its database is ready (issue 31 item 10): `server.js` listens at once with this app
 * and hands the port to the real one when the database has answered and the migrations have run. An orchestrator
 * probing `/healthz` while the database is still down (both started together, a database restart) sees a live
 * process instead of a refused connection, and no longer restarts it in a loop.
 *
 * The answers are those of a running shop whose database is down (issue 14 item 5, `error-page.server.ts`,
 * `api/index.ts`): 503 with `Retry-After`, JSON under `/api` (and `/internal`, which `npm run airport` reads), the
 * shop's own page otherwise; `/readyz` 503, `/healthz` 200. This applies to both drivers: PostgreSQL may not be up
 * yet (the process waits for it, `retryWhileUnavailable`); PGlite is embedded and always "reachable", its window is
 * only the opening of its data directory and the migrations.
 */
import crypto from 'node:crypto';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from './database-availability.server.ts';
import type { Env } from './env.server.ts';
import { pageErrorHandler } from './error-page.server.ts';
import type { Logger } from './logger.server.ts';

/**
 * PostgreSQL's SQLSTATE `cannot_connect_now` ("the database system is starting up", Appendix A): carried by the
 * error the starting app hands to the page error handler, which `isDatabaseUnavailable` reads as "unavailable".
 */
const NOT_READY_STATE = '57P03';

/** Paths answered with JSON, as their routers do once the shop runs. */
const JSON_PATHS = /^\/(api|internal)(\/|$)/;

/**
 * The app that holds the port while the shop starts: `/healthz` 200 `{status: 'ok'}` (the process is alive),
 * `/readyz` 503 `{status: 'unavailable'}`, under `/api` and `/internal` 503 JSON `{message}` in the `App-Language`
 * (German by default), every other path the shop's own 503 page in the path's language (German, English under
 * `/en`); each 503 with `Retry-After` ({@link DATABASE_RETRY_AFTER_SECONDS}) and `Cache-Control: no-store`. The same
 * security headers as the shop's (helmet), with a CSP that allows only the page's own nonce'd style.
 *
 * @param env - the validated environment (`SHOP_NAME` for the page, `COOKIE_SECURE` for HSTS).
 * @param logger - where each 503 page is logged (warn, as the running shop logs a database outage).
 * Source: issue 31 item 10.
 */
export function createStartingApp(env: Env, logger: Logger): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString('base64');
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'none'"],
          styleSrc: [(_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          frameAncestors: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: env.COOKIE_SECURE ? undefined : false,
    }),
  );
  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  app.use((req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    if (req.path === '/readyz') {
      res.status(503).json({ status: 'unavailable' });
      return;
    }
    if (JSON_PATHS.test(req.path)) {
      const t = translator(toLocale(req.get('App-Language')));
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      res.status(503).json({ message: t('api.error.unavailable') });
      return;
    }
    next(Object.assign(new Error('the shop is starting: the database is not ready yet'), { code: NOT_READY_STATE }));
  });
  app.use(pageErrorHandler({ env, logger }));
  return app;
}

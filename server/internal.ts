/**
 * The local admin endpoint of `npm run airport -- lock|unlock <slug>` (issue 10): `POST /internal/airports/:slug/
 * lock` and `…/unlock`; `GET /internal/process` answers `{pid}` of the process that served it (issue 11);
 * `POST /internal/payment-holds/expire[?at=ISO]` runs the online payment hold expiry (issue 13);
 * `POST /internal/reservations/:reference/check-out[?at=ISO]` records a departure the barrier reports (issue 33);
 * `POST /internal/clock?at=ISO` / `POST /internal/clock/reset` move and reset the app's clock on a test or staging server
 * (`SHOP_TEST_CLOCK=1`, decision 0054; 404 otherwise). PGlite
 * is one process, so while the shop runs on it the command cannot open the database itself and asks the running
 * server instead.
 *
 * Not a browser endpoint (outside `/api`: no session, no CSRF) and not reachable from outside:
 * - only from the loopback interface (the socket's peer address; `X-Forwarded-For` and friends are not trusted,
 *   and a request that carries them came through a proxy, so it is refused too);
 * - only with the token the server writes at start to `DATA_DIR/admin-token` (mode 0600, 32 random bytes),
 *   sent as `Authorization: Bearer <token>` and compared in constant time.
 * A request from elsewhere falls through to the ordinary 404; a wrong or missing token gets 401.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { recordBarrierExit } from '~/services/backoffice/admin-checkin.server.ts';
import { setAirportStatus } from '~/services/catalogue/airport-status.server.ts';
import { expireHolds } from '~/services/payments/online-payment.server.ts';
import { RequestError } from '~/services/request-error.server.ts';
import type { AppContext } from './context.server.ts';

/** What the server writes to `DATA_DIR/admin-token` (JSON) for the command line. */
type AdminTokenFile = { token: string; pid: number; port: number; host: string };

/** The token file's path in a data directory. */
export function adminTokenPath(dataDir: string): string {
  return path.resolve(dataDir, 'admin-token');
}

/**
 * Creates a new random admin token (32 bytes, base64url) and writes it with this process's id and the address
 * it will listen on to `DATA_DIR/admin-token`, readable by the owner only (0600; an older file is replaced, not
 * rewritten, so its mode cannot leak). Call it before opening the database: a command that finds the file and a
 * live process knows the database is taken.
 * @returns the token.
 */
export function writeAdminToken(dataDir: string, listen: { port: number; host: string }): string {
  const token = crypto.randomBytes(32).toString('base64url');
  const file = adminTokenPath(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const content: AdminTokenFile = { token, pid: process.pid, port: listen.port, host: listen.host };
  const temp = `${file}.${process.pid}.tmp`;
  fs.rmSync(temp, { force: true });
  fs.writeFileSync(temp, JSON.stringify(content) + '\n', { mode: 0o600, flag: 'wx' });
  fs.renameSync(temp, file);
  return token;
}

/** Removes the token file at shutdown, unless another process has written its own since. */
export function removeAdminToken(dataDir: string, token: string): void {
  const file = adminTokenPath(dataDir);
  try {
    const content = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<AdminTokenFile>;
    if (content.token === token) fs.rmSync(file, { force: true });
  } catch {
    // already gone or unreadable: nothing of ours to remove
  }
}

/** True for an address of the loopback interface: 127.0.0.0/8, `::1`, or IPv4-mapped `::ffff:127.x.y.z`. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return /^127(?:\.\d{1,3}){3}$/.test(v4) || address === '::1';
}

/** Compares a presented token with the expected one in constant time (SHA-256 digests of equal length). */
export function adminTokenMatches(expected: string | undefined, presented: string | undefined): boolean {
  if (!expected || !presented) return false;
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(expected), digest(presented));
}

/** A request that passed through a proxy says so; the endpoint serves direct local connections only. */
function cameThroughProxy(req: Request): boolean {
  return ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'].some((h) => req.headers[h] !== undefined);
}

/**
 * The context with its clock at `?at=<ISO instant>` when given (else unchanged); null after answering 400 for an
 * instant that does not parse.
 */
function clockAt(ctx: AppContext, req: Request, res: Response): AppContext | null {
  const at = typeof req.query.at === 'string' ? new Date(req.query.at) : null;
  if (at && Number.isNaN(at.getTime())) {
    res.status(400).json({ message: 'at must be an ISO instant' });
    return null;
  }
  return at ? { ...ctx, now: () => at } : ctx;
}

/** The `/internal` router (mount it outside `/api`, before the pages). */
export function internalRouter(ctx: AppContext): Router {
  const router = Router();
  router.use((req, res, next) => {
    if (!isLoopbackAddress(req.socket.remoteAddress) || cameThroughProxy(req)) {
      next('router'); // the ordinary 404 of an unknown path
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    const bearer = /^Bearer (\S+)$/.exec(req.get('Authorization') ?? '')?.[1];
    if (!adminTokenMatches(ctx.adminToken, bearer)) {
      res.status(401).json({ message: 'Admin token missing or wrong (see DATA_DIR/admin-token).' });
      return;
    }
    next();
  });
  // Which process answered (its id): lets an operator or a test see that every cluster worker serves
  // (issue 11, WEB_CONCURRENCY); behind the same loopback and token checks as everything here.
  router.get('/process', (_req, res) => {
    res.json({ pid: process.pid });
  });
  router.post('/airports/:slug/:action', (req, res, next) => {
    const action = req.params.action;
    if (action !== 'lock' && action !== 'unlock') {
      res.status(404).json({ message: `Unknown action "${action}": use lock or unlock.` });
      return;
    }
    setAirportStatus(ctx, { slug: req.params.slug, status: action === 'unlock' ? 'active' : 'locked' })
      .then((change) => {
        if (!change) {
          res.status(404).json({ error: 'unknown_airport', message: `Unknown airport "${req.params.slug}".` });
          return;
        }
        ctx.logger.info({ ...change }, `airport ${action}ed through the admin endpoint`);
        res.json(change);
      })
      .catch(next);
  });
  // Runs the expiry job of online payment holds now, or as at `?at=<ISO instant>` (issue 13: an operator clears
  // holds at once; end-to-end tests move the job's clock past a hold without waiting 30 minutes).
  router.post('/payment-holds/expire', (req, res, next) => {
    const clocked = clockAt(ctx, req, res);
    if (!clocked) return;
    expireHolds(clocked)
      .then((released) => res.json({ released }))
      .catch(next);
  });
  // Records a departure the car park's barrier system reports, now or as at `?at=<ISO instant>` (issue 33 item 4:
  // an overstay is billed as at a staff check-out; end-to-end tests move the clock past a booked exit instead of
  // waiting days). 404 for an unknown reference, 409 when the car is not in (or already out).
  router.post('/reservations/:reference/check-out', (req, res, next) => {
    const clocked = clockAt(ctx, req, res);
    if (!clocked) return;
    recordBarrierExit(clocked, { reference: req.params.reference })
      .then((invoiceNumber) => res.json({ invoiceNumber }))
      .catch((error: unknown) => {
        if (error instanceof RequestError) res.status(error.status).json({ message: error.messageKey });
        else next(error);
      });
  });
  // The test clock of test and staging servers (SHOP_TEST_CLOCK=1, decision 0054): `POST /clock?at=<ISO instant>`
  // moves the app's now() there (it runs on from it), `POST /clock/reset` resets it (the shop serves GET, HEAD and POST only); end-to-end tests stand after a
  // booking's entry without waiting days. Off (production): 404, as if the path did not exist.
  router.post('/clock', (req, res) => {
    if (!ctx.testClock) {
      res.status(404).json({ message: 'The test clock is off (SHOP_TEST_CLOCK).' });
      return;
    }
    const at = typeof req.query.at === 'string' ? new Date(req.query.at) : null;
    if (!at || Number.isNaN(at.getTime())) {
      res.status(400).json({ message: 'at must be an ISO instant' });
      return;
    }
    ctx.testClock.set(at);
    ctx.logger.warn({ at: at.toISOString() }, 'test clock moved');
    res.json({ now: ctx.testClock.now().toISOString(), offsetMs: ctx.testClock.offsetMs() });
  });
  router.post('/clock/reset', (_req, res) => {
    if (!ctx.testClock) {
      res.status(404).json({ message: 'The test clock is off (SHOP_TEST_CLOCK).' });
      return;
    }
    ctx.testClock.reset();
    res.json({ now: ctx.testClock.now().toISOString(), offsetMs: 0 });
  });
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    ctx.logger.error({ err: error }, 'admin endpoint failed');
    res.status(500).json({ message: error instanceof Error ? error.message : String(error) });
  });
  return router;
}

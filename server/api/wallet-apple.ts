/**
 * Apple's pass web service under `/api/wallet/apple/v1/…` (issue 35 item 3, decision 0055; PassKit web service
 * reference). Mounted before the `/api` router: Wallet sends neither `X-Requested-With`, a session nor a CSRF token —
 * the pass's `Authorization: ApplePass <token>` decides. Answers as the reference says (201/200/204/304/401, JSON
 * bodies, the pass itself); `no-store`, a rate limit per client address. Only wiring: the rules are in
 * `app/services/wallet/apple-web-service.server.ts`.
 */
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import {
  latestPass,
  registerDevice,
  unregisterDevice,
  updatedSerials,
} from '~/services/wallet/apple-web-service.server.ts';
import { DatabaseRateLimitStore } from '~/services/rate-limit-store.server.ts';
import type { AppContext } from '../context.server.ts';
import { unreadableBodyError } from './http.server.ts';
import { apiRateLimit } from './rate-limit.server.ts';

/** The web service's router; mount it at `/api/wallet/apple` before the `/api` router. */
export function appleWalletRouter(ctx: AppContext): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // A device asks a few times per pass and change; far more from one address is not Wallet.
  router.use(apiRateLimit({ limit: 600, windowMs: 60_000, store: new DatabaseRateLimitStore(ctx.db, 'wallet-apple') }));
  router.use(express.json({ limit: '16kb', type: () => true }));

  const passOf = (req: Request) => ({
    passTypeIdentifier: String(req.params.passTypeIdentifier),
    serialNumber: String(req.params.serialNumber),
    authorization: req.get('Authorization'),
  });
  const registration = '/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber';

  router.post(registration, (req, res, next) => {
    const body = (req.body ?? {}) as { pushToken?: unknown };
    registerDevice(ctx, {
      ...passOf(req),
      deviceLibraryIdentifier: String(req.params.deviceLibraryIdentifier),
      pushToken: body.pushToken,
    })
      .then((status) => res.status(status).end())
      .catch(next);
  });

  router.delete(registration, (req, res, next) => {
    unregisterDevice(ctx, { ...passOf(req), deviceLibraryIdentifier: String(req.params.deviceLibraryIdentifier) })
      .then((status) => res.status(status).end())
      .catch(next);
  });

  router.get('/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier', (req, res, next) => {
    const since = req.query.passesUpdatedSince;
    updatedSerials(ctx, {
      deviceLibraryIdentifier: String(req.params.deviceLibraryIdentifier),
      passTypeIdentifier: String(req.params.passTypeIdentifier),
      passesUpdatedSince: typeof since === 'string' ? since : undefined,
    })
      .then((answer) => (answer.status === 200 ? res.status(200).json(answer.body) : res.status(204).end()))
      .catch(next);
  });

  router.get('/v1/passes/:passTypeIdentifier/:serialNumber', (req, res, next) => {
    latestPass(ctx, { ...passOf(req), ifModifiedSince: req.get('If-Modified-Since') })
      .then((answer) => {
        if (answer.status !== 200) {
          res.status(answer.status).end();
          return;
        }
        res
          .status(200)
          .set({
            'Content-Type': answer.file.contentType,
            'Last-Modified': answer.file.lastModified.toUTCString(),
            'X-Content-Type-Options': 'nosniff',
          })
          .send(answer.file.body);
      })
      .catch(next);
  });

  // Wallet reports its problems with our passes here; they are ours to read in the log.
  router.post('/v1/log', (req, res) => {
    const logs = (req.body as { logs?: unknown } | undefined)?.logs;
    const lines = Array.isArray(logs) ? logs.filter((l) => typeof l === 'string').slice(0, 50) : [];
    ctx.logger.warn({ walletLogs: lines.map((l: string) => l.slice(0, 500)) }, 'Apple Wallet reported problems');
    res.status(200).end();
  });

  router.use((_req, res) => {
    res.status(404).end();
  });
  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const unreadable = unreadableBodyError(error, (key) => key);
    if (unreadable) {
      res.status(unreadable.status).end();
      return;
    }
    ctx.logger.error({ err: error, path: req.path }, 'wallet web service error');
    res.status(500).end();
  });
  return router;
}

/**
 * Rate limits of the JSON API (express-rate-limit). Refusals go through the API's JSON error handler as
 * 429 `{message}` with `Retry-After` (DESIGN §5). Counters live in the database (`DatabaseRateLimitStore`,
 * DESIGN §1) so every app process sees the same count; without a store (unit tests of a single router) they
 * live in this process's memory.
 */
import type { NextFunction, Request, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import type { RateLimitHit } from '~/services/rate-limit-store.server.ts';
import { apiLocals, HttpError } from './http.server.ts';

/** A limit: at most `limit` requests per client IP in `windowMs` milliseconds, counted in `store`. */
export type RateLimitOptions = { limit: number; windowMs: number; store?: Store };

/** Express middleware enforcing `options` per client IP. */
export function apiRateLimit(options: RateLimitOptions) {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    store: options.store,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler: (_req, res, next, opts) => {
      const t = apiLocals(res).t;
      const retryAfter = String(Math.ceil(opts.windowMs / 1000));
      next(
        new HttpError(429, t ? t('api.error.rate_limited') : 'Too many requests', undefined, {
          'Retry-After': retryAfter,
        }),
      );
    },
  });
}

/** A limit counted by the API's session read itself (decision 0035): the counter family, the limit and its window. */
export type CountedLimit = { name: string; limit: number; windowMs: number };

/**
 * The API paths whose limit is counted with the session read (decision 0035), by their first path segment:
 * `/checkout*` (cart, validation, booking) and `/reservations*` (changes and cancellations, issue 12), 120 per minute
 * and client IP (decision 0007).
 */
const COUNTED_LIMITS: Record<string, CountedLimit> = {
  checkout: { name: 'checkout', limit: 120, windowMs: 60_000 },
  reservations: { name: 'reservations', limit: 120, windowMs: 60_000 },
};

/**
 * The counted limit of an API path (relative to `/api`), or undefined when none applies. Case-insensitive, as
 * Express routes are: `/api/Checkout/cart` reaches the cart and must count like it.
 */
export function countedLimitOf(path: string): CountedLimit | undefined {
  const segment = /^\/([a-z-]+)(?:\/|$)/i.exec(path)?.[1]?.toLowerCase();
  return segment && Object.hasOwn(COUNTED_LIMITS, segment) ? COUNTED_LIMITS[segment] : undefined;
}

/**
 * The counter key of a request under `limit`: the family and the client IP as express-rate-limit keys it (an IPv6
 * address by its /56 network), so the counters keep the keys they had under `apiRateLimit`.
 */
export function countedLimitKey(limit: CountedLimit, req: Request): string {
  return `${limit.name}:${ipKeyGenerator(req.ip ?? '')}`;
}

/**
 * Enforces the counted limit of the request's path with the hit the session read counted (`res.locals.countedHit`,
 * decision 0035): the IETF draft-7 `RateLimit` and `RateLimit-Policy` headers, as `apiRateLimit` sends them, and
 * above the limit 429 JSON `{message}` with `Retry-After` through the API's error handler (DESIGN §5). Paths without
 * a counted limit pass.
 */
export function countedRateLimit(_req: Request, res: Response, next: NextFunction): void {
  const counted = res.locals.countedHit as { limit: CountedLimit; hit: RateLimitHit } | undefined;
  if (!counted) {
    next();
    return;
  }
  const { limit, hit } = counted;
  const windowSeconds = Math.ceil(limit.windowMs / 1000);
  const resetSeconds = Math.max(0, Math.ceil((hit.resetTime.getTime() - Date.now()) / 1000));
  res.setHeader('RateLimit-Policy', `${limit.limit};w=${windowSeconds}`);
  res.setHeader(
    'RateLimit',
    `limit=${limit.limit}, remaining=${Math.max(0, limit.limit - hit.totalHits)}, reset=${resetSeconds}`,
  );
  if (hit.totalHits <= limit.limit) {
    next();
    return;
  }
  next(
    new HttpError(429, apiLocals(res).t('api.error.rate_limited'), undefined, {
      'Retry-After': String(Math.max(1, resetSeconds)),
    }),
  );
}

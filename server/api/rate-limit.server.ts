/**
 * Rate limits of the JSON API (express-rate-limit). Refusals go through the API's JSON error handler as
 * 429 `{message}` with `Retry-After` (DESIGN §5). Counters live in the database (`DatabaseRateLimitStore`,
 * DESIGN §1) so every app process sees the same count; without a store (unit tests of a single router) they
 * live in this process's memory.
 */
import { rateLimit, type Store } from 'express-rate-limit';
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

/**
 * Rate limits of the JSON API (express-rate-limit). Refusals go through the API's JSON error handler as
 * 429 `{message}` with `Retry-After` (DESIGN §5). Counters live in each process's memory: acceptable for the
 * endpoints using it so far, which protect only logs and a cache-backed proxy; limits that guard business state
 * need a store shared by all processes (DESIGN §1).
 */
import { rateLimit } from 'express-rate-limit';
import { apiLocals, HttpError } from './http.server.ts';

/** A limit: at most `limit` requests per client IP in `windowMs` milliseconds. */
export type RateLimitOptions = { limit: number; windowMs: number };

/** Express middleware enforcing `options` per client IP. */
export function apiRateLimit(options: RateLimitOptions) {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler: (_req, res, next, opts) => {
      const t = apiLocals(res).t;
      const retryAfter = String(Math.ceil(opts.windowMs / 1000));
      next(new HttpError(429, t ? t('api.error.rate_limited') : 'Too many requests', undefined, { 'Retry-After': retryAfter }));
    },
  });
}

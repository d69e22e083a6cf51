/**
 * `POST /api/error-report` (SPEC §8, DESIGN §5): the client layer reports errors here when the page is not in
 * debug mode. The body `{type, location, message, response?: {url, status, content}}` is validated, strings are
 * truncated, e-mail addresses and phone numbers are scrubbed, and the report is logged at `warn`. Answers 204.
 * CSRF is enforced by the API middleware (every POST).
 *
 * Rate limit: `express-rate-limit` with its default in-memory store, per client IP. Deliberate exception to
 * "counters live in the database" (DESIGN §1): this limit only protects the log from floods, so per-process
 * counting (N processes → at most N × the limit) is acceptable and keeps the database out of the error path.
 */
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.server.ts';
import { apiRateLimit } from './rate-limit.server.ts';
import { apiLocals, HttpError } from './http.server.ts';

/** Length limits of the logged fields, in characters. */
const ERROR_REPORT_LIMITS = { type: 100, location: 500, message: 1000, url: 500, content: 2000 } as const;
/** Reports allowed per IP and window. */
const ERROR_REPORT_RATE = { limit: 30, windowMs: 60_000 } as const;

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// Phone-like runs: optional +, then at least 7 digits with spaces, dots, slashes, dashes or brackets between.
const PHONE = /(?<![\w])\+?\(?\d(?:[\s./()-]*\d){6,}(?![\w])/g;

/** Replaces e-mail addresses and phone numbers with placeholders. */
export function scrubPii(text: string): string {
  return text.replace(EMAIL, '[email]').replace(PHONE, '[phone]');
}

/** Cuts `text` to `max` characters (marking the cut with `…`). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const loose = z.union([z.string(), z.number(), z.boolean(), z.null()]).transform((v) => (v === null ? '' : String(v)));
/** Schema of the report body (generous input sizes; truncation happens after parsing). */
const ErrorReportSchema = z.object({
  type: loose.pipe(z.string().max(10_000)),
  location: loose.pipe(z.string().max(10_000)),
  message: loose.pipe(z.string().max(50_000)),
  response: z
    .object({
      url: loose.pipe(z.string().max(10_000)),
      status: z.coerce.number().int().min(0).max(999),
      content: loose.pipe(z.string().max(50_000)),
    })
    .optional()
    .nullable(),
});

/** Validated, truncated, scrubbed report as logged. */
function cleanReport(input: z.infer<typeof ErrorReportSchema>) {
  const clean = (value: string, max: number) => truncate(scrubPii(value), max);
  return {
    type: clean(input.type, ERROR_REPORT_LIMITS.type),
    location: clean(input.location, ERROR_REPORT_LIMITS.location),
    message: clean(input.message, ERROR_REPORT_LIMITS.message),
    ...(input.response
      ? {
          response: {
            url: clean(input.response.url, ERROR_REPORT_LIMITS.url),
            status: input.response.status,
            content: clean(input.response.content, ERROR_REPORT_LIMITS.content),
          },
        }
      : {}),
  };
}

/** Router for the error-report endpoint (mounted under `/api`). */
export function errorReportRouter(ctx: AppContext, options: { limit?: number; windowMs?: number } = {}): Router {
  const router = Router();
  const limiter = apiRateLimit({
    windowMs: options.windowMs ?? ERROR_REPORT_RATE.windowMs,
    limit: options.limit ?? ERROR_REPORT_RATE.limit,
  });
  router.post('/error-report', limiter, (req, res, next) => {
    const parsed = ErrorReportSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const t = apiLocals(res).t;
      next(new HttpError(422, t ? t('validation.failed') : 'Invalid report', { report: ['validation.invalid'] }));
      return;
    }
    ctx.logger.warn({ clientError: cleanReport(parsed.data), ip: req.ip }, 'client error report');
    res.status(204).end();
  });
  return router;
}

/**
 * The test host (SPEC §7: "On one specific test host a fixed basic authorization header is added"; issue 16,
 * decision 0022). A staging copy must be closed to the public and to search engines, yet work exactly as the
 * shop: on `STAGING_HOST` every request but the health checks needs the `STAGING_BASIC_AUTH` credentials
 * (HTTP basic authorization, RFC 7617); every answer says `X-Robots-Tag: noindex` and none may be kept by a shared
 * cache. The pages hand the header value to the API client through the page head (`api-authorization`), on that
 * host only. Requests to any other host pass untouched.
 */
import crypto from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { toLocale } from '~/i18n.ts';
import { translator } from '~/i18n.server.ts';
import type { Env } from './env.server.ts';

/** Paths a load balancer probes without credentials (DESIGN §3 health endpoints). */
const UNGUARDED_PATHS = new Set(['/healthz', '/readyz']);

/**
 * The payment provider's webhooks (`/api/payment/webhook/:provider`, issue 33 item 7): a provider cannot send our
 * credentials, and each event is checked by its signature instead, so the gate lets them through.
 */
const WEBHOOK_PATH = /^\/api\/payment\/webhook\/[^/]+$/;

/** The realm the browser shows in its sign-in prompt. */
const REALM = 'Staging';

/** SHA-256 of a string: equal-length digests, so the comparison below takes the same time for any input. */
function digest(text: string): Buffer {
  return crypto.createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Whether an `Authorization` header carries the expected basic credentials, compared in constant time.
 * @param header - the request's header as sent (`Basic base64(user:password)`; the scheme is case-insensitive).
 * @param expected - `user:password`.
 */
export function hasBasicCredentials(header: string | undefined, expected: string): boolean {
  const match = /^basic[ ]+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  const given = match ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  // Always compare (also for a missing header), so the time does not tell whether a header was there.
  return crypto.timingSafeEqual(digest(given), digest(expected)) && match !== null;
}

/** The `Authorization` header value the API client sends on the test host (SPEC §7). */
export function basicAuthorization(credentials: string): string {
  return `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`;
}

/** Whether the request is addressed to the test host (the `Host`, or with TRUST_PROXY the forwarded host). */
function isStagingRequest(req: Request, host: string): boolean {
  return (req.hostname ?? '').toLowerCase() === host;
}

/** Shared caches must not keep anything of the test host: a `public` answer becomes `private`. */
function keepPrivate(res: Response): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
    const cacheControl = res.getHeader('Cache-Control');
    if (typeof cacheControl === 'string' && /\bpublic\b/i.test(cacheControl)) {
      res.setHeader('Cache-Control', cacheControl.replace(/\bpublic\b/gi, 'private'));
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

/**
 * The gate of the test host, first in the middleware chain; a pass-through when no test host is configured.
 * On the test host: `X-Robots-Tag: noindex` and private caching on every answer; `/healthz`, `/readyz` and the
 * payment webhooks pass (the provider's signature guards those);
 * any other request without the right credentials gets 401 with `WWW-Authenticate: Basic realm="Staging"` (JSON
 * `{message}` under `/api`, a short text page elsewhere, in the request's language), and nothing else runs. An
 * admitted request carries `res.locals.stagingAuthorization` (the header value) for the page head.
 * Source: SPEC §7, issue 16, decision 0022.
 */
export function stagingGate(env: Pick<Env, 'STAGING_HOST' | 'STAGING_BASIC_AUTH'>): RequestHandler {
  const host = env.STAGING_HOST;
  const credentials = env.STAGING_BASIC_AUTH;
  if (!host || !credentials) return (_req, _res, next) => next();
  const authorization = basicAuthorization(credentials);
  return (req, res, next) => {
    if (!isStagingRequest(req, host)) {
      next();
      return;
    }
    res.setHeader('X-Robots-Tag', 'noindex');
    keepPrivate(res);
    if (UNGUARDED_PATHS.has(req.path) || WEBHOOK_PATH.test(req.path)) {
      next();
      return;
    }
    if (!hasBasicCredentials(req.get('Authorization'), credentials)) {
      const api = req.path === '/api' || req.path.startsWith('/api/');
      const locale = toLocale(api ? req.get('App-Language') : /^\/en(?:\/|$)/.test(req.path) ? 'en' : 'de');
      const message = translator(locale)('staging.unauthorized');
      res.status(401);
      res.setHeader('WWW-Authenticate', `Basic realm="${REALM}", charset="UTF-8"`);
      res.setHeader('Cache-Control', 'no-store');
      if (api) res.json({ message });
      else res.type('text/plain; charset=utf-8').send(message);
      return;
    }
    res.locals.stagingAuthorization = authorization;
    next();
  };
}

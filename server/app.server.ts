/**
 * Builds the Express application: security headers, compression, static files, translations, the JSON API
 * and the React Router request handler (DESIGN §1, §2). Framework-free parts (everything but the page handler)
 * are testable without a Vite build; see `createBaseApp`.
 */
import crypto from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { currentTiming, serverTimingHeader, withRequestTiming } from '#database/request-timing.server.ts';
import { DICTIONARIES, TRANSLATIONS_VERSION, translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { databaseAnswers } from '~/services/health.server.ts';
import { configurePayments } from '~/services/payments/configure.server.ts';
import { createApiRouter } from './api/index.ts';
import { paymentWebhookRouter } from './api/payment-webhook.ts';
import { appleWalletRouter } from './api/wallet-apple.ts';
import type { AppContext } from './context.server.ts';
import { pageErrorHandler } from './error-page.server.ts';
import { internalRouter } from './internal.ts';
import { stagingGate } from './staging.server.ts';
import { unsubscribeRouter } from './unsubscribe.ts';
import { handoverPhotoRouter } from './handover-photo.ts';

/** Features denied to every document of the shop (clipboard writes after a click need no permission). */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');
/**
 * The check-in page reads the voucher's QR code with the camera (issue 15 item 4): on that page (German and
 * English path) the camera is allowed for the shop's own origin, still for no frame of another origin.
 */
const CHECKIN_PERMISSIONS_POLICY = PERMISSIONS_POLICY.replace('camera=()', 'camera=(self)');
/** The paths of the check-in page. */
const CHECKIN_PATH = /^(\/en)?\/admin\/checkin\/?$/;
/** Origin of Stripe's hosted checkout pages (the redirect target of an online payment). */
const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/**
 * The app without the page handler: headers, `/translations/{locale}.json` and `/api`.
 * `pages` (the React Router handler) and `staticDir` (the client build) are added when given.
 */
export function createBaseApp(
  ctx: AppContext,
  options: { pages?: RequestHandler; staticDir?: string; devMiddleware?: RequestHandler } = {},
): Express {
  const app = express();
  app.disable('x-powered-by');
  // The online payment provider of this process (issue 13): Stripe, the demo provider or none.
  configurePayments(ctx.env);
  if (ctx.env.TRUST_PROXY) app.set('trust proxy', ctx.env.TRUST_PROXY);
  // The test host (SPEC §7, issue 16) admits only its credentials, before anything else runs.
  app.use(stagingGate(ctx.env));
  app.use(refuseOtherMethods);
  // A path that decodes to a NUL byte or is not UTF-8 (a lone surrogate) names nothing and must never reach a route (a
  // path parameter would reach the database, which refuses such text with an error): 400 (issue 14 item 3). The same
  // for a NUL byte in the query string (the back office's search passed one to PostgreSQL: 500).
  app.use(rejectUnreadableUrls);

  // Server-Timing (issue 11): db, render and total of every answer, set just before the headers leave.
  app.use((_req, res, next) => {
    withRequestTiming((timing) => {
      const writeHead = res.writeHead;
      res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
        if (!res.headersSent) res.setHeader('Server-Timing', serverTimingHeader(currentTiming() ?? timing));
        return writeHead.apply(this, args);
      } as typeof writeHead;
      next();
    });
  });
  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString('base64');
    next();
  });
  const tileOrigin = safeOrigin(ctx.env.MAP_TILE_URL);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          // No 'unsafe-inline' (issue 14): the inline stylesheet and every <style> carry the response's nonce, the
          // HTML has no style attributes, and scripts style elements through the CSSOM, which the policy permits.
          styleSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          imgSrc: ["'self'", 'data:', ...(tileOrigin ? [tileOrigin] : [])],
          connectSrc: ["'self'", ...(ctx.env.NODE_ENV === 'development' ? ['ws:'] : [])],
          frameSrc: ["'self'"],
          frameAncestors: ["'self'"],
          // A booking form without JavaScript ends in a redirect to Stripe's hosted checkout (issue 13): Chrome checks
          // form-action along the redirect chain, so Stripe's checkout origin is allowed when Stripe is configured.
          formAction: ["'self'", ...(ctx.env.STRIPE_SECRET_KEY ? [STRIPE_CHECKOUT_ORIGIN] : [])],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // same-origin: no referrer leaves the site (private by default), but same-origin form POSTs keep their
      // Origin header, which React Router's action check requires (no-referrer makes it `null`).
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: ctx.env.COOKIE_SECURE ? undefined : false,
    }),
  );
  // Powerful features the shop never uses are off for every page and frame (issue 14: least privilege); the
  // back office's check-in page alone may use the camera, for the voucher's QR code (issue 15 item 4).
  app.use((req, res, next) => {
    res.setHeader('Permissions-Policy', CHECKIN_PATH.test(req.path) ? CHECKIN_PERMISSIONS_POLICY : PERMISSIONS_POLICY);
    next();
  });
  app.use(compression());

  if (options.devMiddleware) app.use(options.devMiddleware);
  if (options.staticDir) {
    // Hashed file names under /js are immutable (DESIGN §4); the rest may change between releases.
    // Scripts and style sheets come with Brotli and gzip copies made at build time (vite.config.ts `precompress`,
    // decision 0041): sent as they are, so `compression()` above leaves them alone.
    app.use(
      '/js',
      expressStaticGzip(`${options.staticDir}/js`, {
        enableBrotli: true,
        orderPreference: ['br', 'gz'],
        index: false,
        serveStatic: { immutable: true, maxAge: '1y', index: false },
      }),
    );
    // Media files carry their version in the name (`so-funktionierts-v1.webm`, scripts/make-video.mjs): immutable.
    app.use('/media', express.static(`${options.staticDir}/media`, { immutable: true, maxAge: '1y', index: false }));
    const files = express.static(options.staticDir, { maxAge: '1h', index: false });
    // Every file of the client build has an extension; pages have none and skip the file system lookup (issue 11:
    // the profile of a cached page showed a `stat` per request).
    app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? files(req, res, next) : next()));
  }

  // Health (DESIGN §3): outside /api, no session, never cached. /healthz: the process serves requests;
  // /readyz: it can do its work (the database answers), else 503 so a load balancer routes around it.
  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res, next) => {
    databaseAnswers(ctx.db)
      .then((ready) => {
        res.setHeader('Cache-Control', 'no-store');
        res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable' });
      })
      .catch(next);
  });

  // Serialised once: the dictionaries only change with a release.
  const translationBodies = {
    de: JSON.stringify(DICTIONARIES.de),
    en: JSON.stringify(DICTIONARIES.en),
  };
  app.get('/translations/:file', (req, res) => {
    const match = /^(de|en)\.json$/.exec(req.params.file);
    if (!match) {
      res.status(404).json({ message: 'Not found' });
      return;
    }
    const versioned = req.query.v === TRANSLATIONS_VERSION;
    res.setHeader('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    res.type('application/json').send(translationBodies[match[1] as 'de' | 'en']);
  });

  // Machine endpoints outside /api (no session, no CSRF): RFC 8058 one-click unsubscribe, and the loopback-only,
  // token-protected admin endpoint of `npm run airport` (issue 10).
  app.use(unsubscribeRouter(ctx));
  app.use(handoverPhotoRouter(ctx));
  app.use('/internal', internalRouter(ctx));
  // The payment provider's signed webhook (issue 13): raw body, no session, no CSRF; before the API's JSON parser.
  app.use('/api/payment/webhook', paymentWebhookRouter(ctx));
  // Apple's pass web service (issue 35 item 3): Wallet authenticates with the pass's token, no session, no CSRF.
  app.use('/api/wallet/apple', appleWalletRouter(ctx));
  app.use('/api', createApiRouter(ctx));

  if (options.pages) app.all('*splat', limitPageBodies, options.pages);
  // What the pages' own error boundary cannot answer (the session store unreachable, …): the shop's own page.
  app.use(pageErrorHandler(ctx));
  return app;
}

/**
 * Whether a raw URL path decodes to text without NUL bytes. A percent-encoded lone surrogate is invalid UTF-8, so
 * `decodeURIComponent` refuses it: both end here as "not readable".
 */
function isReadablePath(rawPath: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return false;
  }
  return !path.includes('\0');
}

/**
 * Whether a raw query string (without `?`) decodes to names and values without NUL bytes. Invalid UTF-8 needs no
 * check: `URLSearchParams` (what the routes read it with) turns it into U+FFFD, which is text.
 */
function isReadableQuery(rawQuery: string): boolean {
  if (!rawQuery.includes('\0') && !/%00/i.test(rawQuery)) return true;
  for (const [name, value] of new URLSearchParams(rawQuery)) {
    if (name.includes('\0') || value.includes('\0')) return false;
  }
  return true;
}

/**
 * Answers a request refused before any route: `status` with the translated `messageKey`, as `{message}` JSON under
 * `/api` and the one-click unsubscribe (machine endpoints; in the App-Language) and as plain text elsewhere (in the
 * path's language), never cached.
 */
function refuseEarly(req: express.Request, res: express.Response, status: number, messageKey: string) {
  const api = req.path.startsWith('/api/') || req.path.startsWith('/unsubscribe/');
  const locale = toLocale(api ? req.get('App-Language') : /^\/en(?:\/|$)/.test(req.path) ? 'en' : 'de');
  const message = translator(locale)(messageKey);
  res.status(status).setHeader('Cache-Control', 'no-store');
  if (api) res.json({ message });
  else res.type('text/plain; charset=utf-8').send(message);
}

/**
 * Answers 400 to a request whose path or query string is not readable text ({@link isReadablePath},
 * {@link isReadableQuery}), in the caller's language.
 */
const rejectUnreadableUrls: RequestHandler = (req, res, next) => {
  const query = req.url.indexOf('?');
  if (isReadablePath(req.path) && (query < 0 || isReadableQuery(req.url.slice(query + 1)))) next();
  else refuseEarly(req, res, 400, 'api.error.bad_url');
};

/** The largest form a page takes, bytes: text forms are a few KB; the check-in page's handover photos below. */
const PAGE_BODY_LIMIT = 1024 * 1024;
/**
 * The check-in page's limit, bytes: up to eight photos of at most 15 MB each plus the fields (issue 36; a larger photo
 * is refused one by one with its field's message, this only stops what no form sends).
 */
const CHECKIN_BODY_LIMIT = 8 * 15 * 1024 * 1024 + 1024 * 1024;

/**
 * Answers 413 to a page post whose `Content-Length` is over its limit, before React Router reads the form into memory
 * (the root middleware and the action each read it whole). A chunked body without a length is not counted here.
 */
const limitPageBodies: RequestHandler = (req, res, next) => {
  const length = Number(req.get('Content-Length') ?? 0);
  const limit = /^(?:\/en)?\/admin\/checkin\/?$/.test(req.path) ? CHECKIN_BODY_LIMIT : PAGE_BODY_LIMIT;
  if (req.method === 'POST' && length > limit) refuseEarly(req, res, 413, 'api.error.too_large');
  else next();
};

/** The methods the shop answers: pages and the API read with GET (and HEAD) and change with POST (and the wallet's DELETE). */
const ALLOWED_METHODS = 'GET, HEAD, POST';

/**
 * Answers 405 with `Allow` to every other method, on every path, before any route (issue 31 item 4): `TRACE` reached
 * React Router, whose `new Request()` refuses it (a 500), and the rest got React Router's 405 without `Allow`.
 */
const refuseOtherMethods: RequestHandler = (req, res, next) => {
  // Apple's pass web service unregisters a device with DELETE (PassKit web service reference; decision 0055).
  const walletDelete = req.method === 'DELETE' && req.path.startsWith('/api/wallet/apple/v1/devices/');
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'POST' || walletDelete) {
    next();
    return;
  }
  res.setHeader('Allow', ALLOWED_METHODS);
  refuseEarly(req, res, 405, 'api.error.method');
};

/**
 * Answers `CONNECT` (which Node's HTTP server hands to a `connect` listener, never to the app, and resets without
 * one) with the same 405 and `Allow` as every other method the shop does not serve (issue 31 item 4).
 */
export function refuseConnect(server: HttpServer): void {
  server.on('connect', (_req, socket) => {
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS}\r\nCache-Control: no-store\r\n` +
        'Content-Length: 0\r\nConnection: close\r\n\r\n',
    );
  });
}

function safeOrigin(url: string): string | null {
  try {
    const { protocol, host } = new URL(url.replace(/\{[a-z]\}/g, 'a'));
    return `${protocol}//${host.replace(/^a\./, '*.')}`;
  } catch {
    return null;
  }
}

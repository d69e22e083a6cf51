/**
 * The short-lived page cache (issue 11 item 2, decision 0017): the HTML of anonymous GET pages (index, airports
 * list, airport page, FAQ, tariffs) kept a few seconds per URL, with the per-request parts filled in per answer.
 *
 * How it stays correct:
 * - A page is rendered once as a *template* for an empty anonymous session whose CSRF token and CSP nonce are
 *   random markers; an answer replaces the markers with the visitor's own token and nonce. The visitor's
 *   session cookie is set by the page handler as before, outside the cached bytes.
 * - Only a visitor whose session has no user and no flash message gets a cached page; the rendered template
 *   must have status 200, be HTML, set no cookie, and its loaders may read no session field but the user's
 *   (`TemplateSession` records every read). Anything else is rendered normally for every visitor.
 * - The key is protocol, host, the map-consent and cookie-bar cookies (the only cookies the pages read: whether
 *   the map loads, whether the cookie bar shows) and the path with query (which holds the locale `/en`).
 * - Cache events (`~/services/cache-events.server.ts`) drop entries at once: `availability` of an airport
 *   drops its tariffs pages and its airport page (whose "from" prices skip sold-out days, decision 0043),
 *   `catalogue`, `ratings` and `all` drop everything; a render that was running when an event
 *   came is neither stored nor shared with requests that arrived after it.
 */
import crypto from 'node:crypto';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { isCookieBarHidden } from '~/client/cookies.ts';
import { hasMapConsent, MAP_CONSENT_COOKIE } from '~/client/map-consent.ts';
import { COOKIE_BAR_COOKIE } from '~/constants.ts';
import { shopContext } from '~/router-context.ts';
import { onCacheEvent } from '~/services/cache-events.server.ts';
import { findAirportBySlug } from '~/services/catalogue/catalog.server.ts';
import type { AppContext } from './context.server.ts';
import { isDatabaseUnavailable } from './database-availability.server.ts';
import { Session, type SessionStore } from './session.server.ts';

/**
 * Paths of the cacheable pages (German at the root, English under `/en`): index, airports, an airport's price
 * calendar (issue 37 item 1), FAQ, tariffs.
 */
const CACHEABLE_PATH = /^(?:\/en)?(?:\/parkplatz(?:\/[a-z0-9-]+(?:\/preiskalender)?)?|\/faq|\/buchung\/tarife)?\/?$/;
/** The tariffs page: its entries are tagged with their airport and dropped when its availability changes. */
const TARIFFS_PATH = /^(?:\/en)?\/buchung\/tarife\/?$/;
/**
 * The airport page and its price calendar (the slug in group 1): tagged and dropped like the tariffs pages (decision
 * 0043; the calendar marks sold-out days, issue 37 item 1).
 */
const AIRPORT_PATH = /^(?:\/en)?\/parkplatz\/([a-z0-9-]+)(?:\/preiskalender)?\/?$/;
/** Session fields a cached page's loaders may read: all absent for the visitors who get a cached page. */
const READABLE_FIELDS = new Set(['userId', 'authenticatedAt', 'lastSeenAt']);
/** Response headers not copied into an entry: set per answer (or by Express) instead. */
const SKIPPED_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'server-timing',
]);
/** Upper bound of the cached HTML, characters (≈ bytes): the oldest entries go first beyond it. */
const MAX_CACHED_CHARS = 32 * 1024 * 1024;
/** Upper bound of the number of entries (URLs with query strings are many; refusals are entries too). */
const MAX_ENTRIES = 5000;

type Entry = {
  expiresAt: number;
  /** the HTML between the markers, UTF-8 encoded once (answers copy bytes, never transcode); slots filled per answer */
  segments: Buffer[];
  slots: ('csrf' | 'nonce')[];
  headers: [string, string][];
  /** the airport of a tariffs page or an airport page (its availability), else null */
  airportId: number | null;
  chars: number;
};

/** A render result that must not be cached (kept for the TTL so the next requests render normally at once). */
type Uncacheable = { expiresAt: number; uncacheable: true };

/** The template session: empty, anonymous, with a marker for a CSRF token, recording what loaders read. */
class TemplateSession extends Session {
  readonly read = new Set<string>();
  written = false;

  constructor(
    store: SessionStore,
    private readonly marker: string,
  ) {
    super(store, 'page-cache-template', {}, false);
  }

  override get csrfToken(): string {
    return this.marker;
  }

  override get<K extends keyof Session['data']>(key: K): Session['data'][K] {
    this.read.add(key);
    return super.get(key);
  }

  override set<K extends keyof Session['data']>(key: K, value: Session['data'][K]): void {
    this.written = true;
    super.set(key, value);
  }

  override async save(): Promise<string | null> {
    return null;
  }

  override async rotate(): Promise<void> {
    this.written = true;
  }

  override async destroy(): Promise<void> {
    this.written = true;
  }
}

/**
 * The cookies a page's template is rendered with: of the visitor's cookies only what the pages read (map consent,
 * cookie-bar choice made), normalised, so the visitors share a handful of variants per URL.
 */
function templateCookies(header: string | undefined): string {
  const cookies: string[] = [];
  if (hasMapConsent(header)) cookies.push(`${MAP_CONSENT_COOKIE}=1`);
  if (isCookieBarHidden(header ?? '')) cookies.push(`${COOKIE_BAR_COOKIE}=1`);
  return cookies.join('; ');
}

/** A page cache of one app; `serve` answers a request from it or says it cannot. */
export type PageCache = {
  /**
   * Answers a GET of a cacheable page for an anonymous visitor from the cache (rendering the template on a miss).
   * Resolves false, having sent nothing, when the request or the page is not cacheable: the caller renders.
   */
  serve: (req: ExpressRequest, res: ExpressResponse, session: Session) => Promise<boolean>;
  /** number of cached pages (tests, diagnostics) */
  size: () => number;
};

/**
 * Creates the page cache of an app. `ttlSeconds` 0 gives a cache that never serves (`PAGE_CACHE_SECONDS=0`).
 *
 * @param ctx - the app (database for the cache events and airport look-ups, session store, logger).
 * @param build - the React Router server build (the same the page handler uses).
 * Source: issue 11 item 2; decision 0017.
 */
export function createPageCache(
  ctx: AppContext,
  options: { build: ServerBuild | (() => Promise<ServerBuild>); mode: string; ttlSeconds: number },
): PageCache {
  const ttlMs = options.ttlSeconds * 1000;
  if (ttlMs <= 0) return { serve: async () => false, size: () => 0 };
  const render = createRequestHandler(options.build, options.mode);
  // Hex markers: unchanged by HTML, JSON and turbo-stream escaping, and never part of real content.
  const csrfMarker = `csrf${crypto.randomBytes(16).toString('hex')}`;
  const nonceMarker = `nonce${crypto.randomBytes(16).toString('hex')}`;
  const markers = new RegExp(`(${csrfMarker}|${nonceMarker})`);

  const entries = new Map<string, Entry | Uncacheable>();
  const pending = new Map<string, { generation: number; promise: Promise<Entry | Uncacheable | null> }>();
  let generation = 0;
  let chars = 0;

  const remove = (key: string): void => {
    const entry = entries.get(key);
    if (entry && !('uncacheable' in entry)) chars -= entry.chars;
    entries.delete(key);
  };

  onCacheEvent(ctx.db, (event) => {
    generation += 1;
    for (const [key, entry] of entries) {
      if (event.kind !== 'availability' || ('airportId' in entry && entry.airportId === event.airportId)) remove(key);
    }
  });

  async function renderTemplate(req: ExpressRequest, cookies: string, started: number) {
    const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
    const headers = new Headers({ accept: 'text/html' });
    if (req.get('host')) headers.set('host', req.get('host')!);
    if (cookies) headers.set('cookie', cookies);
    const session = new TemplateSession(ctx.sessions, csrfMarker);
    const context = new RouterContextProvider(
      new Map([
        [
          shopContext,
          {
            app: ctx,
            session,
            cspNonce: nonceMarker,
            clientIp: '',
            // A template that fails is not cached; the visitor's own render then answers (and logs) it.
            reportError: (error: unknown) => {
              if (!isDatabaseUnavailable(error)) ctx.logger.error({ err: error, url: req.originalUrl }, 'page error');
            },
          },
        ],
      ]),
    );
    const response = await render(new Request(url, { headers }), context);
    const html = await response.text();
    const expiresAt = Date.now() + ttlMs;
    const cacheable =
      response.status === 200 &&
      (response.headers.get('content-type') ?? '').startsWith('text/html') &&
      !response.headers.has('set-cookie') &&
      !session.written &&
      [...session.read].every((field) => READABLE_FIELDS.has(field));
    if (!cacheable) {
      const refused: Uncacheable = { expiresAt, uncacheable: true };
      if (generation === started) store(urlKey(req, cookies), refused);
      return refused;
    }
    const parts = html.split(markers);
    const entry: Entry = {
      expiresAt,
      segments: parts.filter((_, i) => i % 2 === 0).map((part) => Buffer.from(part, 'utf8')),
      slots: parts.filter((_, i) => i % 2 === 1).map((m) => (m === csrfMarker ? 'csrf' : 'nonce')),
      headers: [...response.headers].filter(([name]) => !SKIPPED_HEADERS.has(name.toLowerCase())),
      airportId: null,
      chars: html.length,
    };
    const slug = TARIFFS_PATH.test(req.path) ? url.searchParams.get('airport') : AIRPORT_PATH.exec(req.path)?.[1];
    if (slug) entry.airportId = (await findAirportBySlug(ctx.db, slug))?.id ?? null;
    // An event while rendering: the page may show what changed before it; use it for these requests only.
    if (generation === started) store(urlKey(req, cookies), entry);
    return entry;
  }

  /** Keeps an entry; beyond the size limits the oldest entries go. */
  function store(key: string, entry: Entry | Uncacheable): void {
    remove(key);
    entries.set(key, entry);
    if ('chars' in entry) chars += entry.chars;
    for (const oldest of entries.keys()) {
      if (chars <= MAX_CACHED_CHARS && entries.size <= MAX_ENTRIES) break;
      remove(oldest);
    }
  }

  function urlKey(req: ExpressRequest, cookies: string): string {
    return `${req.protocol}://${req.get('host') ?? ''}${req.originalUrl} ${cookies}`;
  }

  /**
   * The render of a page's template under way, started when none is: a request joins a render only when it
   * started after the last cache event (else it may predate a booking).
   */
  function rendering(req: ExpressRequest, cookies: string, key: string) {
    const running = pending.get(key);
    if (running && running.generation === generation) return running;
    const started = generation;
    const promise = renderTemplate(req, cookies, started).catch((err: unknown) => {
      ctx.logger.warn({ err, url: req.originalUrl }, 'page cache: template render failed');
      return null;
    });
    const own = { generation: started, promise };
    pending.set(key, own);
    void promise.finally(() => {
      if (pending.get(key) === own) pending.delete(key);
    });
    return own;
  }

  function send(res: ExpressResponse, entry: Entry, session: Session, state: 'hit' | 'stale' | 'miss') {
    // Both are ASCII (base64, base64url), as the markers they replace.
    const nonce = Buffer.from(String(res.locals.cspNonce ?? ''), 'latin1');
    const csrf = Buffer.from(session.csrfToken, 'latin1');
    const parts: Buffer[] = [entry.segments[0]];
    for (let i = 0; i < entry.slots.length; i++)
      parts.push(entry.slots[i] === 'csrf' ? csrf : nonce, entry.segments[i + 1]);
    const body = Buffer.concat(parts);
    res.status(200);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    // The answer holds this visitor's CSRF token and belongs to its session cookie: no shared cache may keep it.
    if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'private, no-store');
    res.vary('Cookie');
    res.setHeader('X-Page-Cache', state);
    res.setHeader('Content-Length', body.length);
    res.end(body);
  }

  return {
    size: () => entries.size,
    async serve(req, res, session) {
      if (req.method !== 'GET' || !CACHEABLE_PATH.test(req.path)) return false;
      if (session.get('userId') !== undefined || session.get('flash') !== undefined) return false;
      const cookies = templateCookies(req.get('cookie'));
      const key = urlKey(req, cookies);
      const now = Date.now();
      const cached = entries.get(key);
      if (cached && 'uncacheable' in cached) {
        if (cached.expiresAt > now) return false;
        remove(key);
      } else if (cached) {
        if (cached.expiresAt > now) {
          send(res, cached, session, 'hit');
          return true;
        }
        // Old by age only (a cache event deletes an entry at once): one render refreshes it while the visitors
        // of the next moment still get it, so no one waits for the render.
        if (cached.expiresAt + ttlMs > now) {
          rendering(req, cookies, key);
          send(res, cached, session, 'stale');
          return true;
        }
        remove(key);
      }
      const running = rendering(req, cookies, key);
      const entry = await running.promise;
      if (!entry || 'uncacheable' in entry) return false;
      send(res, entry, session, 'miss');
      return true;
    },
  };
}

/**
 * The page cache (issue 11 item 2, decision 0017) through the real HTTP app: the Express app with the React
 * Router page handler (the production build, as a server process runs it) and the cache on.
 * Correctness first: a booking of the last space shows as sold out on the very next request; one visitor's
 * CSRF token, CSP nonce or sign-in never reaches another's answer; and cache events reach other processes.
 */
import { and, eq } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../database/client.server.ts';
import { airports, tariffDays, tariffs } from '../../database/schema.ts';
import type { CacheEvent } from '../../app/services/cache-events.server.ts';
import type { PageCache } from '../../server/page-cache.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { ApiClient, createTestApp, type TestApp } from './harness.ts';
import { startPagesApp, type PagesApp } from './pages-app.ts';

const stay = { entryTime: '2026-12-10T08:00', exitTime: '2026-12-12T18:00' };
const DATES = ['2026-12-10', '2026-12-11', '2026-12-12'];
const TARIFFS_URL = `/buchung/tarife?airport=frankfurt&entry=${stay.entryTime}&exit=${stay.exitTime}`;

let test: TestApp;
let pagesApp: PagesApp;
let app: PagesApp['app'];
let pageCache: PageCache;
let events: PagesApp['hooks']['cacheEvents'];

beforeAll(async () => {
  test = await createTestApp({ now: new Date('2026-11-21T09:00:00Z') });
  // The cache events from the build's own module graph (one set of cache listeners), as in one server process.
  pagesApp = await startPagesApp(test, { pageCacheSeconds: 60 });
  ({ app, pageCache } = pagesApp);
  events = pagesApp.hooks.cacheEvents;
  // The first render compiles the page's modules (slow on a busy machine): here, not in a test's 30 s.
  await page('/buchung/tarife?airport=hamburg&entry=2026-12-20T08:00&exit=2026-12-21T08:00');
}, 120_000);
afterAll(async () => {
  await pagesApp?.close();
  await test?.close();
});

/** A page GET as a browser sends it (optionally with a cookie). */
function page(url: string, cookie?: string) {
  // A fixed Host: supertest listens on a new port per request, and the host is part of the cache key.
  const req = supertest(app).get(url).set('Host', 'shop.test').set('Accept', 'text/html');
  return cookie ? req.set('Cookie', cookie) : req;
}

function meta(html: string, name: string): string | undefined {
  return new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1];
}

/** The nonce of the answer's Content-Security-Policy. */
function cspNonce(res: supertest.Response): string | undefined {
  return /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
}

function sessionCookie(res: supertest.Response): string {
  const list = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return list.find((c) => c.startsWith('eap_session='))!.split(';')[0];
}

const soldOutCount = (html: string) => html.split('data-sold-out').length - 1;

/** Frankfurt and its active tariffs in the order the tariffs page lists them. */
async function frankfurtTariffs() {
  const [fra] = await test.ctx.db.select().from(airports).where(eq(airports.slug, 'frankfurt'));
  const list = await test.ctx.db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.airportId, fra.id), eq(tariffs.active, true)))
    .orderBy(tariffs.sort, tariffs.id);
  return { fra, list };
}

describe('page cache: availability', () => {
  it('shows a sold-out tariff as sold out on the very next request after the last space is booked', async () => {
    const { fra, list } = await frankfurtTariffs();
    const [tariff] = list;
    // One space left on every day of the stay.
    await test.ctx.db
      .insert(tariffDays)
      .values(DATES.map((day) => ({ tariffId: tariff.id, day, booked: tariff.capacity - 1 })));

    const first = await page(TARIFFS_URL);
    expect(first.status).toBe(200);
    const second = await page(TARIFFS_URL);
    expect(second.headers['x-page-cache']).toBe('hit');
    const before = soldOutCount(second.text);

    const client = await new ApiClient({ ...test, app }).start();
    expect((await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...stay })).status).toBe(200);
    const booked = await client.post('checkout', checkoutBody({ ...stay, personCount: 1, gender: false }));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    const next = await page(TARIFFS_URL);
    expect(next.status).toBe(200);
    expect(next.headers['x-page-cache']).toBe('miss');
    expect(soldOutCount(next.text)).toBe(before + 1);
    // and it stays so for the visitors after it (now from the cache)
    const later = await page(TARIFFS_URL);
    expect(later.headers['x-page-cache']).toBe('hit');
    expect(soldOutCount(later.text)).toBe(before + 1);
  });

  it('keeps the tariffs pages while a booking leaves more than a few spaces, drops them once it leaves few (decision 0036)', async () => {
    const { fra, list } = await frankfurtTariffs();
    const [, tariff] = list;
    // Seven spaces left on every day of the stay: a booking leaves six, which no offer shows.
    await test.ctx.db
      .insert(tariffDays)
      .values(DATES.map((day) => ({ tariffId: tariff.id, day, booked: tariff.capacity - 7 })))
      .onConflictDoUpdate({ target: [tariffDays.tariffId, tariffDays.day], set: { booked: tariff.capacity - 7 } });
    await events.availabilityChanged(test.ctx.db, fra.id);
    await page(TARIFFS_URL);
    expect((await page(TARIFFS_URL)).headers['x-page-cache']).toBe('hit');
    const book = async () => {
      const client = await new ApiClient({ ...test, app }).start();
      expect((await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...stay })).status).toBe(
        200,
      );
      const booked = await client.post('checkout', checkoutBody({ ...stay, personCount: 1, gender: false }));
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    };
    await book();
    const unchanged = await page(TARIFFS_URL);
    expect(unchanged.headers['x-page-cache']).toBe('hit');
    expect(unchanged.text).not.toContain('Nur noch 6 Plätze frei');
    // The next leaves five: the offer names them, on the very next request.
    await book();
    const few = await page(TARIFFS_URL);
    expect(few.headers['x-page-cache']).toBe('miss');
    expect(few.text).toContain('Nur noch 5 Plätze frei');
  });

  it('drops only the tariffs pages and the airport page of the airport whose availability changed', async () => {
    const hamburg = `/buchung/tarife?airport=hamburg&entry=${stay.entryTime}&exit=${stay.exitTime}`;
    const airportPages = ['/parkplatz/frankfurt', '/en/parkplatz/frankfurt'];
    for (const url of [TARIFFS_URL, hamburg, '/parkplatz/hamburg', '/parkplatz', ...airportPages]) await page(url);
    const [fra] = await test.ctx.db.select().from(airports).where(eq(airports.slug, 'frankfurt'));
    await events.availabilityChanged(test.ctx.db, fra.id);
    for (const url of [hamburg, '/parkplatz/hamburg', '/parkplatz']) {
      expect((await page(url)).headers['x-page-cache'], url).toBe('hit');
    }
    // the airport page's "from" prices skip sold-out days (decision 0043)
    for (const url of airportPages) expect((await page(url)).headers['x-page-cache'], url).toBe('miss');
    expect((await page(TARIFFS_URL)).headers['x-page-cache']).toBe('miss');
    await events.catalogueChanged(test.ctx.db);
    expect(pageCache.size()).toBe(0);
  });
});

describe('page cache: per-visitor parts', () => {
  it('gives every visitor its own CSRF token and CSP nonce, never another visitor’s', async () => {
    for (const url of ['/', '/en', '/parkplatz', '/parkplatz/frankfurt', '/faq', TARIFFS_URL]) {
      const a = await page(url);
      const b = await page(url);
      expect(b.headers['x-page-cache'], url).toBe('hit');
      for (const res of [a, b]) {
        const id = test.ctx.sessions.parseCookie(sessionCookie(res))!;
        expect(meta(res.text, 'csrf-token'), url).toBe(test.ctx.sessions.csrfTokenFor(id));
        const nonce = cspNonce(res)!;
        expect(res.text).toContain(`nonce="${nonce}"`);
        expect(res.text).not.toMatch(/csrf[0-9a-f]{32}|nonce[0-9a-f]{32}/); // no marker left
      }
      expect(meta(a.text, 'csrf-token')).not.toBe(meta(b.text, 'csrf-token'));
      expect(b.text).not.toContain(meta(a.text, 'csrf-token')!);
      expect(b.text).not.toContain(cspNonce(a)!);
      expect(b.headers['cache-control']).toBe('private, no-store');
      expect(String(b.headers.vary)).toMatch(/Cookie/);
    }
  });

  it('keeps a returning anonymous visitor’s session and token', async () => {
    const first = await page('/faq');
    const cookie = sessionCookie(first);
    const again = await page('/faq', cookie);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(meta(again.text, 'csrf-token')).toBe(meta(first.text, 'csrf-token'));
  });

  it('never serves a signed-in visitor from the cache, nor its page to anyone else', async () => {
    await page('/'); // cached for anonymous visitors
    const client = await new ApiClient({ ...test, app }).start();
    const signUp = await client.post('auth/signup', {
      gender: false,
      firstname: 'Zenobia',
      lastname: 'Cachetest',
      email: 'zenobia.cachetest@example.com',
      password: 'correct horse battery staple 42',
      passwordConfirmation: 'correct horse battery staple 42',
      terms: true,
    });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
    const signedIn = await page('/', client.cookie);
    expect(signedIn.headers['x-page-cache']).toBeUndefined();
    expect(meta(signedIn.text, 'authenticated')).toBe('1');
    expect(signedIn.text).toContain('Zenobia');

    const anonymous = await page('/');
    expect(anonymous.headers['x-page-cache']).toBe('hit');
    expect(meta(anonymous.text, 'authenticated')).toBe('0');
    expect(anonymous.text).not.toContain('Zenobia');
    expect(anonymous.text).not.toContain(meta(signedIn.text, 'csrf-token')!);
  });

  it('renders a visitor with a flash message itself', async () => {
    const first = await page('/parkplatz');
    const cookie = sessionCookie(first);
    const id = test.ctx.sessions.parseCookie(cookie)!;
    await test.ctx.sessions.write(id, { flash: { message: 'Only for this visitor', type: 'info' } });
    const flashed = await page('/parkplatz', cookie);
    expect(flashed.headers['x-page-cache']).toBeUndefined();
    expect(flashed.text).toContain('Only for this visitor');
    const other = await page('/parkplatz');
    expect(other.headers['x-page-cache']).toBe('hit');
    expect(other.text).not.toContain('Only for this visitor');
  });

  it('keeps the map consent apart', async () => {
    /** The page with the visitor's own token and nonce blanked out. */
    const normalized = (res: supertest.Response) =>
      res.text.replaceAll(meta(res.text, 'csrf-token')!, 'CSRF').replaceAll(cspNonce(res)!, 'NONCE');
    const without = await page('/parkplatz');
    const withConsent = await page('/parkplatz', 'eap_map-consent=1');
    const again = await page('/parkplatz', 'eap_map-consent=1');
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(normalized(again)).toBe(normalized(withConsent));
    expect(normalized(again)).not.toBe(normalized(without));
    expect(normalized(await page('/parkplatz'))).toBe(normalized(without));
  });

  it('shows the cookie bar only to visitors who have not chosen, in its own variant', async () => {
    const bar = (res: supertest.Response) => res.text.includes('data-cookie-bar=');
    expect(bar(await page('/faq'))).toBe(true);
    const chosen = await page('/faq', 'eap_hide-cookie-bar=necessary');
    expect(bar(chosen)).toBe(false);
    const again = await page('/faq', 'eap_hide-cookie-bar=all');
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(bar(again)).toBe(false);
    expect(bar(await page('/faq'))).toBe(true);
  });

  it('does not cache other pages, HEAD requests or error answers', async () => {
    expect((await page('/kontakt')).headers['x-page-cache']).toBeUndefined();
    expect((await supertest(app).head('/faq').set('Host', 'shop.test')).headers['x-page-cache']).toBeUndefined();
    const missing = await page('/parkplatz/atlantis');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-page-cache']).toBeUndefined();
    expect((await page('/parkplatz/atlantis')).headers['x-page-cache']).toBeUndefined();
  });
});

describe('cache events across processes', () => {
  it('reach another connection to the same database through LISTEN/NOTIFY', async () => {
    // A second "process": its own connection (PostgreSQL: own pool; PGlite: the same embedded instance).
    const client = (test.handle.db as unknown as { $client: { options?: { connectionString?: string } } }).$client;
    const other =
      test.handle.kind === 'postgres'
        ? await openDatabase({ url: client.options!.connectionString! })
        : await openDatabase({ pglite: client as never });
    const received: CacheEvent[] = [];
    events.onCacheEvent(other.db, (event) => received.push(event));
    const stop = await events.listenForCacheEvents(other);
    try {
      await events.availabilityChanged(test.ctx.db, 42);
      for (let i = 0; i < 50 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual([{ kind: 'availability', airportId: 42 }]);
    } finally {
      await stop();
      if (test.handle.kind === 'postgres') await other.close();
    }
  });
});

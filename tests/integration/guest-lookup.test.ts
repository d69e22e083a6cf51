/**
 * The guest lookup service (reference + e-mail → guest access) and its three brakes (per session, per client IP, per
 * reference), on a real database, and the lookup form over HTTP under 50 parallel posts (issue 31 item 6).
 * Every test uses its own session and client IP, so none depends on another.
 */
import { eq, sql } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../database/schema.ts';
import { generateReference } from '../../app/domain/reference.ts';
import {
  LOOKUP_MAX_FAILURES,
  LOOKUP_MAX_FAILURES_PER_IP,
  LOOKUP_MAX_FAILURES_PER_REFERENCE,
  LOOKUP_REFERENCE_WINDOW_MS,
  LOOKUP_WINDOW_MS,
  lookupSessionKey,
  lookUpGuestReservation,
} from '../../app/services/reservations/guest-lookup.server.ts';
import { DatabaseRateLimitStore } from '../../app/services/rate-limit-store.server.ts';
import type { SessionPort, SessionValues } from '../../app/services/session-port.ts';
import { action } from '../../app/routes/guest-lookup.tsx';
import { translator } from '../../app/i18n.server.ts';
import { insertReservation } from '../fixtures/reservation.ts';
import { createTestApp, routeContext, type TestApp } from './harness.ts';
import { startPagesApp, type PagesApp } from './pages-app.ts';

/** An in-memory session that counts its saves. */
class MemorySession implements SessionPort {
  id = `s-${Math.random()}`;
  readonly csrfToken = 'memory';
  data: SessionValues = {};
  saves = 0;
  get<K extends keyof SessionValues>(key: K): SessionValues[K] {
    return this.data[key];
  }
  set<K extends keyof SessionValues>(key: K, value: SessionValues[K]): void {
    this.data[key] = value;
  }
  unset(key: keyof SessionValues): void {
    delete this.data[key];
  }
  async save(): Promise<null> {
    this.saves++;
    return null;
  }
  async rotate(): Promise<void> {
    this.id = `s-${Math.random()}`;
  }
  async destroy(): Promise<void> {
    this.data = {};
    await this.rotate();
  }
}

let test: TestApp;
let reference: string;
let ipCounter = 0;
const EMAIL = 'Erika.Mustermann@Example.org';
const newIp = () => `192.0.2.${++ipCounter}`;

beforeAll(async () => {
  test = await createTestApp({ now: new Date('2026-11-21T09:00:00Z') });
  reference = (await insertReservation(test.ctx.db)).row.reference;
});
afterAll(() => test.close());

const lookUp = (session: SessionPort, fields: { reference: string; email: string }, clientIp = newIp()) =>
  lookUpGuestReservation(test.ctx, { session, clientIp, ...fields });

/** The failure counters of the three brakes. */
const counters = () => ({
  session: new DatabaseRateLimitStore(test.ctx.db, 'guest-lookup-session'),
  ip: new DatabaseRateLimitStore(test.ctx.db, 'guest-lookup'),
  reference: new DatabaseRateLimitStore(test.ctx.db, 'guest-lookup-reference'),
});
/** `n` failures of a session, counted as a failed lookup counts them. */
async function failSession(session: SessionPort, n: number) {
  for (let i = 0; i < n; i++) await counters().session.hit(lookupSessionKey(session.id), LOOKUP_WINDOW_MS);
}
/** Seconds of a `Retry-After` for a window opened just now: the whole window, give or take the test's own run time. */
const aboutWholeWindow = (windowMs: number) => ({
  asymmetricMatch: (n: unknown) => typeof n === 'number' && n > windowMs / 1000 - 30 && n <= windowMs / 1000,
});

describe('lookUpGuestReservation', () => {
  it('finds the reservation by reference and e-mail (case and spacing ignored) and grants access', async () => {
    const session = new MemorySession();
    const ip = newIp();
    await failSession(session, 3);
    const result = await lookUp(session, { reference: ` ${reference.toLowerCase()} `, email: EMAIL.toUpperCase() }, ip);
    expect(result).toEqual({ kind: 'found', reference });
    expect(session.data.guestReservations).toEqual([reference]);
    expect(session.saves).toBe(1);
    // the match gave its slots back: the session keeps its earlier failures, nothing more
    expect(await counters().session.peek(lookupSessionKey(session.id))).toBe(3);
    expect(await counters().ip.peek(ip)).toBe(0);
  });

  it('answers invalid input with field keys, without reading or counting anything', async () => {
    const session = new MemorySession();
    const ip = newIp();
    expect(await lookUp(session, { reference: '!!', email: 'nope' }, ip)).toEqual({
      kind: 'invalid',
      errors: { reference: 'lookup.error.reference', email: 'lookup.error.email' },
    });
    expect(await counters().session.peek(lookupSessionKey(session.id))).toBe(0);
    expect(await counters().ip.peek(ip)).toBe(0);
  });

  it('answers a wrong pair as not found and counts one failure in the session, for the IP and the reference', async () => {
    const session = new MemorySession();
    const ip = newIp();
    const before = await counters().reference.peek(reference);
    expect(await lookUp(session, { reference, email: 'someone@example.org' }, ip)).toEqual({ kind: 'not_found' });
    expect(await lookUp(session, { reference: 'zzzz-zzzz', email: EMAIL }, ip)).toEqual({ kind: 'not_found' });
    expect(session.data.guestReservations).toBeUndefined();
    expect(await counters().session.peek(lookupSessionKey(session.id))).toBe(2);
    expect(await counters().ip.peek(ip)).toBe(2);
    // counted by the canonical reference, however it was typed
    expect(await counters().reference.peek(reference)).toBe(before + 1);
    expect(await counters().reference.peek('ZZZZZZZZ')).toBe(1);
  });

  it('refuses a session after too many failures until its window ends, even for the right pair', async () => {
    const session = new MemorySession();
    const ip = newIp();
    await failSession(session, LOOKUP_MAX_FAILURES);
    const result = await lookUp(session, { reference, email: EMAIL }, ip);
    expect(result).toEqual({ kind: 'too_many', retryAfterSeconds: aboutWholeWindow(LOOKUP_WINDOW_MS) });
    expect(session.data.guestReservations).toBeUndefined();
    // the refusal is no failure: no count grows with it
    expect(await counters().session.peek(lookupSessionKey(session.id))).toBe(LOOKUP_MAX_FAILURES);
    expect(await counters().ip.peek(ip)).toBe(0);
    // after the window the count starts again
    await test.ctx.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, `guest-lookup-session:${lookupSessionKey(session.id)}`));
    expect(await lookUp(session, { reference, email: EMAIL })).toEqual({ kind: 'found', reference });
  });

  it('refuses an IP after too many failures over all its sessions', async () => {
    const ip = newIp();
    const store = new DatabaseRateLimitStore(test.ctx.db, 'guest-lookup');
    for (let i = 0; i < LOOKUP_MAX_FAILURES_PER_IP; i++) await store.hit(ip, LOOKUP_WINDOW_MS);
    const result = await lookUp(new MemorySession(), { reference, email: EMAIL }, ip);
    expect(result).toEqual({ kind: 'too_many', retryAfterSeconds: aboutWholeWindow(LOOKUP_WINDOW_MS) });
    // another IP is not affected
    expect(await lookUp(new MemorySession(), { reference, email: EMAIL })).toEqual({ kind: 'found', reference });
  });

  it('counts parallel attempts atomically: no more failures per IP than the limit get evaluated (issue 14)', async () => {
    const ip = newIp();
    // each attempt with another session and reference, so only the IP's budget binds
    const results = await Promise.all(
      Array.from({ length: LOOKUP_MAX_FAILURES_PER_IP * 4 }, () =>
        lookUp(new MemorySession(), { reference: generateReference(), email: 'guess@example.org' }, ip),
      ),
    );
    const kinds = results.map((r) => r.kind);
    expect(kinds.filter((k) => k === 'not_found')).toHaveLength(LOOKUP_MAX_FAILURES_PER_IP);
    expect(kinds.filter((k) => k === 'too_many')).toHaveLength(LOOKUP_MAX_FAILURES_PER_IP * 3);
    expect(await counters().ip.peek(ip)).toBe(LOOKUP_MAX_FAILURES_PER_IP);
  });

  it('counts the parallel attempts of one session atomically: exactly 10 of 50 checked (issue 31 item 6)', async () => {
    const id = test.ctx.sessions.newId();
    const cookie = test.ctx.sessions.serializeCookie(id).split(';')[0];
    // 50 requests of one session, each holding the session as it was before any of them counted (the race), each
    // from another address with another reference, so only the session's budget binds
    const sessions = await Promise.all(Array.from({ length: 50 }, () => test.ctx.sessions.load(cookie)));
    const results = await Promise.all(
      sessions.map((session) => lookUp(session, { reference: generateReference(), email: 'guess@example.org' })),
    );
    const kinds = results.map((r) => r.kind);
    expect(kinds.filter((k) => k === 'not_found')).toHaveLength(LOOKUP_MAX_FAILURES);
    expect(kinds.filter((k) => k === 'too_many')).toHaveLength(50 - LOOKUP_MAX_FAILURES);
    expect(await counters().session.peek(lookupSessionKey(id))).toBe(LOOKUP_MAX_FAILURES);
  });

  it('refuses a reference after too many failures over all clients, even for the right pair (issue 31 item 6)', async () => {
    const own = (await insertReservation(test.ctx.db)).row.reference;
    for (let i = 0; i < LOOKUP_MAX_FAILURES_PER_REFERENCE; i++) {
      expect(await lookUp(new MemorySession(), { reference: own, email: `guess${i}@example.org` })).toEqual({
        kind: 'not_found',
      });
    }
    const session = new MemorySession();
    const ip = newIp();
    expect(await lookUp(session, { reference: own, email: EMAIL }, ip)).toEqual({
      kind: 'too_many',
      retryAfterSeconds: aboutWholeWindow(LOOKUP_REFERENCE_WINDOW_MS),
    });
    // the refused attempt gave back the session's and the IP's slots
    expect(await counters().session.peek(lookupSessionKey(session.id))).toBe(0);
    expect(await counters().ip.peek(ip)).toBe(0);
    expect(await counters().reference.peek(own)).toBe(LOOKUP_MAX_FAILURES_PER_REFERENCE);
    // other references are not affected
    expect(await lookUp(session, { reference, email: EMAIL }, ip)).toEqual({ kind: 'found', reference });
  });

  it('gives the slot back for a match, so successful lookups never use up the budget', async () => {
    const ip = newIp();
    for (let i = 0; i < LOOKUP_MAX_FAILURES_PER_IP + 5; i++) {
      expect(await lookUp(new MemorySession(), { reference, email: EMAIL }, ip)).toEqual({ kind: 'found', reference });
    }
    expect(await counters().ip.peek(ip)).toBe(0);
    expect(await counters().reference.peek(reference)).toBeLessThan(LOOKUP_MAX_FAILURES_PER_REFERENCE);
  });
});

describe('guest.lookup action: the answers of each outcome', () => {
  async function submit(fields: Record<string, string>, options: { csrf?: boolean; failures?: number } = {}) {
    const session = await test.ctx.sessions.load(undefined);
    await failSession(session, options.failures ?? 0);
    const form = new FormData();
    form.set('_csrf', options.csrf === false ? 'wrong' : session.csrfToken);
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const request = new Request('http://shop.test/reservierung', { method: 'POST', body: form });
    const args = {
      request,
      params: {},
      context: routeContext({ app: test.ctx, session, cspNonce: '', clientIp: newIp() }),
    };
    return (await action(args as unknown as Parameters<typeof action>[0])) as unknown as {
      data: { errors: Record<string, string>; message: string | null };
      init: { status?: number; headers?: Record<string, string> };
    } & Response;
  }
  const de = translator('de');

  it('redirects to the reservation on a match', async () => {
    const res = await submit({ reference, email: EMAIL });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(`/reservierung/${reference}`);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('answers 419, 422, 404 and 429 with their messages and headers', async () => {
    const csrf = await submit({ reference, email: EMAIL }, { csrf: false });
    expect(csrf.init.status).toBe(419);
    expect(csrf.data.message).toBe(de('auth.page.csrf'));

    const invalid = await submit({ reference: '!!', email: EMAIL });
    expect(invalid.init.status).toBe(422);
    expect(invalid.data.errors).toEqual({ reference: de('lookup.error.reference') });

    const missing = await submit({ reference, email: 'other@example.org' });
    expect(missing.init.status).toBe(404);
    expect(missing.data.message).toBe(de('lookup.error.not_found'));

    const braked = await submit({ reference, email: EMAIL }, { failures: LOOKUP_MAX_FAILURES });
    expect(braked.init.status).toBe(429);
    expect(braked.init.headers).toMatchObject({ 'Cache-Control': 'private, no-store' });
    expect(Number(braked.init.headers?.['Retry-After'])).toEqual(aboutWholeWindow(LOOKUP_WINDOW_MS));
    expect(braked.data.message).toBe(de('lookup.error.too_many', { minutes: 15 }));
  });

  it('answers a body that is not a form with 419 and a translated message, not 500 (issue 14)', async () => {
    const session = await test.ctx.sessions.load(undefined);
    const request = new Request('http://shop.test/reservierung', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ _csrf: session.csrfToken, reference, email: EMAIL }),
    });
    const args = {
      request,
      params: {},
      context: routeContext({ app: test.ctx, session, cspNonce: '', clientIp: newIp() }),
    };
    const res = (await action(args as unknown as Parameters<typeof action>[0])) as unknown as {
      data: { message: string | null };
      init: { status?: number };
    };
    expect(res.init.status).toBe(419);
    expect(res.data.message).toBe(de('auth.page.csrf'));
  });
});

describe('the lookup form under 50 parallel posts over HTTP (issue 31 item 6)', () => {
  // Behind a trusted proxy (TRUST_PROXY=loopback), so each post can come from another client address.
  let proxied: TestApp;
  let pages: PagesApp;
  beforeAll(async () => {
    proxied = await createTestApp({ sharedWith: test, env: { TRUST_PROXY: 'loopback' } });
    pages = await startPagesApp(proxied, { pageCacheSeconds: 0 });
    // The first render compiles the route modules: before the parallel posts.
    await supertest(pages.app).get('/reservierung').set('Host', 'shop.test');
  }, 180_000);
  afterAll(async () => {
    await pages?.close();
    await proxied?.close();
  });

  /** A session as a browser holds it after viewing the form: its signed cookie and its CSRF token. */
  function browserSession() {
    const id = proxied.ctx.sessions.newId();
    return {
      cookie: proxied.ctx.sessions.serializeCookie(id).split(';')[0],
      csrf: proxied.ctx.sessions.csrfTokenFor(id),
    };
  }
  const post = (
    session: { cookie: string; csrf: string },
    fields: { reference: string; email: string },
    forwardedFor: string,
  ) =>
    supertest(pages.app)
      .post('/reservierung')
      .set('Host', 'shop.test')
      .set('Cookie', session.cookie)
      .set('X-Forwarded-For', forwardedFor)
      .type('form')
      .send({ _csrf: session.csrf, ...fields });
  const statuses = (answers: { status: number }[]) => answers.map((a) => a.status);

  it('checks exactly 10 lookups of one session, from 50 addresses with 50 references, the rest 429', async () => {
    const session = browserSession();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(session, { reference: generateReference(), email: 'guess@example.org' }, `203.0.113.${i + 1}`),
      ),
    );
    expect(statuses(answers).filter((s) => s === 404)).toHaveLength(LOOKUP_MAX_FAILURES);
    expect(statuses(answers).filter((s) => s === 429)).toHaveLength(50 - LOOKUP_MAX_FAILURES);
    expect(Number(answers.find((a) => a.status === 429)!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('checks exactly 10 lookups of one reference from 50 addresses and sessions, the rest 429', async () => {
    const own = (await insertReservation(test.ctx.db)).row.reference;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(browserSession(), { reference: own, email: `guess${i}@example.org` }, `198.51.100.${i + 1}`),
      ),
    );
    expect(statuses(answers).filter((s) => s === 404)).toHaveLength(LOOKUP_MAX_FAILURES_PER_REFERENCE);
    expect(statuses(answers).filter((s) => s === 429)).toHaveLength(50 - LOOKUP_MAX_FAILURES_PER_REFERENCE);
    // the guest's own pair is refused too until the window ends; another client is no way round it
    const right = await post(browserSession(), { reference: own, email: EMAIL }, '198.51.100.200');
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(LOOKUP_WINDOW_MS / 1000);
  });
});

/**
 * The guest lookup service (reference + e-mail → guest access) and its two brakes, on a real database.
 * Every test uses its own session and client IP, so none depends on another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOOKUP_MAX_FAILURES,
  LOOKUP_MAX_FAILURES_PER_IP,
  LOOKUP_WINDOW_MS,
  lookUpGuestReservation,
} from '../../app/services/guest-lookup.server.ts';
import { DatabaseRateLimitStore } from '../../app/services/rate-limit-store.server.ts';
import type { SessionPort, SessionValues } from '../../app/services/session-port.ts';
import { action } from '../../app/routes/guest-lookup.tsx';
import { translator } from '../../app/i18n.server.ts';
import { insertReservation } from '../fixtures/reservation.ts';
import { createTestApp, routeContext, type TestApp } from './harness.ts';

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

describe('lookUpGuestReservation', () => {
  it('finds the reservation by reference and e-mail (case and spacing ignored) and grants access', async () => {
    const session = new MemorySession();
    session.data.guestLookupFailures = { count: 3, since: test.ctx.now().getTime() };
    const result = await lookUp(session, { reference: ` ${reference.toLowerCase()} `, email: EMAIL.toUpperCase() });
    expect(result).toEqual({ kind: 'found', reference });
    expect(session.data.guestReservations).toEqual([reference]);
    expect(session.data.guestLookupFailures).toBeUndefined();
    expect(session.saves).toBe(1);
  });

  it('answers invalid input with field keys, without reading or counting anything', async () => {
    const session = new MemorySession();
    const ip = newIp();
    expect(await lookUp(session, { reference: '!!', email: 'nope' }, ip)).toEqual({
      kind: 'invalid',
      errors: { reference: 'lookup.error.reference', email: 'lookup.error.email' },
    });
    expect(session.data.guestLookupFailures).toBeUndefined();
    expect(await new DatabaseRateLimitStore(test.ctx.db, 'guest-lookup').peek(ip)).toBe(0);
  });

  it('answers a wrong pair as not found and counts one failure in the session and for the IP', async () => {
    const session = new MemorySession();
    const ip = newIp();
    expect(await lookUp(session, { reference, email: 'someone@example.org' }, ip)).toEqual({ kind: 'not_found' });
    expect(await lookUp(session, { reference: 'ZZZZZZZZ', email: EMAIL }, ip)).toEqual({ kind: 'not_found' });
    expect(session.data.guestLookupFailures).toMatchObject({ count: 2 });
    expect(session.data.guestReservations).toBeUndefined();
    expect(await new DatabaseRateLimitStore(test.ctx.db, 'guest-lookup').peek(ip)).toBe(2);
  });

  it('refuses a session after too many failures until its window ends, even for the right pair', async () => {
    const session = new MemorySession();
    const since = test.ctx.now().getTime() - 5 * 60 * 1000;
    session.data.guestLookupFailures = { count: LOOKUP_MAX_FAILURES, since };
    const result = await lookUp(session, { reference, email: EMAIL });
    expect(result).toEqual({ kind: 'too_many', retryAfterSeconds: (LOOKUP_WINDOW_MS - 5 * 60 * 1000) / 1000 });
    expect(session.data.guestReservations).toBeUndefined();
    // after the window the count starts again
    session.data.guestLookupFailures = {
      count: LOOKUP_MAX_FAILURES,
      since: test.ctx.now().getTime() - LOOKUP_WINDOW_MS - 1,
    };
    expect(await lookUp(session, { reference, email: EMAIL })).toEqual({ kind: 'found', reference });
  });

  it('refuses an IP after too many failures over all its sessions', async () => {
    const ip = newIp();
    const store = new DatabaseRateLimitStore(test.ctx.db, 'guest-lookup');
    for (let i = 0; i < LOOKUP_MAX_FAILURES_PER_IP; i++) await store.hit(ip, LOOKUP_WINDOW_MS);
    const result = await lookUp(new MemorySession(), { reference, email: EMAIL }, ip);
    expect(result).toEqual({ kind: 'too_many', retryAfterSeconds: LOOKUP_WINDOW_MS / 1000 });
    // another IP is not affected
    expect(await lookUp(new MemorySession(), { reference, email: EMAIL })).toEqual({ kind: 'found', reference });
  });

  it('counts parallel attempts atomically: no more failures per IP than the limit get evaluated (issue 14)', async () => {
    const ip = newIp();
    const results = await Promise.all(
      Array.from({ length: LOOKUP_MAX_FAILURES_PER_IP * 4 }, () =>
        lookUp(new MemorySession(), { reference, email: 'guess@example.org' }, ip),
      ),
    );
    const kinds = results.map((r) => r.kind);
    expect(kinds.filter((k) => k === 'not_found')).toHaveLength(LOOKUP_MAX_FAILURES_PER_IP);
    expect(kinds.filter((k) => k === 'too_many')).toHaveLength(LOOKUP_MAX_FAILURES_PER_IP * 3);
    expect(await new DatabaseRateLimitStore(test.ctx.db, 'guest-lookup').peek(ip)).toBe(LOOKUP_MAX_FAILURES_PER_IP);
  });

  it('gives the slot back for a match, so successful lookups never use up the budget', async () => {
    const ip = newIp();
    for (let i = 0; i < LOOKUP_MAX_FAILURES_PER_IP + 5; i++) {
      expect(await lookUp(new MemorySession(), { reference, email: EMAIL }, ip)).toEqual({ kind: 'found', reference });
    }
    expect(await new DatabaseRateLimitStore(test.ctx.db, 'guest-lookup').peek(ip)).toBe(0);
  });
});

describe('guest.lookup action: the answers of each outcome', () => {
  async function submit(fields: Record<string, string>, options: { csrf?: boolean; failures?: number } = {}) {
    const session = await test.ctx.sessions.load(undefined);
    if (options.failures)
      session.set('guestLookupFailures', { count: options.failures, since: test.ctx.now().getTime() });
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
    expect(csrf.data.message).toBe(de('api.error.csrf'));

    const invalid = await submit({ reference: '!!', email: EMAIL });
    expect(invalid.init.status).toBe(422);
    expect(invalid.data.errors).toEqual({ reference: de('lookup.error.reference') });

    const missing = await submit({ reference, email: 'other@example.org' });
    expect(missing.init.status).toBe(404);
    expect(missing.data.message).toBe(de('lookup.error.not_found'));

    const braked = await submit({ reference, email: EMAIL }, { failures: LOOKUP_MAX_FAILURES });
    expect(braked.init.status).toBe(429);
    expect(braked.init.headers).toMatchObject({
      'Retry-After': String(LOOKUP_WINDOW_MS / 1000),
      'Cache-Control': 'private, no-store',
    });
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
    expect(res.data.message).toBe(de('api.error.csrf'));
  });
});

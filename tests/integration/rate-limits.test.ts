import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, rateLimits } from '../../database/schema.ts';
import { DatabaseRateLimitStore } from '../../app/services/rate-limit-store.server.ts';
import { translator } from '../../app/i18n.server.ts';
import { action as tariffsAction } from '../../app/routes/checkout-tariffs.tsx';
import { ApiClient, createTestApp, routeContext, type TestApp } from './harness.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('rate-limit counters in the database (DESIGN §1)', () => {
  it('counts concurrent hits exactly once each', async () => {
    const store = new DatabaseRateLimitStore(test.ctx.db, 'test-concurrent');
    const results = await Promise.all(Array.from({ length: 25 }, () => store.hit('10.0.0.1', 60_000)));
    expect(results.map((r) => r.totalHits).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(await store.peek('10.0.0.1')).toBe(25);
    expect(await store.peek('10.0.0.2')).toBe(0);
  });

  it('starts a new window once the old one has ended', async () => {
    const store = new DatabaseRateLimitStore(test.ctx.db, 'test-window');
    await store.hit('ip', 60_000);
    await store.hit('ip', 60_000);
    await test.ctx.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, 'test-window:ip'));
    expect(await store.peek('ip')).toBe(0);
    expect((await store.hit('ip', 60_000)).totalHits).toBe(1);
  });

  it('limits locked-airport sign-ups per client to 10 in 15 minutes, answering 429 JSON with Retry-After', async () => {
    const [ksf] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'KSF'));
    const client = await new ApiClient(test).start();
    for (let i = 0; i < 10; i++) {
      const res = await client.post('locked-airport-notification', {
        email: `p${i}@example.org`,
        airportId: ksf.id,
        airportStatus: 'locked',
      });
      expect(res.status).toBe(201);
    }
    const refused = await client.post('locked-airport-notification', {
      email: 'p10@example.org',
      airportId: ksf.id,
      airportStatus: 'locked',
    });
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(refused.body).toEqual({ message: expect.any(String) });
    // another session from the same address is refused too: the count belongs to the client, not the cookie
    const other = await new ApiClient(test).start();
    expect(
      (
        await other.post('locked-airport-notification', {
          email: 'x@example.org',
          airportId: ksf.id,
          airportStatus: 'locked',
        })
      ).status,
    ).toBe(429);
  });

  it('counts the tariffs page form without JavaScript against the same per-IP limit as the API (issue 14)', async () => {
    const [ksf] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'KSF'));
    const store = new DatabaseRateLimitStore(test.ctx.db, 'locked-airport');
    // the API uses up half of a fresh client's budget …
    const api = await new ApiClient(test).start();
    await test.ctx.db.delete(rateLimits).where(sql`${rateLimits.key} like 'locked-airport:%'`);
    for (let i = 0; i < 5; i++) {
      const res = await api.post('locked-airport-notification', {
        email: `api${i}@example.org`,
        airportId: ksf.id,
        airportStatus: 'locked',
      });
      expect(res.status).toBe(201);
    }
    const [counter] = await test.ctx.db
      .select()
      .from(rateLimits)
      .where(sql`${rateLimits.key} like 'locked-airport:%'`);
    const clientIp = counter.key.slice('locked-airport:'.length);
    expect(await store.peek(clientIp)).toBe(5);
    // … and the page's form from the same address gets the rest, then 429 with Retry-After
    const session = await test.ctx.sessions.load(undefined);
    const post = async (email: string) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        _csrf: session.csrfToken,
        intent: 'notify',
        email,
        airportId: String(ksf.id),
        airportStatus: 'locked',
      }))
        form.set(k, v);
      const request = new Request('http://shop.test/buchung/tarife?airport=kassel', { method: 'POST', body: form });
      const args = { request, params: {}, context: routeContext({ app: test.ctx, session, cspNonce: '', clientIp }) };
      return (await tariffsAction(args as unknown as Parameters<typeof tariffsAction>[0])) as unknown as {
        data: { notify: { ok: boolean; message: string } };
        init: { status?: number; headers?: Record<string, string> } | null;
      };
    };
    for (let i = 0; i < 5; i++) expect((await post(`page${i}@example.org`)).data.notify.ok).toBe(true);
    const refused = await post('page5@example.org');
    expect(refused.init?.status).toBe(429);
    expect(refused.data.notify).toEqual({ ok: false, message: translator('de')('api.error.rate_limited') });
    expect(Number(refused.init?.headers?.['Retry-After'])).toBeGreaterThan(0);
    expect(
      (
        await api.post('locked-airport-notification', {
          email: 'late@example.org',
          airportId: ksf.id,
          airportStatus: 'locked',
        })
      ).status,
    ).toBe(429);
  });

  it('counts per client address: X-Forwarded-For only counts with TRUST_PROXY (the documented rule)', async () => {
    const [ksf] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'KSF'));
    const signUp = (client: ApiClient, i: number) =>
      client.post(
        'locked-airport-notification',
        { email: `xff${i}@example.org`, airportId: ksf.id, airportStatus: 'locked' },
        { 'X-Forwarded-For': `198.51.100.${i}` },
      );
    // Without TRUST_PROXY a client cannot pose as many: the header is ignored, the socket address counts.
    await test.ctx.db.delete(rateLimits).where(sql`${rateLimits.key} like 'locked-airport:%'`);
    const direct = await new ApiClient(test).start();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await signUp(direct, i)).status);
    expect(answers.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(answers[10]).toBe(429);
    // Behind a trusted proxy (TRUST_PROXY=loopback) the forwarded address is the client's.
    const proxied = await createTestApp({ sharedWith: test, env: { TRUST_PROXY: 'loopback' } });
    try {
      const client = await new ApiClient(proxied).start();
      for (let i = 0; i < 11; i++) expect((await signUp(client, 100 + i)).status).toBe(201);
    } finally {
      await proxied.close();
    }
  });
});

describe('the checkout limit, counted with the session read (decisions 0007, 0035)', () => {
  const validate = (client: ApiClient) => client.post('checkout/validate/travel', {});

  it('answers 120 checkout calls a minute per client, then 429 JSON with Retry-After and RateLimit headers', async () => {
    await test.ctx.db.delete(rateLimits).where(sql`${rateLimits.key} like 'checkout:%'`);
    const client = await new ApiClient(test).start();
    const first = await validate(client);
    expect(first.status).toBe(409); // no cart: refused, and counted all the same
    expect(first.headers['ratelimit-policy']).toBe('120;w=60');
    expect(first.headers.ratelimit).toMatch(/^limit=120, remaining=119, reset=(59|60)$/);
    for (let i = 1; i < 120; i++) expect((await validate(client)).status).toBe(409);
    const refused = await validate(client);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    expect(refused.body).toEqual({ message: translator('de')('api.error.rate_limited') });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers.ratelimit).toMatch(/remaining=0/);
    // the count belongs to the client's address, not to its cookie …
    const other = await new ApiClient(test).start();
    expect((await validate(other)).status).toBe(429);
    // … and is shared by every app process on the database (a second instance, as a second worker would be)
    const second = await createTestApp({ sharedWith: test });
    try {
      expect((await validate(await new ApiClient(second).start())).status).toBe(429);
    } finally {
      await second.close();
    }
    // reservations have a counter of their own; other API paths none
    expect((await client.get('auth/check')).status).toBe(200);
    const [counter] = await test.ctx.db
      .select()
      .from(rateLimits)
      .where(sql`${rateLimits.key} like 'checkout:%'`);
    expect(counter.hits).toBe(123);
  });

  it('starts a new window once the minute is over', async () => {
    await test.ctx.db.delete(rateLimits).where(sql`${rateLimits.key} like 'checkout:%'`);
    const client = await new ApiClient(test).start();
    for (let i = 0; i < 120; i++) await validate(client);
    expect((await validate(client)).status).toBe(429);
    await test.ctx.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(sql`${rateLimits.key} like 'checkout:%'`);
    const again = await validate(client);
    expect(again.status).toBe(409);
    expect(again.headers.ratelimit).toMatch(/remaining=119/);
  });

  it('refuses a forged CSRF token with 419 after counting it, and counts no request without a limit', async () => {
    await test.ctx.db.delete(rateLimits).where(sql`${rateLimits.key} like 'checkout:%'`);
    const client = await new ApiClient(test).start();
    client.csrfToken = 'forged';
    expect((await validate(client)).status).toBe(419);
    expect((await client.get('faq')).status).toBe(200);
    const counters = await test.ctx.db
      .select()
      .from(rateLimits)
      .where(sql`${rateLimits.key} like 'checkout:%'`);
    expect(counters.map((c) => c.hits)).toEqual([1]);
  });
});

describe('the counted limits by path', () => {
  it('count the checkout whatever the case of its path, as Express routes it', async () => {
    await test.ctx.db.delete(rateLimits).where(sql`${rateLimits.key} like 'checkout:%'`);
    const client = await new ApiClient(test).start();
    const res = await client.post('Checkout/Validate/travel', {});
    expect(res.status).toBe(409); // routed to the validation (no cart)
    expect(res.headers.ratelimit).toMatch(/remaining=119/);
    const [counter] = await test.ctx.db
      .select()
      .from(rateLimits)
      .where(sql`${rateLimits.key} like 'checkout:%'`);
    expect(counter.hits).toBe(1);
  });
});

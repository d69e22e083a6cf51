/**
 * The API's error contract (DESIGN §5): `GET auth/signout` needs the CSRF header like every write (419 JSON),
 * and an unexpected error is 500 JSON — without a stack unless APP_DEBUG is on.
 */
import { count as count_, sql } from 'drizzle-orm';
import { mailOutbox } from '../../database/schema.ts';
import zlib from 'node:zlib';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../app/i18n.server.ts';
import { ApiClient, createTestApp, type TestApp } from './harness.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const de = translator('de');

describe('GET /api/auth/signout', () => {
  it('answers 419 JSON without the X-CSRF-TOKEN header', async () => {
    const client = await new ApiClient(test).start();
    const res = await supertest(test.app)
      .get('/api/auth/signout')
      .set('Accept', 'application/json')
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('Cookie', client.cookie);
    expect(res.status).toBe(419);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ message: de('api.error.csrf') });
  });

  it('answers 419 JSON with the token of another session', async () => {
    const a = await new ApiClient(test).start();
    const b = await new ApiClient(test).start();
    b.csrfToken = a.csrfToken;
    const res = await b.get('auth/signout');
    expect(res.status).toBe(419);
    expect(res.body).toEqual({ message: de('api.error.csrf') });
  });

  it('lets the request past the CSRF check with the session token (sign-out itself is not built yet: JSON 404)', async () => {
    const client = await new ApiClient(test).start();
    const res = await client.get('auth/signout');
    expect(res.status).not.toBe(419);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('an unexpected error under /api', () => {
  /** Sends a request whose session cannot be read: the sessions table is gone for the request's duration. */
  async function failingRequest() {
    const client = await new ApiClient(test).start();
    await test.ctx.db.execute(sql`alter table sessions rename to sessions_away`);
    try {
      return await client.get('auth/check');
    } finally {
      await test.ctx.db.execute(sql`alter table sessions_away rename to sessions`);
    }
  }

  it('is 500 JSON with the generic message and no stack when APP_DEBUG is off', async () => {
    expect(test.ctx.env.APP_DEBUG).toBe(false);
    const res = await failingRequest();
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ message: de('api.error.server') });
    expect(res.text).not.toMatch(/\n\s+at /);
    expect(res.text).not.toContain('sessions');
  });

  it('carries the stack in the message when APP_DEBUG is on', async () => {
    const env = test.ctx.env;
    test.ctx.env = { ...env, APP_DEBUG: true };
    try {
      const res = await failingRequest();
      expect(res.status).toBe(500);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(Object.keys(res.body)).toEqual(['message']);
      expect(res.body.message).toMatch(/\n\s+at /);
    } finally {
      test.ctx.env = env;
    }
  });
});

describe('a malformed percent-escape in a path parameter', () => {
  it('answers 400 JSON with a translated message, not 500', async () => {
    const res = await supertest(test.app)
      .get('/api/database/check/%ZZ')
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('App-Language', 'en');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: translator('en')('api.error.bad_url') });
  });
});

describe("request bodies the API cannot read (issue 14: a 4xx in the caller's language, never a 500)", () => {
  const post = (headers: Record<string, string>, body: string | Buffer) =>
    supertest(test.app)
      .post('/api/checkout/cart')
      .set({ Accept: 'application/json', 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' })
      .set(headers)
      .serialize((raw: unknown) => raw as string) // the bytes as given (a Buffer would be JSON-encoded)
      .send(body);

  it('answers 400 for a body declared compressed that is not', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const res = await post({ 'Content-Encoding': encoding }, '{"airportId":1}');
      expect(res.status, encoding).toBe(400);
      expect(res.body).toEqual({ message: de('api.error.bad_encoding') });
    }
    const en = await post({ 'Content-Encoding': 'gzip', 'App-Language': 'en' }, '{}');
    expect(en.body).toEqual({ message: translator('en')('api.error.bad_encoding') });
  });

  it('reads a body that is really compressed, and refuses an unknown encoding with 415', async () => {
    const gzipped = await post({ 'Content-Encoding': 'gzip' }, zlib.gzipSync('{"airportId":1}'));
    expect(gzipped.status).toBe(419); // read fine; then the CSRF check (no session) answers
    const unknown = await post({ 'Content-Encoding': 'compress' }, '{}');
    expect(unknown.status).toBe(415);
    expect(unknown.body).toEqual({ message: de('api.error.bad_encoding') });
  });

  it('says "too large" for a body over the limit, and "not valid JSON" for broken JSON', async () => {
    const large = await post({}, JSON.stringify({ x: 'a'.repeat(70_000) }));
    expect(large.status).toBe(413);
    expect(large.body).toEqual({ message: de('api.error.too_large') });
    const broken = await post({}, '{"x":');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: de('api.error.bad_json') });
  });

  it('replaces an undecodable session cookie with a new session instead of failing', async () => {
    const res = await supertest(test.app)
      .get('/api/auth/check')
      .set({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', Cookie: 'eap_session=a%ZZ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ authenticated: false });
  });
});

describe('paths that are not readable text (issue 14 item 3)', () => {
  it('answers 400 with a translated message before any route, JSON under /api', async () => {
    for (const path of ['/api/reservations/AB%00CD/cancel', '/api/faq%00']) {
      const res = await supertest(test.app)
        .get(path)
        .set({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'App-Language': 'en' });
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ message: translator('en')('api.error.bad_url') });
    }
    for (const path of ['/zahlung/demo/%00x', '/parkplatz/%ED%A0%80', '/en/x%00']) {
      const res = await supertest(test.app).get(path);
      expect(res.status, path).toBe(400);
      expect(res.text).toBe(translator(path.startsWith('/en') ? 'en' : 'de')('api.error.bad_url'));
    }
    expect((await supertest(test.app).get('/healthz')).status).toBe(200);
  });

  it('answers 400 to a NUL byte in a query string name or value (found in the back office search)', async () => {
    const api = await supertest(test.app)
      .get('/api/faq?q=park%00en')
      .set({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'App-Language': 'en' });
    expect(api.status).toBe(400);
    expect(api.body).toEqual({ message: translator('en')('api.error.bad_url') });
    for (const path of ['/admin/reservierungen?q=%00', '/en/faq?a%00=1', '/faq?q=x&q=%00']) {
      const res = await supertest(test.app).get(path);
      expect(res.status, path).toBe(400);
      expect(res.text).toBe(translator(path.startsWith('/en') ? 'en' : 'de')('api.error.bad_url'));
    }
    // Percent-encoded text that is not a NUL, and broken escapes, still reach the routes.
    for (const path of ['/api/faq?q=%2500', '/api/faq?q=%ZZ', '/api/faq?q=%ED%A0%80']) {
      const res = await supertest(test.app)
        .get(path)
        .set({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
      expect(res.status, path).toBe(200);
    }
  });
});

describe('the payment webhook with an unreadable body (found by the property-based tests, issue 14)', () => {
  it('answers 400 for a body declared compressed that is not, 415 for an unknown encoding, never 500', async () => {
    const post = (encoding: string) =>
      supertest(test.app)
        .post('/api/payment/webhook/stripe')
        .set({ 'Content-Type': 'application/json', 'Content-Encoding': encoding, 'App-Language': 'en' })
        .send('{"id":"evt_1","type":"checkout.session.completed"}');
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const res = await post(encoding);
      expect(res.status, encoding).toBe(400);
      expect(res.body).toEqual({ message: translator('en')('api.error.bad_encoding') });
    }
    const unknown = await post('x-unknown');
    expect(unknown.status).toBe(415);
    expect(unknown.body).toEqual({ message: translator('en')('api.error.bad_encoding') });
  });
});

describe('text that no field can hold (issue 14 item 3, found by the property-based tests)', () => {
  it('answers 400 with a translated message for a NUL byte or a lone surrogate anywhere in the body, and stores nothing', async () => {
    const client = await new ApiClient(test).start();
    const count = async () => (await test.ctx.db.select({ n: count_() }).from(mailOutbox))[0].n;
    const before = await count();
    const message = 'Eine Frage zu meiner Buchung, bitte um Rückruf.';
    for (const body of [
      { topic: 'booking', name: 'Erika', email: 'erika@example.org', message: `${message}\u0000` },
      { topic: 'booking', name: 'Erika', email: 'erika@example.org', message: `${message}\uD800` },
      { topic: 'booking', name: 'Erika', email: 'erika@example.org', message, ['x\u0000']: 1 },
    ]) {
      const res = await client.post('contact', body, { 'App-Language': 'en' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: translator('en')('api.error.bad_text') });
    }
    expect(await count()).toBe(before);
    const ok = await client.post('contact', { topic: 'booking', name: 'Erika', email: 'erika@example.org', message });
    expect(ok.status).toBe(202);
  });
});

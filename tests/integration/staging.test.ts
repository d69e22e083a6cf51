// The test host (SPEC §7, issue 16): basic authorization on STAGING_HOST only, health checks excepted, noindex and
// no public caching there; every other host is unaffected.
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuthorization, hasBasicCredentials } from '../../server/staging.server.ts';
import { createTestApp, type TestApp } from './harness.ts';

const HOST = 'staging.parkplatz-shop.example';
const CREDENTIALS = 'team:s3cret-Passw0rd';
const RIGHT = basicAuthorization(CREDENTIALS);
const WRONG = basicAuthorization('team:guess');
const API = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ env: { STAGING_HOST: HOST, STAGING_BASIC_AUTH: CREDENTIALS } });
});
afterAll(() => test.close());

const get = (path: string, headers: Record<string, string>) => supertest(test.app).get(path).set(headers);

describe('the test host', () => {
  it('answers 401 without and with wrong credentials, 200 with the right ones', async () => {
    const without = await get('/api/auth/check', { ...API, Host: HOST });
    expect(without.status).toBe(401);
    expect(without.headers['www-authenticate']).toBe('Basic realm="Staging", charset="UTF-8"');
    expect(without.headers['content-type']).toMatch(/^application\/json/);
    expect(without.body.message).toMatch(/Testserver ist geschützt/);
    expect(without.headers['set-cookie']).toBeUndefined();

    const wrong = await get('/api/auth/check', { ...API, Host: HOST, Authorization: WRONG, 'App-Language': 'en' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toMatch(/test server is protected/);

    const right = await get('/api/auth/check', { ...API, Host: `${HOST.toUpperCase()}:443`, Authorization: RIGHT });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ authenticated: false });
    expect(right.headers['x-robots-tag']).toBe('noindex');
  });

  it('guards pages and files too, and answers them in the page language', async () => {
    const page = await get('/en/faq', { Host: HOST });
    expect(page.status).toBe(401);
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
    expect(page.text).toMatch(/test server is protected/);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect((await get('/translations/de.json', { Host: HOST })).status).toBe(401);
    expect((await get('/api/auth/check', { ...API, Host: HOST, Authorization: 'Bearer x' })).status).toBe(401);
    expect((await get('/api/auth/check', { ...API, Host: HOST, Authorization: 'Basic !!!' })).status).toBe(401);
  });

  it('lets the health checks through without credentials', async () => {
    expect((await get('/healthz', { Host: HOST })).status).toBe(200);
    expect((await get('/readyz', { Host: HOST })).status).toBe(200);
  });

  it('lets the payment webhooks through without credentials: their signature guards them (issue 33 item 7)', async () => {
    const post = (path: string) =>
      supertest(test.app).post(path).set({ Host: HOST, 'Content-Type': 'application/json' }).send('{"id":"evt_1"}');
    // The webhook's own answer (here: no signature, no configured provider), not the gate's 401.
    for (const provider of ['stripe', 'demo']) {
      const hook = await post(`/api/payment/webhook/${provider}`);
      expect(hook.status, provider).not.toBe(401);
      expect(hook.status, provider).toBeLessThan(500);
      expect(hook.headers['www-authenticate']).toBeUndefined();
      expect(hook.headers['x-robots-tag']).toBe('noindex');
    }
    // Only the webhook paths: their neighbours stay closed.
    expect((await post('/api/payment/webhook')).status).toBe(401);
    expect((await post('/api/payment/webhook/stripe/x')).status).toBe(401);
    expect((await post('/api/payment/webhooks/stripe')).status).toBe(401);
    expect((await get('/api/payment/webhook/stripe', { ...API, Host: HOST })).status).not.toBe(401);
  });

  it('keeps everything out of shared caches', async () => {
    const file = await get('/translations/de.json', { Host: HOST, Authorization: RIGHT });
    expect(file.status).toBe(200);
    expect(file.headers['cache-control']).toBe('private, max-age=300');
    expect(file.headers['x-robots-tag']).toBe('noindex');
  });
});

describe('other hosts', () => {
  it('need no credentials and are not marked noindex', async () => {
    for (const host of ['127.0.0.1', 'www.parkplatz-shop.example', `x.${HOST}`]) {
      const res = await get('/api/auth/check', { ...API, Host: host });
      expect(res.status).toBe(200);
      expect(res.headers['x-robots-tag']).toBeUndefined();
      expect(res.headers['www-authenticate']).toBeUndefined();
    }
    const file = await get('/translations/de.json', { Host: 'www.parkplatz-shop.example' });
    expect(file.headers['cache-control']).toBe('public, max-age=300');
  });

  it('are unaffected when no test host is configured', async () => {
    const plain = await createTestApp({ sharedWith: test });
    try {
      const res = await supertest(plain.app)
        .get('/api/auth/check')
        .set({ ...API, Host: HOST });
      expect(res.status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});

describe('hasBasicCredentials', () => {
  it('accepts only the exact user:password, with any case of the scheme', () => {
    expect(hasBasicCredentials(RIGHT, CREDENTIALS)).toBe(true);
    expect(hasBasicCredentials(RIGHT.replace('Basic', 'basic'), CREDENTIALS)).toBe(true);
    expect(hasBasicCredentials(undefined, CREDENTIALS)).toBe(false);
    expect(hasBasicCredentials('', CREDENTIALS)).toBe(false);
    expect(hasBasicCredentials(WRONG, CREDENTIALS)).toBe(false);
    expect(hasBasicCredentials(basicAuthorization(`${CREDENTIALS}x`), CREDENTIALS)).toBe(false);
    expect(hasBasicCredentials(`Digest ${RIGHT.slice(6)}`, CREDENTIALS)).toBe(false);
  });
});

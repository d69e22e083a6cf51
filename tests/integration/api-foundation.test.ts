import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createTestApp, type TestApp } from './harness.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('API foundation (DESIGN §5)', () => {
  it('rejects a request without X-Requested-With with 400 JSON', async () => {
    const res = await supertest(test.app).get('/api/auth/check');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('rejects a POST without the CSRF header with 419 JSON', async () => {
    const client = await new ApiClient(test).start();
    const res = await supertest(test.app)
      .post('/api/checkout/cart')
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('Content-Type', 'application/json')
      .set('Cookie', client.cookie)
      .send({});
    expect(res.status).toBe(419);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('rejects a POST with a token of another session with 419', async () => {
    const a = await new ApiClient(test).start();
    const b = await new ApiClient(test).start();
    b.csrfToken = a.csrfToken;
    const res = await b.post('checkout/cart', {});
    expect(res.status).toBe(419);
  });

  it('answers unknown API paths with 404 JSON, never HTML', async () => {
    const res = await supertest(test.app).get('/api/nothing/here').set('X-Requested-With', 'XMLHttpRequest');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('answers broken JSON with 400 JSON', async () => {
    const client = await new ApiClient(test).start();
    const res = await supertest(test.app)
      .post('/api/checkout/cart')
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('Content-Type', 'application/json')
      .set('X-CSRF-TOKEN', client.csrfToken)
      .set('Cookie', client.cookie)
      .send('{"airportId": ');
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('speaks the App-Language', async () => {
    const client = await new ApiClient(test).start();
    const de = await client.post('checkout/cart', {}, { 'App-Language': 'de' });
    const en = await client.post('checkout/cart', {}, { 'App-Language': 'en' });
    expect(de.status).toBe(422);
    expect(en.status).toBe(422);
    expect(de.body.message).not.toBe(en.body.message);
  });

  it('serves the translations outside /api as a key → text object', async () => {
    for (const locale of ['de', 'en']) {
      const res = await supertest(test.app).get(`/translations/${locale}.json`);
      expect(res.status).toBe(200);
      expect(typeof res.body['offer.book']).toBe('string');
    }
    expect((await supertest(test.app).get('/translations/fr.json')).status).toBe(404);
  });
});

// GET /healthz and /readyz (DESIGN §3): outside /api, no session cookie, never cached; /readyz follows the database.
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAnswers } from '../../app/services/health.server.ts';
import type { Database } from '../../database/client.server.ts';
import { createTestApp, type TestApp } from './harness.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('health endpoints', () => {
  it('/healthz answers 200 without a session or X-Requested-With', async () => {
    const res = await supertest(test.app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('every answer denies the powerful features the shop never uses (Permissions-Policy, issue 14)', async () => {
    for (const path of ['/healthz', '/api/auth/check', '/translations/de.json']) {
      const policy = (await supertest(test.app).get(path).set('X-Requested-With', 'XMLHttpRequest')).headers[
        'permissions-policy'
      ];
      expect(policy, path).toMatch(/(^|, )camera=\(\)/);
      expect(policy).toMatch(/geolocation=\(\)/);
      expect(policy).toMatch(/payment=\(\)/);
      expect(policy).toMatch(/microphone=\(\)/);
    }
  });

  it('/readyz answers 200 while the database answers', async () => {
    const res = await supertest(test.app).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('databaseAnswers is false when the query fails or hangs', async () => {
    const failing = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Database;
    expect(await databaseAnswers(failing)).toBe(false);
    const hanging = { execute: () => new Promise(() => undefined) } as unknown as Database;
    expect(await databaseAnswers(hanging, 20)).toBe(false);
    expect(await databaseAnswers(test.ctx.db)).toBe(true);
  });
});

// The database unreachable (issue 14 item 5): the API answers 503 JSON with Retry-After, pages the shop's own
// translated 503 page (not Express's bare text), /readyz 503 and /healthz still 200. Uses a PostgreSQL URL on a
// port where nothing listens, so it runs without any database server.
import type { RequestHandler } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../database/client.server.ts';
import { translator } from '../../app/i18n.server.ts';
import { createBaseApp } from '../../server/app.server.ts';
import type { AppContext } from '../../server/context.server.ts';
import { isDatabaseUnavailable, retryWhileUnavailable } from '../../server/database-availability.server.ts';
import { contextWithoutDatabase } from './harness.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createBaseApp>;
let cookie: string;

beforeAll(async () => {
  let ctx: AppContext;
  ({ ctx, handle } = await contextWithoutDatabase());
  const { sessions } = ctx;
  // the page handler's first step, as in server/pages.server.ts: load the visitor's session
  const pages: RequestHandler = (req, res, next) => {
    sessions
      .load(req.get('Cookie'))
      .then(() => res.send('page'))
      .catch(next);
  };
  app = createBaseApp(ctx, { pages });
  cookie = sessions.serializeCookie(sessions.newId()).split(';')[0];
});
afterAll(() => handle.close());

describe('with the database down', () => {
  it('the API answers 503 JSON with Retry-After and a translated message', async () => {
    const res = await supertest(app)
      .get('/api/auth/check')
      .set({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'App-Language': 'en', Cookie: cookie });
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['retry-after']).toBe('10');
    expect(res.body).toEqual({ message: translator('en')('api.error.unavailable') });
  });

  it('a page answers 503 with the shop’s own page in its language, not a bare text', async () => {
    const de = await supertest(app).get('/faq').set('Cookie', cookie);
    expect(de.status).toBe(503);
    expect(de.headers['content-type']).toMatch(/text\/html/);
    expect(de.headers['retry-after']).toBe('10');
    expect(de.headers['cache-control']).toBe('no-store');
    expect(de.text).toContain('<html lang="de">');
    expect(de.text).toContain(translator('de')('error.503.title'));
    expect(de.text).not.toMatch(/Internal Server Error|ECONNREFUSED|\n\s+at /);
    const en = await supertest(app).get('/en/faq').set('Cookie', cookie);
    expect(en.status).toBe(503);
    expect(en.text).toContain(translator('en')('error.503.title'));
  });

  it('the "try again" link never leads to another host', async () => {
    const res = await supertest(app).get('//evil.example/x').set('Cookie', cookie);
    expect(res.status).toBe(503);
    expect(res.text).not.toContain('href="//evil.example');
  });

  it('/readyz says unavailable, /healthz that the process lives', async () => {
    expect((await supertest(app).get('/readyz')).status).toBe(503);
    expect((await supertest(app).get('/healthz')).status).toBe(200);
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows connection failures from other errors, also wrapped', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(
      isDatabaseUnavailable({ code: '57P01', message: 'terminating connection due to administrator command' }),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: { code: '08006' } }))).toBe(true);
    expect(isDatabaseUnavailable({ code: '42P01', message: 'relation "x" does not exist' })).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe('retryWhileUnavailable (start before the database)', () => {
  it('tries again with a growing pause while the database cannot be reached, then goes on', async () => {
    const pauses: number[] = [];
    let calls = 0;
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const result = await retryWhileUnavailable(
      { warn: () => undefined },
      async () => {
        calls += 1;
        if (calls < 7) throw refused;
        return 'ready';
      },
      async (ms) => {
        pauses.push(ms);
      },
    );
    expect(result).toBe('ready');
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 16000, 30000]);
  });

  it('throws any other error at once', async () => {
    const broken = Object.assign(new Error('syntax error'), { code: '42601' });
    await expect(
      retryWhileUnavailable(
        { warn: () => undefined },
        () => Promise.reject(broken),
        async () => undefined,
      ),
    ).rejects.toBe(broken);
  });
});

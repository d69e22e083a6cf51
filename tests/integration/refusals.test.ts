/**
 * Requests the shop refuses before any route, found by the second hardening round (issue 31 items 3, 4, 5): the
 * one-click unsubscribe's unreadable bodies, methods the shop does not serve (TRACE, CONNECT, …) and JSON nested
 * deeper than the parser allows, also with an `Idempotency-Key` (whose canonical form recursed). Each answers a
 * translated 4xx, changes nothing and logs no error.
 */
import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { refuseConnect } from '../../server/app.server.ts';
import { ApiClient, createTestApp, type TestApp } from './harness.ts';

let test: TestApp;
let errors: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});
beforeEach(() => {
  errors?.mockRestore();
  errors = vi.spyOn(test.ctx.logger, 'error');
});

describe('one-click unsubscribe with a body it cannot read (item 3)', () => {
  const oneClick = 'List-Unsubscribe=One-Click';
  for (const list of ['newsletter', 'airport-alert']) {
    it(`answers 413, 415 or 400 with a translated message on the ${list} list, never 500`, async () => {
      const url = `/unsubscribe/${list}/x`;
      const cases: [string, supertest.Test, number][] = [
        [
          'a body over 2 KB',
          supertest(test.app)
            .post(url)
            .type('form')
            .send(`${oneClick}&pad=${'a'.repeat(3000)}`),
          413,
        ],
        [
          'a plain body declared gzip',
          supertest(test.app).post(url).type('form').set('Content-Encoding', 'gzip').send(oneClick),
          400,
        ],
        [
          'an unknown Content-Encoding',
          supertest(test.app).post(url).type('form').set('Content-Encoding', 'x-unknown').send(oneClick),
          415,
        ],
        [
          'charset=utf-16',
          supertest(test.app)
            .post(url)
            .set('Content-Type', 'application/x-www-form-urlencoded; charset=utf-16')
            .send(Buffer.from(oneClick, 'utf16le')),
          415,
        ],
      ];
      for (const [what, request, status] of cases) {
        const res = await request;
        expect(res.status, what).toBe(status);
        expect(res.headers['content-type'], what).toMatch(/^application\/json/);
        expect(res.body.message, what).toMatch(/^(Die Anfrage|Der Inhalt der Anfrage)/);
      }
      // a well-formed gzip body is read (the unknown token then answers 404)
      const gzipped = await supertest(test.app)
        .post(url)
        .type('form')
        .set('Content-Encoding', 'gzip')
        .serialize((raw: unknown) => raw as string)
        .send(zlib.gzipSync(oneClick));
      expect(gzipped.status, gzipped.text).toBe(404);
      expect(errors).not.toHaveBeenCalled();
    });
  }
});

describe('methods the shop does not serve (item 4)', () => {
  it('answers TRACE, PUT, DELETE, PROPFIND and OPTIONS with 405 and Allow, on pages and under /api', async () => {
    for (const method of ['TRACE', 'PUT', 'DELETE', 'PROPFIND', 'OPTIONS', 'PATCH']) {
      for (const path of ['/', '/kontakt', '/en/faq', '/admin', '/api/faq', '/api/checkout']) {
        const res = await supertest(test.app)[method === 'PROPFIND' ? 'propfind' : (method.toLowerCase() as 'put')](
          path,
        );
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.allow, `${method} ${path}`).toBe('GET, HEAD, POST');
        if (path.startsWith('/api/')) expect(res.body.message).toContain('GET, HEAD und POST');
        else expect(res.text).toContain(path.startsWith('/en/') ? 'GET, HEAD and POST' : 'GET, HEAD und POST');
      }
    }
    expect(errors).not.toHaveBeenCalled();
  });

  it('answers CONNECT with 405 and Allow instead of resetting the connection', async () => {
    const server = http.createServer(test.app);
    refuseConnect(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(`CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n`);
        });
        let text = '';
        socket.on('data', (chunk) => (text += chunk));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
      expect(answer).toContain('\r\nAllow: GET, HEAD, POST\r\n');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('JSON nested deeper than the parser allows (item 5)', () => {
  function nested(depth: number): unknown {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = { a: value };
    return value;
  }

  it('answers 400 with a translated message, with and without an Idempotency-Key, and stores nothing', async () => {
    const client = await new ApiClient(test).start();
    for (const path of ['checkout', 'reservations/ABCDEFGH/change', 'checkout/validate']) {
      for (const headers of [{}, { 'Idempotency-Key': `deep-${path}` }] as Record<string, string>[]) {
        const res = await client.post(path, nested(3000), headers);
        expect(res.status, path).toBe(400);
        expect(res.body.message, path).toBe('Der Inhalt der Anfrage ist zu tief verschachtelt.');
      }
      const english = await client.post(path, nested(40), { 'App-Language': 'en' });
      expect(english.status).toBe(400);
      expect(english.body.message).toBe('The request body is nested too deeply.');
    }
    // brackets inside strings are text, not nesting; 32 levels are still read
    const inString = await client.post('checkout/validate', { entryTime: '['.repeat(5000) });
    expect(inString.status).toBe(422);
    expect((await client.post('checkout/validate', nested(31))).status).toBe(422);
    expect(errors).not.toHaveBeenCalled();
  });
});

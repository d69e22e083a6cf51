// Scripts and style sheets of the client build go out as the Brotli or gzip copies made at build time (vite.config.ts
// `precompress`, decision 0041), not compressed again per request; without such a copy, or for a client that accepts
// neither encoding, the file itself. Runs without a database (the static files never touch it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../database/client.server.ts';
import { createBaseApp } from '../../server/app.server.ts';
import type { AppContext } from '../../server/context.server.ts';
import { contextWithoutDatabase } from './harness.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createBaseApp>;
let staticDir: string;
const script = `export const greeting = ${JSON.stringify('Parken am Flughafen '.repeat(200))};\n`;

/** The body as bytes (superagent has already undone the Content-Encoding; Content-Length tells which copy went). */
function raw(request: supertest.Test): supertest.Test {
  return request.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
  fs.mkdirSync(path.join(staticDir, 'js'));
  fs.writeFileSync(path.join(staticDir, 'js/app-abc123.js'), script);
  fs.writeFileSync(path.join(staticDir, 'js/app-abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(staticDir, 'js/app-abc123.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(staticDir, 'js/tiny-abc123.js'), 'export {};\n');
  let ctx: AppContext;
  ({ ctx, handle } = await contextWithoutDatabase());
  app = createBaseApp(ctx, { staticDir });
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe('precompressed scripts', () => {
  it('sends the Brotli copy to a browser that accepts it, immutable and varying by encoding', async () => {
    const res = await raw(supertest(app).get('/js/app-abc123.js').set('Accept-Encoding', 'gzip, deflate, br'));
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(staticDir, 'js/app-abc123.js.br')).size);
    expect((res.body as Buffer).toString()).toBe(script);
  });

  it('sends the gzip copy when Brotli is not accepted, and the file itself when neither is', async () => {
    const gz = await raw(supertest(app).get('/js/app-abc123.js').set('Accept-Encoding', 'gzip'));
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(fs.statSync(path.join(staticDir, 'js/app-abc123.js.gz')).size);
    expect((gz.body as Buffer).toString()).toBe(script);
    const plain = await raw(supertest(app).get('/js/app-abc123.js').set('Accept-Encoding', 'identity'));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((plain.body as Buffer).toString()).toBe(script);
  });

  it('serves a file without copies as it is, and a missing one as 404', async () => {
    const tiny = await raw(supertest(app).get('/js/tiny-abc123.js').set('Accept-Encoding', 'br'));
    expect(tiny.status).toBe(200);
    expect((tiny.body as Buffer).toString()).toBe('export {};\n');
    const missing = await supertest(app).get('/js/missing-abc123.js').set('Accept-Encoding', 'br');
    expect(missing.status).toBe(404);
  });
});

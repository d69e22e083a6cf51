/**
 * The shop started while its database does not answer yet (issue 31 item 10), on the real production server
 * (`node server.js`): it listens at once, `/healthz` answers 200 (an orchestrator sees a live process and does not
 * restart it in a loop), `/readyz` and everything else 503 with `Retry-After` — JSON under /api, the shop's own page
 * otherwise — and once the database answers it migrates and serves normally, in the same process.
 *
 * The database is the test's PostgreSQL copy behind a loopback TCP forwarder of the test's own: at first nothing
 * listens on the forwarder's port (connections are refused, as with a database not up yet), then it forwards. It
 * runs in the PostgreSQL project only: PGlite is embedded, there is no database to be "not up yet", only the
 * moment of opening its directory, too short to hold in a test (the same starting app answers during it).
 */
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../app/i18n.server.ts';
import { createFaultDatabase, POSTGRES, type FaultDatabase } from './fault-database.ts';
import {
  buildIfNeeded,
  exited,
  freePort,
  request,
  Shopper,
  startServer,
  stopServer,
  tempDir,
  waitReady,
  type ServerProcess,
} from './server-process.ts';

/** A TCP forwarder from `127.0.0.1:port` to `target`; it listens only from `open()` on. */
function forwarder(port: number, target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  return {
    open: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!POSTGRES)('the shop started before its database answers', () => {
  let dataDir: string;
  let database: FaultDatabase;
  let server: ServerProcess | undefined;
  let proxy: ReturnType<typeof forwarder> | undefined;
  const de = translator('de');
  const en = translator('en');

  beforeAll(async () => {
    buildIfNeeded();
    dataDir = tempDir('faults-start');
    database = await createFaultDatabase(dataDir);
  }, 600_000);
  afterAll(async () => {
    await stopServer(server);
    await proxy?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /healthz 200 and everything else 503 until the database answers, then serves normally', async () => {
    const real = new URL(database.env.DATABASE_URL);
    const proxyPort = await freePort();
    proxy = forwarder(proxyPort, { host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(real);
    viaProxy.host = `127.0.0.1:${proxyPort}`;
    server = await startServer({ ...database.env, DATABASE_URL: viaProxy.toString(), PAGE_CACHE_SECONDS: '0' });

    // Live at once: polled with a deadline (the process needs a moment to load its bundle), never refused for long.
    const until = Date.now() + 20_000;
    let health = 0;
    while (health !== 200 && Date.now() < until) {
      expect(server.child.exitCode, server.output()).toBeNull();
      health = await request(server.base, { path: '/healthz' }).then(
        (r) => r.status,
        () => 0,
      );
      if (health !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(health, server.output()).toBe(200);
    const healthz = await request(server.base, { path: '/healthz' });
    expect(healthz.body).toEqual({ status: 'ok' });
    expect(healthz.headers['cache-control']).toBe('no-store');

    // Nothing listens on the database's port yet: everything but /healthz is 503.
    const readyz = await request(server.base, { path: '/readyz' });
    expect(readyz.status).toBe(503);
    expect(readyz.body).toEqual({ status: 'unavailable' });
    const shopper = new Shopper(server.base);
    const api = await shopper.get('auth/check');
    expect(api.status, api.text).toBe(503);
    expect(api.headers['content-type']).toMatch(/application\/json/);
    expect(api.headers['retry-after']).toBe('10');
    expect(api.body).toEqual({ message: de('api.error.unavailable') });
    const apiEn = await request(server.base, {
      path: '/api/auth/check',
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'App-Language': 'en' },
    });
    expect(apiEn.body).toEqual({ message: en('api.error.unavailable') });
    const post = await shopper.post('checkout', {});
    expect(post.status).toBe(503);
    for (const [pagePath, t, lang] of [
      ['/', de, 'de'],
      ['/faq', de, 'de'],
      ['/en/parkplatz', en, 'en'],
    ] as const) {
      const page = await request(server.base, { path: pagePath });
      expect(page.status, page.text.slice(0, 300)).toBe(503);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['retry-after']).toBe('10');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['content-security-policy']).toMatch(/style-src 'nonce-/);
      expect(page.text).toContain(`<html lang="${lang}">`);
      expect(page.text).toContain(t('error.503.title'));
    }
    // And the process knows why: it is still waiting for its database.
    expect(server.output()).toContain('the database cannot be reached; trying again');
    expect(server.child.exitCode).toBeNull();
    const pid = server.child.pid;

    // The database answers: the same process migrates (nothing to do on this copy) and serves normally.
    await proxy.open();
    await waitReady(server, 60_000);
    expect(server.child.pid).toBe(pid);
    expect((await request(server.base, { path: '/healthz' })).status).toBe(200);
    await shopper.start();
    expect((await shopper.get('auth/check')).status).toBe(200);
    const page = await request(server.base, { path: '/faq', headers: { Cookie: shopper.cookie } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="de"');

    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    expect(server.output()).not.toMatch(/"level":60/);
  }, 120_000);
});

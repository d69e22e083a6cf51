/**
 * The database stopped and started again under a running shop (issue 14 item 5, "Fault tests"): the test starts its
 * OWN PostgreSQL instance (`initdb` + `pg_ctl`, a temporary data directory, a port of its own, trust authentication on
 * loopback) and never touches a shared server. The production server (`node server.js`):
 * - started before its database, waits and retries instead of exiting;
 * - while the database is down answers 503 with `Retry-After`: JSON with a translated message under /api, the shop's
 *   own translated page otherwise; `/readyz` 503, `/healthz` 200;
 * - recovers without a restart when the database is back: the same process serves pages and books.
 * It runs once, in the PGlite project (it brings its own PostgreSQL, so a second run in the PostgreSQL project would
 * prove nothing new); it is skipped, saying why, when no PostgreSQL server binaries are installed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../app/i18n.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { POSTGRES } from './fault-database.ts';
import {
  buildIfNeeded,
  exited,
  freePort,
  request,
  Shopper,
  startServer,
  stayAhead,
  stopServer,
  tempDir,
  waitReady,
  type ServerProcess,
} from './server-process.ts';

/** Directory of `initdb`/`pg_ctl`: on the PATH, /usr/local/bin, or Debian's newest /usr/lib/postgresql/N/bin. */
function postgresBin(): string | null {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  const candidates = [
    onPath ? path.dirname(onPath) : '',
    '/usr/local/bin',
    ...(fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
  ];
  return (
    candidates.find(
      (dir) => dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')),
    ) ?? null
  );
}

const BIN = postgresBin();
// PostgreSQL refuses to run as root: then its commands run as the `postgres` user (runuser), which owns the data dir.
const AS_ROOT = process.getuid?.() === 0;
if (!BIN) console.warn('faults-database-restart: skipped, no initdb/pg_ctl found (install PostgreSQL server binaries)');

/** `runuser` (util-linux): in /usr/sbin or /sbin, which a PATH without the sbin directories lacks. */
const RUNUSER = ['/usr/sbin/runuser', '/sbin/runuser'].find((file) => fs.existsSync(file)) ?? 'runuser';

/** Runs a PostgreSQL binary (as `postgres` when this process is root); throws with its output when it fails. */
function pgCommand(name: string, args: string[]): void {
  const command = AS_ROOT ? RUNUSER : path.join(BIN!, name);
  const argv = AS_ROOT ? ['-u', 'postgres', '--', path.join(BIN!, name), ...args] : args;
  const result = spawnSync(command, argv, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) {
    const output = result.error ? String(result.error) : `${result.stdout}${result.stderr}`;
    throw new Error(`${name} ${args.join(' ')} failed:\n${output}`);
  }
}

/** A free port of the fault tests' range (55432–55439), else any free port. */
async function postgresPort(): Promise<number> {
  const net = await import('node:net');
  for (let port = 55432; port <= 55439; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  return freePort();
}

describe.skipIf(POSTGRES || !BIN)('the database stopped and started under a running shop', () => {
  let root: string;
  let pgData: string;
  let pgPort: number;
  let server: ServerProcess | undefined;
  let running = false;
  const de = translator('de');
  const en = translator('en');

  const startDatabase = () => {
    pgCommand('pg_ctl', [
      '-D',
      pgData,
      '-l',
      path.join(root, 'postgres.log'),
      '-w',
      '-o',
      `-p ${pgPort} -c listen_addresses=127.0.0.1 -k ${root} -c fsync=off`,
      'start',
    ]);
    running = true;
  };
  const stopDatabase = (mode: 'fast' | 'immediate') => {
    pgCommand('pg_ctl', ['-D', pgData, '-w', '-m', mode, 'stop']);
    running = false;
  };

  beforeAll(async () => {
    buildIfNeeded();
    root = tempDir('faults-pg');
    pgData = path.join(root, 'pgdata');
    if (AS_ROOT) {
      const { uid, gid } = userIds('postgres');
      fs.chownSync(root, uid, gid);
    }
    pgCommand('initdb', ['-D', pgData, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--no-locale']);
    pgPort = await postgresPort();
  }, 600_000);
  afterAll(async () => {
    await stopServer(server);
    if (running) stopDatabase('immediate');
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('waits for a database that is not up yet at start', async () => {
    server = await startServer({
      DATA_DIR: path.join(root, 'app'),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
      PAGE_CACHE_SECONDS: '0',
    });
    // The first attempt failed and the process keeps trying (bounded wait for its log line, not a fixed pause).
    const until = Date.now() + 20_000;
    while (!server.output().includes('the database cannot be reached') && Date.now() < until) {
      expect(server.child.exitCode, server.output()).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(server.output()).toContain('the database cannot be reached; trying again');
    startDatabase();
    await waitReady(server); // migrates and seeds the empty database, then listens
  }, 90_000);

  it('answers 503 while the database is down and recovers without a restart', async () => {
    const shopper = await new Shopper(server!.base).start();
    expect((await shopper.get('auth/check')).status).toBe(200);
    const pid = server!.child.pid;

    stopDatabase('fast');
    const api = await shopper.get('auth/check');
    expect(api.status, api.text).toBe(503);
    expect(api.headers['content-type']).toMatch(/application\/json/);
    expect(api.headers['retry-after']).toBe('10');
    expect(api.body).toEqual({ message: de('api.error.unavailable') });
    const apiEn = await request(server!.base, {
      path: '/api/auth/check',
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'App-Language': 'en', Cookie: shopper.cookie },
    });
    expect(apiEn.body).toEqual({ message: en('api.error.unavailable') });

    for (const [pagePath, t, lang] of [
      ['/faq', de, 'de'],
      ['/en/faq', en, 'en'],
    ] as const) {
      const page = await request(server!.base, { path: pagePath, headers: { Cookie: shopper.cookie } });
      expect(page.status, page.text).toBe(503);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['retry-after']).toBe('10');
      expect(page.text).toContain(`<html lang="${lang}">`);
      expect(page.text).toContain(t('error.503.title'));
    }
    // A first visit (no session yet): the session needs no query, the page's loader does; same answer.
    for (const pagePath of ['/', '/en/parkplatz']) {
      const page = await request(server!.base, { path: pagePath });
      expect(page.status, page.text.slice(0, 500)).toBe(503);
      expect(page.headers['retry-after']).toBe('10');
      expect(page.text).toContain(pagePath === '/' ? de('error.503.title') : en('error.503.title'));
    }
    // A client-side navigation's data request too.
    const data = await request(server!.base, { path: '/faq.data', headers: { Cookie: shopper.cookie } });
    expect(data.status).toBe(503);
    expect((await request(server!.base, { path: '/readyz' })).status).toBe(503);
    expect((await request(server!.base, { path: '/healthz' })).status).toBe(200);
    expect(server!.child.exitCode).toBeNull();

    startDatabase();
    await waitReady(server!, 30_000);
    expect(server!.child.pid).toBe(pid);
    expect((await shopper.get('auth/check')).status).toBe(200);
    expect((await request(server!.base, { path: '/faq', headers: { Cookie: shopper.cookie } })).status).toBe(200);
    // And it books: the session survived, the pool has fresh connections.
    const stay = stayAhead(30);
    const { fraId, tariffId } = await fraTariff();
    expect((await shopper.post('checkout/cart', { airportId: fraId, tariffId, ...stay })).status).toBe(200);
    const booking = await shopper.post(
      'checkout',
      checkoutBody({ ...stay, personCount: 1, licensePlate: '', gender: false }),
    );
    expect(booking.status, booking.text).toBe(201);

    server!.child.kill('SIGTERM');
    expect(await exited(server!.child)).toBe(0);
    // Failures were answered, never crashed the process or logged as errors of the app.
    expect(server!.output()).not.toMatch(/"level":60/);
  }, 90_000);

  /** FRA's first active tariff, read from the test's own instance. */
  async function fraTariff(): Promise<{ fraId: number; tariffId: number }> {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${pgPort}/postgres` });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select a.id as "fraId", t.id as "tariffId" from airports a join tariffs t on t.airport_id = a.id
          where a.iata = 'FRA' and t.active order by t.id limit 1`,
      );
      return rows[0] as { fraId: number; tariffId: number };
    } finally {
      await client.end();
    }
  }
});

/** uid and gid of a system user (from /etc/passwd). */
function userIds(name: string): { uid: number; gid: number } {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no user ${name}: PostgreSQL cannot run as root without it`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

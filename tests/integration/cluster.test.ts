/**
 * `WEB_CONCURRENCY` (issue 11 item 3, decision 0018): the real production server (`node server.js`, built first
 * when needed). On PostgreSQL two workers prepare an empty database together (migrations and seed once, under the
 * advisory lock), both serve requests (the token-protected, loopback-only `GET /internal/process` names the
 * answering process, so nothing internal is public) beside a jobs process, a killed worker is replaced, and
 * SIGTERM stops them all.
 * PGlite refuses more than one process at start.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const POSTGRES = process.env.TEST_DRIVER === 'postgres';
let dataDir: string;

/** A free loopback port (bound and released). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts `node server.js` in production mode with `env` on top of a quiet base. */
function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      // production requires it (decision 0027): the server's own address, so links (the setup link) name it
      PUBLIC_URL: env.PORT ? `http://127.0.0.1:${env.PORT}` : 'http://127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** Resolves the exit code (or signal name) of a child process. */
function exited(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
}

beforeAll(() => {
  // The production bundle, as `npm test` builds it for the e2e suite (a no-op when it is up to date).
  expect(spawnSync(process.execPath, ['scripts/build-if-needed.js'], { stdio: 'inherit' }).status).toBe(0);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-cluster-'));
}, 600_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('WEB_CONCURRENCY', () => {
  it('is refused at start on PGlite when more than one process is asked for', async () => {
    const { child, output } = startServer({ WEB_CONCURRENCY: '2', DATABASE_URL: '', PORT: '0' });
    expect(await exited(child)).toBe(1);
    expect(output()).toContain('WEB_CONCURRENCY: 2 processes need PostgreSQL (DATABASE_URL)');
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  describe.skipIf(!POSTGRES)('on PostgreSQL with two workers', () => {
    const url = POSTGRES ? new URL(process.env.TEST_DATABASE_URL!) : null;
    const name = POSTGRES
      ? `${inject('pgTemplate').replace(/_template$/, '')}_cluster_${crypto.randomBytes(4).toString('hex')}`
      : '';
    let server: ReturnType<typeof startServer>;
    let base = '';
    let databaseUrl = '';

    /**
     * `GET /internal/process` with the admin token of the data directory: the answering process id. A new
     * connection each time (no keep-alive): the primary hands out connections, not requests, to the workers.
     */
    async function answeringPid(): Promise<number> {
      const { token } = JSON.parse(fs.readFileSync(path.join(dataDir, 'admin-token'), 'utf8')) as { token: string };
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.get(
          `${base}/internal/process`,
          { agent: false, headers: { Authorization: `Bearer ${token}` } },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        // A connection handed to the worker just killed is never answered: give up and ask again.
        req.setTimeout(2000, () => req.destroy(new Error('no answer')));
      });
      expect(status).toBe(200);
      return (JSON.parse(body) as { pid: number }).pid;
    }

    /** Process ids that answer within `ms` (polling; the workers come up one after another). */
    async function pidsAnswering(ms: number, enough: (pids: Set<number>) => boolean): Promise<Set<number>> {
      const pids = new Set<number>();
      const until = Date.now() + ms;
      while (Date.now() < until && !enough(pids)) {
        try {
          pids.add(await answeringPid());
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 100)); // not listening yet
        }
      }
      return pids;
    }

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: url!.toString() });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      await admin.end();
      const own = new URL(url!);
      own.pathname = `/${name}`;
      databaseUrl = own.toString();
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = startServer({ WEB_CONCURRENCY: '2', DATABASE_URL: databaseUrl, PORT: String(port) });
    });
    afterAll(async () => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      const admin = new pg.Client({ connectionString: url!.toString() });
      await admin.connect();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    });

    it('prepares an empty database once and serves from two worker processes', async () => {
      const pids = await pidsAnswering(60_000, (seen) => seen.size >= 2);
      expect(pids.size, server.output()).toBe(2);
      expect(pids.has(server.child.pid!)).toBe(false);
      // Beside the two web workers, the jobs process (mail, scheduled jobs) that serves no HTTP.
      const children = spawnSync('ps', ['--ppid', String(server.child.pid), '-o', 'pid='], { encoding: 'utf8' })
        .stdout.split('\n')
        .map((line) => Number(line.trim()))
        .filter(Boolean);
      expect(children).toHaveLength(3);
      expect(children).toEqual(expect.arrayContaining([...pids]));
      const tokenFile = JSON.parse(fs.readFileSync(path.join(dataDir, 'admin-token'), 'utf8')) as { pid: number };
      expect(tokenFile.pid).toBe(server.child.pid);

      const journal = JSON.parse(fs.readFileSync('database/migrations/meta/_journal.json', 'utf8')) as {
        entries: unknown[];
      };
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const migrations = await db.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const airports = await db.query('select count(*)::int as n, count(distinct slug)::int as slugs from airports');
      await db.end();
      expect(migrations.rows[0].n).toBe(journal.entries.length);
      expect(airports.rows[0].n).toBeGreaterThan(10);
      expect(airports.rows[0].n).toBe(airports.rows[0].slugs);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      // No staff yet: exactly one process (the jobs process) offers the back office's setup link (issue 15).
      const setupFile = path.join(dataDir, 'admin-setup-url');
      await expect.poll(() => fs.existsSync(setupFile), { timeout: 30_000 }).toBe(true);
      expect(fs.readFileSync(setupFile, 'utf8')).toMatch(new RegExp(`^${base}/admin/einrichten/[A-Za-z0-9_-]{43}\n$`));
      // The file is written just before the log line, and the child's output reaches us later: wait for the line.
      const announcements = () => server.output().match(/No back-office account yet/g)?.length ?? 0;
      await expect.poll(announcements, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(server.output().match(/No back-office account yet/g)).toHaveLength(1);
      const check = new pg.Client({ connectionString: databaseUrl });
      await check.connect();
      const setup = await check.query("select count(*)::int as n from staff_tokens where kind = 'setup'");
      await check.end();
      expect(setup.rows[0].n).toBe(1);
      expect(server.output()).not.toMatch(/"level":(50|60)/);
    }, 90_000);

    it('replaces a killed worker, and stops every process on SIGTERM', async () => {
      const before = await pidsAnswering(10_000, (seen) => seen.size >= 2);
      const [victim, survivor] = [...before];
      process.kill(victim, 'SIGKILL');
      const after = await pidsAnswering(30_000, (seen) => [...seen].some((pid) => !before.has(pid)));
      expect(
        [...after].some((pid) => !before.has(pid)),
        server.output(),
      ).toBe(true);

      server.child.kill('SIGTERM');
      expect(await exited(server.child)).toBe(0);
      expect(() => process.kill(survivor, 0)).toThrow();
      expect(fs.existsSync(path.join(dataDir, 'admin-token'))).toBe(false);
    }, 60_000);
  });
});

/**
 * The real production server as separate OS processes (`node server.js`), for the fault tests (issue 14): start,
 * wait until ready, kill, and a shopper that books over plain HTTP from its own loopback address (127.0.0.x), so the
 * per-IP limits of a booking load count each shopper separately as they would real customers.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Session secret of every server these tests start: a shopper derives its CSRF token from it (SessionStore). */
const SESSION_SECRET = 'fault-tests-'.padEnd(40, 'x');

/** Builds the production bundle when it is missing or stale (as `npm test` does before the e2e suite). */
export function buildIfNeeded(): void {
  const result = spawnSync(process.execPath, ['scripts/build-if-needed.js'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the production build failed');
}

/** A free loopback port (bound and released). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A started `node server.js`: its process, base URL and everything it printed. */
export type ServerProcess = { child: ChildProcess; base: string; port: number; output: () => string };

/**
 * Starts `node server.js` in production mode, one process (`WEB_CONCURRENCY=1`), on a free port. `env` adds to a
 * quiet base; `DATA_DIR` is required (PGlite lives there, and the admin token).
 */
export async function startServer(env: Record<string, string> & { DATA_DIR: string }): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = '';
  const child = spawn(process.execPath, ['server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '1',
      SESSION_SECRET,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: '',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, base: `http://127.0.0.1:${port}`, port, output: () => output };
}

/** Resolves the exit code (or signal name) of a child process. */
export function exited(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode!);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
}

/** Polls `GET /readyz` until it answers 200 (the database migrated and answering); throws after `ms`. */
export async function waitReady(server: ServerProcess, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    const status = await request(server.base, { path: '/readyz' }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not ready within ${ms} ms:\n${server.output()}`);
}

/** Stops a server still running (SIGKILL) and waits for its exit. */
export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await exited(server.child);
}

/** An HTTP answer: status, headers and body text (JSON parsed when it is JSON). */
export type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; body: unknown };

/**
 * One HTTP request on its own connection (no keep-alive), optionally from a given loopback address. Rejects on a
 * network error (refused, reset by a killed server).
 */
export function request(
  base: string,
  options: { path: string; method?: string; headers?: Record<string, string>; body?: string; localAddress?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${options.path}`,
      {
        method: options.method ?? 'GET',
        agent: false,
        headers: options.headers,
        localAddress: options.localAddress,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('error', reject);
        res.on('end', () => {
          let body: unknown = null;
          if (/json/.test(res.headers['content-type'] ?? '')) body = JSON.parse(text);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

let nextAddress = 0;

/** A distinct loopback address per shopper (127.0.1.1 … 127.0.255.254): its own per-IP rate-limit counters. */
function loopbackAddress(): string {
  nextAddress += 1;
  return `127.0.${1 + (Math.floor(nextAddress / 254) % 255)}.${1 + (nextAddress % 254)}`;
}

/**
 * A customer with its own session (cookie) and CSRF token, speaking the API's headers (SPEC §7) from its own
 * loopback address.
 */
export class Shopper {
  cookie = '';
  csrfToken = '';
  readonly localAddress = loopbackAddress();

  constructor(private base: string) {}

  /** Points the shopper at another server process (same database: the session stays valid). */
  useServer(base: string): this {
    this.base = base;
    return this;
  }

  /** Opens a session: any API GET sets the cookie; the token is the session's HMAC (SessionStore.csrfTokenFor). */
  async start(): Promise<this> {
    const res = await this.get('auth/check');
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const cookie = setCookie.find((c) => c.startsWith('eap_session='));
    if (!cookie) throw new Error(`no session cookie (status ${res.status}): ${res.text}`);
    this.cookie = cookie.split(';')[0];
    const id = this.cookie.slice('eap_session='.length).split('.')[0];
    this.csrfToken = crypto.createHmac('sha256', SESSION_SECRET).update(`csrf:${id}`).digest('base64url');
    return this;
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'App-Language': 'de',
      ...(this.cookie ? { Cookie: this.cookie, 'X-CSRF-TOKEN': this.csrfToken } : {}),
      ...extra,
    };
  }

  get(apiPath: string): Promise<Answer> {
    return request(this.base, { path: `/api/${apiPath}`, headers: this.headers(), localAddress: this.localAddress });
  }

  post(apiPath: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return request(this.base, {
      path: `/api/${apiPath}`,
      method: 'POST',
      headers: this.headers({ 'Content-Type': 'application/json', ...headers }),
      body: JSON.stringify(body),
      localAddress: this.localAddress,
    });
  }
}

/** A stay of three days starting `daysAhead` days from today (airport local dates, entry 08:00, exit 18:00). */
export function stayAhead(daysAhead: number): { entryTime: string; exitTime: string; days: string[] } {
  const day = (offset: number) => new Date(Date.now() + (daysAhead + offset) * 86_400_000).toISOString().slice(0, 10);
  const days = [day(0), day(1), day(2)];
  return { entryTime: `${days[0]}T08:00`, exitTime: `${days[2]}T18:00`, days };
}

/** A fresh temporary directory (removed by the caller). */
export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `parkshop-${prefix}-`));
}

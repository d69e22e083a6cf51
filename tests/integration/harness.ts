/**
 * Test harness: a fresh database per test file (cloned from the global template) and the Express app
 * without the page handler, plus a client that speaks the API's headers and keeps the session cookie.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import supertest from 'supertest';
import { and, eq } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseHandle } from '../../database/client.server.ts';
import { airports, tariffs } from '../../database/schema.ts';
import { createBaseApp } from '../../server/app.server.ts';
import type { AppContext } from '../../server/context.server.ts';
import { loadEnv } from '../../server/env.server.ts';
import { createLogger } from '../../server/logger.server.ts';
import { SessionStore } from '../../server/session.server.ts';
import { RouterContextProvider } from 'react-router';
import { inject } from 'vitest';
import { shopContext, type ShopContext } from '../../app/router-context.ts';
import { TEMPLATE_FILE } from './global-setup.ts';

/** Which database the current test project runs against. */
const DRIVER: 'pglite' | 'postgres' = process.env.TEST_DRIVER === 'postgres' ? 'postgres' : 'pglite';

/** Opens a fresh copy of the migrated, seeded template database. */
async function cloneDatabase(): Promise<DatabaseHandle> {
  if (DRIVER === 'postgres') {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const template = inject('pgTemplate');
    const name = `${template.replace(/_template$/, '')}_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`create database "${name}" template "${template}"`);
    await admin.end();
    base.pathname = `/${name}`;
    const handle = await openDatabase({ url: base.toString(), poolSize: 40 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const drop = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
        await drop.connect();
        // pool.end() returns before the server has finished closing the backends; forcing the drop then kills
        // them mid-shutdown and their clients throw. Wait (briefly) until they are gone, then drop.
        for (let i = 0; i < 50; i++) {
          const { rows } = await drop.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
            name,
          ]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await drop.query(`drop database if exists "${name}" with (force)`);
        await drop.end();
      },
    };
  }
  const blob = new Blob([fs.readFileSync(TEMPLATE_FILE)]);
  const client = await PGlite.create({ loadDataDir: blob });
  return openDatabase({ pglite: client });
}

/** A test app with a fixed clock (default 2026-11-21T09:00Z) that tests may move. */
export type TestApp = {
  ctx: AppContext;
  app: ReturnType<typeof createBaseApp>;
  handle: DatabaseHandle;
  setNow: (date: Date) => void;
  close: () => Promise<void>;
};

/**
 * Builds the API app over a fresh database. `env` overrides variables (e.g. a test's own `DATA_DIR`, so its
 * `.eml` outbox files are its own). `sharedWith` builds a second app instance (own sessions store, clock and
 * limiters, as a second process would have) over another test app's database; closing it leaves the database open.
 */
export async function createTestApp(
  options: { now?: Date; env?: Record<string, string>; sharedWith?: TestApp } = {},
): Promise<TestApp> {
  const handle = options.sharedWith ? { ...options.sharedWith.handle, close: async () => {} } : await cloneDatabase();
  let now = options.now ?? new Date('2026-11-21T09:00:00Z');
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'x'.repeat(40),
    DATA_DIR: '.data/test',
    ...options.env,
  });
  const ctx: AppContext = {
    db: handle.db,
    env,
    logger: createLogger('silent'),
    sessions: new SessionStore({ db: handle.db, secret: env.SESSION_SECRET, secure: false, now: () => now }),
    now: () => now,
  };
  const app = createBaseApp(ctx);
  return { ctx, app, handle, setNow: (d) => (now = d), close: () => handle.close() };
}

/**
 * An app context whose database cannot be reached (a PostgreSQL URL on port 9, where the connection is refused at
 * once): for what must work, or fail well, without a database (static files, the 503 answers).
 */
export async function contextWithoutDatabase(): Promise<{ ctx: AppContext; handle: DatabaseHandle }> {
  const handle = await openDatabase({ url: 'postgres://postgres@127.0.0.1:9/shop', poolSize: 2 });
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'x'.repeat(40),
    DATA_DIR: '.data/test',
  });
  const sessions = new SessionStore({ db: handle.db, secret: env.SESSION_SECRET, secure: false });
  const ctx: AppContext = { db: handle.db, env, logger: createLogger('silent'), sessions, now: () => new Date() };
  return { ctx, handle };
}

/**
 * A browser-like API client: keeps the session cookie, sends the SPEC §7 headers and the CSRF token
 * of its session (fetched by a first GET so the session exists).
 */
export class ApiClient {
  cookie = '';
  csrfToken = '';

  constructor(private readonly test: TestApp) {}

  /** Starts a session: any API GET sets the cookie; the token is derived from it. */
  async start(): Promise<this> {
    const res = await supertest(this.test.app).get('/api/auth/check').set('X-Requested-With', 'XMLHttpRequest');
    this.takeCookie(res.headers['set-cookie']);
    const id = this.test.ctx.sessions.parseCookie(this.cookie);
    this.csrfToken = id ? this.test.ctx.sessions.csrfTokenFor(id) : '';
    return this;
  }

  private takeCookie(header: string[] | string | undefined) {
    const list = Array.isArray(header) ? header : header ? [header] : [];
    for (const c of list) if (c.startsWith('eap_session=')) this.cookie = c.split(';')[0];
  }

  /** Like a browser script: adopts a new CSRF token handed out in an answer (sign-in, sign-up, sign-out). */
  private takeToken(body: unknown) {
    const token = (body as { csrfToken?: unknown } | null)?.csrfToken;
    if (typeof token === 'string') this.csrfToken = token;
  }

  async post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await supertest(this.test.app)
      .post(`/api/${path}`)
      .set('Accept', 'application/json')
      .set('Content-Type', 'application/json')
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('App-Language', headers['App-Language'] ?? 'de')
      .set('X-CSRF-TOKEN', this.csrfToken)
      .set('Cookie', this.cookie)
      .set(headers)
      .send(JSON.stringify(body));
    this.takeCookie(res.headers['set-cookie']);
    this.takeToken(res.body);
    return res;
  }

  async get(path: string, headers: Record<string, string> = {}) {
    const res = await supertest(this.test.app)
      .get(`/api/${path}`)
      .set('Accept', 'application/json')
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('X-CSRF-TOKEN', this.csrfToken)
      .set('Cookie', this.cookie)
      .set(headers);
    this.takeCookie(res.headers['set-cookie']);
    this.takeToken(res.body);
    return res;
  }
}

/** The typed router context a loader or action receives from the server, for calling route modules directly. */
export function routeContext(values: ShopContext): RouterContextProvider {
  return new RouterContextProvider(new Map([[shopContext, values]]));
}

/**
 * Frankfurt and its first active tariff (lowest id) of the seed: the airport and tariff most booking tests use.
 */
export async function frankfurtFirstTariff(db: Database) {
  const [fra] = await db.select().from(airports).where(eq(airports.iata, 'FRA'));
  const [tariff] = (
    await db
      .select()
      .from(tariffs)
      .where(and(eq(tariffs.airportId, fra.id), eq(tariffs.active, true)))
  ).sort((a, b) => a.id - b.id);
  return { fra, tariff };
}

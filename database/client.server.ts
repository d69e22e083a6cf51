/**
 * Database connection: PGlite (embedded Postgres in `DATA_DIR/pglite`) by default, PostgreSQL when a URL is
 * given (DESIGN §1). Both speak the same SQL, so the rest of the code sees one Drizzle type.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { lockDataDir } from './pglite-lock.server.ts';
import { instrumentPglite, instrumentPool } from './request-timing.server.ts';

/** The Drizzle database used everywhere, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A database connection with its driver kind and a way to close it. */
export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** applies the committed migrations in `database/migrations` */
  migrate: () => Promise<void>;
  /**
   * Runs `work` while holding the database-wide preparation lock (PostgreSQL: a session advisory lock on its own
   * connection; PGlite: one process anyway), so of several processes starting at once only one migrates and
   * seeds at a time and the others find the work done (issue 11, `WEB_CONCURRENCY`).
   */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
  /**
   * Subscribes to a PostgreSQL notification channel (`LISTEN`, issue 11): `onPayload` gets every `NOTIFY` payload
   * sent on it by any process on the same database (PostgreSQL: one dedicated connection that reconnects after a
   * failure; PGlite: its in-process LISTEN). Resolves once listening; the returned function stops it.
   */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
};

/** Key of the advisory lock held while a process migrates and seeds (arbitrary, fixed: "parkshop" in ASCII). */
const PREPARE_LOCK_KEY = 0x7061726b73686f70n;

/**
 * PostgreSQL settings of the embedded database (issue 11, decision 0021). PGlite's defaults are PostgreSQL's
 * server defaults, and its shared buffers live in the process's WebAssembly memory, which is touched at start and
 * never returned: 128 MB of buffers cost ~120 MB of RSS. The shop's database is a few MB to a few tens of MB and
 * the data directory's files stay in the OS page cache behind the buffers, so 32 MB hold the working set.
 */
const PGLITE_MEMORY_PARAMS = ['-c', 'shared_buffers=32MB'];

/** Folder of the drizzle-kit migrations, resolved from the working directory (the project root). */
const MIGRATIONS_DIR = path.resolve(process.cwd(), 'database/migrations');

/**
 * Opens PostgreSQL when `url` is set, otherwise PGlite with its data in `dataDir`
 * (created with its parents, since PGlite creates only the last folder). `pglite` may pass an already
 * opened PGlite instance (tests load a migrated data dir into one). A data directory is locked for this process
 * (`pglite-lock.server.ts`): throws `DataDirInUseError` when another live process has it open.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  pglite?: PGlite;
  poolSize?: number;
  /** called when an idle PostgreSQL connection fails (logged by the server) */
  onIdleError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection can die (server restart, failover, admin command). Without a listener node-postgres
    // raises it as an uncaught exception and the process ends; the pool replaces the connection on next use.
    pool.on('error', (error) => options.onIdleError?.(error));
    instrumentPool(pool);
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      exclusive: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [PREPARE_LOCK_KEY.toString()]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [PREPARE_LOCK_KEY.toString()]);
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
      listen: (channel, onPayload) => listenPostgres(options.url!, channel, onPayload, options.onIdleError),
    };
  }
  // PGlite and its Drizzle driver load only on this path: a PostgreSQL worker does not carry them (issue 11).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client = options.pglite;
  // One process per data directory (PGlite takes no lock of its own): throws DataDirInUseError otherwise.
  let unlock = () => {};
  if (!client) {
    const dir = options.dataDir ?? '.data/pglite';
    fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
    unlock = lockDataDir(dir);
    client = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_PARAMS] }).catch(
      (error: unknown) => {
        unlock();
        throw error;
      },
    );
  }
  instrumentPglite(client);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const owned = client;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    exclusive: (work) => work(),
    close: () => owned.close().finally(unlock),
    listen: async (channel, onPayload) => {
      const stop = await owned.listen(channel, onPayload);
      return async () => {
        if (!owned.closed) await stop();
      };
    },
  };
}

/** Delay before a lost LISTEN connection is opened again, ms. */
const RELISTEN_DELAY_MS = 1000;

/**
 * LISTEN on its own connection outside the pool (a pooled connection would be handed to queries and lose the
 * subscription). A failed connection is replaced after {@link RELISTEN_DELAY_MS}; notifications sent while it
 * was down are lost, so a reconnect reports an empty payload, on which listeners drop everything they cache.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onError?: (error: Error) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = async (first: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', (error) => {
      onError?.(error);
      next.end().catch(() => {});
      if (client === next) client = null;
      if (!stopped) retry = setTimeout(() => void connect(false).catch(() => {}), RELISTEN_DELAY_MS);
    });
    await next.connect();
    await next.query(`listen "${channel.replace(/"/g, '""')}"`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    if (!first) onPayload('');
  };
  await connect(true);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end();
    client = null;
  };
}

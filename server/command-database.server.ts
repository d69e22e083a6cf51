/**
 * The command line's way into the database (`npm run staff`, `npm run airport`, `npm run ratings:import`): the
 * one place that opens this environment's database outside the server, applies pending migrations, hands a use
 * case its context and closes the database again, whatever the use case does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '#database/client.server.ts';
import type { Database } from '#database/client.server.ts';
import { loadEnv, type Env } from './env.server.ts';
import { createLogger, type Logger } from './logger.server.ts';

/** What a command's use case gets: the open database, this environment, a logger and the clock. */
export type CommandContext = { db: Database; env: Env; logger: Logger; now: () => Date };

/**
 * The environment of a command: the process's (`DATA_DIR`, `DATABASE_URL`, `PUBLIC_URL` …), logging warnings and
 * worse unless `LOG_LEVEL` says otherwise (a command prints its own result; info lines would bury it).
 * @throws Error (from `loadEnv`) naming the invalid variables.
 */
export function commandEnv(): Env {
  return loadEnv({ LOG_LEVEL: 'warn', ...process.env });
}

/**
 * Opens the database of `env` (PostgreSQL from `DATABASE_URL`, else PGlite in `DATA_DIR/pglite`), applies pending
 * migrations, runs `work` and closes the database, also when `work` throws.
 *
 * @param options.create - open a PGlite directory that does not exist yet (created and migrated; the ratings
 *   import's table then exists). Default false: a command that changes the shop's data refuses, since a fresh
 *   database has no shop to change and the user most likely pointed `DATA_DIR` at the wrong folder.
 * @returns what `work` returns.
 * @throws Error when there is no database and `create` is false; `DataDirInUseError` when a live process holds
 *   the PGlite directory (PGlite is one process's database); database errors; whatever `work` throws.
 */
export async function withCommandDatabase<T>(
  env: Env,
  work: (ctx: CommandContext) => Promise<T>,
  options: { create?: boolean } = {},
): Promise<T> {
  const dataDir = path.resolve(env.DATA_DIR, 'pglite');
  if (!options.create && !env.DATABASE_URL && !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new Error(`No database: neither DATABASE_URL nor a PGlite database in ${dataDir}. Start the shop once.`);
  }
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir });
  try {
    await handle.migrate();
    return await work({ db: handle.db, env, logger: createLogger(env.LOG_LEVEL), now: () => new Date() });
  } finally {
    await handle.close();
  }
}

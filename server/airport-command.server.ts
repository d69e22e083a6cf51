/**
 * `npm run airport -- lock|unlock <slug>` without a running server (issue 10): `scripts/airport.js` asks the
 * running shop first (`server/internal.ts`); only when none runs does it call this, which opens the database
 * itself (PGlite in `DATA_DIR/pglite`, or PostgreSQL from `DATABASE_URL`), applies pending migrations, runs the
 * same use case (`setAirportStatus`: mails queued and delivered) and closes it again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '#database/client.server.ts';
import { setAirportStatus, type AirportStatusChange } from '~/services/catalogue/airport-status.server.ts';
import { loadEnv } from './env.server.ts';
import { createLogger } from './logger.server.ts';

/**
 * Locks or unlocks an airport in the database of this environment (`DATA_DIR`, `DATABASE_URL`, `PUBLIC_URL`).
 * Links in mails use `PUBLIC_URL`, else `http://localhost:PORT`.
 *
 * @returns the change, or null for an unknown slug.
 * @throws Error when there is no database to open (no `DATABASE_URL` and no PGlite data in `DATA_DIR/pglite`),
 *   or on database errors.
 */
export async function runAirportCommand(input: {
  action: 'lock' | 'unlock';
  slug: string;
}): Promise<AirportStatusChange | null> {
  const env = loadEnv({ LOG_LEVEL: 'warn', ...process.env });
  const dataDir = path.resolve(env.DATA_DIR, 'pglite');
  if (!env.DATABASE_URL && !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new Error(`No database: neither DATABASE_URL nor a PGlite database in ${dataDir}. Start the shop once.`);
  }
  const logger = createLogger(env.LOG_LEVEL);
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir });
  try {
    await handle.migrate();
    return await setAirportStatus(
      { db: handle.db, env, logger, now: () => new Date() },
      {
        slug: input.slug,
        status: input.action === 'unlock' ? 'active' : 'locked',
      },
    );
  } finally {
    await handle.close();
  }
}

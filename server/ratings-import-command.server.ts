/**
 * `npm run ratings:import` (decision 0014): one import of customer reviews (eKomi when configured, else the demo
 * set), idempotent. Runs from the production build (`scripts/ratings-import.js`), with the shop's environment.
 *
 * PGlite is one process's database: while the shop runs on PGlite (its data directory is locked), the command
 * refuses with a message saying what to do instead; on PostgreSQL (`DATABASE_URL`) it runs beside the shop.
 */
import { DataDirInUseError } from '#database/pglite-lock.server.ts';
import { ekomiConfigured, importRatings } from '~/services/ratings/ratings-import.server.ts';
import { commandEnv, withCommandDatabase } from './command-database.server.ts';
import type { Env } from './env.server.ts';

/**
 * Opens the database (migrating it, so a fresh one gets the table), imports once and closes it. Prints what it did,
 * or why it could not, to `out` / `err`.
 *
 * @returns the process exit code: 0 done, 1 refused or failed (the message says why).
 */
export async function runRatingsImportCommand(
  io: { out: (line: string) => void; err: (line: string) => void } = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => console.error(line),
  },
): Promise<number> {
  let env: Env;
  try {
    env = commandEnv();
  } catch (error) {
    io.err((error as Error).message);
    return 1;
  }
  try {
    const r = await withCommandDatabase(env, (ctx) => importRatings(ctx), { create: true });
    const source = r.provider === 'ekomi' ? `eKomi (${env.EKOMI_API_URL})` : 'demo reviews (no eKomi configured)';
    io.out(
      `ratings:import from ${source}: ${r.received} received, ${r.inserted} new, ${r.updated} changed, ` +
        `${r.unchanged} unchanged, ${r.skipped} skipped` +
        (r.provider === 'ekomi' ? `, ${r.removedDemo} demo reviews removed` : ''),
    );
    return 0;
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      io.err(refusalWhileHeld(error, env));
      return 1;
    }
    io.err(`ratings:import failed: ${(error as Error).message}`);
    return 1;
  }
}

/** Why the import cannot run beside a shop on PGlite, and what to do instead. */
function refusalWhileHeld(error: DataDirInUseError, env: Env): string {
  return [
    `ratings:import refused: the shop's embedded database (PGlite, ${error.dataDir}) is open in process ${error.pid}.`,
    'PGlite can be opened by one process only, and a second one would damage the data.',
    'Either stop the shop, run `npm run ratings:import`, and start it again;',
    'or run the shop on PostgreSQL (DATABASE_URL), where the import runs beside it;',
    ekomiConfigured(env)
      ? `or let the running shop import by itself (every ${env.EKOMI_IMPORT_INTERVAL_MINUTES} minutes, EKOMI_IMPORT_INTERVAL_MINUTES).`
      : 'without eKomi configured, a fresh shop already has the demo reviews.',
  ].join('\n');
}

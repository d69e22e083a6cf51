/**
 * `npm run airport -- lock|unlock <slug>` without a running server (issue 10): `scripts/airport.js` asks the
 * running shop first (`server/internal.ts`); only when none runs does it call this, which opens the database
 * itself (PGlite in `DATA_DIR/pglite`, or PostgreSQL from `DATABASE_URL`), applies pending migrations, runs the
 * same use case (`setAirportStatus`: mails queued and delivered) and closes it again.
 */
import { setAirportStatus, type AirportStatusChange } from '~/services/catalogue/airport-status.server.ts';
import { commandEnv, withCommandDatabase } from './command-database.server.ts';

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
  return withCommandDatabase(commandEnv(), (ctx) =>
    setAirportStatus(ctx, { slug: input.slug, status: input.action === 'unlock' ? 'active' : 'locked' }),
  );
}

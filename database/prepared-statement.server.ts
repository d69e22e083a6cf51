/**
 * One hand-written statement, run on whichever driver backs the shop's Drizzle database (decision 0034). For the
 * few hot statements whose SQL is fixed per variant (the booking): on PostgreSQL a named prepared statement, so
 * each pooled connection parses it once and PostgreSQL can keep its plan, and no query builder runs per request;
 * on PGlite (one process, no network) a plain parameterised query.
 */
import pg from 'pg';
import type { Database } from './client.server.ts';

/** A statement with positional parameters `$1 … $n`. */
export type PreparedStatement = {
  /** unique per distinct `text`: node-postgres refuses one name for two texts */
  name: string;
  text: string;
  /** parameter values: strings, numbers, booleans or null (casts belong in the SQL) */
  values: (string | number | boolean | null)[];
};

type QueryClient = {
  query: (config: { name: string; text: string; values: unknown[] }) => Promise<{ rows: unknown[] }>;
};
type PgliteClient = { query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> };

/**
 * Runs `statement` outside any transaction (it commits on its own, or fails as a whole) and returns its rows
 * as the driver gives them (column names as in the database; timestamps as `Date`, `jsonb` parsed).
 *
 * @param db - the shop's database (its driver client is Drizzle's `$client`: a node-postgres pool or PGlite).
 * @throws the driver's error (with the PostgreSQL `code`), unwrapped.
 * Source: decision 0034.
 */
export async function runStatement<Row>(db: Database, statement: PreparedStatement): Promise<Row[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const result = await (client as unknown as QueryClient).query({
      name: statement.name,
      text: statement.text,
      values: statement.values,
    });
    return result.rows as Row[];
  }
  const result = await (client as PgliteClient).query(statement.text, statement.values);
  return result.rows as Row[];
}

/**
 * Readiness of the shop's dependencies for `GET /readyz` (DESIGN §3): a load balancer sends traffic only to
 * processes whose database answers.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';

/**
 * Whether the database answers a trivial query within `timeoutMs` (default 2 s).
 * @returns true when it does; false on an error or a time-out (never throws).
 */
export async function databaseAnswers(db: Database, timeoutMs = 2_000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

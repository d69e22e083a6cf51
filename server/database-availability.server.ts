/**
 * Telling an unreachable database from other failures (issue 14 item 5), and waiting for it at start: the API and
 * the pages answer 503 with `Retry-After` while it is down, and a process that starts before its database keeps
 * trying instead of exiting.
 */
import type { Logger } from 'pino';

/** Seconds a client should wait before trying again while the database is unreachable (`Retry-After`). */
export const DATABASE_RETRY_AFTER_SECONDS = 10;

/** Network error codes of a connection that cannot be made or was lost (Node's `err.code`). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01–57P03 (admin or crash
 * shutdown, cannot connect now), 53300 (too many connections). Source: PostgreSQL manual, Appendix A.
 */
const UNAVAILABLE_STATES = /^(08|57P0[123]$|53300$)/;
/** node-postgres' own messages for a connection that could not be made in time or ended under a query. */
const POOL_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|connection timeout/i;

/**
 * Whether `error` says the database cannot be reached (as opposed to a bug or a bad query): network errors,
 * connection-class SQLSTATEs and node-postgres' connection messages, also when wrapped as `cause` (drizzle wraps
 * driver errors in `DrizzleQueryError`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (typeof message === 'string' && POOL_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Longest pause between two attempts to reach the database at start, ms. */
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Runs `work` (opening, migrating, seeding) until it gets through: while it fails because the database cannot be
 * reached ({@link isDatabaseUnavailable}) it is tried again after 1 s, 2 s, 4 s … up to 30 s, each attempt logged;
 * any other error is thrown at once (a failed migration must stop the start).
 * @param sleep - waits `ms` (injectable for tests).
 * @throws the first error of `work` that is not a connection failure.
 */
export async function retryWhileUnavailable<T>(
  logger: Pick<Logger, 'warn'>,
  work: () => Promise<T>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const retryInMs = Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** (attempt - 1));
      logger.warn({ err, attempt, retryInMs }, 'the database cannot be reached; trying again');
      await sleep(retryInMs);
    }
  }
}

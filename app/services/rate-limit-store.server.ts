/**
 * A rate-limit counter store in the `rate_limits` table (DESIGN §1: counters live in the database, so N app
 * processes share one count). Implements express-rate-limit's `Store`; `hit()` is also used directly by page
 * actions. Fixed windows: the first hit opens a window of `windowMs`; later hits count until it ends.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Options, Store } from 'express-rate-limit';
import type { Database } from '#database/client.server.ts';
import { runStatement, type PreparedStatement } from '#database/prepared-statement.server.ts';
import { rateLimits } from '#database/schema.ts';

/**
 * The counting upsert as SQL text, `$1` the counter's key and `$2` the window in seconds, returning `hits` and
 * `reset_at`: a common table expression other statements can begin with (the API's session read counts its request
 * in the same round trip, decision 0035). Windows are measured on the database clock only, so app servers with
 * skewed clocks agree; a window that has ended starts again at 1. Atomic under concurrency on PostgreSQL (one
 * upsert of one row).
 * Source: decision 0007.
 */
export const RATE_LIMIT_HIT_SQL = `insert into rate_limits (key, hits, reset_at)
  values ($1::text, 1, now() + make_interval(secs => $2::double precision))
  on conflict (key) do update set
    hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
    reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
  returning hits, reset_at`;

/** The counting upsert alone, as a named statement (prepared once per connection on PostgreSQL; issue 11). */
function hitStatement(key: string, windowMs: number): PreparedStatement {
  return { name: 'rate_limit_hit', text: RATE_LIMIT_HIT_SQL, values: [key, windowMs / 1000] };
}

/** Hits in the current window and when it ends. */
export type RateLimitHit = { totalHits: number; resetTime: Date };

/** The columns {@link RATE_LIMIT_HIT_SQL} returns, as the driver gives them. */
export type HitRow = { hits: number; reset_at: Date | string };

/** A returned counter row as a {@link RateLimitHit} (PGlite and node-postgres both give `Date`; text is parsed). */
export function hitFromRow(row: HitRow): RateLimitHit {
  return { totalHits: row.hits, resetTime: row.reset_at instanceof Date ? row.reset_at : new Date(row.reset_at) };
}

/** A counter family (`name`) in the database, e.g. `error-report`, keyed by client (IP). */
export class DatabaseRateLimitStore implements Store {
  windowMs = 60_000;
  /** the counters are shared between processes, so express-rate-limit must not assume they are local */
  localKeys = false;

  constructor(
    private readonly db: Database,
    /** prefix separating this limiter's keys from other limiters' */
    readonly prefix: string,
  ) {}

  /** Called by express-rate-limit with its options (the window length, ms). */
  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  /**
   * Counts one hit for `key` atomically (one upsert, safe under concurrency on PostgreSQL) and returns the
   * hits in the current window; a window that has ended starts again at 1.
   */
  async increment(key: string): Promise<RateLimitHit> {
    return this.hit(key, this.windowMs);
  }

  /** Like `increment`, with an explicit window length in ms (for callers outside express-rate-limit). */
  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const [row] = await runStatement<HitRow>(this.db, hitStatement(`${this.prefix}:${key}`, windowMs));
    return hitFromRow(row);
  }

  /** Hits of `key` in its current window without counting one (0 when none or the window has ended). */
  async peek(key: string): Promise<number> {
    const [row] = await this.db
      .select({ hits: rateLimits.hits })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, `${this.prefix}:${key}`), gt(rateLimits.resetAt, sql`now()`)));
    return row?.hits ?? 0;
  }

  /** Takes one hit back (express-rate-limit's skip-successful/failed options). */
  async decrement(key: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
      .where(eq(rateLimits.key, `${this.prefix}:${key}`));
  }

  /** Forgets the client's count. */
  async resetKey(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, `${this.prefix}:${key}`));
  }
}

/** Deletes counters whose window ended before `now` (called periodically by the server). */
export async function purgeRateLimits(db: Database, now: Date = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}

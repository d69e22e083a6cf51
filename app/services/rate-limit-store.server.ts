/**
 * A rate-limit counter store in the `rate_limits` table (DESIGN §1: counters live in the database, so N app
 * processes share one count). Implements express-rate-limit's `Store`; `hit()` is also used directly by page
 * actions. Fixed windows: the first hit opens a window of `windowMs`; later hits count until it ends.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Options, Store } from 'express-rate-limit';
import type { Database } from '#database/client.server.ts';
import { rateLimits } from '#database/schema.ts';

/**
 * The counting upsert, prepared once per database (issue 11: every API call counts a hit, so it is planned once
 * per connection instead of built and planned per request). Windows are measured on the database clock only, so
 * app servers with skewed clocks agree.
 */
function prepareHit(db: Database) {
  return db
    .insert(rateLimits)
    .values({
      key: sql.placeholder('key'),
      hits: 1,
      resetAt: sql`now() + make_interval(secs => ${sql.placeholder('seconds')}::double precision)`,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt })
    .prepare('rate_limit_hit');
}

const hitStatements = new WeakMap<Database, ReturnType<typeof prepareHit>>();

/** Hits in the current window and when it ends. */
export type RateLimitHit = { totalHits: number; resetTime: Date };

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
    let statement = hitStatements.get(this.db);
    if (!statement) {
      statement = prepareHit(this.db);
      hitStatements.set(this.db, statement);
    }
    const [row] = await statement.execute({ key: `${this.prefix}:${key}`, seconds: windowMs / 1000 });
    return { totalHits: row.hits, resetTime: row.resetAt };
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

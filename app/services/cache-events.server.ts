/**
 * Invalidation events of the in-memory caches (issue 11, decision 0017): the catalogue cache
 * (`catalog.server.ts`) and the page cache (`page-cache.server.ts`). An event is delivered at once to the
 * listeners of this process (synchronously, before {@link publishCacheEvent} resolves) and to every other process
 * on the same database through PostgreSQL `NOTIFY` on {@link CACHE_CHANNEL} (received by
 * {@link listenForCacheEvents}; PGlite runs the same SQL in-process).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '#database/client.server.ts';

/** The PostgreSQL notification channel of cache events. */
const CACHE_CHANNEL = 'shop_cache';

/**
 * What changed:
 * - `catalogue`: airports, parking lots, tariffs or price lists (every cached page and catalogue entry goes);
 * - `availability`: bookings of an airport's tariffs changed (its tariffs pages go);
 * - `ratings`: a review was hidden or shown again (issue 15 item 7): every cached page goes (the rating
 *   summaries and lists are on the index, airport and tariffs pages), the catalogue stays;
 * - `all`: unknown (a lost LISTEN connection may have missed events): everything goes.
 */
export type CacheEvent =
  { kind: 'catalogue' } | { kind: 'availability'; airportId: number } | { kind: 'ratings' } | { kind: 'all' };

type Listener = (event: CacheEvent) => void;

const listeners = new WeakMap<Database, Set<Listener>>();
/** One id per database connection (≈ per process), so a process skips the notifications it sent itself. */
const origins = new WeakMap<Database, string>();

function originOf(db: Database): string {
  let origin = origins.get(db);
  if (!origin) {
    origin = crypto.randomBytes(8).toString('hex');
    origins.set(db, origin);
  }
  return origin;
}

/**
 * Registers a listener for the cache events of `db` (this process's and, once {@link listenForCacheEvents}
 * runs, other processes'). Returns the function that removes it.
 */
export function onCacheEvent(db: Database, listener: Listener): () => void {
  let set = listeners.get(db);
  if (!set) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

function dispatch(db: Database, event: CacheEvent): void {
  for (const listener of listeners.get(db) ?? []) listener(event);
}

/**
 * Drops what the event makes stale: first in this process (synchronously), then in every other process through
 * `NOTIFY` (delivered when the sending statement commits; call it after the change has committed).
 *
 * @throws only on database errors of the `NOTIFY` (the local caches are already clean by then).
 */
export async function publishCacheEvent(db: Database, event: CacheEvent): Promise<void> {
  dispatch(db, event);
  await notifyOthers(db, [event]);
}

/** Sends `events` to the other processes in one statement (one transaction: one commit, however many). */
async function notifyOthers(db: Database, events: CacheEvent[]): Promise<void> {
  const origin = originOf(db);
  const calls = events.map((event) => sql`pg_notify(${CACHE_CHANNEL}, ${JSON.stringify({ origin, event })})`);
  await db.execute(sql`select ${sql.join(calls, sql`, `)}`);
}

/**
 * Delivers the cache events other processes publish on this database to this process's listeners (`LISTEN` on
 * {@link CACHE_CHANNEL}). A reconnect of the listening connection counts as `all`. Resolves once listening;
 * the returned function stops it. Called once at start (`server/index.ts`).
 */
export function listenForCacheEvents(handle: DatabaseHandle): Promise<() => Promise<void>> {
  const own = originOf(handle.db);
  return handle.listen(CACHE_CHANNEL, (payload) => {
    if (payload === '') {
      dispatch(handle.db, { kind: 'all' });
      return;
    }
    try {
      const message = JSON.parse(payload) as { origin?: string; event?: CacheEvent };
      if (message.origin === own || !message.event) return;
      dispatch(handle.db, message.event);
    } catch {
      dispatch(handle.db, { kind: 'all' });
    }
  });
}

/**
 * The one call for whoever changes the catalogue (airports, parking lots, tariffs, price lists), e.g. the back
 * office (issue 15), the airport lock/unlock command, the seed: after the change has committed, every process
 * drops its cached catalogue and every cached page.
 *
 * @throws only on database errors.
 */
export function catalogueChanged(db: Database): Promise<void> {
  return publishCacheEvent(db, { kind: 'catalogue' });
}

/**
 * The one call after the back office hid or showed a review (issue 15 item 7): after the change has committed,
 * every process drops its cached pages, so the public ratings no longer show a hidden review. (The ratings API's
 * answers are `public, max-age=300`: a browser or shared cache may keep one up to five minutes.)
 *
 * @throws only on database errors.
 */
export function ratingsChanged(db: Database): Promise<void> {
  return publishCacheEvent(db, { kind: 'ratings' });
}

/**
 * The one call after bookings of an airport changed (a booking, a change, a cancellation, an expired payment
 * hold; issues 11 and 12): after the change has committed, every process drops its cached tariffs pages of
 * that airport, so the next request shows the new availability. This process's pages go at once; the other
 * processes are told in one `NOTIFY` shared with the bookings committed while the previous one was in flight.
 *
 * @param airportId - the airport whose tariffs' occupancy changed (both airports when a change moves a stay).
 * @throws only on database errors.
 */
export function availabilityChanged(db: Database, airportId: number): Promise<void> {
  dispatch(db, { kind: 'availability', airportId });
  let batch = availabilityBatches.get(db);
  if (!batch) {
    batch = { sending: Promise.resolve(), pending: new Set(), next: null };
    availabilityBatches.set(db, batch);
  }
  batch.pending.add(airportId);
  if (batch.next) return batch.next;
  const current = batch;
  // Sent once the notification in flight is done, with every airport changed until then.
  const next = current.sending
    .catch(() => undefined)
    .then(() => {
      const airportIds = [...current.pending];
      current.pending.clear();
      current.next = null;
      return notifyOthers(
        db,
        airportIds.map((id) => ({ kind: 'availability', airportId: id })),
      );
    });
  current.next = next;
  current.sending = next;
  return next;
}

/**
 * Availability notifications of a database (≈ process), coalesced (issue 11): every `NOTIFY` is a transaction of
 * its own, and PostgreSQL commits notifying transactions one at a time (a global lock on the notification queue,
 * held through the commit's WAL flush), so one per booking capped the bookings per second. At most one is in
 * flight; the bookings committed meanwhile share the next one, and each caller waits for the one that carries its
 * airport.
 */
const availabilityBatches = new WeakMap<
  Database,
  { sending: Promise<void>; pending: Set<number>; next: Promise<void> | null }
>();

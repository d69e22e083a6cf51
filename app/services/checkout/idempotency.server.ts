/**
 * `Idempotency-Key` handling of `POST /api/checkout` (DESIGN §5): a retried request with the same key and the
 * same body gets the first answer again (same status, same body) and creates nothing.
 *
 * One row per key in `idempotency_keys`: the first request inserts it `in_flight`; the final answer is stored
 * as `done` (2xx and 4xx alike); a 5xx releases the key (row deleted) so the client may retry. Keys are scoped
 * to the browser session (stored as `<sha256(session id)>:<key>`), so two customers choosing the same key never
 * see each other's answers.
 */
import crypto from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { idempotencyKeys } from '#database/schema.ts';

/** Longest accepted `Idempotency-Key` header, characters (DESIGN §5: 1–200). */
const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/**
 * Minutes after which an `in_flight` row counts as abandoned (its process died before answering) and may be
 * taken over by a retry; our decision, far above any real request time.
 */
const IDEMPOTENCY_STALE_MINUTES = 5;

/**
 * What to do with a request carrying an `Idempotency-Key`:
 * - `proceed`: first request with this key; handle it and then {@link completeIdempotency} or
 *   {@link releaseIdempotency} with `key`;
 * - `replay`: answer `status` with `body` exactly as stored;
 * - `refused`: answer `status` with the translation key `messageKey` (422 `checkout.api.idempotency_key_invalid`
 *   or `checkout.api.idempotency_mismatch`, 409 `checkout.api.idempotency_in_flight`).
 */
export type IdempotencyDecision =
  | { kind: 'proceed'; key: string }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'refused'; status: 409 | 422; messageKey: string };

/** JSON with object keys sorted recursively, so equal bodies hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

/**
 * The stored request fingerprint: `body:<sha256 of the canonical body>;cart:<sha256 of the canonical cart>`
 * (`cart:none` without a cart). Two parts because a successful checkout empties the session cart: a replay
 * without a cart is compared on the body alone (see {@link beginIdempotency}).
 */
export function requestFingerprint(body: unknown, cart: unknown): string {
  return `body:${sha256(canonicalJson(body))};cart:${cart ? sha256(canonicalJson(cart)) : 'none'}`;
}

function sameRequest(stored: string, current: string): boolean {
  if (stored === current) return true;
  const [storedBody] = stored.split(';');
  const [currentBody, currentCart] = current.split(';');
  // The cart is gone after a successful checkout; the same body is then the same request.
  return storedBody === currentBody && currentCart === 'cart:none';
}

/** Whether a client's `Idempotency-Key` header has an accepted length (DESIGN §5: 1–200 characters). */
export function isAcceptableIdempotencyKey(key: string): boolean {
  return key.length >= 1 && key.length <= IDEMPOTENCY_KEY_MAX_LENGTH;
}

/** The row key of a client key in a session's scope. */
export function scopedIdempotencyKey(sessionId: string, key: string): string {
  return `${sha256(sessionId)}:${key}`;
}

/**
 * Starts idempotent handling of a request.
 *
 * @param input.key - the `Idempotency-Key` header as sent (1–200 characters).
 * @param input.sessionId - the session the key is scoped to.
 * @param input.body - the request body; `input.cart` the session cart (both part of the fingerprint).
 * @returns see {@link IdempotencyDecision}.
 * @throws only on database errors.
 * Source: DESIGN §5 (optional `Idempotency-Key` header; 409 when the key is in flight).
 */
export async function beginIdempotency(
  db: Database,
  input: { key: string; sessionId: string; body: unknown; cart: unknown },
): Promise<IdempotencyDecision> {
  if (!isAcceptableIdempotencyKey(input.key)) {
    return { kind: 'refused', status: 422, messageKey: 'checkout.api.idempotency_key_invalid' };
  }
  const key = scopedIdempotencyKey(input.sessionId, input.key);
  const hash = requestFingerprint(input.body, input.cart);
  // A row deleted between our insert and select (a 5xx released it) just means: try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ key, requestHash: hash, state: 'in_flight' })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'proceed', key };

    const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).limit(1);
    if (!row) continue;
    if (!sameRequest(row.requestHash, hash)) {
      return { kind: 'refused', status: 422, messageKey: 'checkout.api.idempotency_mismatch' };
    }
    if (row.state === 'done' && row.status !== null) return { kind: 'replay', status: row.status, body: row.response };

    // In flight: take it over only when it was abandoned long ago.
    const taken = await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now()` })
      .where(
        and(
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.state, 'in_flight'),
          sql`${idempotencyKeys.createdAt} < now() - make_interval(mins => ${IDEMPOTENCY_STALE_MINUTES})`,
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (taken.length > 0) return { kind: 'proceed', key };
    return { kind: 'refused', status: 409, messageKey: 'checkout.api.idempotency_in_flight' };
  }
  return { kind: 'refused', status: 409, messageKey: 'checkout.api.idempotency_in_flight' };
}

/**
 * Stores the final answer of a request that got `proceed`; replays return exactly this. Answers with status
 * ≥ 500 release the key instead (see {@link releaseIdempotency}). May run inside the booking transaction
 * (pass the transaction as `db`) so the answer commits together with the reservation.
 *
 * @param key - the scoped key from the `proceed` decision.
 * @param status - HTTP status answered.
 * @param body - JSON body answered.
 * Source: DESIGN §5.
 */
export async function completeIdempotency(db: Database, key: string, status: number, body: unknown): Promise<void> {
  if (status >= 500) {
    await releaseIdempotency(db, key);
    return;
  }
  await db.update(idempotencyKeys).set({ state: 'done', status, response: body }).where(eq(idempotencyKeys.key, key));
}

/**
 * Deletes the key of a request that failed on our side (5xx) so the client may retry with it.
 * @param key - the scoped key from the `proceed` decision.
 * Source: DESIGN §5 (our decision: only server errors are not replayed).
 */
export async function releaseIdempotency(db: Database, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'in_flight')));
}

/** How long a stored answer can be replayed, hours; older keys are purged. */
const IDEMPOTENCY_RETENTION_HOURS = 24;

/** Deletes idempotency keys older than the retention period (called periodically by the server). */
export async function purgeIdempotencyKeys(db: Database, now: Date = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_HOURS * 60 * 60 * 1000);
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff));
}

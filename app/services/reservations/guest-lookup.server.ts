/**
 * Guest access by reference + e-mail (DESIGN §3 guest.reservation: "a lookup by reference + email"), with three
 * brute-force brakes, all counted in the database (`rate_limits`, shared by every app process, DESIGN §1): failures
 * per session, failures per client IP (dropping cookies does not reset that one) and failures per reference over
 * all clients (spreading the guesses over many addresses does not reset that one; issue 31 item 6).
 */
import crypto from 'node:crypto';
import type { Database } from '#database/client.server.ts';
import { isEmail } from '~/domain/field-errors.ts';
import { normalizeReference } from '~/domain/reference.ts';
import { grantGuestAccess } from './guest-access.server.ts';
import { DatabaseRateLimitStore, type RateLimitHit } from '../rate-limit-store.server.ts';
import { findReservationForLookup } from './reservations.server.ts';
import type { SessionPort } from '../session-port.ts';

/** Failed lookups a session may make per window before it is refused. */
export const LOOKUP_MAX_FAILURES = 10;
/** Failed lookups one client IP may make per window, over all its sessions (several people may share an IP). */
export const LOOKUP_MAX_FAILURES_PER_IP = 30;
/** Window of the per-session and per-IP failure counts, ms (15 minutes). */
export const LOOKUP_WINDOW_MS = 15 * 60 * 1000;
/**
 * Failed lookups of one reference per {@link LOOKUP_REFERENCE_WINDOW_MS}, over all clients (issue 31 item 6). The
 * reference is printed on the arrival pass and the invoice, so the e-mail is the only secret left: this bounds the
 * guesses of one guest's address to 10 an hour (240 a day) however many addresses an attacker has. The guest whose
 * reference it is keeps the link of the confirmation mail and the account, which no lookup brake stops.
 */
export const LOOKUP_MAX_FAILURES_PER_REFERENCE = 10;
/** Window of the per-reference failure count, ms (1 hour: longer than the others, as it is the tightest brake). */
export const LOOKUP_REFERENCE_WINDOW_MS = 60 * 60 * 1000;

/** Counter families in `rate_limits`: per client IP (key: the IP), per session, per reference. */
const IP_COUNTER = 'guest-lookup';
const SESSION_COUNTER = 'guest-lookup-session';
const REFERENCE_COUNTER = 'guest-lookup-reference';

/**
 * The outcome of a lookup:
 * - `found`: the session may now open `reference` (canonical);
 * - `invalid`: malformed input, translation keys per field (`lookup.error.reference`, `lookup.error.email`);
 *   no reservation was read and nothing stays counted;
 * - `not_found`: no reservation with this reference and e-mail — the same whether the reference exists or not;
 * - `too_many`: a brake holds; retry after `retryAfterSeconds`.
 */
export type GuestLookupResult =
  | { kind: 'found'; reference: string }
  | { kind: 'invalid'; errors: { reference?: string; email?: string } }
  | { kind: 'not_found' }
  | { kind: 'too_many'; retryAfterSeconds: number };

/**
 * The per-session counter's key: the SHA-256 of the session id, so `rate_limits` holds nothing that would open the
 * session (as the idempotency keys do). A new session starts with a fresh count; the per-IP brake covers that.
 */
export function lookupSessionKey(sessionId: string): string {
  return crypto.createHash('sha256').update(sessionId).digest('hex');
}

/** One brake's counter for one key: the attempt's slot is taken with `take`, given back with `release`. */
type Slot = { store: DatabaseRateLimitStore; key: string; limit: number; windowMs: number };

function slot(db: Database, name: string, key: string, limit: number, windowMs: number): Slot {
  return { store: new DatabaseRateLimitStore(db, name), key, limit, windowMs };
}

/** Seconds until a counter's window ends (on the database clock, as the window is measured there); at least 1. */
function secondsUntil(hit: RateLimitHit): number {
  return Math.max(1, Math.ceil((hit.resetTime.getTime() - Date.now()) / 1000));
}

/**
 * Takes each slot in turn (one atomic upsert each). When one is over its limit, every slot taken is given back and
 * the answer is the seconds until that counter's window ends; otherwise null, and the slots stay taken.
 */
async function takeSlots(slots: Slot[]): Promise<number | null> {
  const taken: Slot[] = [];
  for (const s of slots) {
    const hit = await s.store.hit(s.key, s.windowMs);
    taken.push(s);
    if (hit.totalHits > s.limit) {
      await releaseSlots(taken);
      return secondsUntil(hit);
    }
  }
  return null;
}

/** Gives slots back: the attempt did not fail (a match, malformed input, or another brake refused it). */
async function releaseSlots(slots: Slot[]): Promise<void> {
  await Promise.all(slots.map((s) => s.store.decrement(s.key)));
}

/**
 * Looks up a reservation by reference + e-mail and, when they match, grants the session guest access.
 * Every attempt first takes a slot of each failure budget, in one atomic upsert per budget, so parallel attempts
 * cannot all read "below the limit" before any of them counts (issue 14 for the IP, issue 31 item 6 for the session
 * and the reference). In order: the session's budget ({@link LOOKUP_MAX_FAILURES}) and the IP's
 * ({@link LOOKUP_MAX_FAILURES_PER_IP}, both per {@link LOOKUP_WINDOW_MS}), the input format (`invalid`), the
 * reference's budget ({@link LOOKUP_MAX_FAILURES_PER_REFERENCE} per {@link LOOKUP_REFERENCE_WINDOW_MS}), then the
 * lookup. A budget used up gives back the slots taken and answers `too_many` until its window ends. A miss keeps its
 * slots (the failure); a match or malformed input gives them back; a match saves the session with the access.
 *
 * @param ctx.db - the database.
 * @param input.session - the visitor's session (its id keys the per-session count).
 * @param input.clientIp - the client's IP as the server sees it (honours TRUST_PROXY).
 * @param input.reference - the reference as typed (case, spaces, hyphens and look-alikes are normalised).
 * @param input.email - the e-mail as typed (trimmed; compared ignoring case).
 * @returns see {@link GuestLookupResult}.
 * @throws only on database errors.
 * Source: DESIGN §3 (guest access by reference + e-mail), DESIGN §1 (counters in the database), decision 0007,
 * issue 31 item 6 (per-reference budget, atomic per-session count).
 */
export async function lookUpGuestReservation(
  ctx: { db: Database },
  input: { session: SessionPort; clientIp: string; reference: string; email: string },
): Promise<GuestLookupResult> {
  const { session } = input;
  const client = [
    slot(ctx.db, SESSION_COUNTER, lookupSessionKey(session.id), LOOKUP_MAX_FAILURES, LOOKUP_WINDOW_MS),
    slot(ctx.db, IP_COUNTER, input.clientIp, LOOKUP_MAX_FAILURES_PER_IP, LOOKUP_WINDOW_MS),
  ];
  const clientWait = await takeSlots(client);
  if (clientWait !== null) return { kind: 'too_many', retryAfterSeconds: clientWait };

  const reference = normalizeReference(input.reference);
  const errors: { reference?: string; email?: string } = {};
  if (!reference) errors.reference = 'lookup.error.reference';
  if (!isEmail(input.email)) errors.email = 'lookup.error.email';
  if (reference === null || errors.email) {
    await releaseSlots(client);
    return { kind: 'invalid', errors };
  }

  // Counted only for a well-formed reference, by its canonical form: every spelling of one reference shares a budget.
  const byReference = slot(
    ctx.db,
    REFERENCE_COUNTER,
    reference,
    LOOKUP_MAX_FAILURES_PER_REFERENCE,
    LOOKUP_REFERENCE_WINDOW_MS,
  );
  const referenceWait = await takeSlots([byReference]);
  if (referenceWait !== null) {
    await releaseSlots(client);
    return { kind: 'too_many', retryAfterSeconds: referenceWait };
  }

  const details = await findReservationForLookup(ctx.db, reference, input.email);
  // A miss keeps the slots taken above: they are its failure, in every budget.
  if (!details) return { kind: 'not_found' };
  await releaseSlots([...client, byReference]);
  grantGuestAccess(session, details.reservation.reference);
  await session.save();
  return { kind: 'found', reference: details.reservation.reference };
}

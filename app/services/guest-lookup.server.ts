/**
 * Guest access by reference + e-mail (DESIGN §3 guest.reservation: "a lookup by reference + email"), with two
 * brute-force brakes: failures counted in the session, and failures per client IP counted in the database
 * (dropping cookies does not reset that one; shared by every app process, DESIGN §1).
 */
import type { Database } from '#database/client.server.ts';
import { isEmail } from '~/domain/field-errors.ts';
import { normalizeReference } from '~/domain/reference.ts';
import { grantGuestAccess } from './guest-access.server.ts';
import { DatabaseRateLimitStore } from './rate-limit-store.server.ts';
import { findReservationForLookup } from './reservations.server.ts';
import type { SessionPort, SessionValues } from './session-port.ts';

/** Failed lookups a session may make per window before it is refused. */
export const LOOKUP_MAX_FAILURES = 10;
/** Failed lookups one client IP may make per window, over all its sessions (several people may share an IP). */
export const LOOKUP_MAX_FAILURES_PER_IP = 30;
/** Window of the failure counts, ms (15 minutes); a session's refusal lasts until its first failure's window ends. */
export const LOOKUP_WINDOW_MS = 15 * 60 * 1000;

/** Counter family of the per-IP failures in `rate_limits`. */
const IP_COUNTER = 'guest-lookup';

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

type Failures = NonNullable<SessionValues['guestLookupFailures']>;

/** The session's failures in the current window (a window that has ended counts as none). */
function sessionFailures(session: SessionPort, nowMs: number): Failures {
  const raw = session.get('guestLookupFailures');
  if (!raw || nowMs - raw.since > LOOKUP_WINDOW_MS) return { count: 0, since: nowMs };
  return raw;
}

/**
 * Looks up a reservation by reference + e-mail and, when they match, grants the session guest access.
 * In order: the session brake (≥ {@link LOOKUP_MAX_FAILURES} failures in the window → `too_many` until the
 * window of the first failure ends), the IP brake (every attempt takes a slot of the IP's failure budget in one
 * atomic upsert first; beyond {@link LOOKUP_MAX_FAILURES_PER_IP} → `too_many` for a whole window), the input
 * format (`invalid`), then the lookup. A miss keeps its slot and counts one failure in the session (saved); a match
 * or malformed input gives the slot back; a match clears the session's failures and saves the session.
 *
 * @param ctx.db - the database; `ctx.now` the clock.
 * @param input.session - the visitor's session.
 * @param input.clientIp - the client's IP as the server sees it (honours TRUST_PROXY).
 * @param input.reference - the reference as typed (case, spaces, hyphens and look-alikes are normalised).
 * @param input.email - the e-mail as typed (trimmed; compared ignoring case).
 * @returns see {@link GuestLookupResult}.
 * @throws only on database errors.
 * Source: DESIGN §3 (guest access by reference + e-mail), DESIGN §1 (counters in the database).
 */
export async function lookUpGuestReservation(
  ctx: { db: Database; now: () => Date },
  input: { session: SessionPort; clientIp: string; reference: string; email: string },
): Promise<GuestLookupResult> {
  const { session } = input;
  const nowMs = ctx.now().getTime();
  const failures = sessionFailures(session, nowMs);
  if (failures.count >= LOOKUP_MAX_FAILURES) {
    return {
      kind: 'too_many',
      retryAfterSeconds: Math.max(1, Math.ceil((failures.since + LOOKUP_WINDOW_MS - nowMs) / 1000)),
    };
  }
  // The attempt takes its slot of the per-IP failure budget up front, in one atomic upsert, and gives it back
  // unless it fails: parallel attempts cannot all read "below the limit" before any of them counts (issue 14).
  const ipFailures = new DatabaseRateLimitStore(ctx.db, IP_COUNTER);
  const attempt = await ipFailures.hit(input.clientIp, LOOKUP_WINDOW_MS);
  if (attempt.totalHits > LOOKUP_MAX_FAILURES_PER_IP) {
    await ipFailures.decrement(input.clientIp);
    return { kind: 'too_many', retryAfterSeconds: LOOKUP_WINDOW_MS / 1000 };
  }

  const reference = normalizeReference(input.reference);
  const errors: { reference?: string; email?: string } = {};
  if (!reference) errors.reference = 'lookup.error.reference';
  if (!isEmail(input.email)) errors.email = 'lookup.error.email';
  if (reference === null || errors.email) {
    await ipFailures.decrement(input.clientIp);
    return { kind: 'invalid', errors };
  }

  const details = await findReservationForLookup(ctx.db, reference, input.email);
  if (!details) {
    // the slot taken above stays counted: this is the failure
    session.set('guestLookupFailures', { count: failures.count + 1, since: failures.since });
    await session.save();
    return { kind: 'not_found' };
  }
  await ipFailures.decrement(input.clientIp);
  grantGuestAccess(session, details.reservation.reference);
  session.unset('guestLookupFailures');
  await session.save();
  return { kind: 'found', reference: details.reservation.reference };
}

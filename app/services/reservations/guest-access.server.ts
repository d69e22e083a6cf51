/**
 * Guest access to reservations (issue 3): a secret token in the confirmation mail (only its SHA-256 hash is
 * stored) or a lookup by reference + e-mail; either grants the browser session access to that reservation.
 */
import crypto from 'node:crypto';
import type { SessionPort } from '../session-port.ts';

/** How many reservations one session remembers for guest access. */
const MAX_GUEST_RESERVATIONS = 20;

/** A new random access token (32 bytes, base64url) and its hash for the database. */
export function createGuestToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashGuestToken(token) };
}

/** SHA-256 hex of a token; tokens carry 256 random bits, so no salt or slow hash is needed. */
export function hashGuestToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Constant-time check of a presented token against a stored hash. */
export function verifyGuestToken(token: string, storedHash: string | null): boolean {
  if (!storedHash || !token) return false;
  const given = Buffer.from(hashGuestToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

/** Lets this session open `reference` (marks the session dirty; the caller saves it). */
export function grantGuestAccess(session: SessionPort, reference: string): void {
  const list = (session.get('guestReservations') ?? []).filter((r) => r !== reference);
  list.unshift(reference);
  session.set('guestReservations', list.slice(0, MAX_GUEST_RESERVATIONS));
}

/** True when this session was granted access to `reference`. */
export function hasGuestAccess(session: SessionPort, reference: string): boolean {
  return (session.get('guestReservations') ?? []).includes(reference);
}

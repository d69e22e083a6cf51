/**
 * Notification sign-ups for locked airports (SPEC §1, §3): a visitor leaves an e-mail address to hear when
 * booking opens again. Signing up twice is harmless and answers the same (no hint whether an address is known).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { lockedAirportNotifications } from '#database/schema.ts';
import { issuesToFieldKeys } from '~/domain/field-errors.ts';
import { LockedAirportNotificationSchema } from '~/domain/locked-airport-schema.ts';
import type { Locale } from '~/i18n.ts';
import { findAirportById } from '../catalogue/catalog.server.ts';
import { DatabaseRateLimitStore } from '../rate-limit-store.server.ts';
import { RequestError } from '../request-error.server.ts';

/** Why a sign-up was refused: 422 with field → translation keys, or 409 when the airport is bookable. */
export class LockedAirportError extends RequestError {}

/** Sign-ups per client IP and window (both paths: the API and the page's no-JavaScript form; decision 0007). */
const LOCKED_AIRPORT_LIMIT = 10;
/** Window of {@link LOCKED_AIRPORT_LIMIT}, ms (15 minutes). */
const LOCKED_AIRPORT_WINDOW_MS = 15 * 60_000;

/**
 * Validates `body` and stores the sign-up (once per airport and address; a notified or unsubscribed request of
 * the same address is renewed). Every attempt first counts for the client IP in the database (one atomic upsert,
 * shared by the API and the page's form, so neither path bypasses the limit; issue 14).
 * @param clientIp - the client's IP as the server sees it (honours TRUST_PROXY).
 * @throws LockedAirportError 429 (`retryAfterSeconds`) beyond {@link LOCKED_AIRPORT_LIMIT} attempts per IP in
 *   {@link LOCKED_AIRPORT_WINDOW_MS}, 422 on bad input or an unknown airport, 409 when the airport is not locked.
 */
export async function signUpForLockedAirport(
  db: Database,
  body: unknown,
  locale: Locale,
  clientIp: string,
): Promise<void> {
  const hit = await new DatabaseRateLimitStore(db, 'locked-airport').hit(clientIp, LOCKED_AIRPORT_WINDOW_MS);
  if (hit.totalHits > LOCKED_AIRPORT_LIMIT) {
    const retryAfterSeconds = Math.max(1, Math.ceil((hit.resetTime.getTime() - Date.now()) / 1000));
    throw new LockedAirportError(429, 'api.error.rate_limited', {}, retryAfterSeconds);
  }
  const parsed = LockedAirportNotificationSchema.safeParse(body ?? {});
  if (!parsed.success) throw new LockedAirportError(422, 'validation.failed', issuesToFieldKeys(parsed.error.issues));
  const { email, airportId } = parsed.data;
  const airport = await findAirportById(db, airportId);
  if (!airport) throw new LockedAirportError(422, 'validation.failed', { airportId: ['validation.invalid'] });
  if (airport.status !== 'locked') throw new LockedAirportError(409, 'locked.error.not_locked');
  // A request already answered (notified) or stopped (unsubscribed) is renewed: asking again means asking again.
  await db
    .insert(lockedAirportNotifications)
    .values({ airportId, email, locale })
    .onConflictDoUpdate({
      target: [lockedAirportNotifications.airportId, lockedAirportNotifications.email],
      set: { locale, notifiedAt: null, unsubscribedAt: null },
      setWhere: sql`${lockedAirportNotifications.notifiedAt} is not null or ${lockedAirportNotifications.unsubscribedAt} is not null`,
    });
}

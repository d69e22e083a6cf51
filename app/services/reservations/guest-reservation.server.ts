/**
 * The guest reservation page's access decision (`guest.reservation`, DESIGN §3: `/reservierung/:reference`):
 * the mail link's `?token=` grants the browser session access, otherwise the session must already have it
 * (mail link or lookup form). The route module only maps the outcome to a redirect, a 404 or the page.
 */
import type { Database } from '#database/client.server.ts';
import { normalizeReference } from '~/domain/reference.ts';
import type { BankAccount, ReservationView } from '~/domain/reservation-view.ts';
import type { Locale } from '~/i18n.ts';
import { withGirocodeImage } from '../documents/girocode.server.ts';
import { grantGuestAccess, hasGuestAccess, verifyGuestToken } from './guest-access.server.ts';
import { buildReservationView, findReservationByReference, type ReservationDetails } from './reservations.server.ts';
import type { SessionPort } from '../session-port.ts';

/**
 * What the guest reservation page does with a request:
 * - `canonical`: the reference was typed in another spelling (case, look-alikes); go to `reference` (canonical)
 *   keeping the query, so a token is checked on the next request;
 * - `granted`: the token was right; the session now has access (already saved); go to the same URL without
 *   the token, so it stays out of history and referrers;
 * - `not_found`: no access — the same outcome for a malformed or unknown reference, a wrong token and a session
 *   without access, so the answer gives no hint whether the reference exists;
 * - `view`: the session has access; the reservation as the page (and the confirmation mail) show it, and its
 *   details (for its documents).
 */
export type GuestReservationAccess =
  | { kind: 'canonical'; reference: string }
  | { kind: 'granted' }
  | { kind: 'not_found' }
  | { kind: 'view'; reference: string; view: ReservationView; details: ReservationDetails };

/**
 * Decides what the guest reservation page answers: canonical spelling first, then the token (checked in
 * constant time against the stored hash, {@link verifyGuestToken}), then the session's access; the
 * reservation is read only when the session may see it.
 *
 * @param session - the visitor's session; written and saved only when a token grants access.
 * @param input.reference - the reference as it stands in the URL (may be malformed or empty).
 * @param input.token - the `token` query parameter, null when absent (an empty token is a wrong token).
 * @param input.locale - language of the reservation view.
 * @param input.bank - the shop's account, for the bank details and GiroCode of `invoice` reservations.
 * @returns see {@link GuestReservationAccess}; never throws for bad input. Database and session store errors pass.
 * Source: DESIGN §3 (guest.reservation), issue 3 (guest access by mail token or lookup).
 */
export async function openGuestReservation(
  db: Database,
  session: SessionPort,
  input: { reference: string; token: string | null; locale: Locale; bank?: BankAccount },
): Promise<GuestReservationAccess> {
  const reference = normalizeReference(input.reference);
  if (!reference) return { kind: 'not_found' };
  if (reference !== input.reference) return { kind: 'canonical', reference };

  if (input.token !== null) {
    const details = await findReservationByReference(db, reference);
    if (!details || !verifyGuestToken(input.token, details.reservation.guestTokenHash)) return { kind: 'not_found' };
    grantGuestAccess(session, reference);
    await session.save();
    return { kind: 'granted' };
  }

  if (!hasGuestAccess(session, reference)) return { kind: 'not_found' };
  const details = await findReservationByReference(db, reference);
  if (!details) return { kind: 'not_found' };
  return {
    kind: 'view',
    reference,
    view: await withGirocodeImage(buildReservationView(details, input.locale, input.bank)),
    details,
  };
}

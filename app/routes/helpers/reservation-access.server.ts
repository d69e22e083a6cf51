/**
 * Who may see the documents of a reservation (issue 9, DESIGN §3): under `/konto/reservierungen/:reference/…`
 * only its signed-in owner, under `/reservierung/:reference/…` only a browser session with guest access (mail
 * link or lookup). Everyone else gets the same plain 404, whether or not the reference exists.
 */
import { data, redirect } from 'react-router';
import { localePath, type Locale } from '~/i18n.ts';
import type { ShopContext } from '~/router-context.ts';
import { findUserReservationDetails } from '~/services/accounts/account.server.ts';
import { currentUser } from '~/services/accounts/auth.server.ts';
import type { ReservationDetails } from '~/services/reservations/reservations.server.ts';
import { guestReservation } from '../guest-reservation.server.ts';
import { PRIVATE_HEADERS } from './form-kit.server.ts';
import { signInPathFor } from '~/domain/sign-in-return.ts';

/** `user` for the account's routes (`/konto/reservierungen/…`, also under `/en`), else `guest`. */
export function reservationOwner(request: Request): 'user' | 'guest' {
  return /^(?:\/en)?\/konto\/reservierungen\//.test(new URL(request.url).pathname) ? 'user' : 'guest';
}

/**
 * The reservation named in the URL, for a visitor who may see it.
 *
 * @param input.reference - the `:reference` parameter as it stands in the URL.
 * @returns the details.
 * @throws a redirect to the sign-in page (owner routes, signed out; it comes back to this URL), the guest
 *   redirects (token accepted, canonical spelling), or a 404 response for anyone else.
 */
export async function accessibleReservation(
  shop: Pick<ShopContext, 'app' | 'session'>,
  input: { request: Request; reference: string; locale: Locale },
): Promise<ReservationDetails> {
  const url = new URL(input.request.url);
  if (reservationOwner(input.request) === 'guest') {
    const marker = `/reservierung/${input.reference}`;
    const at = url.pathname.indexOf(marker);
    const suffix = at < 0 ? '' : url.pathname.slice(at + marker.length);
    return (await guestReservation(shop, { ...input, suffix })).details;
  }
  const user = await currentUser(shop.app, { session: shop.session });
  if (!user) {
    const back = `${url.pathname}${url.search}`;
    throw redirect(signInPathFor(localePath(input.locale, '/anmelden'), back), {
      headers: PRIVATE_HEADERS,
    });
  }
  const details = await findUserReservationDetails(shop.app, { userId: user.id, reference: input.reference });
  if (!details) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  return details;
}

/** The path prefix of the reservation's pages for this owner: `/reservierung/<ref>` or `/konto/reservierungen/<ref>`. */
export function reservationBasePath(owner: 'user' | 'guest', reference: string): string {
  return owner === 'user' ? `/konto/reservierungen/${reference}` : `/reservierung/${reference}`;
}

/** The shop's address for links in documents: `PUBLIC_URL`, never the request's host (issue 14 item 7). */
export function shopOrigin(app: Pick<ShopContext['app'], 'env'>): string {
  return app.env.PUBLIC_URL;
}

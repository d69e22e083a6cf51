import { redirect } from 'react-router';
import { localePath, toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { startOnlinePayment } from '~/services/payments/online-payment.server.ts';
import { grantGuestAccess } from '~/services/reservations/guest-access.server.ts';
import type { Route } from './+types/payment-start';
import { GUEST_PRIVATE_HEADERS, guestReservation } from './guest-reservation.server.ts';
import { accessibleReservation, reservationOwner } from './helpers/reservation-access.server.ts';

/**
 * guest.reservation.pay (`/reservierung/:reference/bezahlen`, issue 13) and user.reservation.pay
 * (`/konto/reservierungen/:reference/bezahlen`, its owner signed in): "pay now", the checkout's redirect for an online
 * payment, a change's difference or an overstay's invoice (issue 33). Same access as the reservation page; while
 * something is due it sends the customer to the provider's hosted checkout (the open attempt, or a new one), else back
 * to the reservation page (paid, released, or the provider unreachable: the page shows the state). The provider's way
 * back leads to the guest page, so an owner's session is granted guest access to this reservation first. No page of
 * its own, no provider script on ours.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = toLocale(params.lang);
  const shop = context.get(shopContext);
  let reference: string;
  if (reservationOwner(request) === 'user') {
    const details = await accessibleReservation(shop, { request, reference: params.reference, locale });
    reference = details.reservation.reference;
    grantGuestAccess(shop.session, reference);
  } else {
    ({ reference } = await guestReservation(shop, {
      request,
      reference: params.reference,
      locale,
      suffix: '/bezahlen',
    }));
  }
  const url = await startOnlinePayment(shop.app, { reference, locale });
  throw redirect(url ?? localePath(locale, `/reservierung/${reference}`), { headers: GUEST_PRIVATE_HEADERS });
}

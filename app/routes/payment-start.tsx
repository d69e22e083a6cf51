import { redirect } from 'react-router';
import { localePath, toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { startOnlinePayment } from '~/services/payments/online-payment.server.ts';
import type { Route } from './+types/payment-start';
import { GUEST_PRIVATE_HEADERS, guestReservation } from './guest-reservation.server.ts';

/**
 * guest.reservation.pay (`/reservierung/:reference/bezahlen`, issue 13): "pay now" and the checkout's redirect for
 * an online payment. Same access as the reservation page; while the hold lasts it sends the customer to the
 * provider's hosted checkout (the open attempt, or a new one), else back to the reservation page (paid, released,
 * or the provider unreachable: the page shows the state). No page of its own, no provider script on ours.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = toLocale(params.lang);
  const shop = context.get(shopContext);
  const { reference } = await guestReservation(shop, {
    request,
    reference: params.reference,
    locale,
    suffix: '/bezahlen',
  });
  const url = await startOnlinePayment(shop.app, { reference, locale });
  throw redirect(url ?? localePath(locale, `/reservierung/${reference}`), { headers: GUEST_PRIVATE_HEADERS });
}

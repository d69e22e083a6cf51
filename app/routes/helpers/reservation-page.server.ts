/**
 * What the two reservation pages (`guest-reservation.tsx`, `user-reservation.tsx`) load the same way once access is
 * granted: the panels of `<ReservationPanels>` (issue 32 item 3: one home instead of two copies).
 */
import type { Locale } from '~/i18n.ts';
import type { ShopContext } from '~/router-context.ts';
import { buildArrivalPass, listReservationDocuments } from '~/services/documents/reservation-documents.server.ts';
import { flightDelayPanelOf } from '~/services/flights/flight-delay.server.ts';
import { handoverPanelOf } from '~/services/handover/handover-view.server.ts';
import { paymentNotice } from '~/services/payments/online-payment.server.ts';
import type { ReservationDetails } from '~/services/reservations/reservations.server.ts';
import { reservationWatchStatus } from '~/services/subscriptions/price-watch.server.ts';
import { walletLinks } from '~/services/wallet/wallet-pass.server.ts';
import { manageView } from './manage-booking.server.ts';
import { reservationBasePath } from './reservation-access.server.ts';

/**
 * The arrival pass, the documents, the wallet links (issue 35 item 3), the change/cancel forms, the payment notice,
 * the return flight's panel (issue 35) and the handover record (issue 36) of a reservation, in parallel; on the
 * owner's page the price watch button while the booking is free to change (issue 37 item 2).
 * `owner`: whose page it is; the notice's "pay now" stays on it (an owner's under `/konto/reservierungen/…`).
 */
export async function reservationPanels(
  app: ShopContext['app'],
  details: ReservationDetails,
  locale: Locale,
  owner: 'user' | 'guest' = 'guest',
) {
  const [pass, documents, wallet, manage, notice, flight, handover] = await Promise.all([
    buildArrivalPass(details, locale),
    listReservationDocuments(app, details),
    walletLinks(app, details),
    manageView(app, details, locale),
    paymentNotice(app, details, locale),
    flightDelayPanelOf(app, details, locale),
    handoverPanelOf(app, details, locale, { customer: true }),
  ]);
  const payPath = `${reservationBasePath(owner, details.reservation.reference)}/bezahlen`;
  const payment = notice && 'payPath' in notice && notice.payPath ? { ...notice, payPath } : notice;
  // The owner's price watch (issue 37 item 2): on the account's page, while the booking is free to change.
  const r = details.reservation;
  const watch =
    owner === 'user' && manage.open && manage.changeable
      ? { reference: r.reference, status: await reservationWatchStatus(app.db, r.id) }
      : null;
  return { pass, documents, wallet, manage, payment, flight, handover, watch };
}

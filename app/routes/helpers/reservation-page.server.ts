/**
 * What the two reservation pages (`guest-reservation.tsx`, `user-reservation.tsx`) load the same way once access is
 * granted: the panels of `<ReservationPanels>` (issue 32 item 3: one home instead of two copies).
 */
import type { Locale } from '~/i18n.ts';
import type { ShopContext } from '~/router-context.ts';
import { buildArrivalPass, listReservationDocuments } from '~/services/documents/reservation-documents.server.ts';
import { flightDelayPanelOf } from '~/services/flights/flight-delay.server.ts';
import { paymentNotice } from '~/services/payments/online-payment.server.ts';
import type { ReservationDetails } from '~/services/reservations/reservations.server.ts';
import { manageView } from './manage-booking.server.ts';
import { reservationBasePath } from './reservation-access.server.ts';

/**
 * The arrival pass, the documents, the change/cancel forms, the payment notice and the return flight's panel
 * (issue 35) of a reservation, in parallel.
 * `owner`: whose page it is; the notice's "pay now" stays on it (an owner's under `/konto/reservierungen/…`).
 */
export async function reservationPanels(
  app: ShopContext['app'],
  details: ReservationDetails,
  locale: Locale,
  owner: 'user' | 'guest' = 'guest',
) {
  const [pass, documents, manage, notice, flight] = await Promise.all([
    buildArrivalPass(details, locale),
    listReservationDocuments(app, details),
    manageView(app, details, locale),
    paymentNotice(app, details, locale),
    flightDelayPanelOf(app, details, locale),
  ]);
  const payPath = `${reservationBasePath(owner, details.reservation.reference)}/bezahlen`;
  const payment = notice && 'payPath' in notice && notice.payPath ? { ...notice, payPath } : notice;
  return { pass, documents, manage, payment, flight };
}

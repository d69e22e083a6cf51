/**
 * What the two reservation pages (`guest-reservation.tsx`, `user-reservation.tsx`) load the same way once access is
 * granted: the panels of `<ReservationPanels>` (issue 32 item 3: one home instead of two copies).
 */
import type { Locale } from '~/i18n.ts';
import type { ShopContext } from '~/router-context.ts';
import { buildArrivalPass, listReservationDocuments } from '~/services/documents/reservation-documents.server.ts';
import { paymentNotice } from '~/services/payments/online-payment.server.ts';
import type { ReservationDetails } from '~/services/reservations/reservations.server.ts';
import { manageView } from './manage-booking.server.ts';

/** The arrival pass, the documents, the change/cancel forms and the payment notice of a reservation, in parallel. */
export async function reservationPanels(app: ShopContext['app'], details: ReservationDetails, locale: Locale) {
  const [pass, documents, manage, payment] = await Promise.all([
    buildArrivalPass(details, locale),
    listReservationDocuments(app, details),
    manageView(app, details, locale),
    paymentNotice(app, details, locale),
  ]);
  return { pass, documents, manage, payment };
}

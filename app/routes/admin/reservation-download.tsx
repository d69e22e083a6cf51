import { data } from 'react-router';
import { staffReservation } from '~/services/backoffice/admin-reservations.server.ts';
import { reservationDocumentFile } from '~/services/documents/reservation-documents.server.ts';
import { documentAnswer } from '../helpers/resource-route.server.ts';
import { staffResource } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/reservation-download';
import { PRIVATE_HEADERS } from '../helpers/form-kit.server.ts';

/**
 * admin.reservation.download (`/admin/reservierungen/:reference/dokumente/:file`): the documents of a reservation
 * for the back office (issue 15 item 3): the voucher `Parkschein-<ref>.pdf` while the booking stands, every invoice
 * `Rechnung-RE-….pdf` and credit note `Gutschrift-GS-….pdf` exactly as issued, the calendar file. In the booking's
 * language, as the customer's downloads (issue 9). An operator only for its company's lots; an unknown reference,
 * file or another company's booking: 404. A resource route: no page around it.
 */
export async function loader(args: Route.LoaderArgs) {
  return staffResource(args, 'reservations', async (actor, app) => {
    const notFound = () => data(null, { status: 404, headers: PRIVATE_HEADERS });
    const details = await staffReservation(app.db, actor, args.params.reference).catch(() => {
      throw notFound();
    });
    const file = await reservationDocumentFile(app, details, {
      fileName: args.params.file,
      baseUrl: app.env.PUBLIC_URL,
    });
    if (!file) throw notFound();
    return documentAnswer(file, PRIVATE_HEADERS);
  });
}

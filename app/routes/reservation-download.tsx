import { data } from 'react-router';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { reservationDocumentFile } from '~/services/documents/reservation-documents.server.ts';
import type { Route } from './+types/reservation-download';
import { PRIVATE_HEADERS } from './helpers/form-kit.server.ts';
import { documentAnswer, withTextRefusals } from './helpers/resource-route.server.ts';
import { accessibleReservation, shopOrigin } from './helpers/reservation-access.server.ts';

/**
 * Document downloads of a reservation (issue 9), a resource route for `/reservierung/:reference/download/:file`
 * (guest access) and `/konto/reservierungen/:reference/download/:file` (owner): `Parkschein-<ref>.pdf`,
 * `Rechnung-RE-….pdf`, `Gutschrift-GS-….pdf`, `Parkplatz-<ref>.ics`. Any other name, and anyone else, gets 404.
 * Every file is in the booking's language (issue 9: "in the booking's language"); invoices exactly as issued.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = toLocale(params.lang);
  return withTextRefusals(locale, async () => {
    const shop = context.get(shopContext);
    const details = await accessibleReservation(shop, { request, reference: params.reference, locale });
    const file = await reservationDocumentFile(shop.app, details, {
      fileName: params.file,
      baseUrl: shopOrigin(shop.app),
    });
    if (!file) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
    return documentAnswer(file, PRIVATE_HEADERS);
  });
}

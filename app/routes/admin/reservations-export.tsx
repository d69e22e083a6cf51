import { parseReservationFilter } from '~/domain/reservation-search.ts';
import { translator } from '~/i18n.server.ts';
import { exportReservationsCsv } from '~/services/backoffice/admin-reservations.server.ts';
import { staffResource } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/reservations-export';
import { PRIVATE_HEADERS } from '../helpers/form-kit.server.ts';

/**
 * admin.reservations.export (`/admin/reservierungen/export.csv`, issue 15 item 3): the CSV file of the list's
 * filter (same query fields, same operator scope), as an attachment. Refused filter fields are left out as on
 * the list page. A resource route: no page around it.
 */
export async function loader(args: Route.LoaderArgs) {
  return staffResource(args, 'reservations', async (actor, app, locale) => {
    const { filter } = parseReservationFilter(new URL(args.request.url).searchParams);
    const { csv } = await exportReservationsCsv(app.db, actor, filter, locale);
    const day = app.now().toISOString().slice(0, 10);
    const name = translator(locale)('admin.reservations.export_file', { day });
    return new Response(csv, {
      status: 200,
      headers: {
        ...PRIVATE_HEADERS,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${name}"`,
      },
    });
  });
}

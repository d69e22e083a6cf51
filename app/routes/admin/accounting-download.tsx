import { data } from 'react-router';
import { parseAccountingMonth } from '~/domain/accounting.ts';
import { exportAccountingMonth, type AccountingExport } from '~/services/backoffice/accounting.server.ts';
import { RequestError } from '~/services/request-error.server.ts';
import { PRIVATE_HEADERS } from '../helpers/form-kit.server.ts';
import { textRefusal } from '../helpers/resource-route.server.ts';
import { staffResource } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/accounting-download';

/** The downloads of a month by the last segment of their address. */
const FILES = new Map<string, AccountingExport>([
  ['datev.csv', 'datev'],
  ['buchungen.csv', 'csv'],
  ['belege.zip', 'zip'],
]);

/**
 * admin.accounting.download (`/admin/buchhaltung/:month/datev.csv`, `…/buchungen.csv`, `…/belege.zip`, permission
 * `accounting`, issue 34 item 5): one download of the month as an attachment, each one an audit row. An unknown
 * month or file: 404; a DATEV file the settings cannot book: 409 with the reason. A resource route: no page around it.
 */
export async function loader(args: Route.LoaderArgs) {
  return staffResource(args, 'accounting', async (actor, app, locale) => {
    const month = parseAccountingMonth(args.params.month);
    const kind = FILES.get(args.params.file);
    if (!month || !kind) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
    try {
      const file = await exportAccountingMonth(app, actor, { month, kind, locale });
      return new Response(file.body, {
        headers: {
          ...PRIVATE_HEADERS,
          'Content-Type': file.contentType,
          'Content-Disposition': `attachment; filename="${file.fileName}"`,
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch (error) {
      if (error instanceof RequestError) return textRefusal(error.status, locale, PRIVATE_HEADERS, error.messageKey);
      throw error;
    }
  });
}

import { data } from 'react-router';
import { ReservationSearchForm } from '~/components/admin/reservations/reservation-search-form.tsx';
import { ReservationTable } from '~/components/admin/reservations/reservation-table.tsx';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { formatMoney } from '~/domain/money.ts';
import { filterQuery, parseReservationFilter } from '~/domain/reservation-search.ts';
import { operatorScope } from '~/domain/staff-roles.ts';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { airportChoices, searchReservations } from '~/services/backoffice/admin-reservations.server.ts';
import { requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/reservations';
import { PRIVATE_HEADERS } from '../helpers/form-kit.server.ts';

/**
 * admin.reservations (`/admin/reservierungen`, issue 15 item 3): the search (a GET form that works without
 * JavaScript), one page of matches and the link to the CSV export of the same filter. Refused filter fields are
 * shown with their message (400) and left out of the search.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireStaff(args, 'reservations');
  const { app } = args.context.get(shopContext);
  const locale = toLocale(args.params.lang);
  const t = translator(locale);
  const { filter, errors } = parseReservationFilter(new URL(args.request.url).searchParams);
  const [result, airports] = await Promise.all([
    searchReservations(app.db, actor, filter, locale),
    airportChoices(app.db, actor),
  ]);
  const rows = result.rows.map((row) => ({
    ...row,
    entry: formatLocalDateTime(row.entry, locale),
    exit: formatLocalDateTime(row.exit, locale),
    total: formatMoney(row.totalCents, locale),
    statusLabel: t(`reservation.status.${row.status}`),
    checkin: row.checkedOutAt ? t('admin.checkin.state.left') : row.checkedInAt ? t('admin.checkin.state.parked') : '',
    // a late or cancelled return flight (issue 35): "Flug LH 407 verspätet, Ankunft …"
    flight: row.flight
      ? row.flight.status === 'cancelled'
        ? t('admin.checkin.flight.cancelled', { flight: row.flight.flightNumber })
        : t('admin.checkin.flight.delayed', {
            flight: row.flight.flightNumber,
            arrival: row.flight.arrival ? formatLocalDateTime(row.flight.arrival, locale) : '–',
          })
      : '',
  }));
  return data(
    {
      filter,
      errors: Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(key)])),
      rows,
      total: result.total,
      page: result.page,
      pages: result.pages,
      airports,
      withEmail: operatorScope(actor) === null,
    },
    { status: Object.keys(errors).length ? 400 : 200, headers: PRIVATE_HEADERS },
  );
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export default function AdminReservations({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const { filter, errors, rows, total, page, pages, airports, withEmail } = loaderData;
  const query = filterQuery(filter, { page: 1 });
  return (
    <section>
      <title>{`${t('admin.reservations.title')} · ${t('admin.title')}`}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('admin.reservations.title')}</h1>
        <a
          className="btn-secondary inline-flex min-h-11 items-center"
          href={`${href('/admin/reservierungen/export.csv')}${query ? `?${query}` : ''}`}
          download
        >
          {t('admin.reservations.export')}
        </a>
      </div>
      <ReservationSearchForm filter={filter} errors={errors} airports={airports} />
      <p className="mt-4 text-sm text-muted" role="status">
        {t('admin.reservations.count', { count: total })}
      </p>
      {rows.length === 0 ? (
        <p className="card mt-3 p-4">{t('admin.reservations.empty')}</p>
      ) : (
        <ReservationTable rows={rows} withEmail={withEmail} />
      )}
      {pages > 1 ? (
        <nav aria-label={t('admin.reservations.pages')} className="mt-4 flex items-center gap-3">
          {page > 1 ? (
            <a
              className="btn-secondary inline-flex min-h-11 items-center"
              href={`?${filterQuery(filter, { page: page - 1 })}`}
              rel="prev"
            >
              {t('admin.reservations.prev')}
            </a>
          ) : null}
          <span className="text-sm">{t('admin.reservations.page', { page, pages })}</span>
          {page < pages ? (
            <a
              className="btn-secondary inline-flex min-h-11 items-center"
              href={`?${filterQuery(filter, { page: page + 1 })}`}
              rel="next"
            >
              {t('admin.reservations.next')}
            </a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

import { data, Form } from 'react-router';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { formatMoney } from '~/domain/money.ts';
import { filterQuery, parseReservationFilter, type ReservationFilter } from '~/domain/reservation-search.ts';
import { operatorScope } from '~/domain/staff-roles.ts';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { airportChoices, searchReservations } from '~/services/backoffice/admin-reservations.server.ts';
import { ADMIN_HEADERS, requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/reservations';

const STATUSES = ['pending_payment', 'confirmed', 'cancelled', 'completed'] as const;

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
    { status: Object.keys(errors).length ? 400 : 200, headers: ADMIN_HEADERS },
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
      <SearchForm filter={filter} errors={errors} airports={airports} />
      <p className="mt-4 text-sm text-muted" role="status">
        {t('admin.reservations.count', { count: total })}
      </p>
      {rows.length === 0 ? (
        <p className="card mt-3 p-4">{t('admin.reservations.empty')}</p>
      ) : (
        <>
          {/* a phone: one card per reservation; from a tablet on: the table */}
          <ul className="mt-3 grid gap-3 md:hidden">
            {rows.map((row) => (
              <li key={row.reference} className="card grid gap-1 p-4 text-sm">
                <div className="flex items-center justify-between gap-2">
                  <a
                    className="inline-flex min-h-11 items-center font-mono text-base text-accent underline"
                    href={href(`/admin/reservierungen/${row.reference}`)}
                  >
                    {row.reference}
                  </a>
                  <span className="text-right">
                    {row.statusLabel}
                    {row.checkin ? <span className="block text-xs text-muted">{row.checkin}</span> : null}
                  </span>
                </div>
                <p>
                  {row.name} · {row.licensePlate || '–'}
                </p>
                {withEmail && row.email ? <p className="break-all text-muted">{row.email}</p> : null}
                <p>
                  {row.entry} – {row.exit}
                </p>
                <p className="text-muted">
                  {row.airport} · {row.lot} · {row.tariff}
                </p>
                <p className="font-semibold">{row.total}</p>
              </li>
            ))}
          </ul>
          <div className="mt-3 hidden overflow-x-auto rounded-lg border border-line bg-card md:block">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <caption className="sr-only">{t('admin.reservations.title')}</caption>
              <thead className="bg-surface text-xs uppercase text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t('admin.reservations.col.reference')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('admin.reservations.col.status')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('admin.reservations.col.customer')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('admin.reservations.col.plate')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('admin.reservations.col.stay')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('admin.reservations.col.lot')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('admin.reservations.col.total')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.reference} className="border-t border-line align-top">
                    <td className="px-3 py-2 font-mono">
                      <a
                        className="inline-flex min-h-11 items-center text-accent underline"
                        href={href(`/admin/reservierungen/${row.reference}`)}
                      >
                        {row.reference}
                      </a>
                    </td>
                    <td className="px-3 py-2">
                      {row.statusLabel}
                      {row.checkin ? <span className="block text-xs text-muted">{row.checkin}</span> : null}
                    </td>
                    <td className="px-3 py-2">
                      {row.name}
                      {withEmail && row.email ? <span className="block text-xs text-muted">{row.email}</span> : null}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{row.licensePlate || '–'}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {row.entry}
                      <span className="block">{row.exit}</span>
                    </td>
                    <td className="px-3 py-2">
                      {row.airport} · {row.lot}
                      <span className="block text-xs text-muted">{row.tariff}</span>
                    </td>
                    <td className="px-3 py-2 text-right whitespace-nowrap">{row.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
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

function SearchForm({
  filter,
  errors,
  airports,
}: {
  filter: ReservationFilter;
  errors: Record<string, string>;
  airports: { iata: string; name: string }[];
}) {
  const t = useT();
  const field = (name: string, label: string, input: React.ReactNode) => (
    <div>
      <label className="field-label" htmlFor={`f-${name}`}>
        {label}
      </label>
      {input}
      {errors[name] ? (
        <p id={`f-${name}-error`} className="field-error">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `f-${name}-error` } : {};
  return (
    <Form
      method="get"
      className="card mt-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4"
      aria-label={t('admin.reservations.search')}
    >
      <div className="sm:col-span-2">
        {field(
          'q',
          t('admin.reservations.filter.q'),
          <input id="f-q" name="q" type="search" className="field-input" defaultValue={filter.q} />,
        )}
      </div>
      {field(
        'status',
        t('admin.reservations.filter.status'),
        <select id="f-status" name="status" className="field-input" defaultValue={filter.status} {...invalid('status')}>
          <option value="">{t('admin.reservations.filter.any')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`reservation.status.${s}`)}
            </option>
          ))}
        </select>,
      )}
      {field(
        'airport',
        t('admin.reservations.filter.airport'),
        <select
          id="f-airport"
          name="airport"
          className="field-input"
          defaultValue={filter.airport}
          {...invalid('airport')}
        >
          <option value="">{t('admin.reservations.filter.any')}</option>
          {airports.map((a) => (
            <option key={a.iata} value={a.iata}>
              {a.iata} · {a.name}
            </option>
          ))}
        </select>,
      )}
      {field(
        'dateField',
        t('admin.reservations.filter.date_field'),
        <select id="f-dateField" name="dateField" className="field-input" defaultValue={filter.dateField}>
          <option value="entry">{t('admin.reservations.filter.entry')}</option>
          <option value="exit">{t('admin.reservations.filter.exit')}</option>
        </select>,
      )}
      {field(
        'from',
        t('admin.reservations.filter.from'),
        <input
          id="f-from"
          name="from"
          type="date"
          className="field-input"
          defaultValue={filter.from}
          {...invalid('from')}
        />,
      )}
      {field(
        'to',
        t('admin.reservations.filter.to'),
        <input id="f-to" name="to" type="date" className="field-input" defaultValue={filter.to} {...invalid('to')} />,
      )}
      <div className="flex items-end gap-2">
        <button type="submit" className="btn-primary min-h-11 flex-1">
          {t('admin.reservations.search')}
        </button>
      </div>
    </Form>
  );
}

import { data, useRouteLoaderData } from 'react-router';
import { formatDay, formatInstant, formatMonth } from '~/components/admin/admin-format.ts';
import { OccupancyChart } from '~/components/admin/occupancy-chart.tsx';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import { formatMoney } from '~/domain/money.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { shopContext } from '~/router-context.ts';
import { DashboardError, loadDashboard } from '~/services/backoffice/admin-dashboard.server.ts';
import { ADMIN_HEADERS, requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/dashboard';
import type { loader as layoutLoader } from './layout.tsx';

/** The query parameter of the filter: `flughafen-<id>` or `parkplatz-<id>`; absent = everything in scope. */
const FILTER_PARAM = 'auswahl';

function parseFilter(raw: string | null): { airportId: number | null; lotId: number | null } {
  const match = /^(flughafen|parkplatz)-(\d{1,9})$/.exec(raw ?? '');
  if (!match) return { airportId: null, lotId: null };
  const id = Number(match[2]);
  return match[1] === 'flughafen' ? { airportId: id, lotId: null } : { airportId: null, lotId: id };
}

/**
 * admin.dashboard (`/admin`, issue 15 item 2): arrivals and departures per lot today and tomorrow, occupancy of
 * the next 60 days, revenue per month, the newest reservations; an operator sees its own lots only.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireStaff(args, 'dashboard');
  const { app } = args.context.get(shopContext);
  const filter = parseFilter(new URL(args.request.url).searchParams.get(FILTER_PARAM));
  try {
    const dashboard = await loadDashboard(app.db, actor, filter, app.now());
    return data(dashboard, { headers: ADMIN_HEADERS });
  } catch (error) {
    if (error instanceof DashboardError) throw data(null, { status: 404, headers: ADMIN_HEADERS });
    throw error;
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

type Loaded = Route.ComponentProps['loaderData'];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const layout = useRouteLoaderData<typeof layoutLoader>('admin');
  const selected =
    loaderData.filter.lotId !== null
      ? `parkplatz-${loaderData.filter.lotId}`
      : loaderData.filter.airportId !== null
        ? `flughafen-${loaderData.filter.airportId}`
        : '';
  return (
    <section>
      <title>{t('admin.meta.title', { page: t('admin.dashboard.title') })}</title>
      <h1 className="text-2xl font-semibold">{t('admin.dashboard.title')}</h1>
      <p className="mt-1 text-muted">
        {t('admin.dashboard.welcome', { name: layout?.actor.name || layout?.actor.email || '' })}
        {layout?.actor.operator ? ` ${t('admin.dashboard.scope_operator', { operator: layout.actor.operator })}` : ''}
      </p>

      <form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 sm:max-w-md">
          <label htmlFor="dashboard-filter" className="field-label">
            {t('admin.dashboard.filter.label')}
          </label>
          <select id="dashboard-filter" name={FILTER_PARAM} defaultValue={selected} className="field-input w-full">
            <option value="">{t('admin.dashboard.filter.all')}</option>
            <optgroup label={t('admin.dashboard.filter.airports')}>
              {loaderData.airports.map((a) => (
                <option key={a.id} value={`flughafen-${a.id}`}>
                  {a.iata} – {locale === 'en' ? a.nameEn : a.nameDe}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('admin.dashboard.filter.lots')}>
              {loaderData.lots.map((l) => (
                <option key={l.id} value={`parkplatz-${l.id}`}>
                  {l.iata} · {l.name}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <button type="submit" className="btn-secondary min-h-11">
          {t('admin.dashboard.filter.submit')}
        </button>
      </form>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Movements movements={loaderData.movements} />
        <Latest latest={loaderData.latest} />
      </div>

      <section className="card mt-6 p-4" aria-labelledby="occupancy-title">
        <h2 id="occupancy-title" className="text-lg font-semibold">
          {t('admin.dashboard.occupancy.title')}
        </h2>
        <p className="mb-3 text-sm text-muted">
          {loaderData.occupancy.length > 0 &&
            t('admin.dashboard.occupancy.range', {
              from: formatDay(loaderData.occupancy[0].day, locale, true),
              to: formatDay(loaderData.occupancy.at(-1)!.day, locale, true),
            })}
        </p>
        <OccupancyChart days={loaderData.occupancy} />
      </section>

      <section className="card mt-6 p-4" aria-labelledby="revenue-title">
        <h2 id="revenue-title" className="text-lg font-semibold">
          {t('admin.dashboard.revenue.title')}
        </h2>
        <p className="mb-3 text-sm text-muted">{t('admin.dashboard.revenue.note')}</p>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th scope="col" className="py-1 pr-3">
                  {t('admin.dashboard.revenue.month')}
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  {t('admin.dashboard.revenue.invoiced')}
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  {t('admin.dashboard.revenue.credited')}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t('admin.dashboard.revenue.net')}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...loaderData.revenue].reverse().map((m) => (
                <tr key={m.month} className="border-t border-line">
                  <th scope="row" className="py-1 pr-3 text-left font-normal">
                    {formatMonth(m.month, locale)}
                  </th>
                  <td className="py-1 pr-3 text-right tabular-nums">
                    {formatMoney(m.invoicedCents, locale)}
                    <span className="hidden text-xs text-muted sm:block">
                      {t('admin.dashboard.revenue.invoices', { count: m.invoices })}
                    </span>
                  </td>
                  <td className="py-1 pr-3 text-right tabular-nums">
                    {formatMoney(m.creditedCents, locale)}
                    <span className="hidden text-xs text-muted sm:block">
                      {t('admin.dashboard.revenue.credit_notes', { count: m.creditNotes })}
                    </span>
                  </td>
                  <td className="py-1 text-right font-semibold tabular-nums">{formatMoney(m.netCents, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </section>
  );
}

function Movements({ movements }: { movements: Loaded['movements'] }) {
  const t = useT();
  const locale = useLocale();
  // Many lots have nobody coming on a given day: list the lots with movements (a single lot chosen: always it).
  const moving = movements.filter(
    (m) =>
      movements.length === 1 || m.arrivalsToday + m.departuresToday + m.arrivalsTomorrow + m.departuresTomorrow > 0,
  );
  const quiet = movements.length - moving.length;
  const sameDates = movements.every((m) => m.today === movements[0]?.today);
  const sum = (key: 'arrivalsToday' | 'departuresToday' | 'arrivalsTomorrow' | 'departuresTomorrow') =>
    movements.reduce((total, m) => total + m[key], 0);
  const dates = (m: { today: string; tomorrow: string }) =>
    t('admin.dashboard.movements.dates', {
      today: formatDay(m.today, locale),
      tomorrow: formatDay(m.tomorrow, locale),
    });
  return (
    <section className="card min-w-0 p-4" aria-labelledby="movements-title">
      <h2 id="movements-title" className="text-lg font-semibold">
        {t('admin.dashboard.movements.title')}
      </h2>
      {movements.length === 0 ? (
        <p className="mt-2 text-muted">{t('admin.dashboard.no_lots')}</p>
      ) : (
        <>
          {sameDates && <p className="text-sm text-muted">{dates(movements[0])}</p>}
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left align-bottom">
                  <th scope="col" className="py-1 pr-3">
                    {t('admin.dashboard.movements.lot')}
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    {t('admin.dashboard.movements.arrivals_today')}
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    {t('admin.dashboard.movements.departures_today')}
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    {t('admin.dashboard.movements.arrivals_tomorrow')}
                  </th>
                  <th scope="col" className="py-1 text-right">
                    {t('admin.dashboard.movements.departures_tomorrow')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {moving.map((m) => (
                  <tr key={m.lotId} className="border-t border-line">
                    <th scope="row" className="py-1 pr-3 text-left font-normal">
                      <span className="font-medium">{m.lot.iata}</span> {m.lot.name}
                      {!sameDates && <span className="block text-xs text-muted">{dates(m)}</span>}
                    </th>
                    <td className="py-1 pr-2 text-right tabular-nums">{m.arrivalsToday}</td>
                    <td className="py-1 pr-2 text-right tabular-nums">{m.departuresToday}</td>
                    <td className="py-1 pr-2 text-right tabular-nums">{m.arrivalsTomorrow}</td>
                    <td className="py-1 text-right tabular-nums">{m.departuresTomorrow}</td>
                  </tr>
                ))}
              </tbody>
              {movements.length > 1 && (
                <tfoot>
                  <tr className="border-t-2 border-line font-semibold">
                    <th scope="row" className="py-1 pr-3 text-left">
                      {t('admin.dashboard.movements.total', { count: movements.length })}
                    </th>
                    <td className="py-1 pr-2 text-right tabular-nums">{sum('arrivalsToday')}</td>
                    <td className="py-1 pr-2 text-right tabular-nums">{sum('departuresToday')}</td>
                    <td className="py-1 pr-2 text-right tabular-nums">{sum('arrivalsTomorrow')}</td>
                    <td className="py-1 text-right tabular-nums">{sum('departuresTomorrow')}</td>
                  </tr>
                </tfoot>
              )}
            </table>
          </div>
          {quiet > 0 && (
            <p className="mt-2 text-sm text-muted">{t('admin.dashboard.movements.quiet', { count: quiet })}</p>
          )}
        </>
      )}
    </section>
  );
}

function Latest({ latest }: { latest: Loaded['latest'] }) {
  const t = useT();
  const locale = useLocale();
  const href = useHref();
  return (
    <section className="card min-w-0 p-4" aria-labelledby="latest-title">
      <h2 id="latest-title" className="text-lg font-semibold">
        {t('admin.dashboard.latest.title')}
      </h2>
      {latest.length === 0 ? (
        <p className="mt-2 text-muted">{t('admin.dashboard.latest.none')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {latest.map((r) => (
            <li key={r.reference} className="py-2">
              <a
                href={href(`/admin/reservierungen/${r.reference}`)}
                className="inline-flex min-h-11 items-center font-mono font-semibold underline"
              >
                {r.reference}
              </a>{' '}
              <span className="text-sm">
                {r.iata} · {r.lotName} · {t(`admin.dashboard.status.${r.status}`)} · {formatMoney(r.totalCents, locale)}
              </span>
              <span className="block text-xs text-muted">
                {t('admin.dashboard.latest.stay', {
                  entry: formatLocalDateTime(r.entryLocal, locale),
                  exit: formatLocalDateTime(r.exitLocal, locale),
                })}{' '}
                · {t('admin.dashboard.latest.booked_at', { at: formatInstant(r.createdAt, locale) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

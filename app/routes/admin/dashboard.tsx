import { data, redirect, useRouteLoaderData } from 'react-router';
import { formatDay } from '~/components/admin/admin-format.ts';
import { Latest } from '~/components/admin/dashboard/latest.tsx';
import { Movements } from '~/components/admin/dashboard/movements.tsx';
import { OpenOverstays } from '~/components/admin/dashboard/open-overstays.tsx';
import { RevenueTable } from '~/components/admin/dashboard/revenue-table.tsx';
import { ValetKilometres } from '~/components/admin/dashboard/valet-kilometres.tsx';
import { OccupancyChart } from '~/components/admin/occupancy-chart.tsx';
import { useLocale, useT } from '~/components/i18n-context.tsx';
import { shopContext } from '~/router-context.ts';
import { DashboardError, loadDashboard } from '~/services/backoffice/admin-dashboard.server.ts';
import { requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/dashboard';
import type { loader as layoutLoader } from './layout.tsx';
import { PRIVATE_HEADERS } from '../helpers/form-kit.server.ts';
import { localized } from '~/domain/localized.ts';
import { can, staffHomePath } from '~/domain/staff-roles.ts';
import { localePath, toLocale } from '~/i18n.ts';

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
 * the next 60 days, revenue per month, the newest reservations, the unpaid overstays (issue 33 item 4); an operator
 * sees its own lots only.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireStaff(args);
  // `/admin` is where every sign-in lands: a role without the dashboard (the accountant) goes on to its own page.
  if (!can(actor, 'dashboard')) {
    throw redirect(localePath(toLocale(args.params.lang), staffHomePath(actor)), { headers: PRIVATE_HEADERS });
  }
  const { app } = args.context.get(shopContext);
  const filter = parseFilter(new URL(args.request.url).searchParams.get(FILTER_PARAM));
  try {
    const dashboard = await loadDashboard(app.db, actor, filter, app.now());
    return data(dashboard, { headers: PRIVATE_HEADERS });
  } catch (error) {
    if (error instanceof DashboardError) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
    throw error;
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

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
                  {a.iata} – {localized(a, 'name', locale)}
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

      <OpenOverstays overstays={loaderData.openOverstays} />
      <ValetKilometres rows={loaderData.valetKilometres} />

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

      <RevenueTable revenue={loaderData.revenue} />
    </section>
  );
}

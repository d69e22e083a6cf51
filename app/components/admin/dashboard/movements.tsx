import { formatDay } from '~/components/admin/admin-format.ts';
import { useLocale, useT } from '~/components/i18n-context.tsx';
import type { Dashboard } from '~/domain/dashboard.ts';

/**
 * Arrivals and departures per lot today and tomorrow (lots without any listed as a count), with the sums.
 */
export function Movements({ movements }: { movements: Dashboard['movements'] }) {
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

import { useLocale, useT } from '~/components/i18n-context.tsx';
import type { Dashboard } from '~/domain/dashboard.ts';

/**
 * Average kilometres driven between entry and exit per valet car park, last 90 days (issue 36 item 4): from the
 * odometer readings of the handover records, which valet must fill in; a table with row and column headers.
 */
export function ValetKilometres({ rows }: { rows: Dashboard['valetKilometres'] }) {
  const t = useT();
  const locale = useLocale();
  const number = new Intl.NumberFormat(locale);
  return (
    <section className="card mt-6 p-4" aria-labelledby="valet-km-title" data-valet-kilometres>
      <h2 id="valet-km-title" className="text-lg font-semibold">
        {t('handover.dashboard.title')}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-muted">{t('handover.dashboard.none')}</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-muted">
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t('handover.dashboard.lot')}
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  {t('handover.dashboard.cars')}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t('handover.dashboard.average')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((row) => (
                <tr key={row.lot}>
                  <th scope="row" className="py-2 pr-3 text-left font-normal">
                    {row.lot}
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums">{number.format(row.cars)}</td>
                  <td className="py-2 text-right font-semibold tabular-nums">{number.format(row.averageKm)} km</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

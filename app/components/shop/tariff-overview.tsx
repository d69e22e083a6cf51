import { formatMoney } from '~/domain/money.ts';
import { distanceMode, formatDistance } from '~/domain/distance.ts';
import type { ServiceItem } from '~/domain/tariff-services.ts';
import { useLocale, useT } from '../i18n-context.tsx';
import { ServicesLink, ServicesModal, useServices } from './tariff-services.tsx';

/** A tariff with its "from" prices on the airport page. */
export type TariffOverviewRow = {
  id: number;
  category: string;
  name: string;
  lotName: string;
  /** metres to the terminal, by road (shuttle) or on foot */
  distanceMeters: number;
  oneDayCents: number;
  oneWeekCents: number;
  /** what the tariff includes (the `services` modal); without it the row has no "Leistungen" link */
  services?: ServiceItem[];
  openingHours?: string;
};

/**
 * The airport page's tariffs overview: one row per tariff with the price of one day and of one week. On a
 * phone the category moves under the tariff name, so the prices stay in view without scrolling.
 */
export function TariffOverview({ tariffs, locked }: { tariffs: TariffOverviewRow[]; locked: boolean }) {
  const t = useT();
  const locale = useLocale();
  const services = useServices();
  const withServices = tariffs.flatMap((tariff) => (tariff.services ? [{ ...tariff, services: tariff.services }] : []));
  return (
    <section className="mt-10" aria-labelledby="overview-title">
      <h2 id="overview-title" className="text-2xl font-semibold">
        {t('airport.tariffs.title')}
      </h2>
      {locked ? (
        <p className="mt-2 text-warn">{t('tariffs.locked.text')}</p>
      ) : (
        // focusable, so keyboard users can scroll the table on narrow screens
        <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="overview-title">
          <table className="card w-full min-w-[20rem] border-separate border-spacing-0 text-left text-sm">
            <thead>
              <tr className="text-muted">
                <th scope="col" className="p-3 font-medium">
                  {t('airport.tariffs.tariff')}
                </th>
                <th scope="col" className="hidden p-3 font-medium sm:table-cell">
                  {t('airport.tariffs.category')}
                </th>
                <th scope="col" className="p-3 text-right font-medium">
                  {t('airport.tariffs.one_day')}
                </th>
                <th scope="col" className="p-3 text-right font-medium">
                  {t('airport.tariffs.one_week')}
                </th>
              </tr>
            </thead>
            <tbody>
              {tariffs.map((tariff) => (
                <tr key={tariff.id} className="border-t border-line">
                  <th scope="row" className="border-t border-line p-3 font-medium">
                    {tariff.name}
                    <span className="block text-xs font-normal text-muted">
                      <span className="sm:hidden">{t(`tariff.category.${tariff.category}`)} · </span>
                      {tariff.lotName} ·{' '}
                      {t(
                        distanceMode(tariff.category) === 'road'
                          ? 'airport.tariffs.distance'
                          : 'airport.tariffs.distance_walk',
                        { distance: formatDistance(tariff.distanceMeters, locale) },
                      )}
                    </span>
                    {tariff.services ? (
                      <ServicesLink tariff={{ ...tariff, services: tariff.services }} onOpen={services.open} />
                    ) : null}
                  </th>
                  <td className="hidden border-t border-line p-3 sm:table-cell">
                    {t(`tariff.category.${tariff.category}`)}
                  </td>
                  <td className="border-t border-line p-3 text-right">{formatMoney(tariff.oneDayCents, locale)}</td>
                  <td className="border-t border-line p-3 text-right font-semibold">
                    {formatMoney(tariff.oneWeekCents, locale)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-xs text-muted">{t('airport.tariffs.note')}</p>
        </div>
      )}
      {withServices.length > 0 ? <ServicesModal tariff={services.tariff} all={withServices} /> : null}
    </section>
  );
}

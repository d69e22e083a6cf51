import { formatLocalDateRange } from '~/domain/date-format.ts';
import { formatMoney } from '~/domain/money.ts';
import { distanceMode, formatDistance } from '~/domain/distance.ts';
import type { FromPrice } from '~/domain/from-price.ts';
import type { ServiceItem } from '~/domain/tariff-services.ts';
import { useHref, useLocale, useT } from '../i18n-context.tsx';
import { ServicesLink, ServicesModal, useServices } from './tariff-service-list.tsx';

/** A tariff with its "from" prices on the airport page (`app/domain/from-price.ts`). */
export type TariffOverviewRow = {
  id: number;
  category: string;
  name: string;
  lotName: string;
  /** metres to the terminal, by road (shuttle) or on foot */
  distanceMeters: number;
  /** the lowest price of one billable day with its stay; null when none can be booked in the searched weeks */
  oneDay: FromPrice | null;
  /** the same for eight billable days */
  oneWeek: FromPrice | null;
  /** what the tariff includes (the `services` modal); without it the row has no "Leistungen" link */
  services?: ServiceItem[];
  openingHours?: string;
};

/**
 * The airport page's tariffs overview: one row per tariff with its "from" price of one day and of eight days, each
 * with the entry dates it holds for and a link to the tariffs page for the stay it names, so the visitor can check
 * it (issue 30 item 3, decision 0043). On a phone the category moves under the tariff name, so the prices stay in
 * view without scrolling.
 */
export function TariffOverview({
  airport,
  tariffs,
  searchWeeks,
  locked,
}: {
  /** the airport's slug (the links' `airport` parameter) */
  airport: string;
  tariffs: TariffOverviewRow[];
  /** the weeks of entry dates the prices were searched in (the note says so) */
  searchWeeks: number;
  locked: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const href = useHref();
  const services = useServices();
  const priceCell = (tariff: TariffOverviewRow, price: FromPrice | null, column: string) => {
    const label = { tariff: tariff.name, days: t(column), weeks: searchWeeks };
    if (!price) {
      return (
        <td className="border-t border-line p-3 text-right text-xs text-muted">
          <span aria-hidden>{t('airport.tariffs.unavailable')}</span>
          <span className="sr-only">{t('airport.tariffs.unavailable_label', label)}</span>
        </td>
      );
    }
    const query = new URLSearchParams({ airport, entry: price.entry, exit: price.exit });
    return (
      <td className="border-t border-line p-3 text-right align-top">
        <a
          href={href(`/buchung/tarife?${query}`)}
          className="inline-block rounded-md text-ink underline decoration-line underline-offset-4 hover:decoration-accent"
          data-from-price={price.totalCents}
        >
          <span className="sr-only">{t('airport.tariffs.price_label', label)} </span>
          <span className="block whitespace-nowrap font-semibold">
            {t('airport.tariffs.from', { price: formatMoney(price.totalCents, locale) })}
          </span>
          <span className="block text-xs font-normal text-muted">
            {t('airport.tariffs.entry', {
              dates: formatLocalDateRange(price.entry.slice(0, 10), price.lastEntryDate, locale),
            })}
          </span>
        </a>
      </td>
    );
  };
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
                  {priceCell(tariff, tariff.oneDay, 'airport.tariffs.one_day')}
                  {priceCell(tariff, tariff.oneWeek, 'airport.tariffs.one_week')}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-xs text-muted">{t('airport.tariffs.note', { weeks: searchWeeks })}</p>
        </div>
      )}
      {withServices.length > 0 ? <ServicesModal tariff={services.tariff} all={withServices} /> : null}
    </section>
  );
}

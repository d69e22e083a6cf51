import { formatLocalDateRange } from '~/domain/date-format.ts';
import { dateTimeFormat } from '~/domain/intl-cache.ts';
import { formatMoney } from '~/domain/money.ts';
import { calendarWeeks, type CalendarCell, type CalendarDate, type PriceCalendar } from '~/domain/price-calendar.ts';
import { useHref, useLocale, useT } from '../i18n-context.tsx';

/** Weekday and date of an entry date, as the row headers show it (`Mo., 15.02.`, `Mon 15/02`). */
const ROW_DATE: Intl.DateTimeFormatOptions = { weekday: 'short', day: '2-digit', month: '2-digit', timeZone: 'UTC' };

/** "7 Tage" / "1 Tag": a stay length in billable days as the calendar's texts name it. */
export function stayText(t: (key: string, params?: Record<string, string | number>) => string, days: number) {
  return t(days === 1 ? 'calendar.stay_days_one' : 'calendar.stay_days', { days });
}

/** The tariffs page for the stay of a date (its airport, entry and exit), in the page's language. */
function useTariffsLink(airport: string) {
  const href = useHref();
  return (date: CalendarDate) =>
    href(`/buchung/tarife?${new URLSearchParams({ airport, entry: date.entry, exit: date.exit })}`);
}

/** The text of a cell that has no price: sold out, locked, or a dash read as "not bookable". */
function NoPrice({ cell }: { cell: Exclude<CalendarCell, { status: 'price' }> }) {
  const t = useT();
  if (cell.status === 'sold_out') return <span className="text-warn">{t('calendar.sold_out')}</span>;
  if (cell.status === 'locked') return <span className="text-muted">{t('calendar.locked')}</span>;
  return (
    <span className="text-muted">
      <span aria-hidden>–</span>
      <span className="sr-only">{t('calendar.unavailable')}</span>
    </span>
  );
}

/**
 * The price calendar as a table (issue 37 item 1): one row group per week (its dates as the group's header), one
 * row per entry date with the date as row header and a column per category the airport sells. A price links to the
 * tariffs page for that stay; sold-out, locked and unbookable days say so in words, and the cheapest date carries a
 * "cheapest day" badge besides its colour, so nothing is told by colour alone.
 */
export function PriceCalendarTable({ airport, calendar }: { airport: string; calendar: PriceCalendar }) {
  const t = useT();
  const locale = useLocale();
  const tariffsLink = useTariffsLink(airport);
  const rowDate = dateTimeFormat(locale, ROW_DATE);
  const cheapest = calendar.cheapest?.entryDate;
  const columns = calendar.categories;
  return (
    // focusable, so keyboard users can scroll the table on narrow screens
    // relative: the screen-reader texts (absolutely positioned) stay inside the scroll box, not beside the page
    <div className="relative mt-6 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="calendar-caption">
      <table className="card w-full border-separate border-spacing-0 text-left text-sm">
        <caption id="calendar-caption" className="px-2 py-3 text-left text-xs text-muted sm:px-3">
          {t('calendar.caption', { stay: stayText(t, calendar.days) })}
        </caption>
        <thead>
          <tr className="text-muted">
            <th scope="col" className="px-2 py-3 font-medium sm:px-3">
              {t('calendar.entry_date')}
            </th>
            {columns.map((category) => (
              <th key={category} scope="col" className="px-2 py-3 text-right font-medium sm:px-3">
                {t(`tariff.category.${category}`)}
              </th>
            ))}
          </tr>
        </thead>
        {calendarWeeks(calendar.dates).map((week) => (
          <tbody key={week[0].entryDate}>
            <tr>
              <th
                scope="rowgroup"
                colSpan={columns.length + 1}
                className="border-t border-line bg-surface px-2 py-2 text-xs font-semibold sm:px-3"
              >
                {t('calendar.week', {
                  dates: formatLocalDateRange(week[0].entryDate, week[week.length - 1].entryDate, locale),
                })}
              </th>
            </tr>
            {week.map((date) => {
              const best = date.entryDate === cheapest;
              const label = rowDate.format(new Date(`${date.entryDate}T00:00:00Z`));
              return (
                <tr key={date.entryDate} className={best ? 'bg-accent/10' : undefined} data-entry-date={date.entryDate}>
                  <th scope="row" className="border-t border-line px-2 py-2 font-medium sm:p-3">
                    {date.status === 'bookable' ? (
                      <a
                        className="whitespace-nowrap text-ink underline decoration-line underline-offset-4"
                        href={tariffsLink(date)}
                      >
                        {label}
                      </a>
                    ) : (
                      <span className="whitespace-nowrap">{label}</span>
                    )}
                    {best ? (
                      <span className="mt-1 block w-fit rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-white sm:ml-2 sm:mt-0 sm:inline-block">
                        <span aria-hidden>★ </span>
                        {t('calendar.cheapest_day')}
                      </span>
                    ) : null}
                    {date.status === 'sold_out' ? (
                      <span className="block text-xs font-normal text-warn">{t('calendar.sold_out')}</span>
                    ) : null}
                    {date.status === 'locked' ? (
                      <span className="block text-xs font-normal text-muted">{t('calendar.locked')}</span>
                    ) : null}
                  </th>
                  {columns.map((category) => {
                    const cell = date.categories[category];
                    return (
                      <td key={category} className="border-t border-line px-2 py-2 text-right whitespace-nowrap sm:p-3">
                        {cell.status === 'price' ? (
                          <a
                            href={tariffsLink(date)}
                            className={`inline-block text-ink underline decoration-line underline-offset-4 hover:decoration-accent ${best && cell.totalCents === calendar.cheapest?.totalCents ? 'font-bold' : ''}`}
                            data-total-cents={cell.totalCents}
                            data-tariff-id={cell.tariffId}
                          >
                            <span className="sr-only">
                              {t('calendar.price_label', {
                                category: t(`tariff.category.${category}`),
                                date: label,
                              })}{' '}
                            </span>
                            {formatMoney(cell.totalCents, locale)}
                          </a>
                        ) : (
                          <NoPrice cell={cell} />
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
    </div>
  );
}

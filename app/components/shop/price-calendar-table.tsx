import { formatLocalDateRange } from '~/domain/date-format.ts';
import { fromPriceStay } from '~/domain/from-price.ts';
import { dateTimeFormat } from '~/domain/intl-cache.ts';
import { formatMoney } from '~/domain/money.ts';
import { calendarWeeks, type CalendarCell, type PriceCalendar } from '~/domain/price-calendar.ts';
import { useHref, useLocale, useT } from '../i18n-context.tsx';

/** Weekday and date of an entry date, as the row headers show it (`Mo., 15.02.`, `Mon 15/02`). */
const ROW_DATE: Intl.DateTimeFormatOptions = { weekday: 'short', day: '2-digit', month: '2-digit', timeZone: 'UTC' };

/** "7 Tage" / "1 Tag": a stay length in billable days as the calendar's texts name it. */
export function stayText(t: (key: string, params?: Record<string, string | number>) => string, days: number) {
  return t(days === 1 ? 'calendar.stay_days_one' : 'calendar.stay_days', { days });
}

/** The cell of a category without a price: sold out, locked, or a dash read as "not bookable". */
function NoPrice({ cell }: { cell: Exclude<CalendarCell, { status: 'price' }> }) {
  const t = useT();
  if (cell.status === 'sold_out') return <td className="text-warn">{t('calendar.sold_out')}</td>;
  if (cell.status === 'locked') return <td className="text-muted">{t('calendar.locked')}</td>;
  return (
    <td className="text-muted">
      <span aria-hidden>–</span>
      <span className="sr-only">{t('calendar.unavailable')}</span>
    </td>
  );
}

/**
 * The price calendar as a table (issue 37 item 1): one row group per week (its dates as the group's header), one
 * row per entry date with the date as row header and a column per category the airport sells, so a screen reader
 * names date and category with each price. A price links to the tariffs page for that stay; sold-out, locked and
 * unbookable days say so in words, and the cheapest date carries a "cheapest day" badge besides its colour, so
 * nothing is told by colour alone. Cell styles live in `app.css` (`.price-calendar`): 84 rows stay light.
 */
export function PriceCalendarTable({ airport, calendar }: { airport: string; calendar: PriceCalendar }) {
  const t = useT();
  const locale = useLocale();
  const href = useHref();
  const rowDate = dateTimeFormat(locale, ROW_DATE);
  const cheapest = calendar.cheapest;
  const columns = calendar.categories;
  const texts = { soldOut: t('calendar.sold_out'), locked: t('calendar.locked') };
  return (
    // relative: the screen-reader texts (absolutely positioned) stay inside the scroll box, not beside the page
    <div className="relative mt-6 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="calendar-caption">
      <table className="price-calendar card w-full border-separate border-spacing-0 text-left text-sm">
        <caption id="calendar-caption" className="px-2 py-3 text-left text-xs text-muted sm:px-3">
          {t('calendar.caption', { stay: stayText(t, calendar.days) })}
        </caption>
        <thead>
          <tr className="text-muted">
            <th scope="col">{t('calendar.entry_date')}</th>
            {columns.map((category) => (
              <th key={category} scope="col" className="text-right">
                {t(`tariff.category.${category}`)}
              </th>
            ))}
          </tr>
        </thead>
        {calendarWeeks(calendar.dates).map((week) => (
          <tbody key={week[0].entryDate}>
            <tr>
              <th scope="rowgroup" colSpan={columns.length + 1}>
                {t('calendar.week', {
                  dates: formatLocalDateRange(week[0].entryDate, week[week.length - 1].entryDate, locale),
                })}
              </th>
            </tr>
            {week.map((date) => {
              const best = date.entryDate === cheapest?.entryDate;
              const stay = fromPriceStay(date.entryDate, calendar.days);
              const link = href(`/buchung/tarife?${new URLSearchParams({ airport, ...stay })}`);
              return (
                <tr key={date.entryDate} className={best ? 'bg-accent/10' : undefined} data-entry-date={date.entryDate}>
                  <th scope="row" className="font-medium">
                    <span className="whitespace-nowrap">{rowDate.format(new Date(`${date.entryDate}T00:00:00Z`))}</span>
                    {best ? (
                      <span className="mt-1 block w-fit rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-white sm:mt-0 sm:ml-2 sm:inline-block">
                        <span aria-hidden>★ </span>
                        {t('calendar.cheapest_day')}
                      </span>
                    ) : null}
                    {date.status === 'sold_out' || date.status === 'locked' ? (
                      <span
                        className={`block text-xs font-normal ${date.status === 'sold_out' ? 'text-warn' : 'text-muted'}`}
                      >
                        {date.status === 'sold_out' ? texts.soldOut : texts.locked}
                      </span>
                    ) : null}
                  </th>
                  {columns.map((category) => {
                    const cell = date.categories[category];
                    if (cell.status !== 'price') return <NoPrice key={category} cell={cell} />;
                    const lowest = best && category === cheapest?.category;
                    return (
                      <td key={category}>
                        <a
                          href={link}
                          className={lowest ? 'font-bold' : undefined}
                          data-total-cents={cell.totalCents}
                          data-tariff-id={cell.tariffId}
                        >
                          {formatMoney(cell.totalCents, locale)}
                        </a>
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

import { data } from 'react-router';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import { PriceWatchForm } from '~/components/islands/price-watch-form.ts';
import { PriceCalendarForm } from '~/components/shop/price-calendar-form.tsx';
import { PriceCalendarTable, stayText } from '~/components/shop/price-calendar-table.tsx';
import { SHOP_TIME_ZONE } from '~/constants.ts';
import { DEFAULT_STAY_LIMITS } from '~/domain/booking-rules.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { fromPriceStay } from '~/domain/from-price.ts';
import { dateTimeFormat } from '~/domain/intl-cache.ts';
import { addDaysToDate, diffCalendarDays, todayInZone } from '~/domain/local-time.ts';
import { formatMoney } from '~/domain/money.ts';
import { PRICE_CALENDAR_DAYS, PRICE_CALENDAR_WEEKS, weekStart } from '~/domain/price-calendar.ts';
import { loadPriceCalendar, PriceCalendarError } from '~/services/catalogue/price-calendar.server.ts';
import type { Route } from './+types/airports-calendar';
import { landingPageMeta } from './helpers/page-meta.ts';
import { shopPage } from './helpers/shop-page.server.ts';

/** The cheapest date's weekday and date (`Sa., 20.02.2027`); the value is a local date, read as UTC. */
const LONG_DATE: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
};

// The price calendar (issue 37 item 1): `/parkplatz/:airport/preiskalender?tage=7&ab=YYYY-MM-DD`.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app, locale, t } = shopPage({ params, context });
  const url = new URL(request.url);
  const typed = { tage: url.searchParams.get('tage') ?? '', ab: url.searchParams.get('ab') ?? '' };
  const now = app.now();
  const load = (query: { days?: string; from?: string }) =>
    loadPriceCalendar(app.db, { airport: params.airport, query }, { now, locale });
  let errors: Partial<Record<'tage' | 'ab', string>> = {};
  let result;
  try {
    result = await load({ days: typed.tage, from: typed.ab });
  } catch (error) {
    if (!(error instanceof PriceCalendarError)) throw error;
    if (error.status === 404) throw data(null, { status: 404 });
    // A bad query keeps what was typed with its messages, above this week's calendar of seven days.
    const message = (field: string) => (error.fields[field]?.[0] ? t(error.fields[field][0]) : undefined);
    errors = { tage: message('days'), ab: message('from') };
    result = await load({});
  }
  const { airport, calendar } = result;
  const today = todayInZone(now, SHOP_TIME_ZONE);
  const firstWeek = weekStart(today);
  const later = addDaysToDate(calendar.from, PRICE_CALENDAR_DAYS);
  const invalid = Boolean(errors.tage || errors.ab);
  return data(
    {
      airport,
      calendar,
      errors,
      values: invalid ? typed : { tage: String(calendar.days), ab: calendar.from },
      minDate: firstWeek,
      earlier:
        calendar.from > firstWeek ? [addDaysToDate(calendar.from, -PRICE_CALENDAR_DAYS), firstWeek].sort()[1] : null,
      later: diffCalendarDays(later, today) <= DEFAULT_STAY_LIMITS.bookingHorizonDays ? later : null,
      title: t('calendar.meta.title', { airport: airport.name, iata: airport.iata }),
      description: t('calendar.meta.description', { airport: airport.name, weeks: PRICE_CALENDAR_WEEKS }),
    },
    { status: invalid ? 422 : 200 },
  );
}

export default function AirportsCalendar({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const href = useHref();
  const { airport, calendar, errors, values, minDate, earlier, later } = loaderData;
  const page = (from: string) => href(`/parkplatz/${airport.slug}/preiskalender?tage=${calendar.days}&ab=${from}`);
  const cheapest = calendar.cheapest;
  const watched = cheapest ? fromPriceStay(cheapest.entryDate, calendar.days) : null;
  return (
    <div className="container-page py-8 sm:py-12">
      <p className="font-mono text-sm font-semibold text-accent">{airport.iata}</p>
      <h1 className="text-3xl font-bold tracking-tight">{t('calendar.title', { airport: airport.name })}</h1>
      <p className="mt-2 max-w-3xl text-muted">
        {t('calendar.lead', { weeks: PRICE_CALENDAR_WEEKS })}{' '}
        <a className="text-accent underline" href={href(`/parkplatz/${airport.slug}`)}>
          {t('calendar.back_to_airport')}
        </a>
      </p>

      <PriceCalendarForm values={values} errors={errors} minDate={minDate} />

      {airport.locked ? <p className="mt-6 text-warn">{t('tariffs.locked.text')}</p> : null}
      {cheapest ? (
        <p className="mt-6 text-lg" data-cheapest-date={cheapest.entryDate}>
          <span aria-hidden>★ </span>
          {t('calendar.cheapest', {
            date: dateTimeFormat(locale, LONG_DATE).format(new Date(`${cheapest.entryDate}T00:00:00Z`)),
            category: t(`tariff.category.${cheapest.category}`),
            price: formatMoney(cheapest.totalCents, locale),
            stay: stayText(t, calendar.days),
          })}
        </p>
      ) : airport.locked ? null : (
        <p className="mt-6 text-muted">{t('calendar.none')}</p>
      )}

      <PriceCalendarTable airport={airport.slug} calendar={calendar} />
      <p className="mt-2 text-xs text-muted">{t('calendar.note', { days: calendar.days })}</p>
      {/* "Preis beobachten" (issue 37 item 2) for the highlighted stay: the cheapest date's */}
      {watched ? (
        <PriceWatchForm
          airportId={airport.id}
          {...watched}
          stay={`${formatLocalDateTime(watched.entry, locale)} – ${formatLocalDateTime(watched.exit, locale)}`}
        />
      ) : null}

      <nav className="mt-4 flex flex-wrap justify-between gap-4" aria-label={t('calendar.pages')}>
        {earlier ? (
          <a className="text-accent underline" href={page(earlier)}>
            <span aria-hidden>← </span>
            {t('calendar.earlier', { weeks: PRICE_CALENDAR_WEEKS })}
          </a>
        ) : (
          <span />
        )}
        {later ? (
          <a className="text-accent underline" href={page(later)}>
            {t('calendar.later', { weeks: PRICE_CALENDAR_WEEKS })}
            <span aria-hidden> →</span>
          </a>
        ) : null}
      </nav>
    </div>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return landingPageMeta(data);
}

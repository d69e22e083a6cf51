import { data, redirect } from 'react-router';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import { LockedAirportNotice } from '~/components/shop/locked-airport-form.tsx';
import { SearchForm } from '~/components/islands/search-form.ts';
import { TariffLists } from '~/components/islands/tariff-lists.ts';
import { PriceWatchForm } from '~/components/islands/price-watch-form.ts';
import { useTariffListImpressions } from '~/components/shop/use-tariff-list-impressions.ts';
import { SHOP_TIME_ZONE } from '~/constants.ts';
import { startOfLocalDay } from '~/domain/local-time.ts';
import { CALENDAR_STAY_DAYS } from '~/domain/price-calendar.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { offerQueryParams } from '~/domain/offer-filters.ts';
import { parseOfferQuery } from '~/domain/offer-query.ts';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { CartError, putInCart } from '~/services/checkout/cart.server.ts';
import { LockedAirportError, signUpForLockedAirport } from '~/services/subscriptions/locked-airport.server.ts';
import { searchTariffs } from '~/services/checkout/tariffs-page.server.ts';
import type { Route } from './+types/checkout-tariffs';
import { shopContext } from '~/router-context.ts';
import { readPostedForm } from './helpers/form-kit.server.ts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app } = context.get(shopContext);
  const locale = toLocale(params.lang);
  const t = translator(locale);
  const url = new URL(request.url);
  const query = {
    airport: url.searchParams.get('airport') ?? '',
    entry: url.searchParams.get('entry') ?? '',
    exit: url.searchParams.get('exit') ?? '',
  };
  const now = app.now();
  // The sort and filters (issue 37 item 3): bad values are ignored, so any query is a page, never an error.
  const offerQuery = parseOfferQuery(url.searchParams);
  const page = await searchTariffs(app.db, query, { now, locale, offerQuery });
  return data(
    {
      ...page,
      // carried along by the search form, so a new stay keeps the sort and filters
      offerParams: offerQueryParams(offerQuery),
      title: page.airport ? t('tariffs.meta.title', { airport: page.airport.name }) : t('tariffs.meta.title_generic'),
      errors: Object.fromEntries(Object.entries(page.errors).map(([field, key]) => [field, t(key)])),
      minDate: startOfLocalDay(now, SHOP_TIME_ZONE),
      // The price calendar for a stay of the same length from the entry's week (issue 37 item 1); built here, so the
      // page's JavaScript does not carry the calendar's rules.
      calendarPath:
        page.airport && !page.airport.locked && page.days !== null && page.days <= CALENDAR_STAY_DAYS.max
          ? `/parkplatz/${page.airport.slug}/preiskalender?tage=${page.days}&ab=${query.entry.slice(0, 10)}`
          : null,
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

// Without JavaScript the "book" buttons and the locked airport's notify form post here; with JavaScript they call
// the API. A bad token is the kit's refusal (`message`), shown where the pressed form shows its error.
export async function action(args: Route.ActionArgs) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, session, clientIp, form, intent, locale, t } = posted;
  if (intent === 'notify') {
    try {
      await signUpForLockedAirport(app.db, Object.fromEntries(form), locale, clientIp);
      return data({ notify: { ok: true, message: t('locked.success') } });
    } catch (error) {
      if (!(error instanceof LockedAirportError)) throw error;
      const headers: Record<string, string> =
        error.status === 429 ? { 'Retry-After': String(error.retryAfterSeconds ?? 60) } : {};
      return data(
        { notify: { ok: false, message: t(error.firstMessageKey) } },
        { status: error.status, headers: { 'Cache-Control': 'private, no-store', ...headers } },
      );
    }
  }
  try {
    await putInCart(app.db, session, Object.fromEntries(form), { now: app.now(), locale });
    await session.save();
    return redirect(localePath(locale, '/buchung'));
  } catch (error) {
    if (!(error instanceof CartError)) throw error;
    return data({ tariffId: Number(form.get('tariffId')), error: t(error.firstMessageKey) }, { status: error.status });
  }
}

export default function CheckoutTariffs({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const href = useHref();
  const { airport, airports, values, errors, days, offers, offerTotal, offerQuery, offerParams, minDate, lotRatings } =
    loaderData;
  const { calendarPath } = loaderData;
  const refused = actionData && 'values' in actionData ? actionData : null;
  const notify =
    actionData && 'notify' in actionData
      ? actionData.notify
      : refused?.intent === 'notify'
        ? { ok: false, message: refused.message ?? '' }
        : undefined;
  const bookError =
    actionData && 'tariffId' in actionData
      ? actionData
      : refused && refused.intent !== 'notify'
        ? { tariffId: Number(refused.values.tariffId), error: refused.message ?? '' }
        : undefined;
  useTariffListImpressions(offers, airport?.iata);
  const hasErrors = Object.keys(errors).length > 0;
  const show = (local: string) => formatLocalDateTime(local, locale);

  return (
    <div className="container-page py-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        {airport ? t('tariffs.title', { airport: airport.name }) : t('tariffs.title_generic')}
      </h1>
      {airport && !hasErrors ? (
        <p className="mt-1 text-muted" data-stay-summary>
          {show(values.entry)} – {show(values.exit)} · {t('tariffs.days', { count: days ?? 0 })}
        </p>
      ) : null}
      {/* other entry dates for a stay of the same length (issue 37 item 1) */}
      {calendarPath && !hasErrors ? (
        <p className="mt-1 text-sm">
          <a className="text-accent underline" href={href(calendarPath)}>
            {t('calendar.link_tariffs')}
          </a>
        </p>
      ) : null}

      <details className="mt-4" open={hasErrors || !airport}>
        <summary className="cursor-pointer font-medium text-accent">{t('tariffs.change_search')}</summary>
        <div className="mt-3">
          <SearchForm
            airports={airports}
            values={values}
            errors={errors}
            minDate={minDate}
            hidden={offerParams}
            compact
          />
        </div>
      </details>

      {airport?.locked ? (
        <LockedAirportNotice airportId={airport.id} comment={airport.comment} result={notify} />
      ) : null}

      {airport && !airport.locked && !hasErrors ? (
        <TariffLists
          offers={offers}
          offerTotal={offerTotal}
          offerQuery={offerQuery}
          stay={values}
          airportId={airport.id}
          entry={values.entry}
          exit={values.exit}
          lotRatings={lotRatings}
          actionError={bookError}
        />
      ) : null}
      {airport && !airport.locked && !hasErrors ? (
        <PriceWatchForm airportId={airport.id} entry={values.entry} exit={values.exit} />
      ) : null}

      {!airport ? (
        <p className="mt-6 text-muted">
          <a className="text-accent underline" href={href('/parkplatz')}>
            {t('tariffs.browse_airports')}
          </a>
        </p>
      ) : null}
    </div>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }];
}

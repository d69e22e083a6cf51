import { data, redirect } from 'react-router';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import { LockedAirportNotice } from '~/components/shop/locked-airport-form.tsx';
import { SearchForm } from '~/components/shop/search-form.tsx';
import { TariffLists } from '~/components/shop/tariff-lists.tsx';
import { useTariffListImpressions } from '~/components/shop/use-tariff-list-impressions.ts';
import { SHOP_TIME_ZONE } from '~/constants.ts';
import { parseLocalDateTime, startOfLocalDay } from '~/domain/local-time.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { localized } from '~/domain/localized.ts';
import type { Offer } from '~/domain/offer.ts';
import { billableDays } from '~/domain/stay.ts';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { CartError, putInCart, stayMessageKey } from '~/services/cart.server.ts';
import { findAirportBySlug, listAirports, searchOffers } from '~/services/catalog.server.ts';
import { LockedAirportError, signUpForLockedAirport } from '~/services/locked-airport.server.ts';
import type { Route } from './+types/checkout-tariffs';

type FieldErrors = Partial<Record<'airport' | 'entry' | 'exit', string>>;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = toLocale(params.lang);
  const t = translator(locale);
  const url = new URL(request.url);
  const slug = url.searchParams.get('airport') ?? '';
  const entry = url.searchParams.get('entry') ?? '';
  const exit = url.searchParams.get('exit') ?? '';
  const { db } = context.app;
  const now = context.app.now();

  const rows = await listAirports(db);
  const airports = rows.map((a) => ({
    slug: a.slug,
    iata: a.iata,
    name: localized(a, 'name', locale),
    locked: a.status === 'locked',
  }));
  const errors: FieldErrors = {};
  const airport = slug ? await findAirportBySlug(db, slug) : null;
  if (!airport) errors.airport = t(slug ? 'search.error.airport_unknown' : 'validation.required');
  if (!parseLocalDateTime(entry)) errors.entry = t(entry ? 'validation.stay.invalid' : 'validation.datetime');
  if (!parseLocalDateTime(exit)) errors.exit = t(exit ? 'validation.stay.invalid' : 'validation.datetime');

  let offers: Offer[] = [];
  if (airport && !errors.entry && !errors.exit) {
    const search = await searchOffers(db, { airport, entry, exit, now, locale });
    for (const v of search.stayViolations) {
      errors[v.field === 'entryTime' ? 'entry' : 'exit'] ??= t(stayMessageKey(v.code));
    }
    offers = search.offers;
  }
  const hasErrors = Object.keys(errors).length > 0;
  const airportView = airport
    ? {
        id: airport.id,
        slug: airport.slug,
        iata: airport.iata,
        name: localized(airport, 'name', locale),
        locked: airport.status === 'locked',
        comment: localized(airport, 'comment', locale) ?? null,
      }
    : null;
  return data(
    {
      title: airportView ? t('tariffs.meta.title', { airport: airportView.name }) : t('tariffs.meta.title_generic'),
      airports,
      airport: airportView,
      values: { airport: slug, entry, exit },
      errors,
      days: hasErrors ? null : billableDays(entry, exit),
      minDate: startOfLocalDay(now, SHOP_TIME_ZONE),
      offers,
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

// Without JavaScript the "book" buttons post here; with JavaScript they call POST /api/checkout/cart.
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = toLocale(params.lang);
  const t = translator(locale);
  const form = await request.formData();
  const { session } = context;
  if (!session.verifyCsrf(String(form.get('_csrf') ?? ''))) {
    return data({ tariffId: Number(form.get('tariffId')), error: t('api.error.csrf') }, { status: 419 });
  }
  if (form.get('intent') === 'notify') {
    try {
      await signUpForLockedAirport(context.app.db, Object.fromEntries(form), locale);
      return data({ notify: { ok: true, message: t('locked.success') } });
    } catch (error) {
      if (!(error instanceof LockedAirportError)) throw error;
      return data({ notify: { ok: false, message: t(error.firstMessageKey) } }, { status: error.status });
    }
  }
  try {
    await putInCart(context.app.db, session, Object.fromEntries(form), { now: context.app.now(), locale });
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
  const { airport, airports, values, errors, days, offers, minDate } = loaderData;
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

      <details className="mt-4" open={hasErrors || !airport}>
        <summary className="cursor-pointer font-medium text-accent">{t('tariffs.change_search')}</summary>
        <div className="mt-3">
          <SearchForm airports={airports} values={values} errors={errors} minDate={minDate} compact />
        </div>
      </details>

      {airport?.locked ? (
        <LockedAirportNotice
          airportId={airport.id}
          comment={airport.comment}
          result={actionData && 'notify' in actionData ? actionData.notify : undefined}
        />
      ) : null}

      {airport && !airport.locked && !hasErrors ? (
        <TariffLists
          offers={offers}
          airportId={airport.id}
          entry={values.entry}
          exit={values.exit}
          actionError={actionData && 'tariffId' in actionData ? actionData : undefined}
        />
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

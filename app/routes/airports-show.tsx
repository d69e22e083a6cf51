import { Info, Navigation } from 'lucide-react';
import { data } from 'react-router';
import { LazyFeature } from '~/components/widgets/lazy-feature.tsx';
import { AirportCommentLink, AirportCommentModal, COMMENT_ANCHOR, useAirportComment } from '~/components/features/airport-comment.tsx';
import { AirportGallery } from '~/components/features/airport-gallery.tsx';
import { distinctLots } from '~/components/features/map-view.ts';
import { useLocale, useT } from '~/components/i18n-context.tsx';
import { SearchForm } from '~/components/shop/search-form.tsx';
import { formatMoney } from '~/domain/money.ts';
import { instantToLocal, startOfLocalDay } from '~/domain/local-time.ts';
import { selectPriceList, parkingPrice } from '~/domain/pricing.ts';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { findAirportBySlug, listAirports, loadTariffs } from '~/services/catalog.server.ts';
import type { Route } from './+types/airports-show';

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = toLocale(params.lang);
  const t = translator(locale);
  const { db } = context.app;
  const airport = await findAirportBySlug(db, params.airport);
  if (!airport) throw data(null, { status: 404 });
  const en = locale === 'en';
  const today = instantToLocal(context.app.now(), airport.timeZone).slice(0, 10);
  const [all, tariffRows] = await Promise.all([listAirports(db), loadTariffs(db, airport.id)]);
  return {
    title: t('airport.meta.title', { airport: en ? airport.nameEn : airport.nameDe, iata: airport.iata }),
    description: t('airport.meta.description', { airport: en ? airport.nameEn : airport.nameDe }),
    minDate: startOfLocalDay(context.app.now(), airport.timeZone),
    mapTileUrl: context.app.env.MAP_TILE_URL,
    airports: all.map((a) => ({
      slug: a.slug,
      iata: a.iata,
      name: en ? a.nameEn : a.nameDe,
      latitude: a.latitude,
      longitude: a.longitude,
      locked: a.status === 'locked',
    })),
    // the parking lots of the airport's tariffs, for the map
    lots: distinctLots(
      tariffRows.map(({ lot }) => ({
        id: lot.id,
        name: lot.name,
        address: `${lot.street} ${lot.streetNumber}, ${lot.postcode} ${lot.city}`,
        latitude: lot.latitude,
        longitude: lot.longitude,
      })),
    ),
    airport: {
      slug: airport.slug,
      iata: airport.iata,
      name: en ? airport.nameEn : airport.nameDe,
      city: airport.city,
      locked: airport.status === 'locked',
      description: en ? airport.descriptionEn : airport.descriptionDe,
      directions: en ? airport.directionsEn : airport.directionsDe,
      comment: (en ? airport.commentEn : airport.commentDe) ?? null,
      ratingId: airport.ratingId,
      gallery: airport.gallery.map((g) => ({ src: g.src, alt: en ? g.altEn : g.altDe })),
    },
    // "from" prices: one day and one week on the list valid today
    tariffs: tariffRows.map((tariff) => {
      const list = selectPriceList(tariff.priceLists, today);
      return {
        id: tariff.id,
        category: tariff.category,
        name: en ? tariff.nameEn : tariff.nameDe,
        lotName: tariff.lot.name,
        transferMinutes: tariff.lot.transferMinutes,
        oneDayCents: parkingPrice(list, 1),
        oneWeekCents: parkingPrice(list, 8),
      };
    }),
  };
}

export default function AirportsShow({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { airport, airports, tariffs, minDate, lots, mapTileUrl } = loaderData;
  const comment = useAirportComment();
  return (
    <div className="container-page py-8 sm:py-12">
      <p className="font-mono text-sm font-semibold text-accent">{airport.iata}</p>
      <h1 className="text-3xl font-bold tracking-tight">{t('airport.title', { airport: airport.name })}</h1>
      <p className="mt-2 max-w-3xl text-muted">{airport.description}</p>

      {airport.comment ? (
        <div className="card mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 border-warn bg-warn-soft px-4 py-3 text-sm" data-airport-comment>
          <Info aria-hidden className="shrink-0 text-warn" size={18} />
          <p className="line-clamp-2 min-w-0 flex-1 basis-48 sm:line-clamp-1">
            <strong className="font-semibold">{t('feature.comment.heading')}:</strong> {airport.comment}
          </p>
          <AirportCommentLink
            airport={{ slug: airport.slug, iata: airport.iata, name: airport.name, comment: airport.comment }}
            onOpen={comment.open}
            className="shrink-0 font-semibold text-warn underline underline-offset-2 hover:no-underline"
          >
            {t('feature.comment.link')}
          </AirportCommentLink>
        </div>
      ) : null}

      <div className="mt-6">
        <SearchForm airports={airports} values={{ airport: airport.slug }} minDate={minDate} compact />
      </div>

      <section className="mt-10" aria-labelledby="overview-title">
        <h2 id="overview-title" className="text-2xl font-semibold">
          {t('airport.tariffs.title')}
        </h2>
        {airport.locked ? (
          <p className="mt-2 text-warn">{t('tariffs.locked.text')}</p>
        ) : (
          // focusable, so keyboard users can scroll the table on narrow screens
          <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="overview-title">
            <table className="card w-full min-w-[20rem] border-separate border-spacing-0 text-left text-sm">
              <thead>
                <tr className="text-muted">
                  <th scope="col" className="p-3 font-medium">{t('airport.tariffs.tariff')}</th>
                  <th scope="col" className="hidden p-3 font-medium sm:table-cell">{t('airport.tariffs.category')}</th>
                  <th scope="col" className="p-3 text-right font-medium">{t('airport.tariffs.one_day')}</th>
                  <th scope="col" className="p-3 text-right font-medium">{t('airport.tariffs.one_week')}</th>
                </tr>
              </thead>
              <tbody>
                {tariffs.map((tariff) => (
                  <tr key={tariff.id} className="border-t border-line">
                    <th scope="row" className="border-t border-line p-3 font-medium">
                      {tariff.name}
                      <span className="block text-xs font-normal text-muted">
                        <span className="sm:hidden">{t(`tariff.category.${tariff.category}`)} · </span>
                        {tariff.lotName}
                      </span>
                    </th>
                    <td className="hidden border-t border-line p-3 sm:table-cell">{t(`tariff.category.${tariff.category}`)}</td>
                    <td className="border-t border-line p-3 text-right">{formatMoney(tariff.oneDayCents, locale)}</td>
                    <td className="border-t border-line p-3 text-right font-semibold">{formatMoney(tariff.oneWeekCents, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-2 text-xs text-muted">{t('airport.tariffs.note')}</p>
          </div>
        )}
      </section>

      {airport.gallery.length > 0 ? (
        <section className="mt-10" aria-labelledby="gallery-title" data-gallery>
          <h2 id="gallery-title" className="text-2xl font-semibold">{t('airport.gallery.title')}</h2>
          <AirportGallery images={airport.gallery} title={t('feature.gallery.title', { airport: airport.name })} />
        </section>
      ) : null}

      <section className="mt-10" aria-labelledby="directions-title">
        <h2 id="directions-title" className="flex items-center gap-2 text-2xl font-semibold">
          <Navigation aria-hidden size={22} className="text-accent" />
          {t('airport.directions.title')}
        </h2>
        {airport.directions ? <p className="mt-2 max-w-3xl whitespace-pre-line text-ink">{airport.directions}</p> : null}
        {airport.comment ? (
          // Target of the comment link without JavaScript.
          <div id={COMMENT_ANCHOR} className="mt-4 flex max-w-3xl scroll-mt-24 gap-3 rounded-xl bg-warn-soft p-4 text-sm">
            <Info aria-hidden className="mt-0.5 shrink-0 text-warn" size={18} />
            <p>
              <strong className="block font-semibold">{t('feature.comment.heading')}</strong>
              {airport.comment}
            </p>
          </div>
        ) : null}
        {/* The map (lazy feature `map`): this airport, its parking lots and the other airports. */}
        <div className="mt-6">
          <LazyFeature name="map" props={{ airports, lots, focus: airport.slug, tileUrl: mapTileUrl, label: t('feature.map.label_airport', { airport: airport.name }) }} />
        </div>
      </section>
      <AirportCommentModal airport={comment.airport} />
    </div>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'description', content: data?.description }];
}

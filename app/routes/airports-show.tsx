import { data } from 'react-router';
import { AirportCommentModal, useAirportComment } from '~/components/features/airport-comment.tsx';
import { AirportGallery } from '~/components/features/airport-gallery.tsx';
import { HowItWorksVideo } from '~/components/features/how-it-works-video.tsx';
import { useT } from '~/components/i18n-context.tsx';
import { AirportCommentBanner } from '~/components/shop/airport-comment-banner.tsx';
import { AirportDirections } from '~/components/shop/airport-directions.tsx';
import { TariffOverview } from '~/components/shop/tariff-overview.tsx';
import { SearchForm } from '~/components/shop/search-form.tsx';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { loadAirportPage } from '~/services/airport-page.server.ts';
import type { Route } from './+types/airports-show';
import { shopContext } from '~/router-context.ts';

export async function loader({ params, context }: Route.LoaderArgs) {
  const { app } = context.get(shopContext);
  const locale = toLocale(params.lang);
  const t = translator(locale);
  const page = await loadAirportPage(app.db, params.airport, { locale, now: app.now() });
  if (!page) throw data(null, { status: 404 });
  const { airport } = page;
  return {
    title: t('airport.meta.title', { airport: airport.name, iata: airport.iata }),
    description: t('airport.meta.description', { airport: airport.name }),
    mapTileUrl: app.env.MAP_TILE_URL,
    ...page,
  };
}

export default function AirportsShow({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { airport, airports, tariffs, minDate, lots, mapTileUrl } = loaderData;
  const comment = useAirportComment();
  return (
    <div className="container-page py-8 sm:py-12">
      <p className="font-mono text-sm font-semibold text-accent">{airport.iata}</p>
      <h1 className="text-3xl font-bold tracking-tight">{t('airport.title', { airport: airport.name })}</h1>
      <p className="mt-2 max-w-3xl text-muted">{airport.description}</p>

      {airport.comment ? (
        <AirportCommentBanner
          airport={{ slug: airport.slug, iata: airport.iata, name: airport.name, comment: airport.comment }}
          onOpen={comment.open}
        />
      ) : null}

      <div className="mt-6">
        <SearchForm airports={airports} values={{ airport: airport.slug }} minDate={minDate} compact />
      </div>

      <TariffOverview tariffs={tariffs} locked={airport.locked} />

      {airport.gallery.length > 0 ? (
        <section className="mt-10" aria-labelledby="gallery-title" data-gallery>
          <h2 id="gallery-title" className="text-2xl font-semibold">
            {t('airport.gallery.title')}
          </h2>
          <AirportGallery images={airport.gallery} title={t('feature.gallery.title', { airport: airport.name })} />
        </section>
      ) : null}

      <HowItWorksVideo src={airport.videoUrl} />

      <AirportDirections
        airport={airport}
        mapProps={{ airports, lots, focus: airport.slug, tileUrl: mapTileUrl }}
        lots={lots}
      />
      <AirportCommentModal airport={comment.airport} />
    </div>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'description', content: data?.description }];
}

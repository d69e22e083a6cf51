import { useMemo } from 'react';
import { data } from 'react-router';
import { useAirportComment } from '~/components/features/airport-comment.tsx';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { AirportCommentModal } from '~/components/islands/airport-comment-modal.ts';
import { AirportDirections } from '~/components/islands/airport-directions.ts';
import { AirportFaq } from '~/components/islands/airport-faq.ts';
import { AirportGallery } from '~/components/islands/airport-gallery.ts';
import { HowItWorksVideo } from '~/components/islands/how-it-works-video.ts';
import { RatingSummary } from '~/components/islands/rating-summary.ts';
import { RatingsSection } from '~/components/islands/ratings-section.ts';
import { SearchForm } from '~/components/islands/search-form.ts';
import { TariffOverview } from '~/components/islands/tariff-overview.ts';
import { AirportCommentBanner } from '~/components/shop/airport-comment-banner.tsx';
import { SampleDataNote } from '~/components/shop/sample-data.tsx';
import { loadAirportPage } from '~/services/catalogue/airport-page.server.ts';
import { listFaq } from '~/services/content/faq.server.ts';
import type { Route } from './+types/airports-show';
import { landingPageMeta } from './helpers/page-meta.ts';
import { pageRatings, shopPage } from './helpers/shop-page.server.ts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app, locale, t } = shopPage({ params, context });
  const page = await loadAirportPage(app.db, params.airport, { locale, now: app.now() });
  if (!page) throw data(null, { status: 404 });
  const { airport } = page;
  // The airport's ratings as a service at the airport; none when it has no rating id.
  const service = {
    '@type': 'Service',
    name: t('airport.title', { airport: airport.name }),
    serviceType: t('ratings.service_type'),
    areaServed: { '@type': 'Airport', name: airport.name, iataCode: airport.iata },
    provider: { '@type': 'Organization', name: app.env.SHOP_NAME },
  };
  const { ratings, jsonLd } = await pageRatings(app, request, airport.ratingId, service);
  return {
    ratings,
    jsonLd,
    title: t('airport.meta.title', { airport: airport.name, iata: airport.iata }),
    description: t('airport.meta.description', { airport: airport.name }),
    mapTileUrl: app.env.MAP_TILE_URL,
    faq: await listFaq(app.db, locale, { airportSlug: airport.slug }),
    ...page,
  };
}

export default function AirportsShow({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const { airport, airports, tariffs, priceSearchWeeks, minDate, lots, mapTileUrl, ratings } = loaderData;
  // Stable between renders: the directions island hydrates late (as it nears the viewport), and a changed prop
  // before then would make React throw its server HTML away and render it anew.
  const mapProps = useMemo(
    () => ({ airports, lots, focus: airport.slug, tileUrl: mapTileUrl }),
    [airports, lots, airport.slug, mapTileUrl],
  );
  const comment = useAirportComment();
  return (
    <div className="container-page py-8 sm:py-12">
      <p className="font-mono text-sm font-semibold text-accent">{airport.iata}</p>
      <h1 className="text-3xl font-bold tracking-tight">{t('airport.title', { airport: airport.name })}</h1>
      {ratings ? (
        <a href="#bewertungen" className="mt-2 inline-block rounded-md hover:underline">
          <RatingSummary summary={ratings} caption={t('ratings.airport.caption', { airport: airport.name })} />
        </a>
      ) : null}
      <p className="mt-2 max-w-3xl text-muted">{airport.description}</p>
      <SampleDataNote where="airport" className="mt-4 max-w-3xl" />

      {airport.comment ? (
        <AirportCommentBanner
          airport={{ slug: airport.slug, iata: airport.iata, name: airport.name, comment: airport.comment }}
          onOpen={comment.open}
        />
      ) : null}

      <div className="mt-6">
        <SearchForm airports={airports} values={{ airport: airport.slug }} minDate={minDate} compact />
      </div>

      {/* Below the search form: rendered by the browser as they near the viewport (issue 11, app.css). */}
      <div className="render-when-near">
        <TariffOverview
          airport={airport.slug}
          tariffs={tariffs}
          searchWeeks={priceSearchWeeks}
          locked={airport.locked}
        />
        {/* the price calendar (issue 37 item 1): the cheapest entry dates of the next weeks */}
        <p className="mt-3 text-sm">
          <a className="text-accent underline" href={href(`/parkplatz/${airport.slug}/preiskalender`)}>
            {t('calendar.link')}
          </a>
        </p>
      </div>

      {airport.gallery.length > 0 ? (
        <section className="render-when-near mt-10" aria-labelledby="gallery-title" data-gallery>
          <h2 id="gallery-title" className="text-2xl font-semibold">
            {t('airport.gallery.title')}
          </h2>
          <AirportGallery images={airport.gallery} title={t('feature.gallery.title', { airport: airport.name })} />
        </section>
      ) : null}

      <div className="render-when-near">
        <HowItWorksVideo src={airport.videoUrl} />
      </div>

      {/* Directions, ratings and FAQ (two thirds of the page's elements) render as they near the viewport too, and
          hydrate only then (island `whenVisible`). They are full of links and buttons: clip-while-skipped (app.css)
          keeps Lighthouse's target-size audit from judging the links below a skipped block obscured. */}
      <div className="render-when-near clip-while-skipped">
        <AirportDirections airport={airport} mapProps={mapProps} lots={lots} />
      </div>
      {ratings ? (
        // the ratings' summary card is sticky from lg on, which a scroll container (overflow: hidden) would stop
        <div className="render-when-near clip-while-skipped lg:overflow-visible">
          <RatingsSection
            ratings={ratings}
            title={t('ratings.airport.title')}
            scope={t('ratings.airport.scope', { airport: airport.name })}
          />
        </div>
      ) : null}
      <div className="render-when-near clip-while-skipped">
        <AirportFaq airport={airport.name} entries={loaderData.faq} />
      </div>
      <AirportCommentModal airport={comment.airport} />
    </div>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return landingPageMeta(data);
}

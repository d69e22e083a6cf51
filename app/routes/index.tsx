import { BadgeEuro, CalendarCheck, Info, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { AirportCommentLink, useAirportComment } from '~/components/features/airport-comment.tsx';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { AirportCommentModal } from '~/components/islands/airport-comment-modal.ts';
import { FaqSearchBox } from '~/components/islands/faq-search-box.ts';
import { MapPanel } from '~/components/islands/map-panel.ts';
import { RatingSummary } from '~/components/islands/rating-summary.ts';
import { RatingsSection } from '~/components/islands/ratings-section.ts';
import { SearchForm } from '~/components/islands/search-form.ts';
import { SHOP_TIME_ZONE } from '~/constants.ts';
import { startOfLocalDay } from '~/domain/local-time.ts';
import { listAirportSummaries } from '~/services/catalogue/catalog.server.ts';
import type { Route } from './+types/index';
import { landingPageMeta } from './helpers/page-meta.ts';
import { shopPage, shopRatings } from './helpers/shop-page.server.ts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app, locale, t } = shopPage({ params, context });
  const { ratings, jsonLd } = await shopRatings(app, request);
  return {
    ratings,
    jsonLd,
    title: t('home.meta.title'),
    description: t('home.meta.description'),
    minDate: startOfLocalDay(app.now(), SHOP_TIME_ZONE),
    mapTileUrl: app.env.MAP_TILE_URL,
    airports: await listAirportSummaries(app.db, locale),
  };
}

export default function Index({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const { airports, minDate, mapTileUrl, ratings } = loaderData;
  const comment = useAirportComment();
  return (
    <>
      <section className="bg-gradient-to-b from-accent-soft to-surface">
        <div className="container-page py-8 sm:py-14">
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">{t('home.title')}</h1>
          <p className="mt-3 max-w-2xl text-lg text-muted">{t('home.lead')}</p>
          <a href="#bewertungen" className="mt-3 inline-block rounded-md hover:underline">
            <RatingSummary summary={ratings} caption={t('ratings.home.caption')} />
          </a>
          <div className="mt-6">
            <SearchForm airports={airports} minDate={minDate} />
          </div>
        </div>
      </section>

      <section className="container-page mt-12" aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="sr-only">
          {t('home.benefits.title')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {[
            { icon: BadgeEuro, key: 'price' },
            { icon: CalendarCheck, key: 'cancel' },
            { icon: ShieldCheck, key: 'safe' },
          ].map(({ icon: Icon, key }) => (
            <li key={key} className="card flex gap-4 p-5">
              <Icon aria-hidden className="shrink-0 text-accent" size={28} />
              <div>
                <p className="font-semibold">{t(`home.benefits.${key}.title`)}</p>
                <p className="mt-1 text-sm text-muted">{t(`home.benefits.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {/* Below the fold: rendered by the browser as they near the viewport (issue 11, app.css). */}
      <section className="render-when-near container-page mt-12" aria-labelledby="airports-title">
        <h2 id="airports-title" className="text-2xl font-semibold">
          {t('home.airports.title')}
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {airports.map((a) => (
            <li key={a.slug} className="relative">
              <Link
                to={href(`/parkplatz/${a.slug}`)}
                className={`card flex h-full items-center justify-between gap-2 p-4 hover:border-accent ${a.comment ? 'pb-11' : ''}`}
              >
                <span>
                  <span className="block font-medium">{a.name}</span>
                  {a.locked ? <span className="block text-sm text-warn">{t('airport.locked.short')}</span> : null}
                </span>
                <span className="rounded-md bg-accent-soft px-2 py-1 font-mono text-sm font-semibold text-accent">
                  {a.iata}
                </span>
              </Link>
              {a.comment ? (
                <AirportCommentLink
                  airport={{ slug: a.slug, iata: a.iata, name: a.name, comment: a.comment }}
                  onOpen={comment.open}
                  className="absolute bottom-3 left-3 inline-flex min-h-6 items-center gap-1 rounded-md px-1 py-0.5 text-sm font-medium text-warn underline-offset-2 hover:underline"
                >
                  <Info aria-hidden size={14} />
                  {t('feature.comment.link_short')}
                  <span className="sr-only">: {a.name}</span>
                </AirportCommentLink>
              ) : null}
            </li>
          ))}
        </ul>
        {/* Our static overview first; the interactive map (lazy feature `map`, tiles) only on request. */}
        <div className="mt-6">
          <MapPanel airports={airports} tileUrl={mapTileUrl} />
        </div>
        <AirportCommentModal airport={comment.airport} showPageLink />
      </section>

      <div className="container-page mt-12">
        <FaqSearchBox />
      </div>
      <div className="render-when-near container-page">
        <RatingsSection ratings={ratings} title={t('ratings.home.title')} scope={t('ratings.home.scope')} />
      </div>
    </>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return landingPageMeta(data);
}

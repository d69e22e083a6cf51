import { Lock, Plane } from 'lucide-react';
import { Link } from 'react-router';
import { MapPanel } from '~/components/islands/map-panel.ts';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { listAirportSummaries, listMapLots } from '~/services/catalogue/catalog.server.ts';
import type { Route } from './+types/airports-index';
import { shopContext } from '~/router-context.ts';

export async function loader({ params, context }: Route.LoaderArgs) {
  const { app } = context.get(shopContext);
  const locale = toLocale(params.lang);
  const t = translator(locale);
  const [airports, lots] = await Promise.all([listAirportSummaries(app.db, locale), listMapLots(app.db)]);
  return {
    title: t('airports.meta.title'),
    description: t('airports.meta.description'),
    mapTileUrl: app.env.MAP_TILE_URL,
    airports,
    lots,
  };
}

export default function AirportsIndex({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  return (
    <div className="container-page py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('airports.title')}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t('airports.lead')}</p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-airports-list>
        {loaderData.airports.map((a) => (
          <li key={a.slug}>
            <Link
              to={href(`/parkplatz/${a.slug}`)}
              className="card flex items-center gap-4 p-4 hover:border-accent"
              data-airport-iata={a.iata}
            >
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-accent-soft font-mono text-sm font-bold text-accent">
                {a.iata}
              </span>
              <span className="min-w-0">
                <span className="block font-semibold">{a.name}</span>
                <span className="flex items-center gap-1 text-sm text-muted">
                  {a.locked ? <Lock aria-hidden size={14} /> : <Plane aria-hidden size={14} />}
                  {a.locked ? t('airport.locked.short') : a.city}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {/* Our static overview first; the interactive map (lazy feature `map`, tiles) only on request. */}
      <section className="mt-10" aria-labelledby="map-title">
        <h2 id="map-title" className="text-2xl font-semibold">
          {t('feature.map.title')}
        </h2>
        <MapPanel
          airports={loaderData.airports}
          lots={loaderData.lots}
          tileUrl={loaderData.mapTileUrl}
          className="mt-4"
        />
      </section>
    </div>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'description', content: data?.description }];
}

import { Info, Navigation } from 'lucide-react';
import { COMMENT_ANCHOR } from '../features/airport-comment.tsx';
import type { AirportMapProps } from '../features/airport-map.tsx';
import { MapPanel } from '../islands/map-panel.ts';
import { useT } from '../i18n-context.tsx';
import { LotDirections, type DirectionsLot } from './lot-directions.tsx';

/**
 * The airport page's directions: the way there, the airport's notice (the comment link's target without
 * JavaScript), the map of this airport, its parking lots and the other airports (our static overview first,
 * the interactive map on request: `MapPanel`) and the access routing to each car park (`LotDirections`).
 */
export function AirportDirections({
  airport,
  mapProps,
  lots = [],
}: {
  airport: { name: string; directions: string | null; comment: string | null };
  mapProps: Omit<AirportMapProps, 'label'>;
  lots?: DirectionsLot[];
}) {
  const t = useT();
  return (
    <section className="mt-10" aria-labelledby="directions-title">
      <h2 id="directions-title" className="flex items-center gap-2 text-2xl font-semibold">
        <Navigation aria-hidden size={22} className="text-accent" />
        {t('airport.directions.title')}
      </h2>
      {airport.directions ? <p className="mt-2 max-w-3xl whitespace-pre-line text-ink">{airport.directions}</p> : null}
      {airport.comment ? (
        <div id={COMMENT_ANCHOR} className="mt-4 flex max-w-3xl scroll-mt-24 gap-3 rounded-xl bg-warn-soft p-4 text-sm">
          <Info aria-hidden className="mt-0.5 shrink-0 text-warn" size={18} />
          <p>
            <strong className="block font-semibold">{t('feature.comment.heading')}</strong>
            {airport.comment}
          </p>
        </div>
      ) : null}
      <MapPanel {...mapProps} label={t('feature.map.label_airport', { airport: airport.name })} className="mt-6" />
      <LotDirections lots={lots} />
    </section>
  );
}

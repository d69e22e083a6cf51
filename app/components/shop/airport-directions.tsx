import { Info, Navigation } from 'lucide-react';
import { COMMENT_ANCHOR } from '../features/airport-comment.tsx';
import { useT } from '../i18n-context.tsx';
import { LazyFeature } from '../widgets/lazy-feature.tsx';

/**
 * The airport page's directions: the way there, the airport's notice (the comment link's target without
 * JavaScript) and the map (lazy feature `map`) of this airport, its parking lots and the other airports.
 */
export function AirportDirections({
  airport,
  mapProps,
}: {
  airport: { name: string; directions: string | null; comment: string | null };
  mapProps: Record<string, unknown>;
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
      <div className="mt-6">
        <LazyFeature
          name="map"
          props={{ ...mapProps, label: t('feature.map.label_airport', { airport: airport.name }) }}
        />
      </div>
    </section>
  );
}

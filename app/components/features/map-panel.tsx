/**
 * The privacy-first airports map (SPEC §2 "use the airports map"; index, airports.index, airports.show,
 * contact.index). It first shows our own static overview (`MapOverviewSvg`: Germany, the airports and on
 * airports.show the lots, all links) and a text list beside it; both are server-rendered, so they work without
 * JavaScript and cost no request to anyone. Only after the visitor clicks "Karte laden" (or agreed before:
 * cookie `eap_map-consent`, see `~/client/map-consent.ts`) does it load the lazy feature `map` (Leaflet and
 * its CSS) and, through it, tiles from `MAP_TILE_URL`. "Karte ausblenden" withdraws the choice.
 *
 * Props are the map widget's (`AirportMapProps`), so a page swaps `<LazyFeature name="map" props={…}>` for
 * `<MapPanel {…} />` one to one.
 */
import { MapPinned } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useRouteLoaderData } from 'react-router';
import { readStoredMapConsent, storeMapConsent, tileHost } from '~/client/map-consent.ts';
import { useHref, useT } from '../i18n-context.tsx';
import { LazyFeature } from '../widgets/lazy-feature.tsx';
import { useHydrated } from '../widgets/use-hydrated.ts';
import type { AirportMapProps } from './airport-map.tsx';
import { lotAnchor, MapOverviewSvg } from './map-overview-svg.tsx';
import type { MapLot } from './map-view.ts';

/** A stable empty list (a new `[]` per render would rebuild the map). */
const NO_LOTS: MapLot[] = [];

/** Height of the map box, the same for the overview and the interactive map (no jump when it loads). */
const BOX = 'h-80 sm:h-[26rem]';

/** Whether the visitor has chosen to load the interactive map: the server's answer, then the browser's. */
function useMapConsent(): [boolean, (granted: boolean) => void] {
  const root = useRouteLoaderData('root') as { mapConsent?: boolean } | undefined;
  const hydrated = useHydrated();
  const [choice, setChoice] = useState<boolean | null>(null);
  // Set at the click itself: an effect of an earlier render may still run after it (a click on the server's
  // button right at hydration) and must not store again the consent just withdrawn.
  const chosen = useRef(false);
  const granted = choice ?? (root?.mapConsent === true || (hydrated && readStoredMapConsent()));
  // Keeps cookie and localStorage in step (a cleared cookie is written again from localStorage).
  useEffect(() => {
    if (granted && !chosen.current) storeMapConsent(true);
  }, [granted]);
  const choose = (next: boolean) => {
    chosen.current = true;
    storeMapConsent(next);
    setChoice(next);
  };
  return [granted, choose];
}

/** The map panel. See the module comment. */
export function MapPanel({ airports, lots = NO_LOTS, focus = null, tileUrl, label, className = '' }: AirportMapProps) {
  const t = useT();
  const href = useHref();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [loaded, choose] = useMapConsent();
  // After a click on "Karte laden" / "Karte ausblenden" the button is replaced: focus moves to its counterpart.
  const toggle = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    if (moveFocus.current) toggle.current?.focus();
    moveFocus.current = false;
  }, [loaded]);
  const pick = (next: boolean) => {
    moveFocus.current = true;
    choose(next);
  };
  const host = tileHost(tileUrl) ?? t('feature.map.consent.own_host');
  const name = label ?? t('feature.map.label');
  const current = airports.find((a) => a.slug === focus);
  // With the detail view the drawing is wide: on a phone the box takes its height from the drawing.
  const box = current ? 'sm:h-[26rem]' : BOX;
  const overview = (
    <div
      role="region"
      aria-label={name}
      className={`relative flex ${box} w-full items-center justify-center overflow-hidden rounded-2xl border border-line bg-[#e8eef4] p-2`}
      data-map-overview
      data-marker-count={airports.length}
    >
      <MapOverviewSvg
        airports={airports}
        lots={lots}
        focus={focus}
        className={current ? 'h-auto w-full sm:h-full' : 'h-full max-w-full'}
      />
    </div>
  );
  return (
    <div className={`grid gap-4 lg:grid-cols-[minmax(0,1fr)_16rem] ${className}`} data-map-panel>
      <div>
        {loaded ? (
          <LazyFeature
            name="map"
            props={{ airports, lots, focus, tileUrl, label: name }}
            fallback={overview}
            // the overview stays while the chunk loads (no spinner in its place)
            delayMs={60_000}
          />
        ) : (
          overview
        )}
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted" data-map-consent>
          {loaded ? (
            <>
              <p className="flex-1 basis-64">{t('feature.map.loaded_note', { host })}</p>
              <button
                ref={toggle}
                type="button"
                className="font-medium text-accent underline"
                onClick={() => pick(false)}
                data-map-hide
              >
                {t('feature.map.hide')}
              </button>
            </>
          ) : (
            <>
              <p className="flex-1 basis-64">
                {t('feature.map.consent.text', { host })}{' '}
                {hydrated ? t('feature.map.consent.remember') : t('feature.map.consent.nojs')}
              </p>
              {hydrated ? (
                <button
                  ref={toggle}
                  type="button"
                  className="btn-secondary text-sm"
                  onClick={() => pick(true)}
                  data-map-load
                >
                  <MapPinned aria-hidden size={16} />
                  {t('feature.map.consent.load')}
                </button>
              ) : null}
            </>
          )}
        </div>
      </div>
      <nav aria-label={t('feature.map.list.label', { map: name })} className="text-sm" data-map-list>
        {current && lots.length > 0 ? (
          <>
            <h3 className="font-semibold">{t('feature.map.list.lots', { airport: current.name })}</h3>
            <ol className="mt-2 grid gap-1.5">
              {lots.map((lot, i) => (
                <li key={lot.id} className="flex gap-2">
                  <span
                    aria-hidden
                    className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded bg-success text-xs font-bold text-white"
                  >
                    {i + 1}
                  </span>
                  <a href={`#${lotAnchor(lot.id)}`} className="text-accent underline-offset-2 hover:underline">
                    <span className="sr-only">{t('feature.map.lot_number', { number: i + 1, name: '' })}</span>
                    {lot.name}
                    <span className="block text-xs text-muted">{lot.address}</span>
                  </a>
                </li>
              ))}
            </ol>
          </>
        ) : null}
        <h3 className={`font-semibold ${current && lots.length > 0 ? 'mt-4' : ''}`}>
          {t('feature.map.list.airports')}
        </h3>
        <ul className="mt-2 grid grid-cols-2 gap-x-3 sm:grid-cols-3 lg:grid-cols-1">
          {airports.map((a) => {
            const to = href(`/parkplatz/${a.slug}`);
            return (
              <li key={a.slug}>
                <a
                  href={to}
                  aria-current={a.slug === focus ? 'page' : undefined}
                  className={`inline-block py-0.5 underline-offset-2 hover:underline ${a.slug === focus ? 'font-semibold text-ink' : 'text-accent'}`}
                  onClick={(event) => {
                    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                    event.preventDefault();
                    void navigate(to);
                  }}
                >
                  <span className="font-mono text-xs font-semibold">{a.iata}</span> {a.name}
                  {a.locked ? <span className="text-warn"> ({t('airport.locked.short')})</span> : null}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}

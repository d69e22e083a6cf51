/**
 * The interactive airports map (SPEC §2 "use the airports map", DESIGN §1 Leaflet), lazily loaded as the `map`
 * feature on index, airports.index, airports.show and contact.index, and only once the visitor chose to load it
 * (`MapPanel` shows our static overview until then). One marker per airport (name and IATA code, a link to
 * its page; locked airports in the warning colour); on airports.show centred on that airport with its parking
 * lots; given lots without a focus (airports.index) show from street level zoom on. Tiles come from `tileUrl`
 * (the server's `MAP_TILE_URL`, allowed by the CSP's img-src) and only with the stored consent
 * (`~/client/map-consent.ts`), so a page that mounts this feature directly still sends nothing to the tile
 * server unasked; when tiles cannot load the markers still show.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { readStoredMapConsent } from '~/client/map-consent.ts';
import { useHref, useT } from '../i18n-context.tsx';
import './airport-map.css';
import { initialView, validPoint, type MapAirport, type MapLot } from './map-view.ts';

export type { MapAirport, MapLot } from './map-view.ts';

/** Props of the map widget. */
export type AirportMapProps = {
  airports: MapAirport[];
  /** parking lots to show (airports.show) */
  lots?: MapLot[];
  /** slug of the airport to centre on (airports.show) */
  focus?: string | null;
  /** tile URL template, e.g. `https://tile.openstreetmap.org/{z}/{x}/{y}.png` */
  tileUrl: string;
  /** accessible name of the map */
  label?: string;
  className?: string;
};

/** A stable empty list (a new `[]` per render would rebuild the map). */
const NO_LOTS: MapLot[] = [];

/** Zoom from which the lots show on a map of every airport (a few kilometres around one terminal). */
const LOTS_MIN_ZOOM = 11;

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export default function AirportMap({
  airports,
  lots = NO_LOTS,
  focus = null,
  tileUrl,
  label,
  className = '',
}: AirportMapProps) {
  const t = useT();
  const href = useHref();
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  // The latest texts and navigation for the DOM built below, without rebuilding the map when they change.
  const deps = useRef({ t, href, navigate });
  useLayoutEffect(() => {
    deps.current = { t, href, navigate };
  });

  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const { t, href } = deps.current;
    const map = L.map(node, {
      scrollWheelZoom: false,
      // One finger scrolls the page on phones; zoom buttons and two-finger gestures still work.
      dragging: !L.Browser.mobile,
      zoomSnap: 0.5,
      attributionControl: true,
    });
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    if (readStoredMapConsent()) {
      L.tileLayer(tileUrl, { attribution: ATTRIBUTION, maxZoom: 18, crossOrigin: false }).addTo(map);
    }

    const view = initialView(airports, lots, focus);
    if (view) map.fitBounds(L.latLngBounds(view.points), { padding: [28, 28], maxZoom: view.maxZoom });
    else map.setView([51.1, 10.4], 5.5);

    for (const airport of airports) {
      if (!validPoint(airport.latitude, airport.longitude)) continue;
      const current = airport.slug === focus;
      const title = `${airport.name} (${airport.iata})${airport.locked ? ` – ${t('airport.locked.short')}` : ''}`;
      const icon = L.divIcon({
        className: `map-pin map-pin--airport${airport.locked ? ' map-pin--locked' : ''}${current ? ' map-pin--current' : ''}`,
        html: '<span></span>',
        iconSize: current ? [26, 26] : [18, 18],
        popupAnchor: [0, current ? -13 : -9],
      });
      const marker = L.marker([airport.latitude, airport.longitude], {
        icon,
        title,
        riseOnHover: true,
        zIndexOffset: current ? 1000 : 0,
      });
      const popup = el('div', 'map-popup');
      popup.append(el('strong', 'map-popup__title', `${airport.name} (${airport.iata})`));
      if (airport.locked) popup.append(el('span', 'map-popup__note', t('airport.locked.short')));
      if (!current) {
        const link = el('a', 'map-popup__link', t('feature.map.airport_link'));
        const to = href(`/parkplatz/${airport.slug}`);
        link.href = to;
        link.addEventListener('click', (event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          void deps.current.navigate(to);
        });
        popup.append(link);
      }
      marker.bindPopup(popup, { closeButton: true, minWidth: 160 });
      marker.addTo(map);
      const element = marker.getElement();
      element?.setAttribute('data-airport-iata', airport.iata);
      element?.setAttribute('aria-label', title);
    }

    // Lots of every airport (no focus): only from LOTS_MIN_ZOOM on, where they no longer hide their airport.
    const lotLayer = L.layerGroup();
    const showLots = () => {
      const visible = focus !== null || map.getZoom() >= LOTS_MIN_ZOOM;
      if (visible && !map.hasLayer(lotLayer)) lotLayer.addTo(map);
      if (!visible && map.hasLayer(lotLayer)) lotLayer.remove();
    };
    map.on('zoomend', showLots);
    for (const [i, lot] of lots.entries()) {
      if (!validPoint(lot.latitude, lot.longitude)) continue;
      const icon = L.divIcon({
        className: 'map-pin map-pin--lot',
        // numbered like the overview and the directions on an airport's page, "P" on the map of every airport
        html: `<span aria-hidden="true">${focus ? i + 1 : 'P'}</span>`,
        iconSize: [22, 22],
        popupAnchor: [0, -11],
      });
      const title = `${t('feature.map.lot')}: ${lot.name}`;
      const marker = L.marker([lot.latitude, lot.longitude], { icon, title, riseOnHover: true });
      const popup = el('div', 'map-popup');
      popup.append(el('strong', 'map-popup__title', lot.name), el('span', 'map-popup__note', lot.address));
      marker.bindPopup(popup, { minWidth: 160 });
      marker.on('add', () => {
        const element = marker.getElement();
        element?.setAttribute('data-lot-id', String(lot.id));
        element?.setAttribute('aria-label', title);
      });
      marker.addTo(lotLayer);
    }
    showLots();

    return () => {
      map.remove();
    };
  }, [airports, lots, focus, tileUrl]);

  return (
    <div
      ref={container}
      role="region"
      aria-label={label ?? t('feature.map.label')}
      aria-roledescription={t('feature.map.roledescription')}
      className={`airport-map relative z-0 h-80 w-full overflow-hidden rounded-2xl border border-line sm:h-[26rem] ${className}`}
      data-map
      data-marker-count={airports.length}
    />
  );
}

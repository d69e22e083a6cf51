/**
 * Lazily loaded features per route name (SPEC §2 table, §7, §9). Each feature is a separate chunk loaded with
 * `loadChunk` (120 000 ms time-out, `ChunkLoadError` on failure), and only on the routes the table lists.
 *
 * Widgets: `map` (Leaflet airports map, `~/components/features/airport-map.tsx`, props `AirportMapProps`; pages
 * mount it through `MapPanel` (`map-panel.tsx`, same props), which shows our static overview until the visitor
 * loads the map: decision 0016), `datePicker` (react-day-picker range that fills
 * the search form's inputs), `gallery` (the slider in the airportGallery modal).
 *
 * `addressAutocomplete` (the street-input combobox of the billing and invoice address,
 * `~/components/features/address-autocomplete.tsx`; the billing step mounts it only when the page data says the
 * server has a geocoder, `ADDRESS_AUTOCOMPLETE_URL`).
 *
 * Extension points: a feature whose importer is `null` has no widget yet and loads nothing. To add one, write the
 * widget module (default export: a React component) and put `() => import('…')` here.
 */
import type { ComponentType } from 'react';
import { loadChunk } from './chunk-loader.ts';

/** Feature names. */
export type FeatureName = 'map' | 'datePicker' | 'gallery' | 'addressAutocomplete' | 'frameResizer';

/** Which features each route name may load (SPEC §2; gallery per DESIGN §3 airports.show). */
export const ROUTE_FEATURES: Readonly<Record<string, readonly FeatureName[]>> = Object.freeze({
  index: ['datePicker', 'map'],
  'airports.index': ['map'],
  'airports.show': ['datePicker', 'map', 'gallery'],
  faq: [],
  'checkout.tariffs': [],
  'checkout.booking': ['addressAutocomplete'],
  'contact.index': ['map'],
  account: ['frameResizer'],
  'user.reservation': ['frameResizer'],
  'user.reservation.pdf': ['frameResizer'],
  'guest.reservation': ['frameResizer'],
  'guest.reservation.pdf': ['frameResizer'],
  'guest.reservation.invoice': ['frameResizer'],
});

/** A feature module: its default export is the widget. */
// Widgets take different props; the lazy loader passes each its own, so the module type cannot name them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the props differ per widget
export type FeatureModule = { default: ComponentType<any> };

/** The chunk importer of each feature; `null` = no widget yet (extension point, loads nothing). */
export const FEATURE_IMPORTERS: Record<FeatureName, (() => Promise<FeatureModule>) | null> = {
  gallery: () => import('~/components/widgets/gallery-slider.tsx'),
  map: () => import('~/components/features/airport-map.tsx'),
  datePicker: () => import('~/components/features/date-picker.tsx'),
  addressAutocomplete: () => import('~/components/features/address-autocomplete.tsx'),
  frameResizer: null,
};

/** Whether `routeName` may load `feature` (SPEC §2). */
export function routeHasFeature(routeName: string, feature: FeatureName): boolean {
  return ROUTE_FEATURES[routeName]?.includes(feature) ?? false;
}

const cache = new Map<FeatureName, Promise<FeatureModule>>();

/**
 * Loads `feature` for `routeName`: resolves `null` when the route does not list it or no widget exists yet;
 * otherwise the module (loaded once; a failed load is forgotten so it can be retried).
 * @throws ChunkLoadError on time-out or load failure.
 */
export function loadFeature(
  feature: FeatureName,
  routeName: string,
  importers: Record<FeatureName, (() => Promise<FeatureModule>) | null> = FEATURE_IMPORTERS,
  options: { timeoutMs?: number } = {},
): Promise<FeatureModule | null> {
  const importer = importers[feature];
  if (!importer || !routeHasFeature(routeName, feature)) return Promise.resolve(null);
  if (importers !== FEATURE_IMPORTERS) return loadChunk(importer, { name: feature, address: feature, ...options });
  let promise = cache.get(feature);
  if (!promise) {
    promise = loadChunk(importer, { name: feature, address: feature, ...options });
    promise.catch(() => cache.delete(feature));
    cache.set(feature, promise);
  }
  return promise;
}

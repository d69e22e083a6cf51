/**
 * Pure rules of the airports map (no Leaflet, no DOM): which points the first view shows and how far it may zoom.
 * The widget hands the result to Leaflet's `fitBounds`.
 */
import type { MapLot } from '~/domain/map-lots.ts';

/** A parking lot marker (airports.index, airports.show): the one shape in app/domain. */
export type { MapLot };

/** An airport marker. `href` is its page in the current locale. */
export type MapAirport = {
  slug: string;
  iata: string;
  name: string;
  latitude: number;
  longitude: number;
  locked: boolean;
};

/** A latitude/longitude pair, Leaflet's `LatLngTuple`. */
export type Point = [number, number];

/** Zoom of the whole-country view at most (13 airports spread over Germany). */
export const OVERVIEW_MAX_ZOOM = 7;
/** Zoom of the one-airport view at most (terminal and its lots, a few kilometres). */
export const AIRPORT_MAX_ZOOM = 13;

/** Whether a coordinate pair is usable (finite, in range). */
export function validPoint(latitude: number, longitude: number): boolean {
  return (
    Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
  );
}

/**
 * The first view: with `focus` (an airport slug) that airport and the lots, zoomed in; otherwise every airport.
 * Returns null when there is nothing with coordinates to show.
 */
export function initialView(
  airports: readonly MapAirport[],
  lots: readonly MapLot[] = [],
  focus?: string | null,
): { points: Point[]; maxZoom: number } | null {
  const focused = focus ? airports.find((a) => a.slug === focus && validPoint(a.latitude, a.longitude)) : undefined;
  if (focused) {
    const points: Point[] = [[focused.latitude, focused.longitude]];
    for (const lot of lots) if (validPoint(lot.latitude, lot.longitude)) points.push([lot.latitude, lot.longitude]);
    return { points, maxZoom: AIRPORT_MAX_ZOOM };
  }
  const points = airports
    .filter((a) => validPoint(a.latitude, a.longitude))
    .map((a): Point => [a.latitude, a.longitude]);
  return points.length > 0 ? { points, maxZoom: OVERVIEW_MAX_ZOOM } : null;
}

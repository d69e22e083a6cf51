/**
 * Pure geometry of the static map overview (no DOM, no Leaflet): the first view of every airports map, drawn
 * as our own SVG so that no request leaves the site before the visitor loads the interactive map.
 *
 * Projection: equirectangular ("plate carrée") with the longitude scaled by cos(reference latitude), 51° N for
 * Germany (its middle), the airport's own latitude for the detail view of one airport. Over Germany's 8° of
 * latitude this keeps shapes and distances within a few per cent, which is all an overview needs.
 */
import { GERMANY_OUTLINE, type LonLat } from './germany-outline.ts';
import { validPoint, type MapAirport, type MapLot } from './map-view.ts';

/** Reference latitude of the overview projection (degrees north): Germany's middle. */
export const REFERENCE_LATITUDE = 51;
/** Kilometres per degree of latitude (mean), for the scale bar. */
const KM_PER_DEGREE = 111.32;
/** The overview's frame (degrees): Germany with a small margin. */
const GERMANY_BOUNDS: Bounds = { west: 5.6, east: 15.3, south: 47.0, north: 55.15 };
/** Width of the Germany drawing in SVG units; the height follows from the projection (about 400). */
const GERMANY_WIDTH = 300;
/** Gap between the Germany drawing and the detail view of one airport (SVG units). */
const DETAIL_GAP = 16;
/** Smallest span the detail view shows (km), so a terminal with one car park is not zoomed into a block. */
const DETAIL_MIN_SPAN_KM = 2;
/** Radius that the label placement keeps clear around each airport marker (SVG units). */
const MARKER_RADIUS = 7;
/** Approximate width of one label character at the overview's font size (SVG units). */
const LABEL_CHAR_WIDTH = 7.4;
const LABEL_HEIGHT = 11;

/** A latitude/longitude frame in degrees. */
export type Bounds = { west: number; east: number; south: number; north: number };

/** A projection into a box of `width` × `height` SVG units; `scale` is units per degree of latitude. */
export type Projection = {
  width: number;
  height: number;
  scale: number;
  /** SVG coordinates (x right, y down) of a point. */
  project: (latitude: number, longitude: number) => { x: number; y: number };
};

/**
 * An equirectangular projection of `bounds` fitted into `width` × `height` (centred, aspect kept); without a
 * height the box is as tall as the bounds need at that width.
 *
 * @param referenceLatitude - degrees; longitudes are scaled by its cosine (51 for Germany).
 * @throws RangeError when the bounds are empty or inverted, or the width is not positive.
 */
export function fitProjection(
  bounds: Bounds,
  width: number,
  height?: number,
  referenceLatitude: number = REFERENCE_LATITUDE,
): Projection {
  const k = Math.cos((referenceLatitude * Math.PI) / 180);
  const spanX = (bounds.east - bounds.west) * k;
  const spanY = bounds.north - bounds.south;
  if (!(spanX > 0) || !(spanY > 0) || !(width > 0)) throw new RangeError('empty bounds or box');
  const boxHeight = height ?? (spanY / spanX) * width;
  const scale = Math.min(width / spanX, boxHeight / spanY);
  const offsetX = (width - spanX * scale) / 2;
  const offsetY = (boxHeight - spanY * scale) / 2;
  return {
    width,
    height: boxHeight,
    scale,
    project: (latitude, longitude) => ({
      x: offsetX + (longitude - bounds.west) * k * scale,
      y: offsetY + (bounds.north - latitude) * scale,
    }),
  };
}

/** Rounds to one decimal (SVG units: a tenth is far below a pixel at the sizes shown). */
function r1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The closed SVG path (`M … L … Z`) of an outline of `[longitude, latitude]` points. */
export function outlinePath(points: readonly LonLat[], projection: Projection): string {
  if (points.length === 0) return '';
  return (
    points
      .map(([lon, lat], i) => {
        const { x, y } = projection.project(lat, lon);
        return `${i === 0 ? 'M' : 'L'}${r1(x)} ${r1(y)}`;
      })
      .join('') + 'Z'
  );
}

/** Where an airport's IATA label goes relative to its marker. */
export type LabelPlacement = { x: number; y: number; anchor: 'start' | 'middle' | 'end' };

/** An airport on the overview. */
export type OverviewAirport = MapAirport & { x: number; y: number; current: boolean; label: LabelPlacement };

/**
 * A parking lot in the detail view of one airport, numbered from 1 in the given order. `x`/`y` is where its
 * marker is drawn, `at` its true position: they differ when the marker was moved aside so that it does not
 * hide the terminal or another lot (the view then draws a leader line).
 */
type OverviewLot = MapLot & { number: number; x: number; y: number; at: { x: number; y: number } };

/** Least distance between the centres of two markers in the detail view (SVG units). */
const DETAIL_MARKER_SPACING = 24;

/** The detail view of the focused airport (airports.show): the terminal, its lots and a scale bar. */
type OverviewDetail = {
  /** left edge of the detail box in the overview's SVG units */
  x: number;
  width: number;
  height: number;
  airport: OverviewAirport;
  lots: OverviewLot[];
  /** a scale bar of `km` kilometres, `px` units long */
  scale: { km: number; px: number };
};

/** Everything the overview draws. */
export type Overview = {
  width: number;
  height: number;
  /** the SVG path of Germany's outline */
  outline: string;
  airports: OverviewAirport[];
  detail: OverviewDetail | null;
};

type Box = { x1: number; y1: number; x2: number; y2: number };
const overlaps = (a: Box, b: Box) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;

/** The label box of `text` placed at `p` (text baseline at `p.y`). */
function labelBox(p: LabelPlacement, text: string): Box {
  const w = text.length * LABEL_CHAR_WIDTH;
  const x1 = p.anchor === 'start' ? p.x : p.anchor === 'end' ? p.x - w : p.x - w / 2;
  return { x1, y1: p.y - LABEL_HEIGHT + 2, x2: x1 + w, y2: p.y + 2 };
}

/**
 * Places the IATA labels: right of the marker where it fits, else left, above or below, avoiding the
 * markers and the labels placed before (in the given order, so the busiest airports keep the best places).
 * Falls back to the right side when every place collides.
 */
export function placeLabels(
  markers: readonly { x: number; y: number; text: string }[],
  width: number,
  height: number,
): LabelPlacement[] {
  const taken: Box[] = markers.map(({ x, y }) => ({
    x1: x - MARKER_RADIUS,
    y1: y - MARKER_RADIUS,
    x2: x + MARKER_RADIUS,
    y2: y + MARKER_RADIUS,
  }));
  return markers.map(({ x, y, text }, i) => {
    const gap = MARKER_RADIUS + 3;
    const candidates: LabelPlacement[] = [
      { x: x + gap, y: y + 4, anchor: 'start' },
      { x: x - gap, y: y + 4, anchor: 'end' },
      { x, y: y - gap, anchor: 'middle' },
      { x, y: y + gap + LABEL_HEIGHT - 2, anchor: 'middle' },
    ];
    const fits = (p: LabelPlacement) => {
      const box = labelBox(p, text);
      if (box.x1 < 0 || box.x2 > width || box.y1 < 0 || box.y2 > height) return false;
      return taken.every((other, j) => j === i || !overlaps(box, other));
    };
    const chosen = candidates.find(fits) ?? candidates[0];
    taken.push(labelBox(chosen, text));
    return chosen;
  });
}

/** A "nice" scale bar length (km) close to a quarter of `spanKm`. */
export function scaleBarKm(spanKm: number): number {
  const target = spanKm / 4;
  const steps = [0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 50, 100];
  return steps.reduce((best, s) => (Math.abs(s - target) < Math.abs(best - target) ? s : best), steps[0]);
}

/** The detail view of `airport` and `lots` in a box of `width` × `height`, its own projection at the airport. */
function buildDetail(
  airport: OverviewAirport,
  lots: readonly MapLot[],
  x: number,
  width: number,
  height: number,
): OverviewDetail {
  const usable = lots.filter((l) => validPoint(l.latitude, l.longitude));
  const lats = [airport.latitude, ...usable.map((l) => l.latitude)];
  const lons = [airport.longitude, ...usable.map((l) => l.longitude)];
  const k = Math.cos((airport.latitude * Math.PI) / 180);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const midLon = (Math.min(...lons) + Math.max(...lons)) / 2;
  // Half spans in degrees, at least half the minimum span, plus a margin for the markers and the scale bar.
  const minHalf = DETAIL_MIN_SPAN_KM / KM_PER_DEGREE / 2;
  const halfLat = Math.max((Math.max(...lats) - Math.min(...lats)) / 2, minHalf) * 1.3;
  const halfLon = Math.max((Math.max(...lons) - Math.min(...lons)) / 2, minHalf / k) * 1.3;
  const projection = fitProjection(
    { west: midLon - halfLon, east: midLon + halfLon, south: midLat - halfLat, north: midLat + halfLat },
    width,
    height,
    airport.latitude,
  );
  const at = (lat: number, lon: number) => projection.project(lat, lon);
  const pxPerKm = projection.scale / KM_PER_DEGREE;
  const km = scaleBarKm(width / pxPerKm);
  const terminal = at(airport.latitude, airport.longitude);
  const placed = [terminal];
  const lotMarkers = usable.map((lot, i) => {
    const truth = at(lot.latitude, lot.longitude);
    let marker = truth;
    // Moved sideways, right then left, in steps of the marker spacing until it is clear of the others.
    for (
      let step = 1;
      step <= 8 && placed.some((q) => Math.hypot(q.x - marker.x, q.y - marker.y) < DETAIL_MARKER_SPACING);
      step++
    ) {
      const dx = DETAIL_MARKER_SPACING * Math.ceil(step / 2) * (step % 2 ? 1 : -1);
      marker = { x: Math.min(width - 12, Math.max(12, truth.x + dx)), y: truth.y };
    }
    placed.push(marker);
    return { ...lot, number: i + 1, x: r1(marker.x), y: r1(marker.y), at: { x: r1(truth.x), y: r1(truth.y) } };
  });
  return {
    x,
    width,
    height,
    airport: { ...airport, x: r1(terminal.x), y: r1(terminal.y) },
    lots: lotMarkers,
    scale: { km, px: r1(km * pxPerKm) },
  };
}

/**
 * Builds the static overview: Germany's outline with one marker per airport (in the given order; airports
 * without usable coordinates are left out) and, when `focus` names an airport, a detail view of that airport
 * and its `lots` to the right of the country.
 *
 * Coordinates are SVG units (one unit ≈ one CSS pixel at natural size; the SVG scales with its box).
 * Source: task "privacy-first map" (issue 10); DESIGN §3 (index, airports.index, airports.show maps).
 */
export function buildOverview(input: {
  airports: readonly MapAirport[];
  lots?: readonly MapLot[];
  focus?: string | null;
}): Overview {
  const projection = fitProjection(GERMANY_BOUNDS, GERMANY_WIDTH);
  const placed = input.airports
    .filter((a) => validPoint(a.latitude, a.longitude))
    .map((a) => ({ airport: a, ...projection.project(a.latitude, a.longitude) }));
  const labels = placeLabels(
    placed.map((p) => ({ x: p.x, y: p.y, text: p.airport.iata })),
    projection.width,
    projection.height,
  );
  const airports: OverviewAirport[] = placed.map((p, i) => ({
    ...p.airport,
    x: r1(p.x),
    y: r1(p.y),
    current: p.airport.slug === input.focus,
    label: { ...labels[i], x: r1(labels[i].x), y: r1(labels[i].y) },
  }));
  const focused = airports.find((a) => a.current);
  const detail = focused
    ? buildDetail(focused, input.lots ?? [], GERMANY_WIDTH + DETAIL_GAP, GERMANY_WIDTH, projection.height)
    : null;
  return {
    width: detail ? detail.x + detail.width : projection.width,
    height: r1(projection.height),
    outline: outlinePath(GERMANY_OUTLINE, projection),
    airports,
    detail,
  };
}

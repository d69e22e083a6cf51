/**
 * Access routing of the airport page (SPEC §2 "access routing", DESIGN §6 airport directions): for each car
 * park the links that open the visitor's own map app with the way there. Plain links: nothing is requested
 * from a third party until the visitor follows one.
 */

/** Where to: a car park's name and coordinates (decimal degrees, WGS 84). */
export type Destination = { name: string; latitude: number; longitude: number };

/** The links to a destination, each a complete URL. */
export type DirectionLinks = {
  /** RFC 5870 `geo:` URI with a label (Android and most mobile map apps open it) */
  geo: string;
  /** Apple Maps directions (opens the Maps app on Apple devices, the web map elsewhere) */
  apple: string;
  /** Google Maps directions (Maps URLs API, `api=1`) */
  google: string;
  /** OpenStreetMap directions (car) */
  osm: string;
};

/** Six decimals (≈ 0.1 m), no trailing zeros: the form every map app accepts. */
function coord(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/**
 * The direction links to `destination`.
 * @throws RangeError when the coordinates are not finite or out of range.
 * Sources: RFC 5870 (`geo:` URI, `q=` label as used by Android), Apple Maps URL scheme (`daddr`, `dirflg=d`),
 * Google Maps URLs (`/maps/dir/?api=1&destination=`), OpenStreetMap (`/directions?engine=…&route=;lat,lon`).
 */
export function directionLinks(destination: Destination): DirectionLinks {
  const { latitude, longitude } = destination;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    throw new RangeError('invalid coordinates');
  const at = `${coord(latitude)},${coord(longitude)}`;
  const label = encodeURIComponent(destination.name);
  return {
    geo: `geo:${at}?q=${at}(${label})`,
    apple: `https://maps.apple.com/?daddr=${at}&q=${label}&dirflg=d`,
    google: `https://www.google.com/maps/dir/?api=1&destination=${at}&travelmode=driving`,
    osm: `https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=%3B${coord(latitude)}%2C${coord(longitude)}#map=15/${coord(latitude)}/${coord(longitude)}`,
  };
}

/** Coordinates for people: `50.0437° N, 8.5583° E` (four decimals ≈ 10 m; S/W for negative values). */
export function formatCoordinates(latitude: number, longitude: number): string {
  const part = (value: number, positive: string, negative: string) =>
    `${Math.abs(value).toFixed(4)}° ${value < 0 ? negative : positive}`;
  return `${part(latitude, 'N', 'S')}, ${part(longitude, 'E', 'W')}`;
}

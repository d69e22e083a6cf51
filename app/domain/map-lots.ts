/**
 * The parking lots an airport's map shows (airports.show, DESIGN §3): pure, shared by the airport page's
 * service and anything else that lists lots per tariff.
 */

/**
 * A parking lot on a map (airports.index, airports.show): name, one-line address, coordinates in decimal degrees
 * (WGS 84). What the catalogue service returns and the map components draw.
 */
export type MapLot = { id: number; name: string; address: string; latitude: number; longitude: number };

/**
 * The distinct parking lots of a list of tariffs' lots, in first-seen order: several tariffs can share a lot,
 * and the map shows each lot once.
 *
 * @param lots - one entry per tariff, identified by the lot's `id`.
 * @returns the first entry of each `id`, order kept.
 */
export function distinctLots<T extends { id: number }>(lots: readonly T[]): T[] {
  const seen = new Set<number>();
  return lots.filter((lot) => (seen.has(lot.id) ? false : (seen.add(lot.id), true)));
}

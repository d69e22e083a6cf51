/**
 * Distances of parking lots to the terminal as the shop shows them. The stored distance (`distanceMeters`)
 * is the route a customer actually travels: by road for a shuttle car park, on foot from a terminal car
 * park or a valet meeting point; never the straight line.
 */
import type { Locale } from '../i18n.ts';
import { numberFormat } from './intl-cache.ts';

/** Formats metres as "350 m" or "4,2 km" (one decimal, the locale's decimal mark). */
export function formatDistance(meters: number, locale: Locale): string {
  if (meters < 1000) return `${meters} m`;
  return `${numberFormat(locale, { maximumFractionDigits: 1 }).format(meters / 1000)} km`;
}

/** How the distance of a tariff's lot is travelled: by road (shuttle bus) or on foot (terminal, valet). */
export function distanceMode(category: string): 'road' | 'walk' {
  return category === 'shuttle' ? 'road' : 'walk';
}

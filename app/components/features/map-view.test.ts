import { describe, expect, it } from 'vitest';
import { AIRPORT_MAX_ZOOM, initialView, OVERVIEW_MAX_ZOOM, validPoint } from './map-view.ts';

const airports = [
  { slug: 'frankfurt', iata: 'FRA', name: 'Frankfurt', latitude: 50.0508, longitude: 8.5711, locked: false },
  { slug: 'kassel', iata: 'KSF', name: 'Kassel', latitude: 51.4173, longitude: 9.3848, locked: true },
];
const lots = [{ id: 1, name: 'P36', address: 'x', latitude: 50.05, longitude: 8.58 }];

describe('airports map view', () => {
  it('shows every airport when no airport is focused', () => {
    expect(initialView(airports)).toEqual({
      points: [
        [50.0508, 8.5711],
        [51.4173, 9.3848],
      ],
      maxZoom: OVERVIEW_MAX_ZOOM,
    });
    expect(initialView(airports, lots, 'unknown')?.points).toHaveLength(2);
  });

  it('centres on the focused airport and its lots', () => {
    expect(initialView(airports, lots, 'frankfurt')).toEqual({
      points: [
        [50.0508, 8.5711],
        [50.05, 8.58],
      ],
      maxZoom: AIRPORT_MAX_ZOOM,
    });
  });

  it('skips unusable coordinates and returns null for nothing', () => {
    expect(validPoint(Number.NaN, 8)).toBe(false);
    expect(validPoint(91, 8)).toBe(false);
    expect(initialView([])).toBeNull();
    expect(initialView([{ ...airports[0], latitude: Number.NaN }])).toBeNull();
  });
});

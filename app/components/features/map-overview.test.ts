import { describe, expect, it } from 'vitest';
import { GERMANY_OUTLINE } from './germany-outline.ts';
import {
  buildOverview,
  fitProjection,
  outlinePath,
  placeLabels,
  REFERENCE_LATITUDE,
  scaleBarKm,
} from './map-overview.ts';
import type { MapAirport } from './map-view.ts';

/** The seed's airports (database/seed/airports.ts), in its order: slug, IATA, terminal coordinates. */
const SEED: [string, string, number, number][] = [
  ['frankfurt', 'FRA', 50.0508, 8.5711],
  ['muenchen', 'MUC', 48.3538, 11.7861],
  ['berlin', 'BER', 52.3644, 13.51],
  ['duesseldorf', 'DUS', 51.2787, 6.7656],
  ['hamburg', 'HAM', 53.6322, 10.0057],
  ['stuttgart', 'STR', 48.6904, 9.1937],
  ['koeln-bonn', 'CGN', 50.8791, 7.1222],
  ['hannover', 'HAJ', 52.4601, 9.6837],
  ['nuernberg', 'NUE', 49.4947, 11.0771],
  ['leipzig-halle', 'LEJ', 51.4236, 12.2331],
  ['bremen', 'BRE', 53.053, 8.7852],
  ['dortmund', 'DTM', 51.5163, 7.6117],
  ['kassel', 'KSF', 51.4085, 9.3841],
];
const airports: MapAirport[] = SEED.map(([slug, iata, latitude, longitude]) => ({
  slug,
  iata,
  name: iata,
  latitude,
  longitude,
  locked: iata === 'KSF',
}));
const byIata = (o: { airports: { iata: string; x: number; y: number }[] }, iata: string) =>
  o.airports.find((a) => a.iata === iata)!;

/** Whether (x, y) lies inside the polygon (ray casting). */
function inside(polygon: { x: number; y: number }[], x: number, y: number): boolean {
  let hit = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) hit = !hit;
  }
  return hit;
}

describe('fitProjection (equirectangular, cos(51°) correction)', () => {
  const bounds = { west: 6, east: 15, south: 47, north: 55 };

  it('maps the frame corners to the box and keeps north up, east right', () => {
    const p = fitProjection(bounds, 300);
    expect(p.project(55, 6)).toEqual({ x: 0, y: 0 });
    const se = p.project(47, 15);
    expect(se.x).toBeCloseTo(300, 6);
    expect(se.y).toBeCloseTo(p.height, 6);
  });

  it('scales longitude by cos(51°): one degree east is shorter than one degree north', () => {
    expect(REFERENCE_LATITUDE).toBe(51);
    const p = fitProjection(bounds, 300);
    const origin = p.project(51, 10);
    const east = p.project(51, 11);
    const north = p.project(52, 10);
    expect((east.x - origin.x) / (origin.y - north.y)).toBeCloseTo(Math.cos((51 * Math.PI) / 180), 6);
    // the natural height follows: 8° of latitude against 9° × cos 51° of longitude
    expect(p.height).toBeCloseTo((8 / (9 * Math.cos((51 * Math.PI) / 180))) * 300, 6);
  });

  it('centres the frame in a given box and keeps the aspect', () => {
    const p = fitProjection(bounds, 600, 400);
    const nw = p.project(55, 6);
    const se = p.project(47, 15);
    expect(nw.y).toBeCloseTo(0, 6);
    expect(se.y).toBeCloseTo(400, 6);
    expect(nw.x + se.x).toBeCloseTo(600, 6);
  });

  it('refuses an empty frame or box', () => {
    expect(() => fitProjection({ west: 6, east: 6, south: 47, north: 55 }, 300)).toThrow(RangeError);
    expect(() => fitProjection(bounds, 0)).toThrow(RangeError);
  });
});

describe('outlinePath', () => {
  it('is one closed path over every vertex', () => {
    const p = fitProjection({ west: 0, east: 2, south: 0, north: 2 }, 100, 100, 0);
    expect(
      outlinePath(
        [
          [0, 0],
          [2, 0],
          [1, 2],
        ],
        p,
      ),
    ).toBe('M0 100L100 100L50 0Z');
    expect(outlinePath([], p)).toBe('');
  });
});

describe('placeLabels', () => {
  it('puts a lone label right of its marker', () => {
    expect(placeLabels([{ x: 50, y: 50, text: 'FRA' }], 200, 200)).toEqual([{ x: 60, y: 54, anchor: 'start' }]);
  });

  it('moves a label that would run off the right edge or onto a neighbour', () => {
    expect(placeLabels([{ x: 195, y: 50, text: 'FRA' }], 200, 200)[0].anchor).toBe('end');
    const [, second] = placeLabels(
      [
        { x: 50, y: 50, text: 'DUS' },
        { x: 62, y: 52, text: 'DTM' },
      ],
      200,
      200,
    );
    expect(second.anchor).not.toBe('end'); // the left side is the first marker's label and marker
  });
});

describe('scaleBarKm', () => {
  it('picks a round length near a quarter of the span', () => {
    expect(scaleBarKm(4)).toBe(1);
    expect(scaleBarKm(9)).toBe(2);
    expect(scaleBarKm(0.8)).toBe(0.2);
  });
});

describe('buildOverview (seed airports)', () => {
  const overview = buildOverview({ airports });
  const outline = GERMANY_OUTLINE.map(([lon, lat]) =>
    fitProjection({ west: 5.6, east: 15.3, south: 47.0, north: 55.15 }, 300).project(lat, lon),
  );

  it('has a marker for each of the 13 airports, every one inside Germany’s outline', () => {
    expect(overview.airports).toHaveLength(13);
    for (const a of overview.airports) expect(inside(outline, a.x, a.y), a.iata).toBe(true);
    expect(overview.outline.startsWith('M')).toBe(true);
    expect(overview.outline.endsWith('Z')).toBe(true);
    expect(overview.detail).toBeNull();
    expect(overview.width).toBe(300);
    expect(overview.height).toBeGreaterThan(380);
    expect(overview.height).toBeLessThan(420);
  });

  it('keeps the geography: Hamburg north of Munich, Berlin east of Cologne, Bremen west of Hamburg', () => {
    expect(byIata(overview, 'HAM').y).toBeLessThan(byIata(overview, 'MUC').y);
    expect(byIata(overview, 'BER').x).toBeGreaterThan(byIata(overview, 'CGN').x);
    expect(byIata(overview, 'BRE').x).toBeLessThan(byIata(overview, 'HAM').x);
  });

  it('labels do not overlap each other', () => {
    const boxes = overview.airports.map((a) => {
      const w = a.iata.length * 7.4;
      const x1 = a.label.anchor === 'start' ? a.label.x : a.label.anchor === 'end' ? a.label.x - w : a.label.x - w / 2;
      return { x1, x2: x1 + w, y1: a.label.y - 9, y2: a.label.y + 2 };
    });
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        const hit = a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
        expect(hit, `${overview.airports[i].iata}/${overview.airports[j].iata}`).toBe(false);
      }
  });

  it('leaves out airports without usable coordinates', () => {
    const bad = { ...airports[0], slug: 'x', iata: 'XXX', latitude: Number.NaN };
    expect(buildOverview({ airports: [bad, airports[1]] }).airports.map((a) => a.iata)).toEqual(['MUC']);
  });

  it('adds a detail view of the focused airport with its lots, numbered, inside the box, with a scale bar', () => {
    const fra = airports.find((a) => a.iata === 'FRA')!;
    const lots = [
      { id: 7, name: 'P1', address: 'A', latitude: 50.0437, longitude: 8.5583 },
      { id: 8, name: 'Valet', address: 'A', latitude: 50.0508, longitude: 8.5711 },
      { id: 9, name: 'Shuttle', address: 'B', latitude: 50.0212, longitude: 8.6125 },
      { id: 11, name: 'Broken', address: 'C', latitude: 200, longitude: 8.6 },
    ];
    const o = buildOverview({ airports, lots, focus: 'frankfurt' });
    expect(byIata(o, 'FRA')).toMatchObject({ current: true });
    expect(o.airports.filter((a) => a.current)).toHaveLength(1);
    const detail = o.detail!;
    expect(o.width).toBe(detail.x + detail.width);
    expect(detail.airport.iata).toBe(fra.iata);
    expect(detail.lots.map((l) => [l.id, l.number])).toEqual([
      [7, 1],
      [8, 2],
      [9, 3],
    ]);
    // the valet point lies on the terminal: its marker is moved aside, its true position kept
    expect(detail.lots[1].at).toEqual({ x: detail.airport.x, y: detail.airport.y });
    expect(detail.lots[1].x).not.toBe(detail.airport.x);
    for (const p of [detail.airport, ...detail.lots]) {
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(detail.width);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(detail.height);
    }
    // markers keep their distance: none hides the terminal or another lot
    const markers = [detail.airport, ...detail.lots];
    for (let i = 0; i < markers.length; i++)
      for (let j = i + 1; j < markers.length; j++)
        expect(Math.hypot(markers[i].x - markers[j].x, markers[i].y - markers[j].y)).toBeGreaterThanOrEqual(24);
    // the shuttle lot lies south-east of the terminal
    expect(detail.lots[2].x).toBeGreaterThan(detail.airport.x);
    expect(detail.lots[2].y).toBeGreaterThan(detail.airport.y);
    // scale: about 6 km of span → a 1 or 2 km bar, its length matching the projection
    expect([1, 2]).toContain(detail.scale.km);
    expect(detail.scale.px).toBeGreaterThan(20);
    expect(detail.scale.px).toBeLessThan(detail.width / 2);
  });

  it('shows no detail view for an unknown focus', () => {
    expect(buildOverview({ airports, focus: 'atlantis' }).detail).toBeNull();
  });
});

/**
 * The seed data set (DESIGN §8) on a fresh in-memory PGlite: migrations apply, the data goes in, and the
 * catalogue has the shape the shop relies on (airports, categories, price lists, coupons).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../client.server.ts';
import { airports, coupons, faqEntries, parkingLots, priceLists, tariffs } from '../schema.ts';
import { seedDatabase, seedIfEmpty } from './index.ts';
import { AIRPORTS } from './airports.ts';
import { isDramaNumber } from './drama-numbers.ts';
import { FAQ } from './faq.ts';
import { PARKING } from './parking.ts';
import { dayPriceCurve } from './prices.ts';

const IATA = ['FRA', 'MUC', 'DUS', 'HAM', 'BER', 'STR', 'CGN', 'HAJ', 'NUE', 'LEJ', 'BRE', 'DTM', 'KSF'];

/** True when totals never decrease and the price per day strictly falls with the length of the stay. */
function wellShaped(dayPrices: number[]): boolean {
  for (let i = 1; i < dayPrices.length; i++) {
    if (dayPrices[i] < dayPrices[i - 1]) return false;
    if (dayPrices[i] / (i + 1) >= dayPrices[i - 1] / i) return false;
  }
  return true;
}

describe('dayPriceCurve', () => {
  it('hits the one-day and eight-day prices exactly, in cents', () => {
    const list = dayPriceCurve(32, 65, 15, 0.92);
    expect(list).toHaveLength(15);
    expect(list[0]).toBe(3200);
    expect(list[7]).toBe(6500);
    expect(wellShaped(list)).toBe(true);
  });
});

/** Mean Earth radius in metres (IUGG), the usual sphere of the haversine formula. */
const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle ("straight line") distance in metres between two WGS 84 points, by the haversine formula. */
function straightLineMeters(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

/** Every lot of the seed with its airport. */
const LOTS = AIRPORTS.flatMap((airport) => PARKING[airport.iata].map((lot) => ({ airport, lot })));

describe('parking lot distances', () => {
  it('measures the straight line correctly (one degree of latitude ≈ 111.2 km)', () => {
    expect(straightLineMeters({ latitude: 50, longitude: 8 }, { latitude: 51, longitude: 8 })).toBeCloseTo(111_195, 0);
    expect(straightLineMeters({ latitude: 50, longitude: 8 }, { latitude: 50, longitude: 8 })).toBe(0);
  });

  it('states route distances: at least the straight line to the terminal, at most twice it plus 1 km', () => {
    expect(LOTS.length).toBeGreaterThan(30);
    for (const { airport, lot } of LOTS) {
      const straight = straightLineMeters(airport, lot);
      const label = `${airport.iata} ${lot.name}: ${lot.distanceMeters} m stated, ${Math.round(straight)} m straight line`;
      expect(lot.distanceMeters, label).toBeGreaterThanOrEqual(Math.ceil(straight));
      expect(lot.distanceMeters, label).toBeLessThanOrEqual(2 * straight + 1000);
    }
  });

  it('keeps shuttle car parks within 15 km of their airport and terminal car parks within a walk', () => {
    for (const { airport, lot } of LOTS) {
      const straight = straightLineMeters(airport, lot);
      const walk = lot.tariffs.every((t) => t.category !== 'shuttle');
      expect(straight, `${airport.iata} ${lot.name}`).toBeLessThan(walk ? 1000 : 15_000);
    }
  });
});

describe('sample phone numbers', () => {
  it('every lot phone, and every number in a lot text, lies in a block reserved for media productions', () => {
    for (const { airport, lot } of LOTS) {
      const inTexts = Object.values(lot)
        .filter((v): v is string => typeof v === 'string')
        .flatMap((text) => text.match(/\+49[\d ]*\d/g) ?? []);
      for (const phone of [lot.phone, ...inTexts]) {
        expect(phone && isDramaNumber(phone), `${airport.iata} ${lot.name}: ${phone}`).toBe(true);
      }
      expect(inTexts.length, `${airport.iata} ${lot.name}`).toBeGreaterThan(0);
    }
  });
});

describe('FAQ seed', () => {
  // Its categories and their order are checked against the domain's FAQ_CATEGORIES in tests/integration/faq.test.ts.
  it('has at least 30 entries with unique sort keys and unique kebab-case slugs', () => {
    expect(FAQ.length).toBeGreaterThanOrEqual(30);
    expect(new Set(FAQ.map((entry) => entry.sort)).size).toBe(FAQ.length);
    expect(new Set(FAQ.map((entry) => entry.slug)).size).toBe(FAQ.length);
    for (const entry of FAQ) expect(entry.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});

describe('seed', () => {
  let handle: DatabaseHandle;
  let seeded: boolean;

  beforeAll(async () => {
    handle = await openDatabase({ pglite: new PGlite() });
    await handle.migrate();
    seeded = await seedIfEmpty(handle.db);
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
  });

  it('seeds an empty database once', async () => {
    expect(seeded).toBe(true);
    const before = await handle.db.$count(tariffs);
    expect(await seedIfEmpty(handle.db)).toBe(false);
    expect(await handle.db.$count(tariffs)).toBe(before);
    expect(await handle.db.$count(airports)).toBe(IATA.length);
  });

  it('rolls seedDatabase back as a whole on a seeded database', async () => {
    const before = await handle.db.$count(parkingLots);
    await expect(seedDatabase(handle.db)).rejects.toThrow();
    expect(await handle.db.$count(parkingLots)).toBe(before);
    expect(await handle.db.$count(airports)).toBe(IATA.length);
  });

  it('has the German airports with their IATA codes and exactly one locked airport (KSF)', async () => {
    const rows = await handle.db.select().from(airports).orderBy(asc(airports.sort));
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(rows.map((a) => a.iata).sort()).toEqual([...IATA].sort());
    const locked = rows.filter((a) => a.status === 'locked');
    expect(locked.map((a) => [a.iata, a.slug])).toEqual([['KSF', 'kassel']]);
    expect(locked[0].commentDe).toBeTruthy();
    expect(locked[0].commentEn).toBeTruthy();
    for (const a of rows) {
      expect(a.timeZone).toBe('Europe/Berlin');
      // inside Germany
      expect(a.latitude).toBeGreaterThan(47.2);
      expect(a.latitude).toBeLessThan(55.1);
      expect(a.longitude).toBeGreaterThan(5.8);
      expect(a.longitude).toBeLessThan(15.1);
      expect(a.ratingId).toBe(`eap-${a.iata.toLowerCase()}`);
      expect(a.gallery.length).toBeGreaterThanOrEqual(2);
      for (const image of a.gallery) {
        expect(image.src).toMatch(new RegExp(`^/images/airports/${a.slug}-\\d\\.svg$`));
        expect(fs.existsSync(path.join(process.cwd(), 'public', image.src)), image.src).toBe(true);
        expect(image.altDe && image.altEn).toBeTruthy();
      }
      expect(a.directionsDe && a.directionsEn && a.descriptionDe && a.descriptionEn).toBeTruthy();
    }
  });

  it('gives every airport 2–4 tariffs in at least two categories, each on a lot of the same airport', async () => {
    const rows = await handle.db.select().from(airports);
    const lots = await handle.db.select().from(parkingLots);
    const lotAirport = new Map(lots.map((l) => [l.id, l.airportId]));
    for (const a of rows) {
      const list = await handle.db.select().from(tariffs).where(eq(tariffs.airportId, a.id));
      expect(list.length, a.iata).toBeGreaterThanOrEqual(2);
      expect(list.length, a.iata).toBeLessThanOrEqual(4);
      expect(new Set(list.map((t) => t.category)).size, a.iata).toBeGreaterThanOrEqual(2);
      for (const t of list) expect(lotAirport.get(t.parkingLotId), t.nameDe).toBe(a.id);
    }
  });

  it('keeps the lot features consistent with the category', async () => {
    const rows = await handle.db
      .select({ category: tariffs.category, features: parkingLots.features, distance: parkingLots.distanceMeters })
      .from(tariffs)
      .innerJoin(parkingLots, eq(tariffs.parkingLotId, parkingLots.id));
    for (const r of rows) {
      expect(r.features.keysHandedOver).toBe(r.category === 'valet');
      if (r.category === 'valet') expect(r.distance).toBeLessThanOrEqual(300);
      if (r.category === 'terminal') expect(r.distance).toBeLessThanOrEqual(900);
      if (r.category === 'shuttle') expect(r.distance).toBeGreaterThanOrEqual(3000);
    }
  });

  it('gives every tariff one default price list with rising totals and a falling price per day', async () => {
    const all = await handle.db.select().from(tariffs);
    const lists = await handle.db.select().from(priceLists);
    for (const t of all) {
      const own = lists.filter((l) => l.tariffId === t.id);
      const defaults = own.filter((l) => l.validFrom === null && l.validTo === null);
      expect(defaults.length, t.nameDe).toBe(1);
      for (const l of own) {
        expect(l.dayPrices.length).toBeGreaterThanOrEqual(8);
        expect(l.dayPrices.length).toBeLessThanOrEqual(15);
        expect(l.dayPrices.every((p) => Number.isInteger(p) && p > 0)).toBe(true);
        expect(wellShaped(l.dayPrices), `${t.nameDe} / ${l.name}`).toBe(true);
        // a day beyond the list does not cost more than the average day of the longest listed stay
        const n = l.dayPrices.length;
        expect(l.extraDayPrice, `${t.nameDe} / ${l.name}`).toBeLessThanOrEqual(l.dayPrices[n - 1] / n);
      }
    }
  });

  it('has season lists dearer than the default list and at least one tiny tariff for sold-out demos', async () => {
    const seasons = await handle.db.select().from(priceLists).innerJoin(tariffs, eq(priceLists.tariffId, tariffs.id));
    const seasonal = seasons.filter((r) => r.price_lists.validFrom !== null);
    expect(seasonal.length).toBeGreaterThan(0);
    for (const { price_lists: season } of seasonal) {
      const standard = seasons.find(
        (r) => r.price_lists.tariffId === season.tariffId && r.price_lists.validFrom === null,
      );
      expect(season.dayPrices[7]).toBeGreaterThan(standard!.price_lists.dayPrices[7]);
      expect(season.validTo! >= season.validFrom!).toBe(true);
    }
    const small = await handle.db.select().from(tariffs).where(eq(tariffs.capacity, 3));
    expect(small.length).toBeGreaterThanOrEqual(1);
  });

  it('has the FAQ in both languages and the demo coupons', async () => {
    const faq = await handle.db.select().from(faqEntries);
    expect(faq.length).toBe(FAQ.length);
    expect(faq.filter((f) => f.airportId !== null).length).toBe(FAQ.filter((f) => f.airport).length);
    for (const f of faq) expect(f.questionDe && f.answerDe && f.questionEn && f.answerEn).toBeTruthy();
    const codes = (await handle.db.select({ code: coupons.code }).from(coupons)).map((c) => c.code).sort();
    expect(codes).toEqual(['EXPIRED20', 'LANGPARKER', 'USEDUP', 'WILLKOMMEN10', 'WINTER5']);
  });

  it('refills an emptied FAQ on a seeded database (migration 0006 empties it)', async () => {
    await handle.db.delete(faqEntries);
    expect(await seedIfEmpty(handle.db)).toBe(false);
    expect(await handle.db.$count(faqEntries)).toBe(FAQ.length);
  });
});

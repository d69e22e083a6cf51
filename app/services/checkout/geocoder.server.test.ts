import { describe, expect, it, vi } from 'vitest';
import { addressLabel, createGeocoder, LruCache, mapPhotonFeatures } from './geocoder.server.ts';

/** A Photon feature (only the properties we read, plus some we ignore). */
const feature = (properties: Record<string, unknown>) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [8.68, 50.11] },
  properties: { osm_id: 1, osm_type: 'W', ...properties },
});
const collection = (...features: ReturnType<typeof feature>[]) => ({ type: 'FeatureCollection', features });

const house = feature({
  type: 'house',
  street: 'Hauptstraße',
  housenumber: '5a',
  postcode: '60311',
  city: 'Frankfurt am Main',
  countrycode: 'DE',
});
const street = feature({
  type: 'street',
  name: 'Hauptstraße',
  postcode: '60311',
  city: 'Frankfurt am Main',
  countrycode: 'de',
});

describe('mapPhotonFeatures', () => {
  it('maps house and street features (street from `street` or `name`, country upper case)', () => {
    expect(mapPhotonFeatures(collection(house, street), { limit: 5 })).toEqual([
      {
        street: 'Hauptstraße',
        streetNumber: '5a',
        postcode: '60311',
        city: 'Frankfurt am Main',
        country: 'DE',
        label: 'Hauptstraße 5a, 60311 Frankfurt am Main',
      },
      {
        street: 'Hauptstraße',
        postcode: '60311',
        city: 'Frankfurt am Main',
        country: 'DE',
        label: 'Hauptstraße, 60311 Frankfurt am Main',
      },
    ]);
  });

  it('drops duplicates (one feature per OSM way), keeping the first, case- and space-insensitively', () => {
    const again = feature({
      type: 'street',
      name: 'hauptstraße ',
      postcode: '60311',
      city: 'Frankfurt  am Main',
      countrycode: 'DE',
    });
    const otherPostcode = feature({
      type: 'street',
      name: 'Hauptstraße',
      postcode: '60313',
      city: 'Frankfurt am Main',
      countrycode: 'DE',
    });
    const result = mapPhotonFeatures(collection(street, again, otherPostcode, street), { limit: 5 });
    expect(result.map((s) => s.postcode)).toEqual(['60311', '60313']);
  });

  it('uses `locality` when there is no city, keeps an empty postcode, and skips incomplete features', () => {
    const village = feature({
      type: 'street',
      name: 'Dorfstraße',
      locality: 'Oberursel-Weißkirchen',
      countrycode: 'DE',
    });
    const noCity = feature({ type: 'street', name: 'Feldweg', countrycode: 'DE' });
    const noStreet = feature({ type: 'house', housenumber: '1', city: 'Köln', countrycode: 'DE' });
    const badCountry = feature({ type: 'street', name: 'Ring', city: 'Wien', countrycode: 'AUT' });
    expect(mapPhotonFeatures(collection(village, noCity, noStreet, badCountry), { limit: 5 })).toEqual([
      {
        street: 'Dorfstraße',
        postcode: '',
        city: 'Oberursel-Weißkirchen',
        country: 'DE',
        label: 'Dorfstraße, Oberursel-Weißkirchen',
      },
    ]);
  });

  it('filters by country and stops at the limit', () => {
    const vienna = feature({ type: 'street', name: 'Hauptstraße', postcode: '1030', city: 'Wien', countrycode: 'AT' });
    const paris = feature({
      type: 'street',
      name: 'Rue de Rivoli',
      postcode: '75001',
      city: 'Paris',
      countrycode: 'FR',
    });
    expect(
      mapPhotonFeatures(collection(paris, vienna, street), { countryCodes: ['DE', 'AT'], limit: 5 }).map((s) => s.city),
    ).toEqual(['Wien', 'Frankfurt am Main']);
    expect(mapPhotonFeatures(collection(paris, vienna, street), { limit: 2 })).toHaveLength(2);
  });

  it('answers [] for anything that is not a FeatureCollection', () => {
    for (const answer of [null, 'x', {}, { features: 'no' }, [1, 2]])
      expect(mapPhotonFeatures(answer, { limit: 5 })).toEqual([]);
    expect(mapPhotonFeatures({ features: [{ properties: null }, {}] }, { limit: 5 })).toEqual([]);
  });

  it('labels without an empty postcode', () => {
    expect(addressLabel({ street: 'A', postcode: '', city: 'B' })).toBe('A, B');
    expect(addressLabel({ street: 'A', streetNumber: '1', postcode: '2', city: 'B' })).toBe('A 1, 2 B');
  });
});

describe('LruCache', () => {
  it('evicts the least recently used entry and expires entries after their lifetime', () => {
    let now = 0;
    const cache = new LruCache<number>(2, 1000, () => now);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3); // evicts b
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    now = 1000;
    expect(cache.get('c')).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});

describe('createGeocoder', () => {
  const ok = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

  it("asks the Photon endpoint with q, lang, limit and both layers, keeping the URL's own parameters", async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => ok(collection(house)));
    const geocoder = createGeocoder({
      url: 'https://photon.example/api/?apikey=k',
      fetch: fetch as typeof globalThis.fetch,
    });
    const result = await geocoder.searchAddresses('  Hauptstr  5 ', { locale: 'en', limit: 5 });
    expect(result).toHaveLength(1);
    const url = new URL(String(fetch.mock.calls[0]![0]));
    expect(url.origin + url.pathname).toBe('https://photon.example/api/');
    expect(url.searchParams.get('apikey')).toBe('k');
    expect(url.searchParams.get('q')).toBe('Hauptstr 5');
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.searchParams.get('limit')).toBe('5');
    expect(url.searchParams.getAll('layer')).toEqual(['street', 'house']);
  });

  it('caches answers per normalised query and locale, but not failures', async () => {
    const fetch = vi.fn(async () => ok(collection(house)));
    const geocoder = createGeocoder({ url: 'http://p/api', fetch: fetch as unknown as typeof globalThis.fetch });
    await geocoder.searchAddresses('Hauptstr', { locale: 'de', limit: 5 });
    await geocoder.searchAddresses('hauptstr ', { locale: 'de', limit: 5 });
    expect(fetch).toHaveBeenCalledTimes(1);
    await geocoder.searchAddresses('Hauptstr', { locale: 'en', limit: 5 });
    expect(fetch).toHaveBeenCalledTimes(2);

    const failing = vi.fn(async () => new Response('oops', { status: 502 }));
    const warn = vi.fn();
    const down = createGeocoder({
      url: 'http://p/api',
      fetch: failing as unknown as typeof globalThis.fetch,
      logger: { warn },
    });
    expect(await down.searchAddresses('Hauptstr', { locale: 'de', limit: 5 })).toEqual([]);
    expect(await down.searchAddresses('Hauptstr', { locale: 'de', limit: 5 })).toEqual([]);
    expect(failing).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(2);
    // The customer's query is not logged.
    expect(JSON.stringify(warn.mock.calls)).not.toContain('Hauptstr');
  });

  it('gives up after the time-out with [] and a warning', async () => {
    const hanging = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
    );
    const warn = vi.fn();
    const geocoder = createGeocoder({
      url: 'http://p/api',
      fetch: hanging as typeof globalThis.fetch,
      timeoutMs: 30,
      logger: { warn },
    });
    expect(await geocoder.searchAddresses('Hauptstr', { locale: 'de', limit: 5 })).toEqual([]);
    expect(warn.mock.calls[0]![0]).toMatchObject({ reason: 'timeout', provider: 'p' });
  });

  it('treats network errors and malformed JSON as no suggestions', async () => {
    const warn = vi.fn();
    const refused = createGeocoder({
      url: 'http://p/api',
      fetch: (async () => Promise.reject(new TypeError('fetch failed'))) as typeof globalThis.fetch,
      logger: { warn },
    });
    expect(await refused.searchAddresses('Hauptstr', { locale: 'de', limit: 5 })).toEqual([]);
    const garbage = createGeocoder({
      url: 'http://p/api',
      fetch: (async () => new Response('<html>', { status: 200 })) as typeof globalThis.fetch,
      logger: { warn },
    });
    expect(await garbage.searchAddresses('Hauptstr', { locale: 'de', limit: 5 })).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

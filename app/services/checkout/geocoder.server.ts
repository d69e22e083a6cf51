/**
 * Address search for the billing-address autocomplete (SPEC §2), against a Photon-compatible geocoder
 * (https://github.com/komoot/photon, e.g. `https://photon.komoot.io/api/` or a self-hosted instance) configured
 * with `ADDRESS_AUTOCOMPLETE_URL`. Request: `GET {url}?q=…&lang=de|en&limit=N&layer=street&layer=house`;
 * answer: a GeoJSON FeatureCollection whose `properties` carry `street` (or `name` for a street feature),
 * `housenumber`, `postcode`, `city`, `countrycode`.
 *
 * Autocomplete is a convenience and must never break the form: every provider failure (network error, time-out,
 * non-2xx status, malformed JSON) yields an empty list and one logged warning, never a thrown error. The query
 * (part of a customer's address) is not logged.
 *
 * Cache: a small in-process LRU of successful answers. Keeping it in memory, unlike the rate-limit counters and
 * sessions of DESIGN §1, is fine because it is only a cache: losing it (restart) or holding a different one per
 * process (N processes) costs at most a repeated provider call, never a wrong answer. Failures are not cached.
 */
import { z } from 'zod';
import type { AddressSuggestion } from '~/domain/address-suggestion.ts';
import type { Locale } from '~/i18n.ts';

/** Provider time-out in ms: the user is typing, so a late answer is a useless answer. */
const GEOCODER_TIMEOUT_MS = 2_000;
/** Default cache size (entries) and entry lifetime (ms). */
const GEOCODER_CACHE = { maxEntries: 500, ttlMs: 60 * 60_000 } as const;

/** Options of one search. */
type SearchOptions = {
  /** language of place names (Photon `lang`) */
  locale: Locale;
  /** only addresses in these ISO alpha-2 countries (upper case); all when absent */
  countryCodes?: readonly string[];
  /** maximum number of suggestions (also sent to the provider as `limit`) */
  limit: number;
};

/** What the geocoder needs; `fetch`, `now` and `logger` are injectable for tests. */
export type GeocoderConfig = {
  /** the Photon-compatible endpoint, e.g. `https://photon.komoot.io/api/` (its own query parameters are kept) */
  url: string;
  timeoutMs?: number;
  cache?: { maxEntries: number; ttlMs: number };
  fetch?: typeof fetch;
  now?: () => number;
  logger?: { warn: (obj: object, msg: string) => void };
};

/** The address search. */
export type Geocoder = {
  /**
   * Suggestions for `query` (already validated by the caller), best first, de-duplicated, at most `limit`.
   * Never rejects: provider errors resolve to `[]` (and are logged).
   */
  searchAddresses(query: string, options: SearchOptions): Promise<AddressSuggestion[]>;
};

/** A least-recently-used map with a per-entry lifetime (a `Map` keeps insertion order: first key = oldest). */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    this.entries.set(key, entry); // most recently used goes last
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

// Only the shape we read; everything else in the provider's answer is ignored.
const PhotonAnswer = z.object({
  features: z.array(z.object({ properties: z.record(z.string(), z.unknown()).nullish() }).passthrough()),
});

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value).replace(/\s+/g, ' ').trim() : '';

/** The one-line label of an address: `Hauptstraße 5a, 60311 Frankfurt am Main`. */
export function addressLabel(a: Pick<AddressSuggestion, 'street' | 'streetNumber' | 'postcode' | 'city'>): string {
  const street = a.streetNumber ? `${a.street} ${a.streetNumber}` : a.street;
  return `${street}, ${[a.postcode, a.city].filter(Boolean).join(' ')}`;
}

/**
 * Maps a Photon answer to suggestions: street from `street` (house features) or `name` (street features), city
 * from `city` (else `locality`); drops features without street, city or a two-letter country code, features
 * outside `countryCodes`, and duplicates (same street, number, postcode, city and country, compared case- and
 * space-insensitively; Photon returns one feature per OSM way, so a long street comes back several times).
 * Keeps the provider's order; at most `limit`. Any non-FeatureCollection input yields `[]`.
 */
export function mapPhotonFeatures(
  answer: unknown,
  options: { countryCodes?: readonly string[]; limit: number },
): AddressSuggestion[] {
  const parsed = PhotonAnswer.safeParse(answer);
  if (!parsed.success) return [];
  const allowed = options.countryCodes ? new Set(options.countryCodes.map((c) => c.toUpperCase())) : null;
  const seen = new Set<string>();
  const out: AddressSuggestion[] = [];
  for (const feature of parsed.data.features) {
    if (out.length >= options.limit) break;
    const p = feature.properties ?? {};
    const street = text(p.street) || text(p.name);
    const streetNumber = text(p.housenumber);
    const postcode = text(p.postcode);
    const city = text(p.city) || text(p.locality);
    const country = text(p.countrycode).toUpperCase();
    if (!street || !city || !/^[A-Z]{2}$/.test(country)) continue;
    if (allowed && !allowed.has(country)) continue;
    const key = [street, streetNumber, postcode, city, country].join('|').toLocaleLowerCase('de');
    if (seen.has(key)) continue;
    seen.add(key);
    const base = { street, ...(streetNumber ? { streetNumber } : {}), postcode, city, country };
    out.push({ ...base, label: addressLabel(base) });
  }
  return out;
}

/** The cache key of a search: normalised query (case, spaces) plus everything that changes the answer. */
function cacheKey(query: string, options: SearchOptions): string {
  const q = query.replace(/\s+/g, ' ').trim().toLocaleLowerCase('de');
  return `${options.locale}|${options.limit}|${options.countryCodes?.join(',') ?? '*'}|${q}`;
}

/** Creates the geocoder for the endpoint `config.url`. */
export function createGeocoder(config: GeocoderConfig): Geocoder {
  const timeoutMs = config.timeoutMs ?? GEOCODER_TIMEOUT_MS;
  const doFetch = config.fetch ?? ((...args) => globalThis.fetch(...args));
  const now = config.now ?? Date.now;
  const settings = config.cache ?? GEOCODER_CACHE;
  const cache = new LruCache<AddressSuggestion[]>(settings.maxEntries, settings.ttlMs, now);
  const provider = safeHost(config.url);

  function requestUrl(query: string, options: SearchOptions): string {
    const url = new URL(config.url);
    url.searchParams.set('q', query.replace(/\s+/g, ' ').trim());
    url.searchParams.set('lang', options.locale);
    url.searchParams.set('limit', String(options.limit));
    url.searchParams.delete('layer');
    url.searchParams.append('layer', 'street');
    url.searchParams.append('layer', 'house');
    return url.toString();
  }

  return {
    async searchAddresses(query, options) {
      const key = cacheKey(query, options);
      const cached = cache.get(key);
      if (cached) return cached;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error(`geocoder time-out after ${timeoutMs} ms`)), timeoutMs);
      const started = now();
      try {
        const response = await doFetch(requestUrl(query, options), {
          headers: { Accept: 'application/json' },
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`geocoder answered HTTP ${response.status}`);
        const suggestions = mapPhotonFeatures(await response.json(), options);
        cache.set(key, suggestions);
        return suggestions;
      } catch (error) {
        const reason = controller.signal.aborted ? 'timeout' : 'error';
        config.logger?.warn(
          { err: error, provider, reason, ms: now() - started },
          'address autocomplete provider failed',
        );
        return [];
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The provider's host for logs (never the full URL: it may carry an API key). */
function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid-url';
  }
}

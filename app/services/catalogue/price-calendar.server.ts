/**
 * The price calendar's use case (issue 37 item 1): the page `airports.calendar` and `GET /api/price-calendar/{airport}`
 * read the same calendar from here. It costs a bounded number of queries whatever the stay length (the airport and
 * its tariffs with price lists from the catalogue cache, the occupancy of the whole range in one query), and the
 * computed calendar is kept in memory per process until a cache event says prices, capacity or bookings changed.
 */
import type { Database } from '#database/client.server.ts';
import { todayInZone } from '~/domain/local-time.ts';
import { localized } from '~/domain/localized.ts';
import {
  calendarDayRange,
  computePriceCalendar,
  readCalendarQuery,
  type CalendarQueryInput,
  type PriceCalendar,
} from '~/domain/price-calendar.ts';
import type { Locale } from '~/i18n.ts';
import { onCacheEvent } from '../cache-events.server.ts';
import { RequestError } from '../request-error.server.ts';
import { findAirportBySlug, loadOccupancy, loadTariffs } from './catalog.server.ts';

/** A refused calendar request: 404 for an unknown airport, 422 with the bad fields (`days`, `from`). */
export class PriceCalendarError extends RequestError {}

/** The airport of a calendar, names in the page's language. */
type CalendarAirport = { id: number; slug: string; iata: string; name: string; locked: boolean };

/** A calendar with its airport: what the page renders and the API sends (`priceCalendarBody`). */
export type AirportPriceCalendar = { airport: CalendarAirport; calendar: PriceCalendar };

/**
 * How long a computed calendar may serve, ms of the shop's clock. Cache events drop it earlier when prices, capacity
 * or bookings change; this bound is for the passing time alone (the lead time closes today's dates hour by hour), so
 * a date never reads bookable for more than a minute after it stopped being so.
 */
const CALENDAR_CACHE_MS = 60_000;
/** Most calendars kept per process (airports × stay lengths × start weeks); the oldest go first beyond it. */
const CALENDAR_CACHE_ENTRIES = 1000;

type Entry = { airportId: number; computedAt: number; calendar: Promise<PriceCalendar> };

const caches = new WeakMap<Database, Map<string, Entry>>();

/** The calendar cache of a database connection, emptied by its cache events (an airport's bookings: its entries). */
function calendarCache(db: Database): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    const fresh = new Map<string, Entry>();
    cache = fresh;
    caches.set(db, fresh);
    onCacheEvent(db, (event) => {
      if (event.kind === 'ratings') return;
      for (const [key, entry] of fresh) {
        if (event.kind !== 'availability' || entry.airportId === event.airportId) fresh.delete(key);
      }
    });
  }
  return cache;
}

/**
 * The price calendar of an airport for a stay length and a start week (see `computePriceCalendar`): reads the query
 * (`readCalendarQuery`: days 1–30, default 7; the start week's Monday, default this week), then takes the airport
 * and its active tariffs with price lists from the catalogue cache and the day rows of all of them for the whole
 * range (84 entry dates plus the last stay) in one query: at most one query with a warm catalogue, four with a cold
 * one, none when the calendar is cached. A cached calendar serves until a `catalogue` (price lists, tariffs, the
 * airport's status), `availability` (bookings or capacity of this airport) or `all` cache event, or for
 * {@link CALENDAR_CACHE_MS} at most. Prices are integer gross euro cents, dates airport local.
 *
 * @param input.airport - the airport's slug; `input.query` - `days` and `from` as received.
 * @param options.now - current instant; `options.locale` - language of the airport's name.
 * @returns the airport and the calendar (the cached calendar is shared: callers must not change it).
 * @throws PriceCalendarError 404 `calendar.error.airport` for an unknown airport, 422 `validation.failed` with
 *   `days`/`from` field keys for a bad query; otherwise only database errors.
 * Source: issue 37 item 1; decision 0017 (the in-memory caches and their events).
 */
export async function loadPriceCalendar(
  db: Database,
  input: { airport: string; query: CalendarQueryInput },
  options: { now: Date; locale: Locale },
): Promise<AirportPriceCalendar> {
  const row = await findAirportBySlug(db, input.airport);
  if (!row) throw new PriceCalendarError(404, 'calendar.error.airport');
  const query = readCalendarQuery(input.query, todayInZone(options.now, row.timeZone));
  if (!query.ok) {
    const fields = Object.fromEntries(Object.entries(query.errors).map(([field, key]) => [field, [key]]));
    throw new PriceCalendarError(422, 'validation.failed', fields);
  }
  const airport = {
    id: row.id,
    slug: row.slug,
    iata: row.iata,
    name: localized(row, 'name', options.locale),
    locked: row.status === 'locked',
  };
  const cache = calendarCache(db);
  const key = `${row.id}|${query.days}|${query.from}`;
  const nowMs = options.now.getTime();
  const hit = cache.get(key);
  if (hit && nowMs >= hit.computedAt && nowMs - hit.computedAt < CALENDAR_CACHE_MS) {
    return { airport, calendar: await hit.calendar };
  }
  const calendar = (async () => {
    const tariffs = await loadTariffs(db, row.id);
    const range = calendarDayRange(query.from, query.days);
    const occupancy = await loadOccupancy(
      db,
      tariffs.map((t) => t.id),
      [range.from, range.to],
    );
    return computePriceCalendar({
      tariffs,
      occupancy,
      timeZone: row.timeZone,
      now: options.now,
      from: query.from,
      days: query.days,
      airportLocked: airport.locked,
    });
  })();
  const entry: Entry = { airportId: row.id, computedAt: nowMs, calendar };
  cache.delete(key); // re-inserted last: the Map's order is the age order the bound below relies on
  cache.set(key, entry);
  if (cache.size > CALENDAR_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  // A failed computation is not kept; an event while it ran has already removed it (the next call computes again).
  calendar.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return { airport, calendar: await calendar };
}

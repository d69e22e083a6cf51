/**
 * Reads the catalogue (airports, parking lots, tariffs, price lists, daily occupancy) and turns it into
 * offers for a stay with the pure rules of `app/domain` (pricing, availability, booking rules).
 *
 * The catalogue (everything but the occupancy) is cached in memory per database connection until a
 * `catalogue` cache event (`cache-events.server.ts`: `catalogueChanged`) says it changed (issue 11, decision
 * 0017); what it returns is frozen and shared by every request. The occupancy is read fresh each time.
 */
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { airports, parkingLots, priceLists, tariffDays, tariffs } from '#database/schema.ts';
import { remainingSpaces } from '~/domain/availability.ts';
import { checkStay, type StayViolation } from '~/domain/booking-rules.ts';
import { fromPriceDates, lowestFromPrice, type FromPrice } from '~/domain/from-price.ts';
import type { Offer } from '~/domain/offer.ts';
import type { MapLot } from '~/domain/map-lots.ts';
import { localized, lotAddress } from '~/domain/localized.ts';
import { priceStayIfBookable, type PriceList } from '~/domain/pricing.ts';
import { stayDates } from '~/domain/stay.ts';
import { isFreeChangeOpen } from '~/domain/manage-booking.ts';
import type { Locale } from '~/i18n.ts';
import { onCacheEvent } from '../cache-events.server.ts';

/** An airport row. */
export type AirportRow = typeof airports.$inferSelect;
/** A tariff row with its parking lot and price lists. */
export type TariffWithLot = typeof tariffs.$inferSelect & {
  lot: typeof parkingLots.$inferSelect;
  priceLists: PriceList[];
};

/** The cached catalogue of one database connection; entries are promises, so concurrent misses query once. */
type CatalogueCache = {
  airports?: Promise<AirportRow[]>;
  tariffs: Map<number, Promise<TariffWithLot[]>>;
  mapLots?: Promise<MapLot[]>;
};

const caches = new WeakMap<Database, CatalogueCache>();

function catalogueCache(db: Database): CatalogueCache {
  let cache = caches.get(db);
  if (!cache) {
    const fresh: CatalogueCache = { tariffs: new Map() };
    cache = fresh;
    caches.set(db, fresh);
    onCacheEvent(db, (event) => {
      if (event.kind === 'availability' || event.kind === 'ratings') return;
      // A load still running keeps its promise, but it is no longer the cache's: the next call queries again.
      fresh.airports = undefined;
      fresh.mapLots = undefined;
      fresh.tariffs.clear();
    });
  }
  return cache;
}

/** Freezes a loaded value deeply: cached rows are shared by all requests, a caller's change would leak. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The cached value, or loads, freezes and caches it; a failed load is not kept. */
function cached<T>(
  get: () => Promise<T> | undefined,
  set: (p: Promise<T> | undefined) => void,
  load: () => Promise<T>,
) {
  const hit = get();
  if (hit) return hit;
  const promise = load().then(deepFreeze);
  set(promise);
  promise.catch(() => {
    if (get() === promise) set(undefined);
  });
  return promise;
}

/** All airports, ordered by German name (the list page, the search form). Cached; the rows are frozen. */
export async function listAirports(db: Database): Promise<AirportRow[]> {
  const cache = catalogueCache(db);
  return cached(
    () => cache.airports,
    (p) => (cache.airports = p),
    () => db.select().from(airports).orderBy(asc(airports.sort), asc(airports.nameDe)),
  );
}

/**
 * An airport as the shop's lists show it (search form, map, airports list, comment links): names in the
 * page's language, coordinates in decimal degrees (WGS 84).
 */
export type AirportSummary = {
  slug: string;
  iata: string;
  name: string;
  city: string;
  latitude: number;
  longitude: number;
  /** status `locked`: shown, not bookable (DESIGN §6) */
  locked: boolean;
  /** the airport's notice in the page's language, null when it has none */
  comment: string | null;
};

/**
 * All airports as summaries, in the order of {@link listAirports}; one shape for the home page, the airports
 * list and the airport page, so their search forms and maps show the same airports the same way.
 *
 * @param locale - language of the names and comments.
 * @throws only on database errors.
 * Source: DESIGN §3 (index, airports.index, airports.show), DESIGN §6 (Airport status).
 */
export async function listAirportSummaries(db: Database, locale: Locale): Promise<AirportSummary[]> {
  const rows = await listAirports(db);
  return rows.map((a) => ({
    slug: a.slug,
    iata: a.iata,
    name: localized(a, 'name', locale),
    city: a.city,
    latitude: a.latitude,
    longitude: a.longitude,
    locked: a.status === 'locked',
    comment: localized(a, 'comment', locale) ?? null,
  }));
}

/**
 * Every parking lot that sells at least one active tariff, each once, ordered by id: the lots of the map of
 * all airports (airports.index, DESIGN §3).
 *
 * @throws only on database errors.
 */
export async function listMapLots(db: Database): Promise<MapLot[]> {
  const cache = catalogueCache(db);
  return cached(
    () => cache.mapLots,
    (p) => (cache.mapLots = p),
    () => queryMapLots(db),
  );
}

async function queryMapLots(db: Database): Promise<MapLot[]> {
  const rows = await db
    .selectDistinct({
      id: parkingLots.id,
      name: parkingLots.name,
      street: parkingLots.street,
      streetNumber: parkingLots.streetNumber,
      postcode: parkingLots.postcode,
      city: parkingLots.city,
      latitude: parkingLots.latitude,
      longitude: parkingLots.longitude,
    })
    .from(parkingLots)
    .innerJoin(tariffs, and(eq(tariffs.parkingLotId, parkingLots.id), eq(tariffs.active, true)))
    .orderBy(asc(parkingLots.id));
  return rows.map((lot) => ({
    id: lot.id,
    name: lot.name,
    address: lotAddress(lot).join(', '),
    latitude: lot.latitude,
    longitude: lot.longitude,
  }));
}

/** The airport with this slug, or null (from the cached list). */
export async function findAirportBySlug(db: Database, slug: string): Promise<AirportRow | null> {
  return (await listAirports(db)).find((a) => a.slug === slug) ?? null;
}

/** The airport with this id, or null (from the cached list). */
export async function findAirportById(db: Database, id: number): Promise<AirportRow | null> {
  return (await listAirports(db)).find((a) => a.id === id) ?? null;
}

/**
 * The active tariffs of an airport with lot and price lists, in display order; only those of `tariffIds` when
 * given. Cached per airport; the objects are frozen.
 */
export async function loadTariffs(db: Database, airportId: number, tariffIds?: number[]): Promise<TariffWithLot[]> {
  const cache = catalogueCache(db);
  const all = await cached(
    () => cache.tariffs.get(airportId),
    (p) => (p ? cache.tariffs.set(airportId, p) : cache.tariffs.delete(airportId)),
    () => queryTariffs(db, airportId),
  );
  return tariffIds ? all.filter((t) => tariffIds.includes(t.id)) : all;
}

async function queryTariffs(db: Database, airportId: number): Promise<TariffWithLot[]> {
  const rows = await db
    .select({ tariff: tariffs, lot: parkingLots })
    .from(tariffs)
    .innerJoin(parkingLots, eq(parkingLots.id, tariffs.parkingLotId))
    .where(and(eq(tariffs.airportId, airportId), eq(tariffs.active, true)))
    .orderBy(asc(tariffs.sort), asc(tariffs.id));
  if (rows.length === 0) return [];
  const lists = await db
    .select()
    .from(priceLists)
    .where(
      inArray(
        priceLists.tariffId,
        rows.map((r) => r.tariff.id),
      ),
    );
  return rows.map(({ tariff, lot }) => ({
    ...tariff,
    lot,
    priceLists: lists
      .filter((l) => l.tariffId === tariff.id)
      .map((l) => ({
        validFrom: l.validFrom,
        validTo: l.validTo,
        dayPrices: l.dayPrices,
        extraDayPrice: l.extraDayPrice,
      })),
  }));
}

/**
 * What a cart (or a cart request) names, resolved against the catalogue — the one place that walks
 * cart → airport → locked? → active tariff:
 * - `ok`: the airport (active) and its active tariff with lot and price lists;
 * - `no_cart`: no cart given; `no_airport`: the airport does not exist;
 * - `locked`: the airport is locked (DESIGN §6: status `locked`, no bookings);
 * - `no_tariff`: the airport is bookable but the tariff is unknown, inactive or of another airport.
 */
export type CartResolution =
  | { kind: 'ok'; airport: AirportRow; tariff: TariffWithLot }
  | { kind: 'no_cart' }
  | { kind: 'no_airport' }
  | { kind: 'locked'; airport: AirportRow }
  | { kind: 'no_tariff'; airport: AirportRow };

/**
 * Resolves the airport and tariff a cart names (see {@link CartResolution}); each caller maps the outcome to
 * its own answer (a 409/422 in the API, a redirect on the booking page).
 *
 * @param cart - `{airportId, tariffId}` of the session cart or of a cart request; null/undefined when none.
 * @throws only on database errors.
 * Source: DESIGN §5 (checkout needs a cart naming the tariff), DESIGN §6 (Airport status, Tariff).
 */
export async function resolveCart(
  db: Database,
  cart: { airportId: number; tariffId: number } | null | undefined,
): Promise<CartResolution> {
  if (!cart) return { kind: 'no_cart' };
  const airport = await findAirportById(db, cart.airportId);
  if (!airport) return { kind: 'no_airport' };
  if (airport.status === 'locked') return { kind: 'locked', airport };
  const [tariff] = await loadTariffs(db, airport.id, [cart.tariffId]);
  return tariff ? { kind: 'ok', airport, tariff } : { kind: 'no_tariff', airport };
}

/** A tariff's "from" prices on the airport page: the lowest price of one day and of eight days, with their stays. */
export type TariffFromPrices = {
  id: number;
  category: string;
  name: string;
  lotName: string;
  transferMinutes: number;
  /** the lot's distance to the terminal in metres, by road (shuttle) or on foot (`app/domain/distance.ts`) */
  distanceMeters: number;
  /** one billable day; null when no stay of one day in the searched weeks can be booked */
  oneDay: FromPrice | null;
  /** eight billable days (entry day + 7, as the shop has always shown "a week"); null like `oneDay` */
  oneWeek: FromPrice | null;
};

/** The stay lengths of the airport page's price table, billable days. */
const FROM_PRICE_DAYS = { oneDay: 1, oneWeek: 8 } as const;

/**
 * The "from" prices of an airport's tariffs: for one day and for eight days, the lowest total the checkout charges
 * for a stay entering in the coming weeks, with the stay it is for and the entry dates it holds for
 * ({@link lowestFromPrice}: lead time, maximum stay, booking horizon, free spaces per day, price lists with their
 * seasons; one person, no child seat, no coupon). Reads the occupancy of the searched dates in one query. A tariff
 * with neither price (no price list, or nothing bookable in the searched weeks) is left out.
 *
 * @param tariffs - the airport's active tariffs (from {@link loadTariffs}).
 * @param input.airport - the airport (its time zone decides "today" and the lead time).
 * @param input.now - current instant.
 * @param input.locale - language of the tariff names.
 * @throws only on database errors.
 * Source: DESIGN §3 (airports.show: tariffs overview), DESIGN §6 (Tariff, Availability), issue 30 item 3,
 * decision 0043.
 */
export async function loadFromPrices(
  db: Database,
  tariffs: TariffWithLot[],
  input: { airport: AirportRow; now: Date; locale: Locale },
): Promise<TariffFromPrices[]> {
  const { airport, now } = input;
  const window = fromPriceDates({ now, timeZone: airport.timeZone, longestStayDays: FROM_PRICE_DAYS.oneWeek });
  const occupancy = await loadOccupancy(
    db,
    tariffs.map((t) => t.id),
    [window.from, window.to],
  );
  return tariffs.flatMap((tariff) => {
    const own = occupancy.filter((o) => o.tariffId === tariff.id);
    const lowest = (billableDays: number) =>
      lowestFromPrice({ tariff, billableDays, occupancy: own, timeZone: airport.timeZone, now });
    const oneDay = lowest(FROM_PRICE_DAYS.oneDay);
    const oneWeek = lowest(FROM_PRICE_DAYS.oneWeek);
    if (!oneDay && !oneWeek) return [];
    return [
      {
        id: tariff.id,
        category: tariff.category,
        name: localized(tariff, 'name', input.locale),
        lotName: tariff.lot.name,
        transferMinutes: tariff.lot.transferMinutes,
        distanceMeters: tariff.lot.distanceMeters,
        oneDay,
        oneWeek,
      },
    ];
  });
}

/** The occupancy query, prepared once per database connection (issue 11: planned once, not per request). */
function prepareOccupancy(db: Database) {
  return db
    .select()
    .from(tariffDays)
    .where(
      and(
        sql`${tariffDays.tariffId} = any(${sql.placeholder('tariffIds')}::integer[])`,
        gte(tariffDays.day, sql.placeholder('from')),
        lte(tariffDays.day, sql.placeholder('to')),
      ),
    )
    .prepare('catalogue_occupancy');
}

const occupancyQueries = new WeakMap<Database, ReturnType<typeof prepareOccupancy>>();

/**
 * Booked spaces and per-day capacity overrides per tariff and day, in one query for the dates from the first to the
 * last of `dates` (airport local `YYYY-MM-DD`, ascending); the tariffs page, the airport page's "from" prices and the
 * price calendar (issue 37 item 1) read their whole range with it. Throws only on database errors.
 */
export async function loadOccupancy(db: Database, tariffIds: number[], dates: string[]) {
  if (tariffIds.length === 0 || dates.length === 0) return [];
  let query = occupancyQueries.get(db);
  if (!query) {
    query = prepareOccupancy(db);
    occupancyQueries.set(db, query);
  }
  return query.execute({ tariffIds, from: dates[0], to: dates[dates.length - 1] });
}

/** Result of a search: the stay-wide problems (bad or reversed times) or the offers. */
export type OfferSearch = { stayViolations: StayViolation[]; offers: Offer[] };

/**
 * Prices every active tariff of `airport` (or the given `tariffs` of it) for the stay `entry`–`exit` (local
 * `YYYY-MM-DDTHH:mm`) for one person without child seats, and marks sold-out tariffs from the daily occupancy
 * (DESIGN §6). A tariff without a price for the stay gets `price: null` ({@link priceStayIfBookable}).
 * A locked airport yields no offers. Throws only on database errors.
 */
export async function searchOffers(
  db: Database,
  input: { airport: AirportRow; entry: string; exit: string; now: Date; locale: Locale; tariffs?: TariffWithLot[] },
): Promise<OfferSearch> {
  const { airport, entry, exit, now, locale } = input;
  if (airport.status === 'locked') return { stayViolations: [], offers: [] };

  const basic = checkStay({
    entry,
    exit,
    timeZone: airport.timeZone,
    now,
    limits: { leadTimeMinutes: 0, maxStayDays: Number.MAX_SAFE_INTEGER, bookingHorizonDays: Number.MAX_SAFE_INTEGER },
  });
  if (basic.length > 0) return { stayViolations: basic, offers: [] };

  const list = input.tariffs ?? (await loadTariffs(db, airport.id));
  const dates = stayDates(entry, exit);
  const occupancy = await loadOccupancy(
    db,
    list.map((t) => t.id),
    dates,
  );
  const offers = list.map((tariff): Offer => {
    const violations = checkStay({
      entry,
      exit,
      timeZone: airport.timeZone,
      now,
      limits: tariff,
    });
    const remaining = remainingSpaces(
      dates,
      occupancy.filter((o) => o.tariffId === tariff.id),
      tariff.capacity,
    );
    const price =
      violations.length === 0 ? priceStayIfBookable({ tariff, entry, exit, personCount: 1, childrenSeat: 0 }) : null;
    const lot = tariff.lot;
    return {
      tariffId: tariff.id,
      category: tariff.category,
      name: localized(tariff, 'name', locale),
      description: localized(tariff, 'description', locale),
      parkingLotId: lot.id,
      lotName: lot.name,
      operator: lot.operator,
      address: lotAddress(lot).join(', '),
      distanceMeters: lot.distanceMeters,
      transferMinutes: lot.transferMinutes,
      features: lot.features,
      includedPersons: tariff.includedPersons,
      maxPersons: tariff.maxPersons,
      maxChildSeats: tariff.maxChildSeats,
      freeCancellationHours: tariff.freeCancellationHours,
      freeCancellation: isFreeChangeOpen({
        entryLocal: entry,
        timeZone: airport.timeZone,
        hours: tariff.freeCancellationHours,
        now,
      }),
      price,
      remaining,
      soldOut: remaining < 1,
      violations,
    };
  });
  return { stayViolations: [], offers };
}

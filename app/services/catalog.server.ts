/**
 * Reads the catalogue (airports, parking lots, tariffs, price lists, daily occupancy) and turns it into
 * offers for a stay with the pure rules of `app/domain` (pricing, availability, booking rules).
 */
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { airports, parkingLots, priceLists, tariffDays, tariffs } from '#database/schema.ts';
import { remainingSpaces } from '~/domain/availability.ts';
import { checkStay, type StayViolation } from '~/domain/booking-rules.ts';
import type { Offer } from '~/domain/offer.ts';
import { PricingError, priceStay, type PriceBreakdown, type PriceList } from '~/domain/pricing.ts';
import { stayDates } from '~/domain/stay.ts';
import type { Locale } from '~/i18n.ts';

export type { Offer } from '~/domain/offer.ts';

/** An airport row. */
export type AirportRow = typeof airports.$inferSelect;
/** A tariff row with its parking lot and price lists. */
export type TariffWithLot = typeof tariffs.$inferSelect & {
  lot: typeof parkingLots.$inferSelect;
  priceLists: PriceList[];
};

/** All airports, ordered by German name (the list page, the search form). */
export async function listAirports(db: Database): Promise<AirportRow[]> {
  return db.select().from(airports).orderBy(asc(airports.sort), asc(airports.nameDe));
}

/** The airport with this slug, or null. */
export async function findAirportBySlug(db: Database, slug: string): Promise<AirportRow | null> {
  const [row] = await db.select().from(airports).where(eq(airports.slug, slug)).limit(1);
  return row ?? null;
}

/** The airport with this id, or null. */
export async function findAirportById(db: Database, id: number): Promise<AirportRow | null> {
  const [row] = await db.select().from(airports).where(eq(airports.id, id)).limit(1);
  return row ?? null;
}

/** The active tariffs of an airport with lot and price lists, in display order. */
export async function loadTariffs(db: Database, airportId: number, tariffIds?: number[]): Promise<TariffWithLot[]> {
  const where = tariffIds
    ? and(eq(tariffs.airportId, airportId), eq(tariffs.active, true), inArray(tariffs.id, tariffIds))
    : and(eq(tariffs.airportId, airportId), eq(tariffs.active, true));
  const rows = await db
    .select({ tariff: tariffs, lot: parkingLots })
    .from(tariffs)
    .innerJoin(parkingLots, eq(parkingLots.id, tariffs.parkingLotId))
    .where(where)
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
      .map((l) => ({ validFrom: l.validFrom, validTo: l.validTo, dayPrices: l.dayPrices, extraDayPrice: l.extraDayPrice })),
  }));
}

/** Booked spaces per tariff and day for the given dates (airport local `YYYY-MM-DD`). */
export async function loadOccupancy(db: Database, tariffIds: number[], dates: string[]) {
  if (tariffIds.length === 0 || dates.length === 0) return [];
  return db
    .select()
    .from(tariffDays)
    .where(
      and(
        inArray(tariffDays.tariffId, tariffIds),
        gte(tariffDays.day, dates[0]),
        lte(tariffDays.day, dates[dates.length - 1]),
      ),
    );
}

/** Result of a search: the stay-wide problems (bad or reversed times) or the offers. */
export type OfferSearch = { stayViolations: StayViolation[]; offers: Offer[] };

/**
 * Prices every active tariff of `airport` for the stay `entry`–`exit` (local `YYYY-MM-DDTHH:mm`) for one
 * person without child seats, and marks sold-out tariffs from the daily occupancy (DESIGN §6).
 * A locked airport yields no offers. Throws only on database errors.
 */
export async function searchOffers(
  db: Database,
  input: { airport: AirportRow; entry: string; exit: string; now: Date; locale: Locale },
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

  const list = await loadTariffs(db, airport.id);
  const dates = stayDates(entry, exit);
  const occupancy = await loadOccupancy(
    db,
    list.map((t) => t.id),
    dates,
  );
  const en = locale === 'en';
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
    let price: PriceBreakdown | null = null;
    if (violations.length === 0) {
      try {
        price = priceStay({ tariff, entry, exit, personCount: 1, childrenSeat: 0 });
      } catch (error) {
        // A tariff without a price list for these dates is not bookable for them; the others still are.
        if (!(error instanceof PricingError)) throw error;
      }
    }
    const lot = tariff.lot;
    return {
      tariffId: tariff.id,
      category: tariff.category,
      name: en ? tariff.nameEn : tariff.nameDe,
      description: en ? tariff.descriptionEn : tariff.descriptionDe,
      lotName: lot.name,
      operator: lot.operator,
      address: `${lot.street} ${lot.streetNumber}, ${lot.postcode} ${lot.city}`,
      distanceMeters: lot.distanceMeters,
      transferMinutes: lot.transferMinutes,
      features: lot.features,
      includedPersons: tariff.includedPersons,
      maxPersons: tariff.maxPersons,
      maxChildSeats: tariff.maxChildSeats,
      freeCancellationHours: tariff.freeCancellationHours,
      price,
      remaining,
      soldOut: remaining < 1,
      violations,
    };
  });
  return { stayViolations: [], offers };
}

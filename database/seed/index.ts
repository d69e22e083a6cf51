/**
 * Seeds the catalogue with the real-data set of DESIGN §8: 13 German airports (Kassel `locked`), their parking
 * lots, tariffs and price lists (gross euro cents), the FAQ and the demo coupons. `npm start` calls
 * `seedIfEmpty` after migrating, so a fresh data directory shows a working shop at once.
 *
 * The data is static and ordered, so seeding an empty database always yields the same rows and ids.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../client.server.ts';
import { airports, coupons, faqEntries, parkingLots, priceLists, tariffs } from '../schema.ts';
import { AIRPORTS } from './airports.ts';
import { COUPONS } from './coupons.ts';
import { FAQ } from './faq.ts';
import { PARKING } from './parking.ts';
import { reviews } from '../schema.ts';
import { demoLotKey, demoReviews } from './reviews.ts';

/** A transaction handle of `Database` (same query API). */
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Key of the transaction-scoped advisory lock that serialises concurrent `seedIfEmpty` calls (any bigint). */
const SEED_LOCK_KEY = 7_274_411_001;

/**
 * What to seed besides the catalogue: `demoReviews` (default true) adds the demo customer reviews
 * (`database/seed/reviews.ts`); the server leaves them out when a review provider is configured (decision 0014).
 */
export type SeedOptions = { demoReviews?: boolean };

/** Inserts the whole data set through `tx`; foreign keys come from the ids the inserts return. */
async function insertAll(tx: Tx, options: SeedOptions = {}): Promise<void> {
  const lotIds = new Map<string, number>();
  for (const airport of AIRPORTS) {
    const lots = PARKING[airport.iata];
    if (!lots) throw new Error(`seed: no parking lots for airport ${airport.iata}`);
    const [{ id: airportId }] = await tx.insert(airports).values(airport).returning({ id: airports.id });
    for (const { tariffs: lotTariffs, ...lot } of lots) {
      const [{ id: parkingLotId }] = await tx
        .insert(parkingLots)
        .values({ ...lot, airportId })
        .returning({ id: parkingLots.id });
      lotIds.set(demoLotKey(airport.iata, lot.name), parkingLotId);
      for (const { priceLists: lists, ...tariff } of lotTariffs) {
        const [{ id: tariffId }] = await tx
          .insert(tariffs)
          .values({ ...tariff, airportId, parkingLotId })
          .returning({ id: tariffs.id });
        await tx.insert(priceLists).values(lists.map((list) => ({ ...list, tariffId })));
      }
    }
  }
  await insertFaq(tx);
  await tx.insert(coupons).values(COUPONS);
  if (options.demoReviews !== false) {
    const rows = demoReviews().map(({ lotKey, ...row }) => {
      const parkingLotId = lotKey === null ? null : lotIds.get(lotKey);
      if (parkingLotId === undefined) throw new Error(`seed: demo review ${row.providerReviewId} names unknown lot`);
      return { ...row, parkingLotId };
    });
    await tx.insert(reviews).values(rows);
  }
}

/** Inserts the FAQ (airport-specific entries get the id of their airport, which must exist). */
async function insertFaq(tx: Tx): Promise<void> {
  const ids = new Map(
    (await tx.select({ id: airports.id, iata: airports.iata }).from(airports)).map((a) => [a.iata, a.id]),
  );
  const rows = FAQ.map(({ airport, ...entry }) => {
    const airportId = airport ? ids.get(airport) : null;
    if (airportId === undefined) throw new Error(`seed: FAQ entry ${entry.slug} names unknown airport ${airport}`);
    return { ...entry, airportId };
  });
  await tx.insert(faqEntries).values(rows);
}

/**
 * Inserts all seed data (airports, parking lots, tariffs, price lists, FAQ, coupons, demo reviews unless
 * `options.demoReviews` is false; source: DESIGN §8) in
 * one transaction. Expects an empty catalogue: on a seeded database the unique slugs, IATA codes and coupon
 * codes make it fail and roll back. Money is integer euro cents, gross (19 % VAT included).
 */
export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await insertAll(tx, options);
  });
}

/**
 * Seeds the database (see `seedDatabase`) only when the `airports` table is empty; returns true when it
 * seeded, false when data was already there (a seeded database whose FAQ is empty gets the FAQ again). Safe when several app processes start at once against one
 * PostgreSQL: a transaction-scoped advisory lock lets one of them seed while the others wait and then find data.
 */
export async function seedIfEmpty(db: Database, options: SeedOptions = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existing = await tx.select({ id: airports.id }).from(airports).limit(1);
    if (existing.length > 0) {
      // Migration 0006 emptied the FAQ (new slugs): a seeded database gets the current FAQ back once.
      const faq = await tx.select({ id: faqEntries.id }).from(faqEntries).limit(1);
      if (faq.length === 0) await insertFaq(tx);
      return false;
    }
    await insertAll(tx, options);
    return true;
  });
}

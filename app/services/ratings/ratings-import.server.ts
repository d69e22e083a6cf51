/**
 * Brings customer reviews into the `reviews` table (SPEC §1; decision 0014): from eKomi when it is configured
 * (`EKOMI_INTERFACE_ID` and `EKOMI_INTERFACE_PASSWORD`), else the demo set of `database/seed/reviews.ts`.
 * Idempotent: every review is upserted by (provider, provider review id); running it twice changes nothing the
 * second time. `npm run ratings:import` runs it once; a running shop with eKomi configured runs it on a timer.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { airports, parkingLots, reservations, reviews, tariffs, type ReviewSource } from '#database/schema.ts';
import { demoLotKey, demoReviews } from '#database/seed/reviews.ts';
import { SHOP_RATING_ID, type ImportedReview } from '~/domain/ratings.ts';
import { toLocale } from '~/i18n.ts';
import { ekomiToReviews, fetchEkomiFeedback } from './ekomi.server.ts';
import type { ServiceLogger } from '../service-context.ts';

/** What an import did: reviews received, new, changed, unchanged, skipped (malformed), demo reviews removed. */
export type RatingsImportResult = {
  provider: ReviewSource;
  received: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  removedDemo: number;
};

/** The settings of the import, named as the environment variables they come from (README, Configuration). */
export type RatingsImportConfig = {
  EKOMI_INTERFACE_ID?: string;
  EKOMI_INTERFACE_PASSWORD?: string;
  EKOMI_API_URL: string;
  /** minutes between imports in a running shop; 0 = never (only `npm run ratings:import`) */
  EKOMI_IMPORT_INTERVAL_MINUTES: number;
};

/** Rows per INSERT statement (well under PostgreSQL's 65535 bind parameters). */
const CHUNK = 500;

/** Whether eKomi is configured (interface id and password both set; the environment check wants both or none). */
export function ekomiConfigured(env: RatingsImportConfig): boolean {
  return Boolean(env.EKOMI_INTERFACE_ID && env.EKOMI_INTERFACE_PASSWORD);
}

/**
 * Upserts `list` as reviews of `provider` in one transaction: new ones are inserted, changed ones updated (a
 * changed comment drops its stored translations, they no longer match; an unchanged one keeps them and gains new
 * ones), equal ones left alone. `removeDemo` deletes every demo review in the same transaction (a real
 * provider's reviews replace them).
 *
 * @returns counts of inserted, updated, unchanged and removed demo rows. Throws on database errors (then nothing
 * is stored).
 */
async function upsertReviews(
  db: Database,
  provider: ReviewSource,
  list: ImportedReview[],
  options: { removeDemo?: boolean } = {},
): Promise<Pick<RatingsImportResult, 'inserted' | 'updated' | 'unchanged' | 'removedDemo'>> {
  return db.transaction(async (tx) => {
    let inserted = 0;
    let updated = 0;
    for (let i = 0; i < list.length; i += CHUNK) {
      const rows = await tx
        .insert(reviews)
        .values(list.slice(i, i + CHUNK).map((r) => ({ ...r, provider })))
        .onConflictDoUpdate({
          target: [reviews.provider, reviews.providerReviewId],
          set: {
            ratingId: sql`excluded.rating_id`,
            parkingLotId: sql`excluded.parking_lot_id`,
            rating: sql`excluded.rating`,
            comment: sql`excluded.comment`,
            locale: sql`excluded.locale`,
            submittedAt: sql`excluded.submitted_at`,
            translations: sql`case when ${reviews.comment} = excluded.comment
              then ${reviews.translations} || excluded.translations else excluded.translations end`,
            importedAt: sql`now()`,
          },
          setWhere: sql`(${reviews.ratingId}, ${reviews.parkingLotId}, ${reviews.rating}, ${reviews.comment},
              ${reviews.locale}, ${reviews.submittedAt}) is distinct from (excluded.rating_id, excluded.parking_lot_id,
              excluded.rating, excluded.comment, excluded.locale, excluded.submitted_at)
            or not (${reviews.translations} @> excluded.translations)`,
        })
        // xmax is 0 on a row this statement inserted, set on one it updated (PostgreSQL's usual upsert probe).
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const row of rows) {
        if (row.inserted) inserted++;
        else updated++;
      }
    }
    const removed = options.removeDemo
      ? await tx.delete(reviews).where(eq(reviews.provider, 'demo')).returning({ id: reviews.id })
      : [];
    return { inserted, updated, unchanged: list.length - inserted - updated, removedDemo: removed.length };
  });
}

/** Where a review is filed: the rating id and the parking lot it is about (decision 0042). */
type ReviewPlace = { ratingId: string; parkingLotId: number | null };

/**
 * Where each order id that is one of our reservation references belongs: its airport's rating id and the parking
 * lot of its tariff (each car park has its own rating, decision 0042).
 */
async function placesByOrder(db: Database, orderIds: string[]): Promise<Map<string, ReviewPlace>> {
  const map = new Map<string, ReviewPlace>();
  for (let i = 0; i < orderIds.length; i += CHUNK) {
    const rows = await db
      .select({ reference: reservations.reference, ratingId: airports.ratingId, parkingLotId: tariffs.parkingLotId })
      .from(reservations)
      .innerJoin(airports, eq(airports.id, reservations.airportId))
      .leftJoin(tariffs, eq(tariffs.id, reservations.tariffId))
      .where(inArray(reservations.reference, orderIds.slice(i, i + CHUNK)));
    for (const row of rows) {
      if (row.ratingId) map.set(row.reference, { ratingId: row.ratingId, parkingLotId: row.parkingLotId ?? null });
    }
  }
  return map;
}

/** The parking lot ids of the catalogue by {@link demoLotKey} (the demo reviews name their lot that way). */
async function demoLotIds(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: parkingLots.id, name: parkingLots.name, iata: airports.iata })
    .from(parkingLots)
    .innerJoin(airports, eq(airports.id, parkingLots.airportId));
  return new Map(rows.map((r) => [demoLotKey(r.iata, r.name), r.id]));
}

/**
 * Runs one import. With eKomi configured: reads every review (`fetchEkomiFeedback`), files each under the airport
 * and parking lot of the reservation whose reference is its order id (else under the shop's own rating id, no
 * lot), upserts them as source `ekomi` and removes the demo reviews. Without: upserts the demo reviews, each with
 * its lot (so it also gives the lots of a database seeded before decision 0042 their demo reviews).
 *
 * @param deps.fetch - replaces the global fetch (tests).
 * @returns what it did. Throws `EkomiError` when eKomi cannot be read (nothing is changed then), and on
 * database errors. Source: decision 0014.
 */
export async function importRatings(deps: {
  db: Database;
  env: RatingsImportConfig;
  fetch?: typeof fetch;
}): Promise<RatingsImportResult> {
  const { db, env } = deps;
  if (!ekomiConfigured(env)) {
    // A lot the catalogue no longer has (renamed in the back office) leaves its demo reviews without a lot.
    const lots = await demoLotIds(db);
    const list = demoReviews().map(({ lotKey, ...r }) => ({
      ...r,
      parkingLotId: (lotKey && lots.get(lotKey)) || null,
      locale: toLocale(r.locale),
      translations: r.translations ?? {},
    }));
    const done = await upsertReviews(db, 'demo', list);
    return { provider: 'demo', received: list.length, skipped: 0, ...done };
  }
  const { rows, skipped: malformed } = await fetchEkomiFeedback({
    interfaceId: env.EKOMI_INTERFACE_ID!,
    interfacePassword: env.EKOMI_INTERFACE_PASSWORD!,
    apiUrl: env.EKOMI_API_URL,
    fetch: deps.fetch,
  });
  const byOrder = await placesByOrder(
    db,
    rows.map((r) => r.order_id),
  );
  const { reviews: list, skipped } = ekomiToReviews(
    rows,
    (orderId) => byOrder.get(orderId) ?? { ratingId: SHOP_RATING_ID, parkingLotId: null },
  );
  const done = await upsertReviews(db, 'ekomi', list, { removeDemo: true });
  return { provider: 'ekomi', received: rows.length + malformed, skipped: skipped + malformed, ...done };
}

/**
 * In a running shop with eKomi configured: imports once a minute after start, then every
 * `EKOMI_IMPORT_INTERVAL_MINUTES` (the shop holds the database; with PGlite no second process may open it).
 * Failures are logged and retried at the next turn. Returns a function that stops the timer; does nothing (and
 * returns a no-op) without eKomi or with an interval of 0.
 */
export function startRatingsImport(ctx: { db: Database; env: RatingsImportConfig; logger: ServiceLogger }): () => void {
  const minutes = ctx.env.EKOMI_IMPORT_INTERVAL_MINUTES;
  if (!ekomiConfigured(ctx.env) || minutes <= 0) return () => {};
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    importRatings({ db: ctx.db, env: ctx.env })
      .then((result) => ctx.logger.info({ ...result }, 'ratings imported'))
      .catch((err) => ctx.logger.warn({ err }, 'ratings import failed'))
      .finally(() => (running = false));
  };
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, minutes * 60_000);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

/**
 * Each car park's own rating and where reviews come from (issue 30 items 1 and 2, decision 0042): the per-lot
 * figures of the tariffs page from one grouped read (the seeded demo reviews: two lots of one airport differ, a
 * lot without reviews has none), hidden reviews left out, a lot's rating id in the API, the sources the statement
 * is derived from (demo → ekomi after an import, stay beside it), and eKomi imports filed by the reservation's lot.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, parkingLots, reservations, reviews, tariffs } from '../../database/schema.ts';
import { importRatings } from '../../app/services/ratings/ratings-import.server.ts';
import { loadLotRatings, loadRatingsSection } from '../../app/services/ratings/ratings.server.ts';
import { searchTariffs } from '../../app/services/checkout/tariffs-page.server.ts';
import { reviewCheckKeys } from '../../app/domain/ratings.ts';
import { insertReservation } from '../fixtures/reservation.ts';
import { ApiClient, createTestApp, type TestApp } from './harness.ts';

const FIXTURE = fs.readFileSync(path.resolve('tests/fixtures/ekomi-feedback.json'), 'utf8');
const EKOMI_ENV = {
  EKOMI_API_URL: 'https://api.ekomi.example/v3',
  EKOMI_IMPORT_INTERVAL_MINUTES: 0,
  EKOMI_INTERFACE_ID: '104711',
  EKOMI_INTERFACE_PASSWORD: 's3cr3t-pw',
};

let test: TestApp;
let fraLots: { id: number; name: string }[];

/** Count and star sum of the shown reviews of one lot, straight from the database. */
async function stored(parkingLotId: number) {
  const [row] = await test.ctx.db
    .select({ count: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int` })
    .from(reviews)
    .where(and(eq(reviews.parkingLotId, parkingLotId), isNull(reviews.hiddenAt)));
  return { count: Number(row.count), average: row.count ? Math.round((row.sum * 10) / row.count) / 10 : null };
}

/** A week at Frankfurt, two weeks from now, as the tariffs page's query. */
function fraQuery() {
  const day = (plus: number) => new Date(Date.now() + plus * 86_400_000).toISOString().slice(0, 10);
  return { airport: 'frankfurt', entry: `${day(14)}T08:00`, exit: `${day(21)}T18:00` };
}

beforeAll(async () => {
  test = await createTestApp();
  fraLots = await test.ctx.db
    .select({ id: parkingLots.id, name: parkingLots.name })
    .from(parkingLots)
    .innerJoin(airports, eq(airports.id, parkingLots.airportId))
    .where(eq(airports.iata, 'FRA'))
    .orderBy(parkingLots.id);
});
afterAll(() => test.close());

describe('per-lot ratings (decision 0042)', () => {
  it('gives the lots of one airport their own figures from the seed, and a lot without reviews none', async () => {
    expect(fraLots).toHaveLength(4);
    const byLot = await loadLotRatings(
      test.ctx.db,
      fraLots.map((l) => l.id),
    );
    const [first, second, third, last] = fraLots;
    for (const lot of [first, second, third]) {
      const expected = await stored(lot.id);
      expect(expected.count).toBeGreaterThan(0);
      expect(byLot[lot.id]).toEqual({ id: `lot-${lot.id}`, ...expected, sources: ['demo'] });
    }
    expect(`${byLot[first.id].average}/${byLot[first.id].count}`).not.toBe(
      `${byLot[second.id].average}/${byLot[second.id].count}`,
    );
    expect(last.name).toBe('Parkhaus P2 Terminal 1');
    expect(byLot[last.id]).toBeUndefined();
    expect(await loadLotRatings(test.ctx.db, [])).toEqual({});
  });

  it('puts each offer of the tariffs page beside its own lot rating, in one grouped read', async () => {
    const page = await searchTariffs(test.ctx.db, fraQuery(), { now: new Date(), locale: 'de' });
    expect(page.offers.length).toBeGreaterThan(3);
    const lotIds = new Set(page.offers.map((o) => o.parkingLotId));
    expect(lotIds.size).toBe(4);
    for (const offer of page.offers) {
      const figure = page.lotRatings[offer.parkingLotId];
      if (offer.lotName === 'Parkhaus P2 Terminal 1') expect(figure).toBeUndefined();
      else expect(figure).toMatchObject({ id: `lot-${offer.parkingLotId}`, ...(await stored(offer.parkingLotId)) });
    }
  });

  it('leaves hidden reviews out of a lot figure', async () => {
    const lot = fraLots[0];
    const before = await stored(lot.id);
    const [one] = await test.ctx.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.parkingLotId, lot.id))
      .limit(1);
    await test.ctx.db.update(reviews).set({ hiddenAt: new Date() }).where(eq(reviews.id, one.id));
    const after = await loadLotRatings(test.ctx.db, [lot.id]);
    expect(after[lot.id].count).toBe(before.count - 1);
    await test.ctx.db.update(reviews).set({ hiddenAt: null }).where(eq(reviews.id, one.id));
  });

  it("answers a lot's rating id in the API like an airport's, and 404 for a lot that does not exist", async () => {
    const client = new ApiClient(test);
    const lot = fraLots[1];
    const res = await client.get(`ekomi-ratings/lot-${lot.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: `lot-${lot.id}`, ...(await stored(lot.id)), sources: ['demo'] });
    const empty = await client.get(`ekomi-ratings/lot-${fraLots[3].id}`);
    expect(empty.body).toMatchObject({ average: null, count: 0, sources: [], reviews: [] });
    expect((await client.get('ekomi-ratings/lot-999999')).status).toBe(404);
  });
});

describe('the sources behind the "how reviews are checked" statement (decision 0042)', () => {
  it('are demo for the seed, stay beside them once a stay review exists', async () => {
    const demo = await loadRatingsSection(test.ctx.db, 'eap-fra', null);
    expect(demo.sources).toEqual(['demo']);
    expect(reviewCheckKeys(demo.sources)).toEqual(['ratings.check.demo']);
    await test.ctx.db.insert(reviews).values({
      provider: 'stay',
      providerReviewId: 'STAYTEST',
      ratingId: 'eap-fra',
      parkingLotId: fraLots[3].id,
      rating: 4,
      comment: 'Geparkt und zufrieden.',
      locale: 'de',
      submittedAt: new Date(),
    });
    const mixed = await loadRatingsSection(test.ctx.db, 'eap-fra', null);
    expect(mixed.sources).toEqual(['stay', 'demo']);
    expect(mixed.reviews[0]).toMatchObject({ comment: 'Geparkt und zufrieden.', source: 'stay' });
    expect((await loadLotRatings(test.ctx.db, [fraLots[3].id]))[fraLots[3].id]).toMatchObject({
      count: 1,
      average: 4,
      sources: ['stay'],
    });
    await test.ctx.db.delete(reviews).where(eq(reviews.providerReviewId, 'STAYTEST'));
  });

  it('refuses a source the shop does not know (CHECK constraint)', async () => {
    await expect(
      test.ctx.db.insert(reviews).values({
        provider: 'invented' as 'demo',
        providerReviewId: 'X',
        ratingId: 'eap-fra',
        rating: 4,
        comment: '',
        locale: 'de',
        submittedAt: new Date(),
      }),
    ).rejects.toThrow();
  });

  it('are ekomi after an eKomi import, each review filed under its reservation lot', async () => {
    await insertReservation(test.ctx.db, { reference: '7K2M9QXA', iata: 'MUC' });
    await importRatings({
      db: test.ctx.db,
      env: EKOMI_ENV,
      fetch: (async () => new Response(FIXTURE)) as unknown as typeof fetch,
    });
    const [row] = await test.ctx.db
      .select({ parkingLotId: reviews.parkingLotId, provider: reviews.provider })
      .from(reviews)
      .where(eq(reviews.providerReviewId, '7K2M9QXA'));
    const [booked] = await test.ctx.db
      .select({ lot: tariffs.parkingLotId })
      .from(reservations)
      .innerJoin(tariffs, eq(tariffs.id, reservations.tariffId))
      .where(eq(reservations.reference, '7K2M9QXA'));
    expect(row).toEqual({ parkingLotId: booked.lot, provider: 'ekomi' });
    const section = await loadRatingsSection(test.ctx.db, 'eap-muc', null);
    expect(section.sources).toEqual(['ekomi']);
    expect(reviewCheckKeys(section.sources)).toEqual(['ratings.check.ekomi']);
    expect((await loadLotRatings(test.ctx.db, [row.parkingLotId!]))[row.parkingLotId!]).toMatchObject({
      count: 1,
      sources: ['ekomi'],
    });
  });
});

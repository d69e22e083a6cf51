/**
 * Extensions after entry racing for the last spaces of a day (issue 35 item 2, decision 0054): many parked cars'
 * bookings ask at once for one more day on which only a few spaces are left. Each extension locks its added day in
 * date order like every booking and change, so exactly as many succeed as there are spaces and the day never ends
 * over capacity; the others are refused as sold out and keep their stay. On PGlite (one connection) the requests are
 * serialised; on PostgreSQL (project `integration-pg`) they really compete for the row locks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, reservations, tariffDays, type airports, type tariffs } from '../../database/schema.ts';
import { translator } from '../../app/i18n.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { ApiClient, createTestApp, frankfurtFirstTariff, type TestApp } from './harness.ts';

const de = translator('de');
/** Booked three days before the stay (the sessions outlive the clock's move to the entry). */
const BOOKED_AT = new Date('2027-02-07T09:00:00Z');
/** Everyone is parked: 10 February 12:00 Berlin. */
const PARKED_AT = new Date('2027-02-10T11:00:00Z');
const STAY = { entryTime: '2027-02-10T08:00', exitTime: '2027-02-11T18:00' };
const LATER_EXIT = '2027-02-12T18:00';
const ADDED_DAY = '2027-02-12';
const RACERS = 24;
const FREE = 3;

let test: TestApp;
let dataDir: string;
let fra: typeof airports.$inferSelect;
let tariff: typeof tariffs.$inferSelect;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-extension-race-'));
  test = await createTestApp({ now: BOOKED_AT, env: { DATA_DIR: dataDir } });
  ({ fra, tariff } = await frankfurtFirstTariff(test.ctx.db));
});
afterAll(async () => {
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function booked(day: string): Promise<number> {
  const [row] = await test.ctx.db
    .select()
    .from(tariffDays)
    .where(and(eq(tariffDays.tariffId, tariff.id), eq(tariffDays.day, day)));
  return row?.booked ?? 0;
}

describe('extensions racing for the last spaces of a day', () => {
  it(`lets exactly ${FREE} of ${RACERS} extensions through; the day is never overbooked`, async () => {
    // The added day has FREE spaces left (a day override of the tariff's capacity); the booked days have room.
    await test.ctx.db.insert(tariffDays).values({ tariffId: tariff.id, day: ADDED_DAY, booked: 0, capacity: FREE });
    const parked: { client: ApiClient; reference: string }[] = [];
    for (let i = 0; i < RACERS; i++) {
      // All the test's clients share one IP: the per-IP limit is not what this test is about.
      if (i % 20 === 0) await test.ctx.db.delete(rateLimits);
      const client = await new ApiClient(test).start();
      const cart = await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...STAY });
      expect(cart.status, JSON.stringify(cart.body)).toBe(200);
      const res = await client.post('checkout', checkoutBody({ ...STAY, personCount: 1, licensePlate: `F-X ${i}` }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      parked.push({ client, reference: res.body.reservation.reference as string });
    }
    await test.ctx.db.delete(rateLimits);
    test.setNow(PARKED_AT);

    const started = performance.now();
    const responses = await Promise.all(
      parked.map((p, i) =>
        p.client.post(`reservations/${p.reference}/change`, { exitTime: LATER_EXIT }, { 'Idempotency-Key': `x-${i}` }),
      ),
    );
    const elapsed = performance.now() - started;

    const ok = responses.filter((r) => r.status === 200);
    expect(ok, responses.map((r) => `${r.status} ${JSON.stringify(r.body)}`).join('\n')).toHaveLength(FREE);
    for (const r of responses.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body).toEqual({ message: de('checkout.api.sold_out') });
    }
    expect(await booked(ADDED_DAY)).toBe(FREE);
    const rows = await test.ctx.db
      .select()
      .from(reservations)
      .where(
        inArray(
          reservations.reference,
          parked.map((p) => p.reference),
        ),
      );
    expect(rows.filter((r) => r.exitLocal === LATER_EXIT)).toHaveLength(FREE);
    expect(rows.filter((r) => r.exitLocal === STAY.exitTime)).toHaveLength(RACERS - FREE);
    // the booked days still hold every car
    expect(await booked('2027-02-10')).toBe(RACERS);
    expect(await booked('2027-02-11')).toBe(RACERS);
    // A hint for the report, not a limit: how long the racing extensions took together.
    console.info(`${RACERS} racing extensions answered in ${Math.round(elapsed)} ms`);
  });
});

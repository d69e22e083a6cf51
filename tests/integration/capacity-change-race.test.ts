/**
 * A tariff's default capacity lowered by the back office while bookings go on (decision 0032): a booking counts
 * against the number stored in the tariff's row, never against the cached catalogue (another process's cache is
 * dropped only when its `NOTIFY` arrives), and on PostgreSQL a booking that arrives while the change's transaction
 * holds the tariff's row waits for it and then counts against the new number. Either way no day ends over capacity.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, tariffDays, tariffs } from '../../database/schema.ts';
import { translator } from '../../app/i18n.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { ApiClient, createTestApp, type TestApp } from './harness.ts';

const POSTGRES = process.env.TEST_DRIVER === 'postgres';

let test: TestApp;
let dataDir: string;
let airportId: number;
let tariff: typeof tariffs.$inferSelect;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-capacity-race-'));
  test = await createTestApp({ now: new Date('2026-11-21T09:00:00Z'), env: { DATA_DIR: dataDir } });
  const [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
  airportId = fra.id;
  [tariff] = await test.ctx.db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.airportId, fra.id), eq(tariffs.active, true)))
    .orderBy(asc(tariffs.id))
    .limit(1);
});
afterAll(async () => {
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A new session with `stay` in its cart (the cart's check reads the cached catalogue). */
async function shopper(stay: { entryTime: string; exitTime: string }): Promise<ApiClient> {
  const client = await new ApiClient(test).start();
  const cart = await client.post('checkout/cart', { airportId, tariffId: tariff.id, ...stay });
  expect(cart.status, JSON.stringify(cart.body)).toBe(200);
  return client;
}

const book = (client: ApiClient, stay: { entryTime: string; exitTime: string }) =>
  client.post('checkout', checkoutBody({ ...stay, personCount: 1, licensePlate: '', gender: false }));

/** The most spaces booked on any day of the tariff. */
async function mostBooked(): Promise<number> {
  const [row] = await test.ctx.db
    .select({ most: sql<number>`max(${tariffDays.booked})` })
    .from(tariffDays)
    .where(eq(tariffDays.tariffId, tariff.id));
  return Number(row.most ?? 0);
}

/** Sets the tariff's default capacity in its row only, as another process's back office would: no cache is told. */
async function storeCapacity(capacity: number) {
  await test.ctx.db.update(tariffs).set({ capacity }).where(eq(tariffs.id, tariff.id));
}

describe('the default capacity a booking counts against (decision 0032)', () => {
  it('is the one stored in the tariff row, not the cached catalogue', async () => {
    const stay = { entryTime: '2027-01-12T08:00', exitTime: '2027-01-13T18:00' };
    const first = await shopper(stay);
    const second = await shopper(stay);
    expect((await book(first, stay)).status).toBe(201);
    // Lowered to what is booked, elsewhere: this process's catalogue still holds the old number.
    await storeCapacity(1);
    const refused = await book(second, stay);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.message).toBe(translator('de')('checkout.api.sold_out'));
    expect(await mostBooked()).toBe(1);
    await storeCapacity(tariff.capacity);
  });

  it('is the stored one too when a reservation is moved onto a day the lower number made full', async () => {
    const full = { entryTime: '2027-01-26T08:00', exitTime: '2027-01-26T18:00' };
    const before = { entryTime: '2027-01-27T08:00', exitTime: '2027-01-27T18:00' };
    expect((await book(await shopper(full), full)).status).toBe(201);
    const mover = await shopper(before);
    const booked = await book(mover, before);
    expect(booked.status).toBe(201);
    await storeCapacity(1);
    const moved = await move(mover, booked.body.reservation.reference, full);
    expect(moved.status, JSON.stringify(moved.body)).toBe(409);
    expect(await mostBooked()).toBe(1);
    await storeCapacity(tariff.capacity);
  });

  it.runIf(POSTGRES)(
    'waits for a change that holds the tariff row, then counts against the new number (PostgreSQL)',
    async () => {
      const stay = { entryTime: '2027-01-19T08:00', exitTime: '2027-01-20T18:00' };
      const first = await shopper(stay);
      const second = await shopper(stay);
      expect((await book(first, stay)).status).toBe(201);
      const refused = await whileCapacityIsLowered(1, () => book(second, stay));
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(await mostBooked()).toBe(1);
      await storeCapacity(tariff.capacity);
    },
  );

  it.runIf(POSTGRES)('a reservation moved meanwhile waits for the change as well (PostgreSQL)', async () => {
    const full = { entryTime: '2027-02-02T08:00', exitTime: '2027-02-02T18:00' };
    const before = { entryTime: '2027-02-03T08:00', exitTime: '2027-02-03T18:00' };
    expect((await book(await shopper(full), full)).status).toBe(201);
    const mover = await shopper(before);
    const reference = (await book(mover, before)).body.reservation.reference as string;
    const moved = await whileCapacityIsLowered(1, () => move(mover, reference, full));
    expect(moved.status, JSON.stringify(moved.body)).toBe(409);
    expect(await mostBooked()).toBe(1);
    await storeCapacity(tariff.capacity);
  });
});

/**
 * Lowers the default capacity to `capacity` in a transaction that locks as the back office's `updateTariff` does
 * (the tariff row, then the future days without an override, then the update), starts `request` inside it, waits
 * until that request's transaction is blocked on a lock, then commits; resolves with the request's answer.
 */
async function whileCapacityIsLowered<T>(capacity: number, request: () => Promise<T>): Promise<T> {
  let pending: Promise<T> | undefined;
  await test.ctx.db.transaction(async (tx) => {
    await tx.select().from(tariffs).where(eq(tariffs.id, tariff.id)).for('no key update');
    await tx
      .select()
      .from(tariffDays)
      .where(and(eq(tariffDays.tariffId, tariff.id), sql`${tariffDays.capacity} is null`))
      .for('update');
    await tx.update(tariffs).set({ capacity }).where(eq(tariffs.id, tariff.id));
    pending = request();
    for (let i = 0; ; i++) {
      const waiting = (await test.ctx.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] };
      if (waiting.rows[0].n > 0) break;
      if (i > 500) throw new Error('the request never waited for the change');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return pending!;
}

/** Moves the reservation `reference` (guest access in `client`'s session) to `stay`. */
function move(client: ApiClient, reference: string, stay: { entryTime: string; exitTime: string }) {
  return client.post(
    `reservations/${reference}/change`,
    { ...stay, personCount: 1, childrenSeat: 0, bulkyBaggage: '', licensePlate: '' },
    { 'Idempotency-Key': `move-${reference}` },
  );
}

/**
 * Concurrent checkouts (DESIGN §6 Availability: "PostgreSQL must be proven under concurrency"): the last free
 * spaces, the last coupon uses and one idempotency key raced by many sessions at once. On PGlite the
 * transactions are serialised, so the same assertions hold trivially; on PostgreSQL they prove the locking.
 * Each test books its own stay (its own day rows) and the real mail outbox runs, so no test depends on another.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, coupons, invoices, rateLimits, reservations, tariffDays, tariffs } from '../../database/schema.ts';
import { translator } from '../../app/i18n.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { ApiClient, createTestApp, type TestApp } from './harness.ts';

const de = translator('de');
const stay = { entryTime: '2026-12-07T08:00', exitTime: '2026-12-09T18:00' };
const DATES = ['2026-12-07', '2026-12-08', '2026-12-09'];

let test: TestApp;
let dataDir: string;
let fra: typeof airports.$inferSelect;
let fraTariffs: (typeof tariffs.$inferSelect)[];

/** A stay of three days starting on `day` (its own day rows, untouched by the other tests). */
const stayFrom = (day: string, last: string) => ({ entryTime: `${day}T08:00`, exitTime: `${last}T18:00` });

const body = (overrides: Record<string, unknown> = {}, times = stay) =>
  checkoutBody({ ...times, personCount: 1, licensePlate: '', gender: false, ...overrides });

/** `count` separate sessions, each with the same tariff and stay in its cart. */
async function clientsWithCart(tariffId: number, count: number, times = stay): Promise<ApiClient[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const c = await new ApiClient(test).start();
      const res = await c.post('checkout/cart', { airportId: fra.id, tariffId, ...times });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return c;
    }),
  );
}

function countStatuses(responses: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

/** Every invoice number in the database is `RE-2026-000001` … `RE-2026-<count>`: none skipped, none twice. */
async function expectGaplessInvoiceNumbers() {
  const rows = await test.ctx.db.select().from(reservations);
  const numbers = rows.map((r) => r.invoiceNumber!).sort();
  expect(numbers).toEqual(rows.map((_, i) => `RE-2026-${String(i + 1).padStart(6, '0')}`));
  expect(new Set(rows.map((r) => r.reference)).size).toBe(rows.length);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-concurrency-'));
  test = await createTestApp({ now: new Date('2026-11-21T09:00:00Z'), env: { DATA_DIR: dataDir } });
  [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
  fraTariffs = (
    await test.ctx.db
      .select()
      .from(tariffs)
      .where(and(eq(tariffs.airportId, fra.id), eq(tariffs.active, true)))
  ).sort((a, b) => a.id - b.id);
});
afterAll(async () => {
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('concurrent POST /api/checkout', () => {
  it('sells exactly the N free spaces to N + 10 simultaneous customers', async () => {
    const FREE = 3;
    const tariff = fraTariffs[0];
    // One day has a lower capacity override: the tightest day decides.
    await test.ctx.db.insert(tariffDays).values([
      { tariffId: tariff.id, day: DATES[0], booked: tariff.capacity - FREE - 5 },
      { tariffId: tariff.id, day: DATES[1], booked: tariff.capacity - FREE },
      { tariffId: tariff.id, day: DATES[2], booked: 10, capacity: 10 + FREE },
    ]);
    const clients = await clientsWithCart(tariff.id, FREE + 10);
    const before = (await test.ctx.db.select().from(reservations).where(eq(reservations.tariffId, tariff.id))).length;
    const responses = await Promise.all(clients.map((c) => c.post('checkout', body())));

    expect(countStatuses(responses)).toEqual({ 201: FREE, 409: 10 });
    for (const r of responses.filter((x) => x.status === 409))
      expect(r.body).toEqual({ message: de('checkout.api.sold_out') });

    const days = await test.ctx.db
      .select()
      .from(tariffDays)
      .where(and(eq(tariffDays.tariffId, tariff.id), inArray(tariffDays.day, DATES)))
      .orderBy(tariffDays.day);
    expect(days.map((d) => d.booked)).toEqual([tariff.capacity - 5, tariff.capacity, 10 + FREE]);

    const rows = await test.ctx.db.select().from(reservations).where(eq(reservations.tariffId, tariff.id));
    expect(rows).toHaveLength(before + FREE);
    // Invoice numbers stay gapless: failed bookings consume none.
    await expectGaplessInvoiceNumbers();
  });

  it('books days that do not exist yet exactly once each (concurrent row creation)', async () => {
    const tariff = fraTariffs[1];
    const dates = ['2027-01-11', '2027-01-12', '2027-01-13'];
    const times = stayFrom(dates[0], dates[2]);
    const clients = await clientsWithCart(tariff.id, 12, times);
    const responses = await Promise.all(clients.map((c) => c.post('checkout', body({}, times))));
    expect(countStatuses(responses)).toEqual({ 201: 12 });
    const days = await test.ctx.db
      .select()
      .from(tariffDays)
      .where(and(eq(tariffDays.tariffId, tariff.id), inArray(tariffDays.day, dates)))
      .orderBy(tariffDays.day);
    expect(days.map((d) => [d.day, d.booked])).toEqual(dates.map((d) => [d, 12]));
  });

  it('redeems a coupon no more often than its usage limit', async () => {
    const tariff = fraTariffs[2] ?? fraTariffs[0];
    await test.ctx.db.insert(coupons).values({ code: 'RACE2', kind: 'percent', value: 5, usageLimit: 2 });
    const times = stayFrom('2027-01-18', '2027-01-20');
    const clients = await clientsWithCart(tariff.id, 8, times);
    const before = (await test.ctx.db.select().from(reservations)).length;
    const responses = await Promise.all(clients.map((c) => c.post('checkout', body({ couponCode: 'RACE2' }, times))));

    expect(countStatuses(responses)).toEqual({ 201: 2, 422: 6 });
    for (const r of responses.filter((x) => x.status === 422)) {
      expect(r.body.errors).toEqual({ couponCode: [de('validation.coupon.used_up')] });
    }
    const [coupon] = await test.ctx.db.select().from(coupons).where(eq(coupons.code, 'RACE2'));
    expect(coupon.usedCount).toBe(2);
    expect(await test.ctx.db.select().from(reservations)).toHaveLength(before + 2);
  });

  it('books once when one session sends the same key many times at once', async () => {
    const tariff = fraTariffs[0];
    const times = stayFrom('2027-01-25', '2027-01-27');
    const [client] = await clientsWithCart(tariff.id, 1, times);
    const before = (await test.ctx.db.select().from(reservations)).length;
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => client.post('checkout', body({}, times), { 'Idempotency-Key': 'double-click' })),
    );
    const created = responses.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of responses) expect([201, 409]).toContain(r.status);
    expect(new Set(created.map((r) => r.body.reservation.reference)).size).toBe(1);
    expect(await test.ctx.db.select().from(reservations)).toHaveLength(before + 1);
  });

  it('hands out gapless invoice numbers, one stored invoice each and unique references to 50 concurrent bookings', async () => {
    const tariff = fraTariffs[0];
    await test.ctx.db.update(tariffs).set({ capacity: 500 }).where(eq(tariffs.id, tariff.id));
    // All 50 customers share the test's IP: give the carts and then the checkouts each a fresh per-IP
    // allowance (120 requests a minute), so the race below is about invoice numbers, not the rate limit.
    await test.ctx.db.delete(rateLimits);
    const times = stayFrom('2027-02-01', '2027-02-03');
    const clients = await clientsWithCart(tariff.id, 50, times);
    await test.ctx.db.delete(rateLimits);
    const responses = await Promise.all(clients.map((c) => c.post('checkout', body({}, times))));
    expect(countStatuses(responses)).toEqual({ 201: 50 });
    await expectGaplessInvoiceNumbers();
    // Each confirmed reservation has exactly its own immutable invoice snapshot, stored in the same transaction.
    const booked = await test.ctx.db.select().from(reservations);
    const stored = await test.ctx.db.select().from(invoices);
    expect(stored.map((i) => i.number).sort()).toEqual(booked.map((r) => r.invoiceNumber).sort());
    for (const row of stored) {
      const owner = booked.find((r) => r.id === row.reservationId)!;
      expect(row.kind).toBe('invoice');
      expect(row.number).toBe(owner.invoiceNumber);
      expect(row.data).toMatchObject({ number: owner.invoiceNumber, reference: owner.reference });
    }
  });
});

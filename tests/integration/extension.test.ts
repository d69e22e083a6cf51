/**
 * The extension after entry (issue 35 item 2, decision 0054) through the real API: after the free change period and
 * until the booked exit `POST /api/reservations/{reference}/change` takes a later exit only, priced with the overstay
 * rule; an invoice payer's extension is applied at once (credit note, new invoice, the added day booked, history and
 * mail say "extended"), an online payer's waits for the hosted payment of the difference (202) and is applied when it
 * is paid; anything else stays refused with the existing answers. The capacity race is in `extension-race.test.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoices,
  payments,
  priceLists,
  reservationEvents,
  reservations,
  tariffDays,
  type airports,
  type tariffs,
} from '../../database/schema.ts';
import { overstayOf } from '../../app/domain/overstay.ts';
import { translator } from '../../app/i18n.server.ts';
import { startOnlinePayment } from '../../app/services/payments/online-payment.server.ts';
import { configurePaymentProvider } from '../../app/services/payments/payment.server.ts';
import { completeDemoCheckout } from '../../app/services/payments/payment-demo.server.ts';
import { providerFromConfig } from '../../app/services/payments/configure.server.ts';
import { createTestClock } from '../../server/test-clock.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { deliveredMail } from '../fixtures/outbox.ts';
import { ApiClient, createTestApp, frankfurtFirstTariff, type TestApp } from './harness.ts';

const de = translator('de');
const NOW = new Date('2026-11-21T09:00:00Z');

let test: TestApp;
let dataDir: string;
let fra: typeof airports.$inferSelect;
let tariff: typeof tariffs.$inferSelect;

const stayOf = (first: string, last: string) => ({ entryTime: `${first}T08:00`, exitTime: `${last}T18:00` });
const travel = (times: { entryTime: string; exitTime: string }, overrides: Record<string, unknown> = {}) => ({
  ...times,
  personCount: 1,
  childrenSeat: 0,
  bulkyBaggage: '',
  licensePlate: 'F-AB 1234',
  ...overrides,
});

/**
 * A new session that books `times` (paying by `paymentType`) three days before the entry and keeps guest access to
 * it (booked closer to the stay than the session's 14 days, so the session outlives the clock's moves).
 */
async function book(times: { entryTime: string; exitTime: string }, paymentType = 'invoice') {
  test.setNow(new Date(Date.parse(`${times.entryTime.slice(0, 10)}T09:00:00Z`) - 3 * 86_400_000));
  const client = await new ApiClient(test).start();
  const cart = await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...times });
  expect(cart.status, JSON.stringify(cart.body)).toBe(200);
  const res = await client.post(
    'checkout',
    checkoutBody({ ...times, personCount: 1, licensePlate: 'F-AB 1234', paymentType }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const reference = res.body.reservation.reference as string;
  return { client, reference, row: await stored(reference) };
}

async function stored(reference: string) {
  const [row] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference));
  return row;
}

async function dayCounts(dates: string[]) {
  const rows = await test.ctx.db
    .select()
    .from(tariffDays)
    .where(and(eq(tariffDays.tariffId, tariff.id), inArray(tariffDays.day, dates)));
  return Object.fromEntries(rows.map((r) => [r.day, r.booked]));
}

async function events(reservationId: number) {
  return test.ctx.db
    .select()
    .from(reservationEvents)
    .where(eq(reservationEvents.reservationId, reservationId))
    .orderBy(asc(reservationEvents.id));
}

/** What the overstay rule charges for moving the booked exit to `exit` (the expected extension price). */
async function overstayPrice(row: typeof reservations.$inferSelect, exit: string) {
  const lists = await test.ctx.db.select().from(priceLists).where(eq(priceLists.tariffId, tariff.id));
  return overstayOf({ bookedEntry: row.entryLocal, bookedExit: row.exitLocal, actualExit: exit, priceLists: lists })
    .extraCents;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-extension-'));
  test = await createTestApp({ now: NOW, env: { DATA_DIR: dataDir } });
  ({ fra, tariff } = await frankfurtFirstTariff(test.ctx.db));
  // The demo provider takes the online payments (its own signed webhook, no outside service).
  configurePaymentProvider(providerFromConfig({ SESSION_SECRET: test.ctx.env.SESSION_SECRET, PAYMENT_DEMO: true }));
});
afterAll(async () => {
  configurePaymentProvider(null);
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('extension after entry, paid by invoice', () => {
  it('quotes and applies a later exit with the overstay price, a new invoice, the added day, history and mail', async () => {
    const { client, reference, row } = await book(stayOf('2026-12-01', '2026-12-03'));
    expect(row.invoiceNumber).toMatch(/^RE-/);
    // the car is in: 1 December 10:00 Berlin
    test.setNow(new Date('2026-12-01T09:00:00Z'));
    const later = '2026-12-04T18:00';
    const price = await overstayPrice(row, later);
    expect(price).toBeGreaterThan(0);

    // the API may send the exit alone; the quote changes nothing
    const quoted = await client.post(`reservations/${reference}/change`, { exitTime: later, dryRun: true });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    expect(quoted.body.quote).toMatchObject({
      dryRun: true,
      differenceCents: price,
      settlement: 'none',
      old: { entryTime: row.entryLocal, exitTime: row.exitLocal, totalCents: row.totalCents },
      new: { entryTime: row.entryLocal, exitTime: later, personCount: 1, totalCents: row.totalCents + price },
    });
    expect(
      quoted.body.quote.days.map((d: { day: string; bookedCents: number | null }) => d.bookedCents === null),
    ).toEqual([false, false, false, true]);
    expect(await stored(reference)).toEqual(row);

    // the form sends every field as booked: the same extension
    const key = { 'Idempotency-Key': `extend-${reference}` };
    const before = await dayCounts(['2026-12-04']);
    const formBody = travel({ entryTime: row.entryLocal, exitTime: later }, { licensePlate: 'f-ab 1234' });
    const extended = await client.post(`reservations/${reference}/change`, formBody, key);
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    expect(extended.body.reservation).toMatchObject({ exitTime: later, totalCents: row.totalCents + price });
    const after = await stored(reference);
    expect(after).toMatchObject({
      entryLocal: row.entryLocal,
      exitLocal: later,
      billableDays: 4,
      personCount: row.personCount,
      licensePlate: row.licensePlate,
      totalCents: row.totalCents + price,
      parkingCents: row.parkingCents + price,
      discountCents: row.discountCents,
    });
    expect(after.exitAt.toISOString()).toBe('2026-12-04T17:00:00.000Z');
    expect(after.invoiceNumber).not.toBe(row.invoiceNumber);
    expect(await dayCounts(['2026-12-04'])).toEqual({ '2026-12-04': (before['2026-12-04'] ?? 0) + 1 });
    const documents = await test.ctx.db
      .select({ kind: invoices.kind, number: invoices.number })
      .from(invoices)
      .where(eq(invoices.reservationId, row.id))
      .orderBy(asc(invoices.id));
    expect(documents.map((d) => d.kind)).toEqual(['invoice', 'credit_note', 'invoice']);
    expect(documents[2].number).toBe(after.invoiceNumber);
    const changed = (await events(row.id)).find((e) => e.kind === 'changed');
    expect(changed?.data).toMatchObject({ extension: true, differenceCents: price });
    const mail = await deliveredMail(test.ctx.db, dataDir, row.id, 'reservation_changed');
    expect(mail.text).toContain(`${de('manage.mail.change_kind')}: ${de('manage.mail.extension')}`);
    // the same key replays the answer
    expect((await client.post(`reservations/${reference}/change`, formBody, key)).body).toEqual(extended.body);
  });

  it('refuses anything but a later exit with the existing answers, and nothing at all from the booked exit on', async () => {
    const { client, reference, row } = await book(stayOf('2026-12-08', '2026-12-10'));
    // the free period ended at 7 December 08:00 Berlin; not yet entered
    test.setNow(new Date('2026-12-07T12:00:00Z'));
    const change = (body: Record<string, unknown>, key?: string) =>
      client.post(`reservations/${reference}/change`, body, key ? { 'Idempotency-Key': key } : {});
    const tooLate = { message: de('manage.error.too_late') };
    const booked = { entryTime: row.entryLocal, exitTime: row.exitLocal };
    for (const body of [
      travel({ ...booked, exitTime: '2026-12-11T18:00' }, { personCount: 2 }),
      travel({ ...booked, exitTime: '2026-12-11T18:00' }, { licensePlate: 'B-XY 99' }),
      travel({ entryTime: '2026-12-09T08:00', exitTime: '2026-12-11T18:00' }),
      { exitTime: '2026-12-09T18:00' },
      { exitTime: '2026-12-09T18:00', dryRun: true },
    ]) {
      const res = await change(body, 'refused');
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body).toEqual(tooLate);
    }
    const unchanged = await change({ exitTime: row.exitLocal }, 'same');
    expect(unchanged.status).toBe(422);
    expect(unchanged.body).toEqual({ message: de('manage.error.unchanged') });
    const invalid = await change({ exitTime: 'morgen' }, 'invalid');
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ exitTime: [de('validation.invalid')] });
    const tooLong = await change({ exitTime: '2027-06-30T18:00', dryRun: true });
    expect(tooLong.status).toBe(422);
    expect(Object.keys(tooLong.body.errors)).toEqual(['exitTime']);
    // a cancellation stays refused after the free period
    expect((await client.post(`reservations/${reference}/cancel`, {})).status).toBe(409);
    // a later exit on the booked exit date: no extra day, no price
    const sameDay = await change({ exitTime: '2026-12-10T22:00', dryRun: true });
    expect(sameDay.status, JSON.stringify(sameDay.body)).toBe(200);
    expect(sameDay.body.quote.differenceCents).toBe(0);
    expect(await stored(reference)).toEqual(row);

    // from the booked exit on (10 December 18:00 Berlin) the stay is over: nothing is offered
    test.setNow(new Date('2026-12-10T17:00:00Z'));
    const over = await change({ exitTime: '2026-12-11T18:00', dryRun: true });
    expect(over.status).toBe(409);
    expect(over.body).toEqual(tooLate);
    expect(await stored(reference)).toEqual(row);
    test.setNow(NOW);
  });
});

describe('extension after entry, paid online', () => {
  it('waits for the hosted payment of the difference (202), then takes effect; the history says extension', async () => {
    const { client, reference, row: booked } = await book(stayOf('2026-12-15', '2026-12-16'), 'online');
    const [first] = await test.ctx.db.select().from(payments).where(eq(payments.reservationId, booked.id));
    await completeDemoCheckout(test.ctx, {
      sessionId: first.sessionId!,
      outcome: 'pay',
      locale: 'de',
      sessionSecret: test.ctx.env.SESSION_SECRET,
    });
    const row = await stored(reference);
    expect(row.status).toBe('confirmed');
    test.setNow(new Date('2026-12-15T10:00:00Z'));
    const later = '2026-12-18T12:00';
    const price = await overstayPrice(row, later);

    const quoted = await client.post(`reservations/${reference}/change`, { exitTime: later, dryRun: true });
    expect(quoted.body.quote).toMatchObject({ settlement: 'charge', differenceCents: price });
    const asked = await client.post(
      `reservations/${reference}/change`,
      { exitTime: later },
      {
        'Idempotency-Key': `extend-online-${reference}`,
      },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body.redirect).toBe(`/reservierung/${reference}/bezahlen`);
    // the booking stands until the difference is paid; the added days are held
    expect(await stored(reference)).toEqual(row);
    expect(await dayCounts(['2026-12-17', '2026-12-18'])).toMatchObject({ '2026-12-17': 1, '2026-12-18': 1 });
    expect((await events(row.id)).find((e) => e.kind === 'change_requested')?.data).toMatchObject({
      extension: true,
      amountCents: price,
    });

    await startOnlinePayment(test.ctx, { reference, locale: 'de' });
    const open = (await test.ctx.db.select().from(payments).where(eq(payments.reservationId, row.id))).find(
      (p) => p.status === 'open',
    );
    expect(open?.amountCents).toBe(price);
    await completeDemoCheckout(test.ctx, {
      sessionId: open!.sessionId!,
      outcome: 'pay',
      locale: 'de',
      sessionSecret: test.ctx.env.SESSION_SECRET,
    });
    const after = await stored(reference);
    expect(after).toMatchObject({ exitLocal: later, totalCents: row.totalCents + price });
    expect(after.invoiceNumber).not.toBe(row.invoiceNumber);
    expect((await events(row.id)).find((e) => e.kind === 'changed')?.data).toMatchObject({
      extension: true,
      paidCents: price,
    });
    test.setNow(NOW);
  });
});

describe('the test clock of the admin endpoint (SHOP_TEST_CLOCK)', () => {
  it('answers 404 while off; on, moves and resets the clock behind the token', async () => {
    test.ctx.adminToken = 'internal-test-token';
    const call = (path: '' | '/reset', query = '', token = 'internal-test-token') =>
      supertest(test.app).post(`/internal/clock${path}${query}`).set('Authorization', `Bearer ${token}`);
    const at = '2026-12-24T10:00:00.000Z';
    expect((await call('', `?at=${at}`)).status).toBe(404);
    expect((await call('/reset')).status).toBe(404);
    const clock = createTestClock();
    test.ctx.testClock = clock;
    try {
      expect((await call('', `?at=${at}`, 'wrong')).status).toBe(401);
      expect((await call('', '?at=gestern')).status).toBe(400);
      const moved = await call('', `?at=${at}`);
      expect(moved.status).toBe(200);
      expect(Math.abs(Date.parse(moved.body.now) - Date.parse(at))).toBeLessThan(5_000);
      expect(Math.abs(clock.now().getTime() - Date.parse(at))).toBeLessThan(5_000);
      const reset = await call('/reset');
      expect(reset.body.offsetMs).toBe(0);
      expect(clock.offsetMs()).toBe(0);
    } finally {
      delete test.ctx.testClock;
      delete test.ctx.adminToken;
    }
  });
});

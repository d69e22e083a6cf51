/**
 * `POST /api/checkout` (DESIGN §5, §6): the server's price (client price fields ignored), coupon and VAT,
 * the stored reservation, invoice numbers, references, the session after booking, the confirmation mail in
 * the real outbox (`mail_outbox` and the `.eml` files of this file's own data directory) and
 * `Idempotency-Key` handling. Every test books on its own and compares with the state it found, so any one
 * of them can run alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  airports,
  coupons,
  idempotencyKeys,
  reservations,
  sessions,
  tariffDays,
  tariffs,
} from '../../database/schema.ts';
import { translator } from '../../app/i18n.server.ts';
import { priceStay } from '../../app/domain/pricing.ts';
import { verifyGuestToken } from '../../app/services/reservations/guest-access.server.ts';
import { loadTariffs } from '../../app/services/catalogue/catalog.server.ts';
import { requestFingerprint, scopedIdempotencyKey } from '../../app/services/checkout/idempotency.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { deliveredConfirmation, outboxRows } from '../fixtures/outbox.ts';
import { ApiClient, createTestApp, type TestApp } from './harness.ts';

const de = translator('de');
const REFERENCE = /^[0-9A-HJKMNP-TV-Z]{8}$/;
const stay = { entryTime: '2026-12-07T08:00', exitTime: '2026-12-14T18:00' };

let test: TestApp;
let dataDir: string;
let fra: typeof airports.$inferSelect;
let fraTariffs: (typeof tariffs.$inferSelect)[];

const body = (overrides: Record<string, unknown> = {}) => checkoutBody({ ...stay, ...overrides });

async function clientWithCart(tariffId: number, times = stay, headers: Record<string, string> = {}) {
  const c = await new ApiClient(test).start();
  const res = await c.post('checkout/cart', { airportId: fra.id, tariffId, ...times }, headers);
  expect(res.status).toBe(200);
  return c;
}

async function storedReservation(reference: string) {
  const [row] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference));
  return row;
}

async function expectedPrice(
  tariffId: number,
  input: {
    entry: string;
    exit: string;
    personCount: number;
    childrenSeat: number;
    coupon?: { kind: 'percent' | 'fixed'; value: number };
  },
) {
  const [tariff] = await loadTariffs(test.ctx.db, fra.id, [tariffId]);
  return priceStay({ tariff, ...input });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-checkout-'));
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

/** Booked spaces per day of a tariff, `{day: booked}`. */
async function bookedDays(tariffId: number): Promise<Record<string, number>> {
  const rows = await test.ctx.db.select().from(tariffDays).where(eq(tariffDays.tariffId, tariffId));
  return Object.fromEntries(rows.map((d) => [d.day, d.booked]));
}

/** Fills `day` of a tariff to capacity for the duration of `fn`, then puts the day back as it was. */
async function withFullDay(tariff: typeof tariffs.$inferSelect, day: string, fn: () => Promise<void>) {
  const before = (await bookedDays(tariff.id))[day];
  await test.ctx.db
    .insert(tariffDays)
    .values({ tariffId: tariff.id, day, booked: tariff.capacity })
    .onConflictDoUpdate({ target: [tariffDays.tariffId, tariffDays.day], set: { booked: tariff.capacity } });
  try {
    await fn();
  } finally {
    const where = and(eq(tariffDays.tariffId, tariff.id), eq(tariffDays.day, day));
    if (before === undefined) await test.ctx.db.delete(tariffDays).where(where);
    else await test.ctx.db.update(tariffDays).set({ booked: before }).where(where);
  }
}

describe('POST /api/checkout', () => {
  it('answers 409 without a cart', async () => {
    const c = await new ApiClient(test).start();
    const res = await c.post('checkout', body());
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: de('checkout.api.no_cart') });
  });

  it('answers 422 with every failed field of every step', async () => {
    const c = await clientWithCart(fraTariffs[0].id);
    const before = (await test.ctx.db.select().from(reservations)).length;
    const res = await c.post(
      'checkout',
      body({ childrenSeat: 2, personCount: 2, email: '', paymentType: '', couponCode: 'NOPE' }),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      childrenSeat: [de('validation.children_exceed_persons')],
      email: [de('validation.required')],
      paymentType: [de('validation.payment_type')],
      couponCode: [de('validation.coupon.unknown')],
    });
    expect(await test.ctx.db.select().from(reservations)).toHaveLength(before);
  });

  it('books with the server price, ignoring every client price field', async () => {
    const tariff = fraTariffs[0];
    const c = await clientWithCart(tariff.id);
    const daysBefore = await bookedDays(tariff.id);
    const res = await c.post(
      'checkout',
      body({
        outboundFlightNumber: 'lh-400',
        returnFlightNumber: 'dlh401a',
        totalCents: 1,
        price: 1,
        parkingCents: 1,
        discountCents: 99_999,
        vatCents: 0,
        billableDays: 1,
        status: 'completed',
      }),
    );
    expect(res.status).toBe(201);
    const price = await expectedPrice(tariff.id, {
      entry: stay.entryTime,
      exit: stay.exitTime,
      personCount: 2,
      childrenSeat: 0,
    });
    expect(price.totalCents).toBeGreaterThan(100);

    const { reservation, redirect } = res.body;
    expect(reservation).toEqual({
      reference: expect.stringMatching(REFERENCE),
      status: 'confirmed',
      totalCents: price.totalCents,
      currency: 'EUR',
      entryTime: stay.entryTime,
      exitTime: stay.exitTime,
      paymentType: 'invoice',
      invoiceNumber: expect.stringMatching(/^RE-2026-\d{6}$/),
    });
    expect(redirect).toBe(`/reservierung/${reservation.reference}`);

    const row = await storedReservation(reservation.reference);
    expect(row).toMatchObject({
      status: 'confirmed',
      locale: 'de',
      airportId: fra.id,
      tariffId: tariff.id,
      userId: null,
      entryLocal: stay.entryTime,
      exitLocal: stay.exitTime,
      billableDays: 8,
      personCount: 2,
      childrenSeat: 0,
      bulkyBaggage: '',
      licensePlate: 'F-AB 1234',
      // normalised (issue 12 item 5)
      outboundFlightNumber: 'LH 400',
      returnFlightNumber: 'DLH 401A',
      paymentType: 'invoice',
      couponCode: null,
      parkingCents: price.parkingCents,
      personsCents: price.personsCents,
      childSeatsCents: price.childSeatsCents,
      discountCents: 0,
      totalCents: price.totalCents,
      vatCents: price.vatCents,
      vatRateBp: 1900,
      invoiceNumber: reservation.invoiceNumber,
      invoiceAddress: null,
    });
    // Europe/Berlin is UTC+1 in December.
    expect(row.entryAt.toISOString()).toBe('2026-12-07T07:00:00.000Z');
    expect(row.exitAt.toISOString()).toBe('2026-12-14T17:00:00.000Z');
    expect(row.confirmedAt?.toISOString()).toBe('2026-11-21T09:00:00.000Z');
    expect(row.billingAddress).toEqual({
      gender: true,
      firstname: 'Erika',
      lastname: 'Mustermann',
      email: 'erika@example.com',
      phoneRegionCode: 'DE',
      phonePrefix: '+49',
      phoneNumber: '170 1234567',
      company: '',
      street: 'Hauptstraße',
      streetNumber: '1',
      postcode: '60311',
      city: 'Frankfurt am Main',
      country: 'DE',
      vatId: '',
      buyerReference: '',
    });

    // One more space booked on every day of the stay, and on no other day.
    const stayDays = [
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
      '2026-12-13',
      '2026-12-14',
    ];
    const daysAfter = await bookedDays(tariff.id);
    expect(daysAfter).toEqual({
      ...daysBefore,
      ...Object.fromEntries(stayDays.map((d) => [d, (daysBefore[d] ?? 0) + 1])),
    });

    // The session: cart gone, guest access granted, the thank-you banner due on the reservation page.
    const id = test.ctx.sessions.parseCookie(c.cookie)!;
    const [session] = await test.ctx.db.select().from(sessions).where(eq(sessions.id, id));
    expect(session.data.cart).toBeUndefined();
    expect(session.data.guestReservations).toEqual([reservation.reference]);
    expect(session.data.bookedReference).toBe(reservation.reference);
    expect((await c.post('checkout', body())).status).toBe(409);

    // The confirmation mail is queued once and delivered (the checkout kicks delivery), with the secret link
    // whose hash is stored.
    expect(await outboxRows(test.ctx.db, row.id)).toHaveLength(1);
    const { mail, accessLink } = await deliveredConfirmation(test.ctx.db, dataDir, row.id);
    expect(mail.headers.to).toContain('erika@example.com');
    expect(mail.subject).toContain(reservation.reference);
    const url = new URL(accessLink!);
    expect(url.pathname).toBe(`/reservierung/${reservation.reference}`);
    expect(verifyGuestToken(url.searchParams.get('token')!, row.guestTokenHash)).toBe(true);
  });

  it('takes the body travel times over the cart (re-priced) and prices persons and child seats', async () => {
    const tariff = fraTariffs.find((t) => t.maxChildSeats > 0 && t.maxPersons >= 5) ?? fraTariffs[0];
    const c = await clientWithCart(tariff.id, undefined, { 'App-Language': 'en' });
    const times = { entryTime: '2026-12-20T06:30', exitTime: '2026-12-22T23:00' };
    const childrenSeat = Math.min(1, tariff.maxChildSeats);
    const res = await c.post(
      'checkout',
      body({
        ...times,
        personCount: tariff.maxPersons,
        childrenSeat,
        bulkyBaggage: [...tariff.allowedBulkyBaggage].reverse().join(';'),
      }),
      { 'App-Language': 'en' },
    );
    expect(res.status).toBe(201);
    expect(res.body.redirect).toBe(`/en/reservierung/${res.body.reservation.reference}`);
    const price = await expectedPrice(tariff.id, {
      entry: times.entryTime,
      exit: times.exitTime,
      personCount: tariff.maxPersons,
      childrenSeat,
    });
    const row = await storedReservation(res.body.reservation.reference);
    expect(row).toMatchObject({
      locale: 'en',
      entryLocal: times.entryTime,
      exitLocal: times.exitTime,
      billableDays: 3,
      personsCents: price.personsCents,
      childSeatsCents: price.childSeatsCents,
      totalCents: price.totalCents,
    });
    // Normalised to SPEC §3 order whatever order was sent.
    const order = ['prams', 'wheelchair', 'bicycle', 'golfBag', 'surfboard', 'other'];
    expect(row.bulkyBaggage).toBe(order.filter((f) => tariff.allowedBulkyBaggage.includes(f)).join(';'));
    const { mail, accessLink } = await deliveredConfirmation(test.ctx.db, dataDir, row.id);
    expect(mail.html).toContain('<html lang="en">');
    expect(new URL(accessLink!).pathname).toBe(`/en/reservierung/${row.reference}`);
  });

  it('applies WILLKOMMEN10 (10 % off the whole price) and splits the VAT', async () => {
    const tariff = fraTariffs[0];
    const c = await clientWithCart(tariff.id);
    const [{ usedCount: usedBefore }] = await test.ctx.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, 'WILLKOMMEN10'));
    const res = await c.post('checkout', body({ couponCode: 'willkommen10', paymentType: 'on_site' }));
    expect(res.status).toBe(201);
    const plain = await expectedPrice(tariff.id, {
      entry: stay.entryTime,
      exit: stay.exitTime,
      personCount: 2,
      childrenSeat: 0,
    });
    const row = await storedReservation(res.body.reservation.reference);
    const discount = Math.round(plain.subtotalCents / 10);
    expect(row.couponCode).toBe('WILLKOMMEN10');
    expect(row.discountCents).toBe(discount);
    expect(row.totalCents).toBe(plain.subtotalCents - discount);
    const net = Math.round((row.totalCents * 10000) / 11900);
    expect(row.vatCents).toBe(row.totalCents - net);
    expect(row.paymentType).toBe('on_site');
    expect(row.status).toBe('confirmed');
    expect(row.invoiceNumber).toMatch(/^RE-2026-\d{6}$/);
    const [coupon] = await test.ctx.db.select().from(coupons).where(eq(coupons.code, 'WILLKOMMEN10'));
    expect(coupon.usedCount).toBe(usedBefore + 1);
  });

  it('applies WINTER5 (5 € off) and stores the separate invoice address with plain keys', async () => {
    const tariff = fraTariffs[0];
    const c = await clientWithCart(tariff.id);
    const res = await c.post(
      'checkout',
      body({
        couponCode: 'WINTER5',
        company: 'ACME',
        billIsDifferent: true,
        billIsDifferentAddressGender: 'd',
        billIsDifferentAddressFirstname: 'Max',
        billIsDifferentAddressLastname: 'Muster',
        billIsDifferentAddressCompany: '',
        billIsDifferentAddressStreet: 'Zeil',
        billIsDifferentAddressStreetNumber: '5',
        billIsDifferentAddressPostcode: '1010',
        billIsDifferentAddressCity: 'Wien',
        billIsDifferentAddressCountry: 'AT',
      }),
    );
    expect(res.status).toBe(201);
    const plain = await expectedPrice(tariff.id, {
      entry: stay.entryTime,
      exit: stay.exitTime,
      personCount: 2,
      childrenSeat: 0,
    });
    const row = await storedReservation(res.body.reservation.reference);
    expect(row.discountCents).toBe(500);
    expect(row.totalCents).toBe(plain.subtotalCents - 500);
    expect(row.billingAddress.company).toBe('ACME');
    expect(row.invoiceAddress).toEqual({
      gender: 'd',
      firstname: 'Max',
      lastname: 'Muster',
      company: '',
      street: 'Zeil',
      streetNumber: '5',
      postcode: '1010',
      city: 'Wien',
      country: 'AT',
      vatId: '',
      buyerReference: '',
    });
  });

  it('refuses a coupon whose last use is gone', async () => {
    await test.ctx.db.insert(coupons).values({ code: 'ONCE', kind: 'fixed', value: 300, usageLimit: 1 });
    const first = await (await clientWithCart(fraTariffs[0].id)).post('checkout', body({ couponCode: 'ONCE' }));
    expect(first.status).toBe(201);
    const second = await (await clientWithCart(fraTariffs[0].id)).post('checkout', body({ couponCode: 'ONCE' }));
    expect(second.status).toBe(422);
    expect(second.body.errors).toEqual({ couponCode: [de('validation.coupon.used_up')] });
  });

  it('answers 409 when a day of the stay is full, and books nothing', async () => {
    const tariff = fraTariffs[1] ?? fraTariffs[0];
    const c = await clientWithCart(tariff.id);
    const before = await test.ctx.db.select().from(reservations);
    const daysBefore = await bookedDays(tariff.id);
    await withFullDay(tariff, '2026-12-10', async () => {
      const res = await c.post('checkout', body());
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: de('checkout.api.sold_out') });
    });
    expect(await test.ctx.db.select().from(reservations)).toHaveLength(before.length);
    expect(await bookedDays(tariff.id)).toEqual(daysBefore);
  });

  it('judges a retry after "sold out" afresh: the key of a 409 is not kept', async () => {
    const tariff = fraTariffs[1] ?? fraTariffs[0];
    const c = await clientWithCart(tariff.id);
    const key = { 'Idempotency-Key': 'retry-after-sold-out' };
    await withFullDay(tariff, '2026-12-10', async () => {
      expect((await c.post('checkout', body(), key)).status).toBe(409);
    });
    // a space became free (a cancellation); the same attempt now succeeds
    const retry = await c.post('checkout', body(), key);
    expect(retry.status).toBe(201);
  });

  it('takes no booking whose confirmation mail cannot be queued: all or nothing (decision 0026)', async () => {
    const tariffId = fraTariffs[0].id;
    const c = await clientWithCart(tariffId);
    const before = {
      reservations: (await test.ctx.db.select().from(reservations)).length,
      booked: await bookedDays(tariffId),
    };
    // A real failure of the outbox: its table is gone for the duration of the request.
    await test.ctx.db.execute(sql`alter table mail_outbox rename to mail_outbox_away`);
    let res;
    try {
      res = await c.post('checkout', body(), { 'Idempotency-Key': 'outbox-down-1' });
    } finally {
      await test.ctx.db.execute(sql`alter table mail_outbox_away rename to mail_outbox`);
    }
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(res.body.message).toBeTruthy();
    expect((await test.ctx.db.select().from(reservations)).length).toBe(before.reservations);
    expect(await bookedDays(tariffId)).toEqual(before.booked);
    // The key was released: the same attempt books once the outbox is back, with its mail queued.
    const retry = await c.post('checkout', body(), { 'Idempotency-Key': 'outbox-down-1' });
    expect(retry.status).toBe(201);
    const row = await storedReservation(retry.body.reservation.reference);
    expect(await outboxRows(test.ctx.db, row.id)).toHaveLength(1);
  });

  it('numbers invoices gaplessly and gives unique references', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await (await clientWithCart(fraTariffs[0].id)).post('checkout', body())).status).toBe(201);
    }
    const rows = await test.ctx.db.select().from(reservations);
    const numbers = rows.map((r) => r.invoiceNumber!).sort();
    expect(numbers.length).toBeGreaterThanOrEqual(3);
    expect(numbers).toEqual(numbers.map((_, i) => `RE-2026-${String(i + 1).padStart(6, '0')}`));
    // In booking order, numbers increase.
    const byId = [...rows].sort((a, b) => a.id - b.id).map((r) => r.invoiceNumber);
    expect(byId).toEqual(numbers);
    for (const r of rows) expect(r.reference).toMatch(REFERENCE);
    expect(new Set(rows.map((r) => r.reference)).size).toBe(rows.length);
  });
});
describe('POST /api/checkout with Idempotency-Key', () => {
  it('replays the first answer for the same key and body and books once', async () => {
    const c = await clientWithCart(fraTariffs[0].id);
    const headers = { 'Idempotency-Key': 'order-1' };
    const first = await c.post('checkout', body(), headers);
    expect(first.status).toBe(201);
    const again = await c.post('checkout', body(), headers);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const rows = await test.ctx.db
      .select()
      .from(reservations)
      .where(eq(reservations.reference, first.body.reservation.reference));
    expect(rows).toHaveLength(1);
    expect(await outboxRows(test.ctx.db, rows[0].id)).toHaveLength(1);
  });

  it('answers 422 for the same key with another body', async () => {
    const c = await clientWithCart(fraTariffs[0].id);
    const headers = { 'Idempotency-Key': 'order-2' };
    expect((await c.post('checkout', body(), headers)).status).toBe(201);
    const count = (await test.ctx.db.select().from(reservations)).length;
    await c.post('checkout/cart', { airportId: fra.id, tariffId: fraTariffs[0].id, ...stay });
    const other = await c.post('checkout', body({ firstname: 'Anna' }), headers);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: de('checkout.api.idempotency_mismatch') });
    expect(await test.ctx.db.select().from(reservations)).toHaveLength(count);
  });

  it('answers 409 while the first request with the key is in flight', async () => {
    const c = await clientWithCart(fraTariffs[0].id);
    const id = test.ctx.sessions.parseCookie(c.cookie)!;
    const [session] = await test.ctx.db.select().from(sessions).where(eq(sessions.id, id));
    await test.ctx.db.insert(idempotencyKeys).values({
      key: scopedIdempotencyKey(id, 'order-3'),
      requestHash: requestFingerprint(body(), session.data.cart),
      state: 'in_flight',
    });
    const res = await c.post('checkout', body(), { 'Idempotency-Key': 'order-3' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: de('checkout.api.idempotency_in_flight') });
  });

  it('lets a retry take over a key whose first request was abandoned long ago', async () => {
    const c = await clientWithCart(fraTariffs[0].id);
    const id = test.ctx.sessions.parseCookie(c.cookie)!;
    const [session] = await test.ctx.db.select().from(sessions).where(eq(sessions.id, id));
    await test.ctx.db.insert(idempotencyKeys).values({
      key: scopedIdempotencyKey(id, 'order-stale'),
      requestHash: requestFingerprint(body(), session.data.cart),
      state: 'in_flight',
      createdAt: new Date(Date.now() - 10 * 60 * 1000),
    });
    const res = await c.post('checkout', body(), { 'Idempotency-Key': 'order-stale' });
    expect(res.status).toBe(201);
  });

  it('stores 4xx answers like successes and refuses keys longer than 200 characters', async () => {
    const c = await clientWithCart(fraTariffs[0].id);
    const headers = { 'Idempotency-Key': 'order-4' };
    const bad = await c.post('checkout', body({ email: 'nope' }), headers);
    expect(bad.status).toBe(422);
    const again = await c.post('checkout', body({ email: 'nope' }), headers);
    expect(again.status).toBe(422);
    expect(again.body).toEqual(bad.body);
    const [row] = await test.ctx.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, scopedIdempotencyKey(test.ctx.sessions.parseCookie(c.cookie)!, 'order-4')));
    expect(row).toMatchObject({ state: 'done', status: 422 });

    const long = await c.post('checkout', body(), { 'Idempotency-Key': 'k'.repeat(201) });
    expect(long.status).toBe(422);
    expect(long.body).toEqual({ message: de('checkout.api.idempotency_key_invalid') });
  });

  it('scopes keys to the session', async () => {
    const a = await clientWithCart(fraTariffs[0].id);
    const b = await clientWithCart(fraTariffs[0].id);
    const headers = { 'Idempotency-Key': 'shared-key' };
    const ra = await a.post('checkout', body(), headers);
    const rb = await b.post('checkout', body(), headers);
    expect(ra.status).toBe(201);
    expect(rb.status).toBe(201);
    expect(rb.body.reservation.reference).not.toBe(ra.body.reservation.reference);
  });
});

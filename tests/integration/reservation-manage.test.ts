/**
 * Managing a booking (issue 12): `POST /api/reservations/{reference}/change` and `…/cancel` through the real API
 * — access (404 for anyone else), the 24 h rule, day occupancy freed and booked under lock (a sold-out tariff
 * becomes bookable again, racing changes and bookings never overbook), credit notes and new invoices, the history
 * rows and the mails in the outbox, and the `Idempotency-Key` replay. Every test books its own stay on its own
 * days.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  airports,
  invoices,
  mailOutbox,
  rateLimits,
  reservationEvents,
  reservations,
  tariffDays,
  tariffs,
} from '../../database/schema.ts';
import { translator } from '../../app/i18n.server.ts';
import { addDaysToDate } from '../../app/domain/local-time.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { ApiClient, createTestApp, type TestApp } from './harness.ts';

const de = translator('de');
const NOW = new Date('2026-11-21T09:00:00Z');

let test: TestApp;
let dataDir: string;
let fra: typeof airports.$inferSelect;
let fraTariffs: (typeof tariffs.$inferSelect)[];

const stayOf = (first: string, last: string) => ({ entryTime: `${first}T08:00`, exitTime: `${last}T18:00` });
const travel = (times: { entryTime: string; exitTime: string }, overrides: Record<string, unknown> = {}) => ({
  ...times,
  personCount: 1,
  childrenSeat: 0,
  bulkyBaggage: '',
  licensePlate: 'F-AB 1234',
  ...overrides,
});

/** A new session that books `times` on `tariffId` and keeps guest access to it. */
async function book(tariffId: number, times: { entryTime: string; exitTime: string }) {
  const client = await new ApiClient(test).start();
  const cart = await client.post('checkout/cart', { airportId: fra.id, tariffId, ...times });
  // A sold-out stay is refused already when it is put into the cart.
  if (cart.status !== 200) return { client, res: cart, reference: '' };
  const res = await client.post('checkout', checkoutBody({ ...times, personCount: 1, licensePlate: 'F-AB 1234' }));
  return { client, res, reference: res.body?.reservation?.reference as string };
}

async function stored(reference: string) {
  const [row] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference));
  return row;
}

async function dayCounts(tariffId: number, dates: string[]) {
  const rows = await test.ctx.db
    .select()
    .from(tariffDays)
    .where(and(eq(tariffDays.tariffId, tariffId), inArray(tariffDays.day, dates)))
    .orderBy(tariffDays.day);
  return Object.fromEntries(rows.map((r) => [r.day, r.booked]));
}

async function history(reservationId: number) {
  return (
    await test.ctx.db.select().from(reservationEvents).where(eq(reservationEvents.reservationId, reservationId))
  ).map((e) => e.kind);
}

/** The outbox row of `kind` for a reservation once the worker has sent it (the action kicks delivery). */
async function sentMail(reservationId: number, kind: string) {
  let row: typeof mailOutbox.$inferSelect | undefined;
  await expect
    .poll(
      async () => {
        [row] = await test.ctx.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.reservationId, reservationId), eq(mailOutbox.kind, kind)));
        return row?.status;
      },
      { timeout: 10_000 },
    )
    .toBe('sent');
  return row!;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-manage-'));
  test = await createTestApp({ now: NOW, env: { DATA_DIR: dataDir } });
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

describe('POST /api/reservations/{reference}/change', () => {
  it('quotes without changing anything, then changes under a key; the same key replays the answer', async () => {
    const tariff = fraTariffs[0];
    const { client, res, reference } = await book(tariff.id, stayOf('2026-12-01', '2026-12-03'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const before = await stored(reference);
    const newStay = stayOf('2026-12-02', '2026-12-05');

    const quoted = await client.post(`reservations/${reference}/change`, { ...travel(newStay), dryRun: true });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    expect(Object.keys(quoted.body)).toEqual(['quote']);
    const quote = { body: quoted.body.quote };
    expect(quote.body.dryRun).toBe(true);
    expect(quote.body.old).toEqual({
      entryTime: '2026-12-01T08:00',
      exitTime: '2026-12-03T18:00',
      totalCents: before.totalCents,
    });
    expect(quote.body.new.entryTime).toBe('2026-12-02T08:00');
    expect(quote.body.differenceCents).toBe(quote.body.new.totalCents - before.totalCents);
    expect(quote.body.days.map((d: { day: string }) => d.day)).toEqual([
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    expect(await stored(reference)).toEqual(before);

    const noKey = await client.post(`reservations/${reference}/change`, travel(newStay));
    expect(noKey.status).toBe(422);
    expect(noKey.body).toEqual({ message: de('manage.error.idempotency_key_required') });

    const daysBefore = await dayCounts(tariff.id, ['2026-12-01', '2026-12-04']);
    const key = { 'Idempotency-Key': `change-${reference}` };
    const response = await client.post(`reservations/${reference}/change`, travel(newStay), key);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    // DESIGN §5: `{reservation, redirect}` (plus the applied quote).
    expect(response.body.redirect).toBe(`/reservierung/${reference}`);
    expect(response.body.reservation).toMatchObject({
      reference,
      status: 'confirmed',
      currency: 'EUR',
      entryTime: '2026-12-02T08:00',
      exitTime: '2026-12-05T18:00',
      totalCents: quote.body.new.totalCents,
    });
    const done = { body: response.body.quote };
    expect(done.body.dryRun).toBe(false);
    expect(done.body.new.totalCents).toBe(quote.body.new.totalCents);
    expect(done.body.creditNoteNumber).toMatch(/^GS-2026-\d{6}$/);
    expect(done.body.invoiceNumber).toMatch(/^RE-2026-\d{6}$/);
    expect(done.body.invoiceNumber).not.toBe(before.invoiceNumber);

    const after = await stored(reference);
    expect(after.entryLocal).toBe('2026-12-02T08:00');
    expect(after.exitLocal).toBe('2026-12-05T18:00');
    expect(after.billableDays).toBe(4);
    expect(after.totalCents).toBe(done.body.new.totalCents);
    expect(after.invoiceNumber).toBe(done.body.invoiceNumber);
    expect(after.changedAt).not.toBeNull();
    const daysAfter = await dayCounts(tariff.id, ['2026-12-01', '2026-12-04']);
    expect(daysAfter['2026-12-01']).toBe(daysBefore['2026-12-01'] - 1);
    expect(daysAfter['2026-12-04']).toBe((daysBefore['2026-12-04'] ?? 0) + 1);

    const docs = await test.ctx.db.select().from(invoices).where(eq(invoices.reservationId, after.id));
    expect(docs.map((d) => [d.kind, d.number])).toEqual([
      ['invoice', before.invoiceNumber],
      ['credit_note', done.body.creditNoteNumber],
      ['invoice', done.body.invoiceNumber],
    ]);
    expect((await history(after.id)).filter((k) => k !== 'mail_sent')).toEqual(['created', 'changed']);
    const mails = await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, after.id));
    expect(mails.map((m) => m.kind)).toContain('reservation_changed');

    // The change mail goes out with the new voucher and the new invoice; the history records the mails sent.
    const sent = await sentMail(after.id, 'reservation_changed');
    const raw = fs.readFileSync(
      path.join(
        dataDir,
        'mail',
        fs.readdirSync(path.join(dataDir, 'mail')).find((f) => f.endsWith(`-${sent.id}.eml`))!,
      ),
      'utf8',
    );
    expect(raw).toMatch(new RegExp(`name="?Parkschein-${reference}\\.pdf`));
    expect(raw).toMatch(new RegExp(`name="?Rechnung-${done.body.invoiceNumber}\\.pdf`));
    expect(raw).toContain(reference);
    await expect.poll(() => history(after.id)).toContain('mail_sent');

    const replay = await client.post(`reservations/${reference}/change`, travel(newStay), key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(response.body);
    expect(await stored(reference)).toEqual(after);
    expect((await history(after.id)).filter((k) => k === 'changed')).toHaveLength(1);

    const mismatch = await client.post(
      `reservations/${reference}/change`,
      travel(stayOf('2026-12-02', '2026-12-06')),
      key,
    );
    expect(mismatch.status).toBe(422);
    expect(mismatch.body).toEqual({ message: de('checkout.api.idempotency_mismatch') });
  });

  it('answers 422 with field keys as sent for bad travel fields', async () => {
    const { client, reference } = await book(fraTariffs[0].id, stayOf('2026-12-08', '2026-12-09'));
    const res = await client.post(`reservations/${reference}/change`, {
      ...travel({ entryTime: '2026-12-10T08:00', exitTime: '2026-12-09T08:00' }),
      personCount: 0,
      dryRun: true,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(de('validation.failed'));
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['personCount']));
  });

  it('refuses a change after the 24 h limit and changes nothing', async () => {
    const tariff = fraTariffs[0];
    const { client, reference } = await book(tariff.id, stayOf('2026-11-25', '2026-11-26'));
    const before = await stored(reference);
    const days = await dayCounts(tariff.id, ['2026-11-25', '2026-11-26', '2026-11-27']);
    // Entry 25 Nov 08:00 Berlin (07:00Z): free until 24 Nov 08:00 Berlin.
    test.setNow(new Date('2026-11-24T07:00:00Z'));
    try {
      for (const body of [
        { ...travel(stayOf('2026-11-26', '2026-11-27')), dryRun: true },
        travel(stayOf('2026-11-26', '2026-11-27')),
      ]) {
        const res = await client.post(`reservations/${reference}/change`, body, { 'Idempotency-Key': 'late' });
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ message: de('manage.error.too_late') });
      }
      const cancel = await client.post(`reservations/${reference}/cancel`, {});
      expect(cancel.status).toBe(409);
    } finally {
      test.setNow(NOW);
    }
    expect(await stored(reference)).toEqual(before);
    expect(await dayCounts(tariff.id, ['2026-11-25', '2026-11-26', '2026-11-27'])).toEqual(days);
    expect((await history(before.id)).filter((k) => k !== 'mail_sent')).toEqual(['created']);
  });

  it('answers 404 to anyone without access, whether or not the reference exists', async () => {
    const { reference } = await book(fraTariffs[0].id, stayOf('2026-12-10', '2026-12-11'));
    const stranger = await new ApiClient(test).start();
    for (const pathName of [
      `reservations/${reference}/change`,
      `reservations/${reference}/cancel`,
      'reservations/ZZZZZZZZ/cancel',
    ]) {
      const res = await stranger.post(pathName, { ...travel(stayOf('2026-12-10', '2026-12-12')), dryRun: true });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: de('api.error.not_found') });
    }
    expect((await stored(reference)).status).toBe('confirmed');
  });
});

describe('access of a signed-in owner', () => {
  const PASSWORD = 'Kirschbaum-Allee-7';
  async function signUp(email: string) {
    const client = await new ApiClient(test).start();
    const res = await client.post('auth/signup', {
      gender: true,
      firstname: 'Max',
      lastname: 'Muster',
      email,
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      terms: true,
    });
    expect(res.status).toBe(201);
    return client;
  }

  it('lets the owner manage from another session; another user gets 404; a no-op change is refused', async () => {
    const email = `owner.${Date.now()}@example.org`;
    const owner = await signUp(email);
    const times = stayOf('2026-12-15', '2026-12-16');
    await owner.post('checkout/cart', { airportId: fra.id, tariffId: fraTariffs[0].id, ...times });
    const booked = await owner.post('checkout', checkoutBody({ ...times, personCount: 1, licensePlate: 'F-AB 1234' }));
    expect(booked.status).toBe(201);
    const reference = booked.body.reservation.reference as string;
    expect((await stored(reference)).userId).not.toBeNull();

    const again = await new ApiClient(test).start();
    expect((await again.post('auth/signin', { login: email, password: PASSWORD })).status).toBe(200);
    const quote = await again.post(`reservations/${reference}/change`, {
      ...travel(stayOf('2026-12-15', '2026-12-17')),
      dryRun: true,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const unchanged = await again.post(`reservations/${reference}/change`, { ...travel(times), dryRun: true });
    expect(unchanged.status).toBe(422);
    expect(unchanged.body).toEqual({ message: de('manage.error.unchanged') });

    const other = await signUp(`other.${Date.now()}@example.org`);
    const res = await other.post(`reservations/${reference}/cancel`, { dryRun: true });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/reservations/{reference}/cancel', () => {
  it('frees the days: a sold-out tariff becomes bookable again; credit note, history and mail', async () => {
    const tariff = fraTariffs[1];
    const dates = ['2027-02-01', '2027-02-02'];
    await test.ctx.db
      .insert(tariffDays)
      .values(dates.map((day) => ({ tariffId: tariff.id, day, booked: 0, capacity: 1 })));
    const times = stayOf(dates[0], dates[1]);
    const first = await book(tariff.id, times);
    expect(first.res.status).toBe(201);
    const second = await book(tariff.id, times);
    expect(second.res.status).toBe(409);

    const quote = await first.client.post(`reservations/${first.reference}/cancel`, { dryRun: true });
    expect(quote.status).toBe(200);
    expect(quote.body.quote).toMatchObject({ dryRun: true, status: 'confirmed', creditNoteNumber: null });
    expect((await stored(first.reference)).status).toBe('confirmed');

    const done = await first.client.post(`reservations/${first.reference}/cancel`, {});
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.reservation).toMatchObject({ reference: first.reference, status: 'cancelled', currency: 'EUR' });
    expect(done.body.reservation.creditNoteNumber).toMatch(/^GS-2026-\d{6}$/);
    const row = await stored(first.reference);
    expect(row.status).toBe('cancelled');
    expect(row.cancelledAt).not.toBeNull();
    expect(await dayCounts(tariff.id, dates)).toEqual({ [dates[0]]: 0, [dates[1]]: 0 });
    expect((await history(row.id)).filter((k) => k !== 'mail_sent')).toEqual(['created', 'cancelled']);
    const cancelMail = await sentMail(row.id, 'reservation_cancelled');
    expect(cancelMail.subject).toContain(first.reference);
    const mails = await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, row.id));
    expect(mails.map((m) => m.kind)).toContain('reservation_cancelled');

    const again = await first.client.post(`reservations/${first.reference}/cancel`, {});
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: de('manage.error.not_active') });

    const third = await book(tariff.id, times);
    expect(third.res.status, JSON.stringify(third.res.body)).toBe(201);
  });
});

describe('racing changes and bookings', () => {
  it('never overbooks the last spaces (50 changes and 50 bookings at once)', async () => {
    const RACERS = 50;
    const tariff = fraTariffs[2] ?? fraTariffs[0];
    const FREE = 3;
    const target = ['2027-03-01', '2027-03-02'];
    await test.ctx.db
      .insert(tariffDays)
      .values(target.map((day) => ({ tariffId: tariff.id, day, booked: 0, capacity: FREE })));
    // Reservations elsewhere (one day each) that all try to move onto the target days, racing new bookings.
    const movers = [];
    for (let i = 0; i < RACERS; i++) {
      const day = addDaysToDate('2027-04-01', i);
      // All the test's clients share one IP: the per-IP limit (120 a minute) is not what this test is about.
      if (i % 20 === 0) await test.ctx.db.delete(rateLimits);
      const booked = await book(tariff.id, stayOf(day, day));
      expect(booked.res.status).toBe(201);
      movers.push(booked);
    }
    const bookers = await Promise.all(
      Array.from({ length: RACERS }, async () => {
        const client = await new ApiClient(test).start();
        await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...stayOf(target[0], target[1]) });
        return client;
      }),
    );
    await test.ctx.db.delete(rateLimits);
    const times = stayOf(target[0], target[1]);
    const responses = await Promise.all([
      ...movers.map((m, i) =>
        m.client.post(`reservations/${m.reference}/change`, travel(times), { 'Idempotency-Key': `race-${i}` }),
      ),
      ...bookers.map((c) => c.post('checkout', checkoutBody({ ...times, personCount: 1, licensePlate: '' }))),
    ]);
    const ok = responses.filter((r) => r.status === 200 || r.status === 201);
    expect(ok).toHaveLength(FREE);
    for (const r of responses.filter((x) => x.status !== 200 && x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body).toEqual({ message: de('checkout.api.sold_out') });
    }
    expect(await dayCounts(tariff.id, target)).toEqual({ [target[0]]: FREE, [target[1]]: FREE });
    const onTarget = await test.ctx.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.tariffId, tariff.id), eq(reservations.entryLocal, times.entryTime)));
    expect(onTarget).toHaveLength(FREE);
    // A mover that got a space freed its old day; one that did not still holds it, unchanged.
    const moved = responses.slice(0, RACERS).map((r) => r.status === 200);
    const sourceDays = await dayCounts(
      tariff.id,
      movers.map((_, i) => addDaysToDate('2027-04-01', i)),
    );
    for (const [i, m] of movers.entries()) {
      expect(sourceDays[addDaysToDate('2027-04-01', i)]).toBe(moved[i] ? 0 : 1);
      expect((await stored(m.reference)).entryLocal).toBe(
        moved[i] ? times.entryTime : `${addDaysToDate('2027-04-01', i)}T08:00`,
      );
    }
  });
});

/**
 * The booking follows the return flight (issue 35 item 1): the demo flight provider's late flight moves the expected
 * exit and the customer gets one mail; leaving within the cover costs nothing, beyond it only the rest is billed; a
 * cancelled flight is covered for the whole cap. The customer's own report through the API (wrong owner 404, before
 * the entry 422, far future 422, not yet 409) counts once staff confirm it at check-out.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  flightDelays,
  mailOutbox,
  overstayCharges,
  priceLists,
  reservationEvents,
  reservations,
  type tariffs,
} from '../../database/schema.ts';
import { overstayOf } from '../../app/domain/overstay.ts';
import type { StaffActor } from '../../app/domain/staff-roles.ts';
import { parseReservationFilter } from '../../app/domain/reservation-search.ts';
import { checkIn, checkOut } from '../../app/services/backoffice/admin-checkin.server.ts';
import { searchReservations } from '../../app/services/backoffice/admin-reservations.server.ts';
import { trackReturnFlights } from '../../app/services/flights/flight-delay.server.ts';
import { reservationDocumentFile } from '../../app/services/documents/reservation-documents.server.ts';
import { findReservationByReference } from '../../app/services/reservations/reservations.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { deliveredMail } from '../fixtures/outbox.ts';
import { pdfText } from '../fixtures/pdf.ts';
import { createStaffMember } from '../fixtures/staff.ts';
import { ApiClient, createTestApp, frankfurtFirstTariff, type TestApp } from './harness.ts';

const NOW = new Date('2026-11-21T09:00:00Z');

let test: TestApp;
let dataDir: string;
let tariff: typeof tariffs.$inferSelect;
let staff: StaffActor;

/** Books the stay with a return flight; returns the reference and the booking's client (it has guest access). */
async function book(exitTime: string, returnFlightNumber: string, bookedAt = NOW) {
  test.setNow(bookedAt);
  const stay = { entryTime: '2026-12-20T08:00', exitTime };
  const client = await new ApiClient(test).start();
  expect(
    (await client.post('checkout/cart', { airportId: tariff.airportId, tariffId: tariff.id, ...stay })).status,
  ).toBe(200);
  const booked = await client.post('checkout', checkoutBody({ ...stay, personCount: 1, returnFlightNumber }));
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return { reference: booked.body.reservation.reference as string, client };
}

async function rowOf(reference: string) {
  const [r] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference));
  const [delay] = await test.ctx.db.select().from(flightDelays).where(eq(flightDelays.reservationId, r.id));
  const [charge] = await test.ctx.db.select().from(overstayCharges).where(eq(overstayCharges.reservationId, r.id));
  return { r, delay, charge };
}

/** Checks the car in at its entry and out at `exit` (an instant); `confirmDelay` as staff tick it. */
async function park(reference: string, exit: Date, confirmDelay = false) {
  test.setNow(new Date('2026-12-20T07:05:00Z'));
  await checkIn(test.ctx, staff, { reference, locale: 'de' });
  test.setNow(exit);
  await checkOut(test.ctx, staff, { reference, locale: 'de', confirmDelay });
}

/** The overstay price of leaving at `actualExit` (local), without any cover. */
async function uncovered(bookedExit: string, actualExit: string) {
  const lists = await test.ctx.db.select().from(priceLists).where(eq(priceLists.tariffId, tariff.id));
  return overstayOf({ bookedEntry: '2026-12-20T08:00', bookedExit, actualExit, priceLists: lists });
}

beforeAll(async () => {
  // a data folder of its own: the mail files are named by outbox id, which another test's database repeats
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-flight-'));
  test = await createTestApp({
    now: NOW,
    env: { DATA_DIR: dataDir, FLIGHT_STATUS_DEMO: '1', FLIGHT_DELAY_FREE_HOURS: '24' },
  });
  ({ tariff } = await frankfurtFirstTariff(test.ctx.db));
  const member = await createStaffMember(test.ctx.db, { role: 'support' });
  staff = { staffId: member.id, email: member.email, name: 'Sam', role: 'support', operator: null };
});
afterAll(async () => {
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the promise (issue 35 item 4)', () => {
  it('stands on the voucher and in the confirmation mail of a booking with a return flight', async () => {
    const { reference } = await book('2026-12-28T18:00', 'LH 401');
    const details = (await findReservationByReference(test.ctx.db, reference))!;
    const voucher = await reservationDocumentFile(test.ctx, details, {
      fileName: `Parkschein-${reference}.pdf`,
      baseUrl: test.ctx.env.PUBLIC_URL,
    });
    const promise = 'Verspätet sich Ihr Rückflug LH 401, wartet Ihr Stellplatz: bis zu 24 Stunden Verspätung';
    expect((await pdfText(voucher!.body as Buffer)).replace(/\s+/g, ' ')).toContain(promise);
    const mail = await deliveredMail(
      test.ctx.db,
      test.ctx.env.DATA_DIR,
      details.reservation.id,
      'reservation_confirmation',
    );
    expect(mail.text.replace(/\s+/g, ' ')).toContain(promise);
  });
});

describe('the demo flight provider (issue 35)', () => {
  it('moves the expected exit of a late flight, mails once, and waives the overstay it causes', async () => {
    // booked exit late in the evening: 190 minutes late is past midnight, one calendar day more
    const { reference } = await book('2026-12-22T22:30', 'LH 407');
    test.setNow(new Date('2026-12-21T22:00:00Z')); // within 24 h of the booked exit
    expect(await trackReturnFlights(test.ctx)).toBe(1);
    const { r, delay } = await rowOf(reference);
    expect(delay).toMatchObject({
      source: 'provider',
      status: 'delayed',
      delayMinutes: 190,
      expectedExitLocal: '2026-12-23T01:40',
      coveredUntilLocal: '2026-12-23T01:40',
    });
    // a second run in the same half hour asks nothing; a later one asks again but mails no more
    expect(await trackReturnFlights(test.ctx)).toBe(0);
    test.setNow(new Date('2026-12-21T22:31:00Z'));
    expect(await trackReturnFlights(test.ctx)).toBe(1);
    const mails = await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, r.id));
    expect(mails.filter((m) => m.kind === 'flight_delayed')).toHaveLength(1);
    expect(mails.find((m) => m.kind === 'flight_delayed')!.text).toContain('Ihr Stellplatz wartet');
    const events = await test.ctx.db
      .select()
      .from(reservationEvents)
      .where(eq(reservationEvents.reservationId, r.id))
      .orderBy(asc(reservationEvents.id));
    expect(events.filter((e) => e.kind === 'flight_delayed')).toHaveLength(1);

    // staff see it in the back office's list of reservations
    const found = await searchReservations(
      test.ctx.db,
      staff,
      parseReservationFilter(new URLSearchParams({ q: reference })).filter,
      'de',
    );
    expect(found.rows[0].flight).toEqual({ status: 'delayed', flightNumber: 'LH 407', arrival: '2026-12-22T16:10' });

    // leaves at 01:30 local (00:30 UTC): a day later than booked, but within the cover → nothing billed
    expect((await uncovered('2026-12-22T22:30', '2026-12-23T01:30')).extraCents).toBeGreaterThan(0);
    await park(reference, new Date('2026-12-23T00:30:00Z'));
    expect((await rowOf(reference)).charge).toBeUndefined();
  });

  it('covers a cancelled flight for the whole cap and bills only the rest beyond it', async () => {
    const { reference } = await book('2026-12-22T18:00', 'LH 400');
    test.setNow(new Date('2026-12-22T09:00:00Z'));
    await trackReturnFlights(test.ctx);
    expect((await rowOf(reference)).delay).toMatchObject({
      status: 'cancelled',
      settled: true,
      coveredUntilLocal: '2026-12-23T18:00',
    });
    // leaves two days late: the first day is covered, the second charged
    await park(reference, new Date('2026-12-24T09:30:00Z'));
    const all = await uncovered('2026-12-22T18:00', '2026-12-24T10:30');
    const covered = await uncovered('2026-12-22T18:00', '2026-12-23T18:00');
    const { charge } = await rowOf(reference);
    expect(charge).toMatchObject({ extraDays: 1, amountCents: all.extraCents - covered.extraCents });
  });

  it('leaves a flight on time alone', async () => {
    const { reference } = await book('2026-12-22T18:00', 'LH 401');
    test.setNow(new Date('2026-12-22T09:00:00Z'));
    await trackReturnFlights(test.ctx);
    expect((await rowOf(reference)).delay).toMatchObject({ status: 'on_time', coveredUntilLocal: null });
  });
});

/** Booked a week ahead: the guest's session (14 days) still holds its access when the clock reaches the stay. */
const WEEK_AHEAD = new Date('2026-12-15T09:00:00Z');

describe('POST /api/reservations/{reference}/flight-delay (issue 35)', () => {
  it('refuses another session, a time before the entry or far ahead, and a report too early', async () => {
    const { reference, client } = await book('2026-12-22T18:00', '', WEEK_AHEAD);
    const path = `reservations/${reference}/flight-delay`;
    const stranger = await new ApiClient(test).start();
    expect((await stranger.post(path, { arrivalTime: '2026-12-22T21:00' })).status).toBe(404);
    // more than 48 hours before the booked exit: not yet
    test.setNow(WEEK_AHEAD);
    expect((await client.post(path, { arrivalTime: '2026-12-22T21:00' })).status).toBe(409);
    test.setNow(new Date('2026-12-21T12:00:00Z'));
    const before = await client.post(path, { arrivalTime: '2026-12-19T21:00' });
    expect(before.status).toBe(422);
    expect(before.body.errors.arrivalTime).toEqual(['Die Ankunft liegt vor Ihrer Einfahrt.']);
    expect((await client.post(path, { arrivalTime: '2026-12-30T21:00' })).status).toBe(422);
    expect((await client.post(path, { arrivalTime: 'morgen' })).status).toBe(422);
    expect((await rowOf(reference)).delay).toBeUndefined();
  });

  it('takes a report, and the overstay it causes is waived once staff confirm it at check-out', async () => {
    const { reference, client } = await book('2026-12-22T22:30', '', WEEK_AHEAD);
    test.setNow(new Date('2026-12-21T12:00:00Z'));
    const answer = await client.post(`reservations/${reference}/flight-delay`, { arrivalTime: '2026-12-23T01:00' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.reservation).toMatchObject({
      reference,
      expectedExitTime: '2026-12-23T01:45',
      delayCoveredUntil: '2026-12-23T01:45',
      confirmed: false,
    });
    await park(reference, new Date('2026-12-23T00:30:00Z'), true);
    const { delay, charge } = await rowOf(reference);
    expect(delay.confirmedAt).not.toBeNull();
    expect(delay.confirmedBy).toBe(staff.staffId);
    expect(charge).toBeUndefined();
  });

  it('bills the overstay of an unconfirmed report as usual', async () => {
    const { reference, client } = await book('2026-12-22T22:30', '', WEEK_AHEAD);
    test.setNow(new Date('2026-12-21T12:00:00Z'));
    expect(
      (await client.post(`reservations/${reference}/flight-delay`, { arrivalTime: '2026-12-23T01:00' })).status,
    ).toBe(200);
    await park(reference, new Date('2026-12-23T00:30:00Z'), false);
    expect((await rowOf(reference)).charge).toMatchObject({ extraDays: 1 });
  });
});

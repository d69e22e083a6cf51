/**
 * Check-in and check-out at the barrier (issue 15 item 4): finding a booking by its reference (the voucher's QR
 * code) or licence plate, page and JSON; arrival and departure marks with history and audit rows; the overstay
 * at the tariff's price; the operator's scope (another company's booking is not found: 404); the camera allowed
 * on this page alone (Permissions-Policy).
 */
import { and, asc, eq } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  airports,
  auditLog,
  parkingLots,
  priceLists,
  reservationEvents,
  reservations,
  tariffs,
} from '../../database/schema.ts';
import { action, loader } from '../../app/routes/admin/checkin.tsx';
import { overstayOf } from '../../app/domain/overstay.ts';
import type { StaffRole } from '../../app/domain/staff-roles.ts';
import type { Session } from '../../server/session.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { createStaffMember, staffCookie } from '../fixtures/staff.ts';
import { ApiClient, createTestApp, routeContext, type TestApp } from './harness.ts';

let test: TestApp;
const start = new Date('2026-11-21T09:00:00Z');
type Tariff = typeof tariffs.$inferSelect & { operator: string };
let tariffA: Tariff;
let tariffB: Tariff;
const cookies: Record<string, string> = {};
const staffIds: Record<string, number> = {};

/** Fresh staff sessions at the test clock's time (a staff session ends after 30 idle minutes). */
async function signIn() {
  for (const [name, id] of Object.entries(staffIds)) cookies[name] = await staffCookie(test.ctx.db, id, test.ctx.now());
}
let session: Session;
let ref: string;
let refOther: string;

async function book(tariff: Tariff, licensePlate: string) {
  const stay = { entryTime: '2026-12-20T08:00', exitTime: '2026-12-22T18:00' };
  const client = await new ApiClient(test).start();
  expect(
    (await client.post('checkout/cart', { airportId: tariff.airportId, tariffId: tariff.id, ...stay })).status,
  ).toBe(200);
  const booked = await client.post('checkout', checkoutBody({ ...stay, personCount: 1, licensePlate }));
  expect(booked.status).toBe(201);
  return booked.body.reservation.reference as string;
}

function args(who: string, path: string, init: RequestInit = {}) {
  return {
    request: new Request(`http://localhost${path}`, { ...init, headers: { Cookie: cookies[who] ?? '' } }),
    params: {},
    context: routeContext({ app: test.ctx, session, cspNonce: '', clientIp: '203.0.113.9' }),
  } as never;
}

function mark(who: string, intent: string, reference: string, csrf = session.csrfToken) {
  const form = new FormData();
  form.append('_csrf', csrf);
  form.append('intent', intent);
  form.append('reference', reference);
  return action(args(who, `/admin/checkin?code=${reference}`, { method: 'POST', body: form }));
}

type Cards = {
  data: { cards: { reference: string; state: string; overstay: { extraDays: number; extraCents: number } | null }[] };
};
async function find(who: string, code: string) {
  return ((await loader(args(who, `/admin/checkin?code=${encodeURIComponent(code)}`))) as unknown as Cards).data.cards;
}

function lookup(who: string, code: string) {
  return supertest(test.app)
    .get(`/api/admin/checkin/lookup?code=${encodeURIComponent(code)}`)
    .set('X-Requested-With', 'XMLHttpRequest')
    .set('Cookie', cookies[who] ?? '');
}

beforeAll(async () => {
  test = await createTestApp({ now: start });
  session = (await test.ctx.sessions.load(undefined)) as Session;
  const rows = await test.ctx.db
    .select({ tariff: tariffs, operator: parkingLots.operator })
    .from(tariffs)
    .innerJoin(parkingLots, eq(parkingLots.id, tariffs.parkingLotId))
    .innerJoin(airports, eq(airports.id, tariffs.airportId))
    .where(and(eq(airports.iata, 'FRA'), eq(tariffs.active, true)))
    .orderBy(asc(tariffs.id));
  const other = rows.find((r) => r.operator !== rows[0].operator)!;
  tariffA = { ...rows[0].tariff, operator: rows[0].operator };
  tariffB = { ...other.tariff, operator: other.operator };
  const roles: [string, StaffRole, string | null][] = [
    ['admin', 'admin', null],
    ['support', 'support', null],
    ['operatorA', 'operator', tariffA.operator],
    ['operatorB', 'operator', tariffB.operator],
  ];
  for (const [name, role, operator] of roles) {
    const member = await createStaffMember(test.ctx.db, { role, operator, name: `Tom ${name}` });
    staffIds[name] = member.id;
  }
  await signIn();
  ref = await book(tariffA, 'F-CK 2026');
  refOther = await book(tariffB, 'MZ-OT 1');
});
afterAll(() => test.close());

describe('check-in lookup', () => {
  it('finds by reference (the QR code) and by plate in any spelling, within the scope', async () => {
    expect((await find('operatorA', ref.toLowerCase())).map((c) => c.reference)).toEqual([ref]);
    expect((await find('operatorA', 'fck2026')).map((c) => c.reference)).toEqual([ref]);
    expect(await find('operatorA', refOther)).toEqual([]);
    expect(await find('operatorA', 'MZ-OT 1')).toEqual([]);
    expect((await find('support', 'MZ OT 1')).map((c) => c.state)).toEqual(['arriving']);
  });

  it('answers the scanner as JSON: 401 without staff, 422 without a code, scoped matches', async () => {
    expect((await lookup('nobody', ref)).status).toBe(401);
    const empty = await lookup('operatorA', '');
    expect(empty.status).toBe(422);
    expect(empty.body.errors.code).toEqual(['Bitte eine Referenz oder ein Kennzeichen angeben.']);
    const ok = await lookup('operatorA', ref);
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(ok.body.matches.map((m: { reference: string }) => m.reference)).toEqual([ref]);
    expect((await lookup('operatorB', ref)).body.matches).toEqual([]);
  });

  it('opens the camera on the check-in page only', async () => {
    const policy = async (path: string) => (await supertest(test.app).get(path)).headers['permissions-policy'];
    expect(await policy('/admin/checkin')).toMatch(/(^|, )camera=\(self\)/);
    expect(await policy('/en/admin/checkin')).toMatch(/(^|, )camera=\(self\)/);
    expect(await policy('/admin/reservierungen')).toMatch(/(^|, )camera=\(\)/);
    expect(await policy('/admin/checkin/x')).toMatch(/(^|, )camera=\(\)/);
    expect(await policy('/api/admin/checkin/lookup')).toMatch(/(^|, )camera=\(\)/);
  });
});

describe('arrival and departure', () => {
  it('refuses another operator (404) and a forged post (419), changing nothing', async () => {
    const other = (await mark('operatorB', 'check-in', ref)) as { init: { status: number } };
    expect(other.init.status).toBe(404);
    const forged = (await mark('operatorA', 'check-in', ref, 'wrong')) as { init: { status: number } };
    expect(forged.init.status).toBe(419);
    const [row] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, ref));
    expect(row.checkedInAt).toBeNull();
  });

  it('checks in and out with history and audit rows, flagging the overstay at the tariff price', async () => {
    const refusedOut = (await mark('operatorA', 'check-out', ref)) as {
      init: { status: number };
      data: { message: string };
    };
    expect(refusedOut.init.status).toBe(409);
    expect(refusedOut.data.message).toBe('Dieses Fahrzeug ist nicht eingecheckt.');

    test.setNow(new Date('2026-12-20T07:05:00Z'));
    await signIn();
    const inAnswer = (await mark('operatorA', 'check-in', ref)) as Response;
    expect(inAnswer.status).toBe(302);
    // back to the booking with the notice as the session flash (issue 32: no `?done=` query)
    expect(inAnswer.headers.get('Location')).toBe(`/admin/checkin?code=${ref}`);
    expect(session.get('flash')).toEqual({ type: 'success', message: 'Einfahrt erfasst.' });
    const again = (await mark('support', 'check-in', ref)) as { init: { status: number } };
    expect(again.init.status).toBe(409);
    expect((await find('operatorA', ref))[0].state).toBe('parked');

    // leaves two calendar days late (booked exit 2026-12-22 18:00 local)
    test.setNow(new Date('2026-12-24T09:30:00Z'));
    await signIn();
    const parked = (await find('operatorA', ref))[0];
    expect(parked.overstay).toMatchObject({ extraDays: 2 });
    const outAnswer = (await mark('operatorA', 'check-out', ref)) as Response;
    expect(outAnswer.status).toBe(302);
    expect(session.get('flash')).toEqual({ type: 'success', message: 'Ausfahrt erfasst.' });
    const [row] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, ref));
    expect(row.status).toBe('completed');
    expect(row.checkedInAt?.toISOString()).toBe('2026-12-20T07:05:00.000Z');
    expect(row.checkedOutAt?.toISOString()).toBe('2026-12-24T09:30:00.000Z');

    const lists = await test.ctx.db.select().from(priceLists).where(eq(priceLists.tariffId, tariffA.id));
    const expected = overstayOf({
      bookedEntry: '2026-12-20T08:00',
      bookedExit: '2026-12-22T18:00',
      actualExit: '2026-12-24T10:30',
      priceLists: lists,
    });
    expect(expected.extraCents).toBeGreaterThan(0);
    const events = await test.ctx.db
      .select()
      .from(reservationEvents)
      .where(eq(reservationEvents.reservationId, row.id))
      .orderBy(asc(reservationEvents.id));
    const out = events.find((e) => e.kind === 'checked_out')!;
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(['checked_in', 'checked_out']));
    expect(out.data).toMatchObject({ extraDays: 2, extraCents: expected.extraCents, staff: { name: 'Tom operatorA' } });
    const audit = await test.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, ref)).orderBy(asc(auditLog.id));
    // each mark with its handover record (issue 36; a shuttle tariff: nothing required, an empty record)
    expect(audit.map((a) => a.action)).toEqual([
      'reservation.check_in',
      'handover.record',
      'reservation.check_out',
      'handover.record',
    ]);
    expect(audit[2].after).toMatchObject({ status: 'completed', extraDays: 2, extraCents: expected.extraCents });

    const left = (await find('operatorA', ref))[0];
    expect(left).toMatchObject({ state: 'left', overstay: { extraDays: 2, extraCents: expected.extraCents } });
    const twice = (await mark('operatorA', 'check-out', ref)) as { init: { status: number } };
    expect(twice.init.status).toBe(409);
    test.setNow(start);
    await signIn();
  });

  it('refuses a cancelled booking', async () => {
    await test.ctx.db.update(reservations).set({ status: 'cancelled' }).where(eq(reservations.reference, refOther));
    const refused = (await mark('admin', 'check-in', refOther)) as {
      init: { status: number };
      data: { message: string };
    };
    expect(refused.init.status).toBe(409);
    expect(refused.data.message).toBe('Diese Buchung ist storniert.');
  });
});

/**
 * The extension after entry from the back office (issue 35 item 2, decision 0054): the reservation page of
 * `/admin/reservierungen/:reference` shares the manage form, so after the free period staff extend on the customer's
 * behalf (an invoice payer's extension applied at once), the timeline names the extension and the staff member, and a
 * cancellation stays refused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations, type airports, type tariffs } from '../../database/schema.ts';
import { action as detailAction, loader as detailLoader } from '../../app/routes/admin/reservation.tsx';
import type { Session } from '../../server/session.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { createStaffMember, staffCookie } from '../fixtures/staff.ts';
import { ApiClient, createTestApp, frankfurtFirstTariff, routeContext, type TestApp } from './harness.ts';

const BOOKED_AT = new Date('2026-12-07T09:00:00Z');
/** The car is in: 10 December 13:00 Berlin. */
const PARKED_AT = new Date('2026-12-10T12:00:00Z');
const STAY = { entryTime: '2026-12-10T08:00', exitTime: '2026-12-11T18:00' };

let test: TestApp;
let fra: typeof airports.$inferSelect;
let tariff: typeof tariffs.$inferSelect;
let session: Session;
let cookie: string;

function args(path: string, params: Record<string, string>, init: RequestInit = {}) {
  return {
    request: new Request(`http://localhost${path}`, { ...init, headers: { Cookie: cookie } }),
    params,
    context: routeContext({ app: test.ctx, session, cspNonce: '', clientIp: '203.0.113.9' }),
  } as never;
}

function post(reference: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ _csrf: session.csrfToken, ...fields })) form.append(k, v);
  return args(`/admin/reservierungen/${reference}`, { reference }, { method: 'POST', body: form });
}

beforeAll(async () => {
  test = await createTestApp({ now: BOOKED_AT });
  ({ fra, tariff } = await frankfurtFirstTariff(test.ctx.db));
});
afterAll(async () => {
  await test.close();
});

describe('extension after entry on the customer’s behalf', () => {
  it('is the one change staff are offered; applied with the staff member in the history; no cancellation', async () => {
    const client = await new ApiClient(test).start();
    expect((await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...STAY })).status).toBe(200);
    const booked = await client.post('checkout', checkoutBody({ ...STAY, personCount: 1, licensePlate: 'F-AB 1234' }));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const reference = booked.body.reservation.reference as string;

    test.setNow(PARKED_AT);
    session = (await test.ctx.sessions.load(undefined)) as Session;
    const member = await createStaffMember(test.ctx.db, { role: 'support', name: 'Anna support' });
    cookie = await staffCookie(test.ctx.db, member.id, PARKED_AT);

    const page = (await detailLoader(args(`/admin/reservierungen/${reference}`, { reference }))) as {
      data: { manage: { open: boolean; extendable: boolean } };
    };
    expect(page.data.manage).toMatchObject({ open: false, extendable: true });

    const travel = {
      entryTime: STAY.entryTime,
      exitTime: '2026-12-12T18:00',
      personCount: '1',
      childrenSeat: '0',
      bulkyBaggage: '',
      licensePlate: 'F-AB 1234',
    };
    const quote = (await detailAction(post(reference, { intent: 'change-quote', ...travel }))) as {
      data: { changeQuote: { difference: string; confirmable: boolean; key: string } | null; message: string | null };
    };
    expect(quote.data.message).toBeNull();
    expect(quote.data.changeQuote?.confirmable).toBe(true);
    const done = (await detailAction(
      post(reference, { intent: 'change-confirm', ...travel, idempotencyKey: quote.data.changeQuote!.key }),
    )) as { data: { done: string | null } };
    expect(done.data.done).toBe('changed');
    const [row] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference));
    expect(row.exitLocal).toBe('2026-12-12T18:00');

    const view = (await detailLoader(args(`/admin/reservierungen/${reference}`, { reference }))) as {
      data: { view: { history: { kind: string; label: string; by: string | null }[] } };
    };
    const changed = view.data.view.history.find((h) => h.kind === 'changed');
    expect(changed?.label).toMatch(/^Parkzeit verlängert, neuer Preis/);
    expect(changed?.by).toContain('Anna support');

    const cancel = (await detailAction(post(reference, { intent: 'cancel-confirm' }))) as {
      init: { status: number };
    };
    expect(cancel.init.status).toBe(409);
  });
});

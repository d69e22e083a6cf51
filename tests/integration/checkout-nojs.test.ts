/**
 * The booking page without JavaScript (issue 11 item 7): the `checkout.booking` route action called directly
 * with posted forms — step validation (422 with the errors and the values kept), the fields kept in the session
 * across steps (`?schritt=` PRG), and the booking through `submitCheckout` (a double submit with the same
 * idempotency key books once and both answers redirect to the guest reservation page).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, reservations, tariffs } from '../../database/schema.ts';
import { action, loader } from '../../app/routes/checkout-booking.tsx';
import { action as tariffsAction } from '../../app/routes/checkout-tariffs.tsx';
import type { Session } from '../../server/session.server.ts';
import { translator } from '../../app/i18n.server.ts';
import { createTestApp, routeContext, type TestApp } from './harness.ts';

let test: TestApp;
let flag: string;
let cart: { airportId: number; tariffId: number; entryTime: string; exitTime: string };
const stay = { entryTime: '2026-12-07T08:00', exitTime: '2026-12-14T18:00' };

beforeAll(async () => {
  test = await createTestApp({ now: new Date('2026-11-21T09:00:00Z') });
  const [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
  const [tariff] = await test.ctx.db
    .select()
    .from(tariffs)
    .where(
      and(
        eq(tariffs.airportId, fra.id),
        eq(tariffs.active, true),
        sql`jsonb_array_length(${tariffs.allowedBulkyBaggage}) > 0`,
      ),
    )
    .orderBy(tariffs.id)
    .limit(1);
  flag = tariff.allowedBulkyBaggage[0];
  cart = { airportId: fra.id, tariffId: tariff.id, ...stay };
});
afterAll(async () => {
  await test.close();
});

type ActionAnswer = Response & {
  data: { step: string; errors: Record<string, string[]>; message: string | null };
  init: { status?: number };
};

const TRAVEL = { ...stay, personCount: '2', childrenSeat: '0', licensePlate: 'f-ab 1234' };
const BILLING = {
  gender: 'ms',
  firstname: 'Erika',
  lastname: 'Mustermann',
  email: 'erika.nojs@example.com',
  phoneRegionCode: 'DE',
  phonePrefix: '+49',
  phoneNumber: '170 1234567',
  company: '',
  street: 'Hauptstraße',
  streetNumber: '1',
  postcode: '60311',
  city: 'Frankfurt am Main',
  country: 'DE',
};

async function newSession() {
  const session = (await test.ctx.sessions.load(undefined)) as Session;
  session.set('cart', { ...cart });
  return session;
}

const args = (session: Session, request: Request) =>
  ({
    request,
    params: {},
    context: routeContext({ app: test.ctx, session, cspNonce: '', clientIp: '203.0.113.9' }),
  }) as never;

async function post(session: Session, fields: Record<string, string>, options: { csrf?: string; query?: string } = {}) {
  const form = new FormData();
  form.set('_csrf', options.csrf ?? session.csrfToken);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const request = new Request(`http://shop.test/buchung${options.query ?? ''}`, { method: 'POST', body: form });
  return (await action(args(session, request))) as unknown as ActionAnswer;
}

async function load(session: Session, query = '') {
  const res = (await loader(args(session, new Request(`http://shop.test/buchung${query}`)))) as unknown as {
    data: { form: { step: string; fields: Record<string, unknown> | null; idempotencyKey: string } };
  };
  return res.data.form;
}

const bookingsOf = (email: string) =>
  test.ctx.db
    .select()
    .from(reservations)
    .where(sql`${reservations.billingAddress}->>'email' = ${email}`);

describe('checkout.booking action (no JavaScript)', () => {
  it('refuses a post without the CSRF token (419, the translated message of the form kit)', async () => {
    const session = await newSession();
    const res = await post(session, { step: 'travel', ...TRAVEL }, { csrf: 'wrong' });
    expect(res.init.status).toBe(419);
    expect(res.data.message).toBe(translator('de')('auth.page.csrf'));
  });

  it('refuses a "book" post of the tariffs page without the CSRF token the same way (419, the message of the form kit)', async () => {
    const session = await newSession();
    const form = new FormData();
    for (const [k, v] of Object.entries({ _csrf: 'wrong', ...cart })) form.set(k, String(v));
    const request = new Request('http://shop.test/buchung/tarife', { method: 'POST', body: form });
    const res = (await tariffsAction(args(session, request))) as unknown as {
      data: { message: string; values: Record<string, string> };
      init: { status?: number };
    };
    expect(res.init.status).toBe(419);
    expect(res.data.message).toBe(translator('de')('auth.page.csrf'));
    expect(res.data.values.tariffId).toBe(String(cart.tariffId));
  });

  it('answers an invalid step with 422, the field errors and the entered values kept', async () => {
    const session = await newSession();
    const res = await post(session, { step: 'travel', ...TRAVEL, personCount: '1', childrenSeat: '1' });
    expect(res.init.status).toBe(422);
    expect(res.data.step).toBe('travel');
    expect(res.data.errors.childrenSeat).toEqual(['validation.children_exceed_persons']);
    // The page shows the values as entered, and the next step stays closed.
    const form = await load(session, '?schritt=2');
    expect(form.step).toBe('travel');
    expect(form.fields).toMatchObject({ personCount: '1', childrenSeat: '1', licensePlate: 'F-AB 1234' });
  });

  it('keeps the fields in the session across the steps (POST/redirect/GET) and goes back unchecked', async () => {
    const session = await newSession();
    const travel = await post(session, { step: 'travel', ...TRAVEL, [`bulkyBaggage.${flag}`]: 'on' });
    expect(travel.status).toBe(302);
    expect(travel.headers.get('Location')).toBe('/buchung?schritt=2');
    expect((await load(session, '?schritt=2')).step).toBe('billingAddress');
    expect((await load(session, '?schritt=3')).step).toBe('billingAddress');

    const billing = await post(session, { step: 'billingAddress', ...BILLING, email: 'no-address' });
    expect(billing.init.status).toBe(422);
    expect(Object.keys(billing.data.errors)).toEqual(['email']);
    const invoice = await post(session, { step: 'billingAddress', ...BILLING, billIsDifferent: 'on' });
    expect(invoice.init.status).toBe(422);
    expect(invoice.data.errors).toHaveProperty('billIsDifferentAddressFirstname');
    const back = await post(session, { step: 'billingAddress', ...BILLING, email: 'typo@', intent: 'back' });
    expect(back.headers.get('Location')).toBe('/buchung?schritt=1');

    const ok = await post(session, { step: 'billingAddress', ...BILLING });
    expect(ok.headers.get('Location')).toBe('/buchung?schritt=3');
    const form = await load(session, '?schritt=3');
    expect(form.step).toBe('payment');
    expect(form.fields).toMatchObject({
      ...stay,
      personCount: '2',
      licensePlate: 'F-AB 1234',
      gender: false,
      firstname: 'Erika',
      billIsDifferent: false,
    });
    expect(form.fields?.bulkyBaggage).toBe(flag);
  });

  it('books once for a double submit with the same key; both answers redirect to the reservation page', async () => {
    const session = await newSession();
    const email = 'erika.double@example.com';
    await post(session, { step: 'travel', ...TRAVEL });
    await post(session, { step: 'billingAddress', ...BILLING, email });
    const { idempotencyKey } = await load(session, '?schritt=3');

    const refused = await post(session, { step: 'payment', paymentType: 'bitcoin', idempotencyKey });
    expect(refused.init.status).toBe(422);
    expect(refused.data.step).toBe('payment');
    expect(refused.data.errors.paymentType).toBeDefined();
    expect(await bookingsOf(email)).toHaveLength(0);

    const key = (await load(session, '?schritt=3')).idempotencyKey;
    expect(key).not.toBe(idempotencyKey);
    const first = await post(session, { step: 'payment', paymentType: 'invoice', couponCode: '', idempotencyKey: key });
    const second = await post(session, {
      step: 'payment',
      paymentType: 'invoice',
      couponCode: '',
      idempotencyKey: key,
    });
    const booked = await bookingsOf(email);
    expect(booked).toHaveLength(1);
    expect(first.status).toBe(302);
    expect(first.headers.get('Location')).toBe(`/reservierung/${booked[0].reference}`);
    expect(second.headers.get('Location')).toBe(first.headers.get('Location'));
    expect(session.get('cart')).toBeUndefined();
    expect(session.get('guestReservations')).toContain(booked[0].reference);
  });
});

/**
 * The payment step's coupon "apply" button (issue 12 item 5): `POST /api/checkout/coupon` (with JavaScript) and
 * the `checkout.booking` action's `intent=coupon` (without): the server checks the code against the stay
 * entered and answers its value; the loader checks a kept coupon again on every render.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, coupons, tariffs } from '../../database/schema.ts';
import { translator } from '../../app/i18n.server.ts';
import { action, loader } from '../../app/routes/checkout-booking.tsx';
import type { Session } from '../../server/session.server.ts';
import { ApiClient, createTestApp, routeContext, type TestApp } from './harness.ts';

const de = translator('de');

let test: TestApp;
let cart: { airportId: number; tariffId: number; entryTime: string; exitTime: string };
const stay = { entryTime: '2026-12-07T08:00', exitTime: '2026-12-14T18:00' };

beforeAll(async () => {
  test = await createTestApp({ now: new Date('2026-11-21T09:00:00Z') });
  const [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
  const [tariff] = await test.ctx.db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.airportId, fra.id), eq(tariffs.active, true)))
    .orderBy(tariffs.id)
    .limit(1);
  cart = { airportId: fra.id, tariffId: tariff.id, ...stay };
});
afterAll(() => test.close());

describe('POST /api/checkout/coupon', () => {
  async function clientWithCart() {
    const c = await new ApiClient(test).start();
    expect((await c.post('checkout/cart', cart)).status).toBe(200);
    return c;
  }

  it('answers the value of a valid code (any case, blanks trimmed)', async () => {
    const c = await clientWithCart();
    const res = await c.post('checkout/coupon', { couponCode: ' willkommen10 ', ...stay });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ coupon: { code: 'WILLKOMMEN10', kind: 'percent', value: 10 } });
  });

  it('answers 422 with the translated reason on couponCode', async () => {
    const c = await clientWithCart();
    for (const [code, key] of [
      ['NOPE', 'validation.coupon.unknown'],
      ['EXPIRED20', 'validation.coupon.expired'],
      ['USEDUP', 'validation.coupon.used_up'],
      ['', 'validation.required'],
    ]) {
      const res = await c.post('checkout/coupon', { couponCode: code, ...stay });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ couponCode: [de(key)] });
    }
  });

  it('checks the stay as entered, not only the cart (a minimum stay counts the entered days)', async () => {
    const c = await clientWithCart();
    const short = { entryTime: '2026-12-07T08:00', exitTime: '2026-12-08T18:00' };
    const res = await c.post('checkout/coupon', { couponCode: 'WINTER5', ...short });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ couponCode: [de('validation.coupon.min_days')] });
    expect((await c.post('checkout/coupon', { couponCode: 'WINTER5', ...stay })).body).toEqual({
      coupon: { code: 'WINTER5', kind: 'fixed', value: 500 },
    });
  });

  it('answers 409 without a cart', async () => {
    const c = await new ApiClient(test).start();
    const res = await c.post('checkout/coupon', { couponCode: 'WILLKOMMEN10' });
    expect(res.status).toBe(409);
  });
});

describe('checkout.booking action intent=coupon (no JavaScript)', () => {
  const args = (session: Session, request: Request) =>
    ({
      request,
      params: {},
      context: routeContext({ app: test.ctx, session, cspNonce: '', clientIp: '203.0.113.9' }),
    }) as never;
  async function post(session: Session, fields: Record<string, string>) {
    const form = new FormData();
    form.set('_csrf', session.csrfToken);
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const request = new Request('http://shop.test/buchung?schritt=3', { method: 'POST', body: form });
    return (await action(args(session, request))) as unknown as Response & {
      data: { step: string; errors: Record<string, string[]> };
      init: { status?: number };
    };
  }
  async function load(session: Session) {
    const res = (await loader(args(session, new Request('http://shop.test/buchung?schritt=3')))) as unknown as {
      data: { form: { step: string; fields: Record<string, unknown> | null; coupon: unknown } };
    };
    return res.data.form;
  }
  async function sessionAtPayment() {
    const session = (await test.ctx.sessions.load(undefined)) as Session;
    session.set('cart', { ...cart });
    session.set('checkoutDraft', {
      cartKey: `${cart.airportId}:${cart.tariffId}:${cart.entryTime}:${cart.exitTime}`,
      reached: 'payment',
      fields: { ...stay, personCount: '1', childrenSeat: '0' },
    });
    return session;
  }

  it('keeps an accepted coupon and shows the payment step again with it (PRG)', async () => {
    const session = await sessionAtPayment();
    const res = await post(session, {
      step: 'payment',
      intent: 'coupon',
      paymentType: 'invoice',
      couponCode: 'winter5',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/buchung?schritt=3');
    const form = await load(session);
    expect(form.step).toBe('payment');
    expect(form.fields).toMatchObject({ paymentType: 'invoice', couponCode: 'WINTER5' });
    expect(form.coupon).toEqual({ code: 'WINTER5', kind: 'fixed', value: 500 });
  });

  it('refuses an unknown code with 422 on couponCode, and no coupon is kept', async () => {
    const session = await sessionAtPayment();
    const res = await post(session, { step: 'payment', intent: 'coupon', paymentType: '', couponCode: 'NOPE' });
    expect(res.init.status).toBe(422);
    expect(res.data.step).toBe('payment');
    expect(res.data.errors).toEqual({ couponCode: ['validation.coupon.unknown'] });
    expect((await load(session)).coupon).toBeNull();
  });

  it('drops the coupon when the code is changed, and checks it again on every render (used up meanwhile)', async () => {
    const session = await sessionAtPayment();
    await post(session, { step: 'payment', intent: 'coupon', paymentType: '', couponCode: 'WILLKOMMEN10' });
    expect((await load(session)).coupon).toMatchObject({ code: 'WILLKOMMEN10' });
    await test.ctx.db.update(coupons).set({ usageLimit: 0 }).where(eq(coupons.code, 'WILLKOMMEN10'));
    expect((await load(session)).coupon).toBeNull();
    await test.ctx.db.update(coupons).set({ usageLimit: null }).where(eq(coupons.code, 'WILLKOMMEN10'));
    await post(session, { step: 'payment', intent: 'back', paymentType: '', couponCode: 'OTHER' });
    expect((await load(session)).coupon).toBeNull();
  });
});

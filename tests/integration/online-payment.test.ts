/**
 * Online payment (issue 13) through the real API and the Stripe SDK against a local fixture of the Stripe API
 * (`tests/fixtures/stripe-server.ts`): the Checkout Session created at submit with the server's price, the signed
 * webhook (correct, wrong and missing signatures, replayed, duplicated and reordered events), the reservation
 * confirmed exactly once with invoice number and confirmation mail, a declined attempt keeping the hold for another
 * try, expired holds releasing their days, the refunds of cancelled and cheaper-changed paid bookings requested
 * once each. Every test books its own days.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type airports,
  invoices,
  mailOutbox,
  paymentEvents,
  payments,
  refunds,
  reservationEvents,
  reservations,
  tariffDays,
  type tariffs,
} from '../../database/schema.ts';
import { stayDates } from '../../app/domain/stay.ts';
import { expireHolds, paymentNotice, startOnlinePayment } from '../../app/services/payments/online-payment.server.ts';
import { reconcilePayments } from '../../app/services/payments/reconciliation.server.ts';
import { configurePaymentProvider, offeredPaymentTypes } from '../../app/services/payments/payment.server.ts';
import { completeDemoCheckout, loadDemoCheckout } from '../../app/services/payments/payment-demo.server.ts';
import { providerFromConfig } from '../../app/services/payments/configure.server.ts';
import { verifyGuestToken } from '../../app/services/reservations/guest-access.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { deliveredConfirmation, deliveredMail } from '../fixtures/outbox.ts';
import { startStripeFixture, type StripeFixture } from '../fixtures/stripe-server.ts';
import { ApiClient, createTestApp, frankfurtFirstTariff, type TestApp } from './harness.ts';

const NOW = new Date('2026-11-21T09:00:00Z');
const SECRET_KEY = 'sk_test_fixture';
const WEBHOOK_SECRET = 'whsec_test_secret_for_the_fixture';

let test: TestApp;
let stripe: StripeFixture;
let dataDir: string;
let fra: typeof airports.$inferSelect;
let tariff: typeof tariffs.$inferSelect;

const stayOf = (first: string, last: string) => ({ entryTime: `${first}T08:00`, exitTime: `${last}T18:00` });

/** A new session that books `times` paying online; returns the client, the answer and the stored row. */
async function bookOnline(times: { entryTime: string; exitTime: string }, extra: Record<string, unknown> = {}) {
  const client = await new ApiClient(test).start();
  const cart = await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...times });
  expect(cart.status, JSON.stringify(cart.body)).toBe(200);
  const res = await client.post(
    'checkout',
    checkoutBody({ ...times, personCount: 1, paymentType: 'online', ...extra }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const reference = res.body.reservation.reference as string;
  return { client, res, reference, row: await stored(reference) };
}

async function stored(reference: string) {
  const [row] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference));
  return row;
}

async function paymentsOf(reservationId: number) {
  return test.ctx.db.select().from(payments).where(eq(payments.reservationId, reservationId));
}

async function refundsOf(reservationId: number) {
  return test.ctx.db.select().from(refunds).where(eq(refunds.reservationId, reservationId)).orderBy(refunds.id);
}

async function dayCounts(dates: string[]) {
  const rows = await test.ctx.db
    .select()
    .from(tariffDays)
    .where(and(eq(tariffDays.tariffId, tariff.id), inArray(tariffDays.day, dates)));
  return Object.fromEntries(rows.map((r) => [r.day, r.booked]));
}

async function history(reservationId: number) {
  const rows = await test.ctx.db
    .select()
    .from(reservationEvents)
    .where(eq(reservationEvents.reservationId, reservationId))
    .orderBy(reservationEvents.id);
  return rows.map((e) => e.kind);
}

/** A Stripe-shaped event body. */
function eventBody(id: string, type: string, object: Record<string, unknown>): string {
  return JSON.stringify({ id, object: 'event', type, created: Math.floor(NOW.getTime() / 1000), data: { object } });
}

function completed(id: string, reference: string, sessionId: string, amount: number, intent = `pi_${id}`) {
  return eventBody(id, 'checkout.session.completed', {
    id: sessionId,
    object: 'checkout.session',
    client_reference_id: reference,
    payment_status: 'paid',
    amount_total: amount,
    payment_intent: intent,
  });
}

/** Sends a webhook call as Stripe would: raw JSON, signed with `secret` (no session, no CSRF token). */
async function deliver(body: string, options: { secret?: string; signature?: string | null; at?: Date } = {}) {
  const request = supertest(test.app).post('/api/payment/webhook/stripe').set('Content-Type', 'application/json');
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: options.secret ?? WEBHOOK_SECRET,
          timestamp: Math.floor((options.at ?? NOW).getTime() / 1000),
        })
      : options.signature;
  if (signature !== null) request.set('Stripe-Signature', signature);
  return request.send(body);
}

beforeAll(async () => {
  stripe = await startStripeFixture(SECRET_KEY);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-pay-'));
  test = await createTestApp({
    now: NOW,
    env: {
      DATA_DIR: dataDir,
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
  });
  ({ fra, tariff } = await frankfurtFirstTariff(test.ctx.db));
});
beforeEach(() => {
  test.setNow(NOW);
  configurePaymentProvider(providerFromConfig(test.ctx.env));
});
afterAll(async () => {
  configurePaymentProvider(null);
  await test.close();
  await stripe.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('checkout with payment type online (Stripe adapter against the fixture)', () => {
  it('creates a Checkout Session with the server price, reference and a key per attempt; holds 30 minutes', async () => {
    const before = stripe.requests.length;
    const { res, reference, row } = await bookOnline(stayOf('2026-12-01', '2026-12-02'), { totalCents: 1 });
    expect(res.body.reservation.status).toBe('pending_payment');
    expect(res.body.reservation.invoiceNumber).toBeNull();
    expect(res.body.redirect).toBe(`/reservierung/${reference}/bezahlen`);
    expect(row.holdUntil?.toISOString()).toBe('2026-11-21T09:30:00.000Z');

    const calls = stripe.requests.slice(before);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call.path).toBe('/v1/checkout/sessions');
    expect(call.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call.idempotencyKey).toBe(`${reference}-1`);
    expect(call.form.client_reference_id).toBe(reference);
    expect(call.form['payment_intent_data[metadata][reference]']).toBe(reference);
    // the server's price, never the client's `totalCents: 1`
    expect(Number(call.form['line_items[0][price_data][unit_amount]'])).toBe(row.totalCents);
    expect(row.totalCents).toBeGreaterThan(1);
    expect(call.form['line_items[0][price_data][currency]']).toBe('eur');
    expect(call.form.success_url).toMatch(new RegExp(`/reservierung/${reference}\\?zahlung=ok$`));
    expect(call.form.cancel_url).toMatch(new RegExp(`/reservierung/${reference}\\?zahlung=abgebrochen$`));
    expect(call.form.customer_email).toBe('erika@example.com');
    expect(Number(call.form.expires_at)).toBeGreaterThanOrEqual(Math.floor(NOW.getTime() / 1000) + 30 * 60);

    const [payment] = await paymentsOf(row.id);
    expect(payment).toMatchObject({ provider: 'stripe', attempt: 1, status: 'open', amountCents: row.totalCents });
    expect(payment.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    // nothing confirmed yet: no invoice, no confirmation mail; the days are held
    expect(await test.ctx.db.select().from(invoices).where(eq(invoices.reservationId, row.id))).toHaveLength(0);
    expect(await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, row.id))).toHaveLength(0);
    expect(Object.values(await dayCounts(stayDates(row.entryLocal, row.exitLocal)))).toEqual([1, 1]);
    const notice = await paymentNotice(test.ctx, { reservation: row, airport: fra });
    expect(notice).toMatchObject({
      state: 'pending',
      holdUntilTime: '10:30',
      payPath: `/reservierung/${reference}/bezahlen`,
    });
  });

  it('lets a form without JavaScript end at Stripe Checkout (CSP form-action), and loads nothing of Stripe', async () => {
    const res = await supertest(test.app).get('/healthz');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("form-action 'self' https://checkout.stripe.com");
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+';/);
    expect(csp).toContain("connect-src 'self'");
  });

  it('offers online only with a provider: without one the type is refused like an unknown one', async () => {
    expect(offeredPaymentTypes()).toEqual(['invoice', 'on_site', 'online']);
    configurePaymentProvider(null);
    expect(offeredPaymentTypes()).toEqual(['invoice', 'on_site']);
    const client = await new ApiClient(test).start();
    const times = stayOf('2026-12-03', '2026-12-03');
    await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...times });
    const res = await client.post('checkout', checkoutBody({ ...times, personCount: 1, paymentType: 'online' }));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['paymentType']);
  });
});

describe('POST /api/payment/webhook/stripe', () => {
  it('refuses a wrong, missing or stale signature with 400 and stores nothing', async () => {
    const { reference, row } = await bookOnline(stayOf('2026-12-04', '2026-12-04'));
    const body = completed('evt_badsig', reference, 'cs_x', row.totalCents);
    for (const res of [
      await deliver(body, { secret: 'whsec_wrong' }),
      await deliver(body, { signature: null }),
      await deliver(body, { signature: 't=1,v1=deadbeef' }),
      await deliver(body, { at: new Date(NOW.getTime() - 10 * 60_000) }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.body.message).toBe('Die Signatur der Zahlungsnachricht ist ungültig.');
    }
    expect(await test.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_badsig'))).toEqual([]);
    expect((await stored(reference)).status).toBe('pending_payment');
    // an unconfigured provider's path is unknown
    const demo = await supertest(test.app).post('/api/payment/webhook/demo').send('{}');
    expect(demo.status).toBe(404);
  });

  it('confirms a paid reservation exactly once: replayed, duplicated and late events change nothing', async () => {
    const { reference, row } = await bookOnline(stayOf('2026-12-05', '2026-12-06'));
    const [payment] = await paymentsOf(row.id);
    const body = completed('evt_paid_1', reference, payment.sessionId!, row.totalCents, 'pi_paid_1');

    const first = await deliver(body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ received: true });
    const paid = await stored(reference);
    expect(paid.status).toBe('confirmed');
    expect(paid.invoiceNumber).toMatch(/^RE-2026-\d{6}$/);
    expect(paid.confirmedAt?.toISOString()).toBe(NOW.toISOString());
    expect(paid.holdUntil).toBeNull();
    expect(paid.guestTokenHash).not.toBe(row.guestTokenHash);

    // the same event again (Stripe retries), concurrently twice, and another event for the same payment
    const replays = await Promise.all([deliver(body), deliver(body)]);
    for (const r of replays) expect(r.body).toEqual({ received: true, duplicate: true });
    const other = await deliver(completed('evt_paid_2', reference, payment.sessionId!, row.totalCents, 'pi_paid_1'));
    expect(other.body).toEqual({ received: true });
    // a late "expired" of the same session never undoes the payment (out of order)
    const late = await deliver(
      eventBody('evt_late_exp', 'checkout.session.expired', {
        id: payment.sessionId,
        object: 'checkout.session',
        client_reference_id: reference,
      }),
    );
    expect(late.status).toBe(200);

    const after = await stored(reference);
    expect(after).toMatchObject({ status: 'confirmed', invoiceNumber: paid.invoiceNumber });
    const docs = await test.ctx.db.select().from(invoices).where(eq(invoices.reservationId, row.id));
    expect(docs.map((d) => d.kind)).toEqual(['invoice']);
    const mails = await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, row.id));
    expect(mails.filter((m) => m.kind === 'reservation_confirmation')).toHaveLength(1);
    expect((await history(row.id)).filter((k) => k === 'paid')).toHaveLength(1);
    expect((await paymentsOf(row.id))[0]).toMatchObject({ status: 'paid', paymentIntentId: 'pi_paid_1' });
    expect(Object.values(await dayCounts(stayDates(row.entryLocal, row.exitLocal)))).toEqual([1, 1]);
    const events = await test.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.reservationId, row.id));
    expect(events.map((e) => e.eventId).sort()).toEqual(['evt_late_exp', 'evt_paid_1', 'evt_paid_2']);

    // the confirmation mail (with the voucher) goes out once, with a guest link of the new token
    const { row: sent, mail, accessLink } = await deliveredConfirmation(test.ctx.db, dataDir, row.id, 15_000);
    expect(mail.subject).toContain(reference);
    const url = new URL(accessLink!);
    expect(url.origin).toBe('http://localhost:3000'); // PUBLIC_URL (its default outside production), never the request host
    expect(url.pathname).toBe(`/reservierung/${reference}`);
    expect(verifyGuestToken(url.searchParams.get('token')!, after.guestTokenHash)).toBe(true);
    const eml = fs.readdirSync(path.join(dataDir, 'mail')).find((f) => f.endsWith(`-${sent.id}.eml`))!;
    expect(fs.readFileSync(path.join(dataDir, 'mail', eml), 'utf8')).toMatch(
      new RegExp(`filename="?Parkschein-${reference}\\.pdf`),
    );
  });

  it('refuses to change a booking while its payment is pending (cancelling stays possible)', async () => {
    const { client, reference } = await bookOnline(stayOf('2026-12-19', '2026-12-19'));
    const changed = await client.post(`reservations/${reference}/change`, {
      ...stayOf('2026-12-19', '2026-12-20'),
      personCount: 1,
      childrenSeat: 0,
      bulkyBaggage: '',
      licensePlate: 'F-AB 1234',
      dryRun: true,
    });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe('Bitte bezahlen Sie die Buchung zuerst; danach können Sie sie ändern.');
    const cancelled = await client.post(`reservations/${reference}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect((await stored(reference)).status).toBe('cancelled');
  });

  it('keeps the hold on a declined payment: "pay again" opens a new checkout; unpaid, the hold ends', async () => {
    const times = stayOf('2026-12-08', '2026-12-09');
    const { reference, row } = await bookOnline(times);
    const dates = stayDates(row.entryLocal, row.exitLocal);
    expect(Object.values(await dayCounts(dates))).toEqual([1, 1]);
    const failed = eventBody('evt_failed_1', 'payment_intent.payment_failed', {
      id: 'pi_failed_1',
      object: 'payment_intent',
      metadata: { reference },
    });
    expect((await deliver(failed)).status).toBe(200);
    expect((await deliver(failed)).body).toEqual({ received: true, duplicate: true });
    const held = await stored(reference);
    expect(held).toMatchObject({ status: 'pending_payment', holdUntil: row.holdUntil, invoiceNumber: null });
    expect(Object.values(await dayCounts(dates))).toEqual([1, 1]);
    expect(await history(row.id)).toEqual(['created', 'payment_declined']);
    expect(await paymentNotice(test.ctx, { reservation: held, airport: fra })).toMatchObject({
      state: 'pending',
      declined: true,
      payPath: `/reservierung/${reference}/bezahlen`,
    });

    // "pay again": a new attempt with a session of its own (the declined one is over)
    const again = await startOnlinePayment(test.ctx, { reference, locale: 'de' });
    const attempts = (await paymentsOf(row.id)).sort((a, b) => a.attempt - b.attempt);
    expect(attempts.map((p) => p.status)).toEqual(['failed', 'open']);
    expect(again).toBe(attempts[1].checkoutUrl);
    expect(attempts[1].sessionId).not.toBe(attempts[0].sessionId);
    expect(await paymentNotice(test.ctx, { reservation: held, airport: fra })).toMatchObject({ declined: false });

    // not paid by the hold's end: the expiry job frees the days; the page offers the same stay again
    test.setNow(new Date(row.holdUntil!.getTime()));
    expect(await expireHolds(test.ctx)).toBeGreaterThanOrEqual(1);
    const released = await stored(reference);
    expect(released).toMatchObject({ status: 'cancelled', holdUntil: null, invoiceNumber: null });
    expect(Object.values(await dayCounts(dates))).toEqual([0, 0]);
    expect(await paymentNotice(test.ctx, { reservation: released, airport: fra })).toEqual({
      state: 'expired',
      rebookPath: `/buchung/tarife?airport=frankfurt&entry=2026-12-08T08%3A00&exit=2026-12-09T18%3A00`,
    });
  });

  it('cancelling an unpaid reservation frees its days and closes its checkout at the provider', async () => {
    const { client, reference, row } = await bookOnline(stayOf('2026-12-13', '2026-12-13'));
    const [payment] = await paymentsOf(row.id);
    const cancelled = await client.post(`reservations/${reference}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await paymentsOf(row.id))[0].status).toBe('expired');
    const expires = stripe.requests.filter((r) => r.path === `/v1/checkout/sessions/${payment.sessionId}/expire`);
    expect(expires).toHaveLength(1);
    expect(Object.values(await dayCounts(stayDates(row.entryLocal, row.exitLocal)))).toEqual([0]);
    // the manage section says "cancelled"; no payment notice claims the payment time ran out
    expect(await paymentNotice(test.ctx, { reservation: await stored(reference), airport: fra })).toBeNull();
  });

  it('refunds a payment that completes after its hold was released (reordered: expired, then completed)', async () => {
    const { reference, row } = await bookOnline(stayOf('2026-12-10', '2026-12-10'));
    const [payment] = await paymentsOf(row.id);
    const expired = eventBody('evt_exp_first', 'checkout.session.expired', {
      id: payment.sessionId,
      object: 'checkout.session',
      client_reference_id: reference,
    });
    expect((await deliver(expired)).status).toBe(200);
    expect((await stored(reference)).status).toBe('cancelled');
    const refundsBefore = stripe.created.refunds.length;
    const paid = await deliver(completed('evt_paid_late', reference, payment.sessionId!, row.totalCents, 'pi_late'));
    expect(paid.status).toBe(200);
    expect((await stored(reference)).status).toBe('cancelled');
    expect(stripe.created.refunds.length).toBe(refundsBefore + 1);
    const refund = stripe.requests.at(-1)!;
    expect(refund).toMatchObject({ path: '/v1/refunds', idempotencyKey: `refund-${reference}-late-1` });
    expect(refund.form).toMatchObject({ payment_intent: 'pi_late', amount: String(row.totalCents) });
    expect(await refundsOf(row.id)).toMatchObject([
      { reason: 'late_payment', amountCents: row.totalCents, providerRefundId: expect.stringMatching(/^re_test_/) },
    ]);
  });
});

describe('hold expiry job', () => {
  it('releases unpaid holds after 30 minutes, once, and leaves paid and younger ones alone', async () => {
    const old = await bookOnline(stayOf('2026-12-11', '2026-12-12'));
    test.setNow(new Date(NOW.getTime() + 20 * 60_000));
    const young = await bookOnline(stayOf('2026-12-11', '2026-12-12'));
    const dates = stayDates(old.row.entryLocal, old.row.exitLocal);
    expect(Object.values(await dayCounts(dates))).toEqual([2, 2]);

    test.setNow(new Date(NOW.getTime() + 29 * 60_000));
    expect(await expireHolds(test.ctx)).toBe(0);
    test.setNow(new Date(NOW.getTime() + 30 * 60_000));
    const [oldPayment] = await paymentsOf(old.row.id);
    // the old one (and unpaid holds of earlier tests, booked at the same time)
    expect(await expireHolds(test.ctx)).toBeGreaterThanOrEqual(1);
    // its checkout session is closed at Stripe, once
    const expires = stripe.requests.filter((r) => r.path === `/v1/checkout/sessions/${oldPayment.sessionId}/expire`);
    expect(expires).toHaveLength(1);
    expect(await expireHolds(test.ctx)).toBe(0);
    expect((await stored(old.reference)).status).toBe('cancelled');
    expect((await stored(young.reference)).status).toBe('pending_payment');
    expect(Object.values(await dayCounts(dates))).toEqual([1, 1]);
    expect(await history(old.row.id)).toEqual(['created', 'payment_expired']);
    expect((await paymentsOf(old.row.id))[0].status).toBe('expired');
    const notice = await paymentNotice(test.ctx, { reservation: await stored(old.reference), airport: fra });
    expect(notice).toMatchObject({ state: 'expired', rebookPath: expect.stringContaining('airport=frankfurt') });
    // a payment of the young one on time confirms it; the job then has nothing to do
    const [payment] = await paymentsOf(young.row.id);
    await deliver(completed('evt_young', young.reference, payment.sessionId!, young.row.totalCents), {
      at: test.ctx.now(),
    });
    test.setNow(new Date(NOW.getTime() + 60 * 60_000));
    expect(await expireHolds(test.ctx)).toBe(0);
    expect((await stored(young.reference)).status).toBe('confirmed');
  });
});

describe('refund of a cancelled paid booking', () => {
  it('requests the refund once through the provider, even when the cancel is retried; the credit note says so', async () => {
    const { client, reference, row } = await bookOnline(stayOf('2026-12-15', '2026-12-16'));
    const [payment] = await paymentsOf(row.id);
    await deliver(completed('evt_paid_refund', reference, payment.sessionId!, row.totalCents, 'pi_refund'));
    expect((await stored(reference)).status).toBe('confirmed');

    // the provider fails (the SDK retries once): the cancellation stands, the refund is not requested yet
    stripe.failNext(2);
    const cancelled = await client.post(`reservations/${reference}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await refundsOf(row.id)).toMatchObject([
      { reason: 'cancellation', amountCents: row.totalCents, providerRefundId: null },
    ]);
    const refundCalls = () =>
      stripe.requests.filter((r) => r.path === '/v1/refunds' && r.form.payment_intent === 'pi_refund');
    expect(refundCalls()).toHaveLength(2);
    expect(refundCalls().every((r) => r.idempotencyKey === `refund-${reference}`)).toBe(true);

    // the customer retries the cancel: refused (already cancelled), but the refund goes out now, once
    const refundsBefore = stripe.created.refunds.length;
    const retried = await client.post(`reservations/${reference}/cancel`, {});
    expect(retried.status).toBe(409);
    const again = await client.post(`reservations/${reference}/cancel`, {});
    expect(again.status).toBe(409);
    expect(await expireHolds(test.ctx)).toBe(0);
    expect(stripe.created.refunds.length).toBe(refundsBefore + 1);
    expect(refundCalls()).toHaveLength(3);
    const [refunded] = await refundsOf(row.id);
    expect(refunded.providerRefundId).toMatch(/^re_test_/);
    expect(refunded.requestedAt).not.toBeNull();
    expect((await history(row.id)).filter((k) => k === 'refunded')).toHaveLength(1);

    const [note] = await test.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.reservationId, row.id), eq(invoices.kind, 'credit_note')));
    expect((note.data as { payment: { refundCents?: number } }).payment.refundCents).toBe(row.totalCents);
    const notice = await paymentNotice(test.ctx, { reservation: await stored(reference), airport: fra });
    expect(notice).toMatchObject({ state: 'refunded', amountCents: row.totalCents });
    expect(refunded.creditNoteNumber).toBe(note.number);
  });
});

describe('a change of a booking paid online (issue 33, decision 0051)', () => {
  const travel = (times: { entryTime: string; exitTime: string }) => ({
    ...times,
    personCount: 1,
    childrenSeat: 0,
    bulkyBaggage: '',
    licensePlate: 'F-AB 1234',
  });

  it('cheaper: refunds the difference once on the payment, states it on the credit note; a cancel refunds the rest', async () => {
    const { client, reference, row } = await bookOnline(stayOf('2026-12-20', '2026-12-25'));
    const [payment] = await paymentsOf(row.id);
    await deliver(completed('evt_paid_cheaper', reference, payment.sessionId!, row.totalCents, 'pi_cheaper'));
    expect((await stored(reference)).status).toBe('confirmed');
    const shorter = travel(stayOf('2026-12-20', '2026-12-22'));

    const quoted = await client.post(`reservations/${reference}/change`, { ...shorter, dryRun: true });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const difference = quoted.body.quote.differenceCents as number;
    expect(difference).toBeLessThan(0);
    expect(quoted.body.quote).toMatchObject({ settlement: 'refund', refundCents: -difference });
    expect(await refundsOf(row.id)).toEqual([]);

    const refundCalls = () =>
      stripe.requests.filter((r) => r.path === '/v1/refunds' && r.form.payment_intent === 'pi_cheaper');
    const key = { 'Idempotency-Key': `cheaper-${reference}` };
    const changed = await client.post(`reservations/${reference}/change`, shorter, key);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.quote).toMatchObject({ settlement: 'refund', refundCents: -difference, dryRun: false });
    expect(changed.body.reservation.totalCents).toBe(row.totalCents + difference);
    const [refund] = await refundsOf(row.id);
    expect(refund).toMatchObject({
      reason: 'change',
      amountCents: -difference,
      idempotencyKey: `refund-${reference}-change-1`,
      creditNoteNumber: changed.body.quote.creditNoteNumber,
      providerRefundId: expect.stringMatching(/^re_test_/),
    });
    expect(refundCalls()).toHaveLength(1);
    expect(refundCalls()[0].form).toMatchObject({ amount: String(-difference) });
    const [note] = await test.ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.number, changed.body.quote.creditNoteNumber));
    expect((note.data as { payment: { refundCents?: number } }).payment.refundCents).toBe(-difference);
    const mail = await deliveredMail(test.ctx.db, dataDir, row.id, 'reservation_changed');
    expect(mail.text).toMatch(new RegExp(`Erstattung[^\\n]*${(-difference / 100).toFixed(2).replace('.', ',')}`));
    expect(await history(row.id)).toContain('refunded');
    const notice = await paymentNotice(test.ctx, { reservation: await stored(reference), airport: fra });
    expect(notice).toMatchObject({ state: 'refunded', amountCents: -difference });

    // the same key replays the answer and refunds nothing more
    const replay = await client.post(`reservations/${reference}/change`, shorter, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(changed.body);
    expect(refundCalls()).toHaveLength(1);

    // cancelled afterwards: only what is left on the payment goes back; in all, exactly what was paid
    const cancelled = await client.post(`reservations/${reference}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const all = await refundsOf(row.id);
    expect(all.map((r) => r.reason)).toEqual(['change', 'cancellation']);
    expect(all[1].amountCents).toBe(row.totalCents + difference);
    expect(all.reduce((sum, r) => sum + r.amountCents, 0)).toBe(row.totalCents);
    expect(refundCalls()).toHaveLength(2);
  });

  /** Books and pays `stay` online; returns the client, reference and the paid row. */
  async function bookAndPay(stay: { entryTime: string; exitTime: string }, tag: string) {
    const booked = await bookOnline(stay);
    const [payment] = await paymentsOf(booked.row.id);
    await deliver(
      completed(`evt_paid_${tag}`, booked.reference, payment.sessionId!, booked.row.totalCents, `pi_${tag}`),
    );
    const paid = await stored(booked.reference);
    expect(paid.status).toBe('confirmed');
    return { ...booked, row: paid };
  }

  it('dearer: 202, the payment of exactly the difference; paid, the change takes effect once; a cancel refunds both', async () => {
    const { client, reference, row } = await bookAndPay(stayOf('2026-12-27', '2026-12-28'), 'dearer');
    const longer = travel(stayOf('2026-12-27', '2026-12-31'));
    const quoted = await client.post(`reservations/${reference}/change`, { ...longer, dryRun: true });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    expect(quoted.body.quote).toMatchObject({ settlement: 'charge', refundCents: 0 });
    const difference = quoted.body.quote.differenceCents as number;
    expect(difference).toBeGreaterThan(0);

    const key = { 'Idempotency-Key': `dearer-${reference}` };
    const asked = await client.post(`reservations/${reference}/change`, longer, key);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body.redirect).toBe(`/reservierung/${reference}/bezahlen`);
    expect(asked.body.reservation).toMatchObject({
      entryTime: '2026-12-27T08:00',
      exitTime: '2026-12-28T18:00',
      totalCents: row.totalCents,
    });
    // the booking is untouched, the added days are held, a second change waits for this one
    expect(await stored(reference)).toEqual(row);
    expect(await dayCounts(['2026-12-29', '2026-12-30', '2026-12-31'])).toEqual({
      '2026-12-29': 1,
      '2026-12-30': 1,
      '2026-12-31': 1,
    });
    expect(await history(row.id)).toContain('change_requested');
    expect(await paymentNotice(test.ctx, { reservation: row, airport: fra })).toMatchObject({
      state: 'change_pending',
      amountCents: difference,
    });
    const second = await client.post(`reservations/${reference}/change`, travel(stayOf('2026-12-27', '2026-12-29')), {
      'Idempotency-Key': `second-${reference}`,
    });
    expect(second.status).toBe(409);
    // the same key replays the 202
    expect((await client.post(`reservations/${reference}/change`, longer, key)).body).toEqual(asked.body);

    const url = await startOnlinePayment(test.ctx, { reference, locale: 'de' });
    const attempts = (await paymentsOf(row.id)).sort((a, b) => a.attempt - b.attempt);
    expect(attempts.map((p) => [p.status, p.amountCents])).toEqual([
      ['paid', row.totalCents],
      ['open', difference],
    ]);
    expect(url).toBe(attempts[1].checkoutUrl);
    const paidDifference = completed('evt_diff_paid', reference, attempts[1].sessionId!, difference, 'pi_diff');
    expect((await deliver(paidDifference)).status).toBe(200);
    const changed = await stored(reference);
    expect(changed).toMatchObject({ exitLocal: '2026-12-31T18:00', totalCents: row.totalCents + difference });
    expect(changed.invoiceNumber).not.toBe(row.invoiceNumber);
    expect(await history(row.id)).toContain('changed');
    expect(await paymentNotice(test.ctx, { reservation: changed, airport: fra })).toBeNull();
    // replayed, or a second event for the same session: nothing more happens, nothing is refunded
    expect((await deliver(paidDifference)).body).toEqual({ received: true, duplicate: true });
    await deliver(completed('evt_diff_again', reference, attempts[1].sessionId!, difference, 'pi_diff'));
    expect(await stored(reference)).toEqual(changed);
    expect(await refundsOf(row.id)).toEqual([]);

    // cancelled: both payments go back, in all exactly what was paid
    const cancelled = await client.post(`reservations/${reference}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const back = await refundsOf(row.id);
    expect(back.map((r) => [r.paymentId, r.amountCents])).toEqual([
      [attempts[1].id, difference],
      [attempts[0].id, row.totalCents],
    ]);
    expect(back.every((r) => r.providerRefundId !== null)).toBe(true);
  });

  it('dearer, events out of order: a late "expired" of the paid difference changes nothing; a declined try keeps the hold', async () => {
    const { client, reference, row } = await bookAndPay(stayOf('2027-01-12', '2027-01-13'), 'order');
    const asked = await client.post(`reservations/${reference}/change`, travel(stayOf('2027-01-12', '2027-01-15')), {
      'Idempotency-Key': `order-${reference}`,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const difference = asked.body.quote.differenceCents as number;
    // first try declined: the change keeps waiting, the held days stay; a new checkout is opened for the next try
    await startOnlinePayment(test.ctx, { reference, locale: 'de' });
    const first = (await paymentsOf(row.id)).find((p) => p.attempt === 2)!;
    const declined = eventBody('evt_order_declined', 'payment_intent.payment_failed', {
      id: 'pi_order_1',
      object: 'payment_intent',
      metadata: { reference },
    });
    expect((await deliver(declined)).status).toBe(200);
    expect((await paymentsOf(row.id)).find((p) => p.id === first.id)!.status).toBe('failed');
    expect(await dayCounts(['2027-01-14', '2027-01-15'])).toEqual({ '2027-01-14': 1, '2027-01-15': 1 });
    expect(await paymentNotice(test.ctx, { reservation: row, airport: fra })).toMatchObject({
      state: 'change_pending',
      declined: true,
    });
    await startOnlinePayment(test.ctx, { reference, locale: 'de' });
    const second = (await paymentsOf(row.id)).find((p) => p.attempt === 3)!;
    expect(second).toMatchObject({ status: 'open', amountCents: difference, changeId: first.changeId });

    // paid, then the first session's "expired" arrives late: the change stands, nothing is released or refunded
    expect(
      (await deliver(completed('evt_order_paid', reference, second.sessionId!, difference, 'pi_order_2'))).status,
    ).toBe(200);
    const changed = await stored(reference);
    expect(changed.exitLocal).toBe('2027-01-15T18:00');
    const lateExpiry = eventBody('evt_order_expired', 'checkout.session.expired', {
      id: first.sessionId,
      object: 'checkout.session',
      client_reference_id: reference,
    });
    expect((await deliver(lateExpiry)).status).toBe(200);
    expect(await stored(reference)).toEqual(changed);
    expect(await dayCounts(['2027-01-14', '2027-01-15'])).toEqual({ '2027-01-14': 1, '2027-01-15': 1 });
    expect(await refundsOf(row.id)).toEqual([]);
  });

  it('dearer, not paid in time: the held days go back and the booking stands; money arriving later goes back', async () => {
    const { client, reference, row } = await bookAndPay(stayOf('2027-01-04', '2027-01-05'), 'lapse');
    const asked = await client.post(`reservations/${reference}/change`, travel(stayOf('2027-01-04', '2027-01-07')), {
      'Idempotency-Key': `lapse-${reference}`,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const difference = asked.body.quote.differenceCents as number;
    await startOnlinePayment(test.ctx, { reference, locale: 'de' });
    const attempt = (await paymentsOf(row.id)).find((p) => p.attempt === 2)!;
    expect(await dayCounts(['2027-01-06', '2027-01-07'])).toEqual({ '2027-01-06': 1, '2027-01-07': 1 });

    test.setNow(new Date(NOW.getTime() + 30 * 60_000));
    expect(await expireHolds(test.ctx)).toBeGreaterThanOrEqual(1);
    expect(await stored(reference)).toEqual(row);
    expect(await dayCounts(['2027-01-06', '2027-01-07'])).toEqual({ '2027-01-06': 0, '2027-01-07': 0 });
    expect(await history(row.id)).toContain('change_released');
    expect((await paymentsOf(row.id)).find((p) => p.id === attempt.id)!.status).toBe('expired');
    expect(await paymentNotice(test.ctx, { reservation: row, airport: fra })).toBeNull();

    const late = completed('evt_diff_late', reference, attempt.sessionId!, difference, 'pi_late_diff');
    expect((await deliver(late, { at: new Date(NOW.getTime() + 30 * 60_000) })).status).toBe(200);
    expect(await stored(reference)).toEqual(row);
    expect(await refundsOf(row.id)).toMatchObject([{ reason: 'late_payment', amountCents: difference }]);
  });
});

describe('reconciliation with Stripe (issue 33 item 6)', () => {
  it("reads Stripe's lists: a paid and partly refunded booking agrees; a second refund at Stripe is listed", async () => {
    const { client, reference, row } = await bookOnline(stayOf('2027-01-19', '2027-01-23'));
    const [payment] = await paymentsOf(row.id);
    stripe.markPaid(payment.sessionId!, 'pi_reconcile');
    await deliver(completed('evt_reconcile_paid', reference, payment.sessionId!, row.totalCents, 'pi_reconcile'));
    const changed = await client.post(
      `reservations/${reference}/change`,
      {
        ...stayOf('2027-01-19', '2027-01-21'),
        personCount: 1,
        childrenSeat: 0,
        bulkyBaggage: '',
        licensePlate: 'F-AB 1234',
      },
      { 'Idempotency-Key': `reconcile-${reference}` },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const ofThis = async () => (await reconcilePayments(test.ctx)).mismatches.filter((m) => m.reference === reference);
    expect(await ofThis()).toEqual([]);

    // Stripe refunds the same payment once more (say, by hand in its dashboard)
    const stray = await fetch(`${stripe.url}/v1/refunds`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SECRET_KEY}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'payment_intent=pi_reconcile&amount=500',
    });
    expect(stray.status).toBe(200);
    expect((await ofThis()).map((m) => m.kind).sort()).toEqual(['refund_unknown', 'refunded_twice']);
  });
});

describe('demo provider', () => {
  it('pays through its own signed webhook and is confirmed; a decline keeps the hold', async () => {
    configurePaymentProvider(providerFromConfig({ SESSION_SECRET: test.ctx.env.SESSION_SECRET, PAYMENT_DEMO: true }));
    const paid = await bookOnline(stayOf('2026-12-17', '2026-12-17'));
    const [payment] = await paymentsOf(paid.row.id);
    expect(payment.provider).toBe('demo');
    expect(payment.checkoutUrl).toMatch(/^http:\/\/localhost:3000\/zahlung\/demo\/demo_cs_[0-9a-f]{24}$/);
    expect(await loadDemoCheckout(test.ctx, payment.sessionId!)).toMatchObject({
      reference: paid.reference,
      amountCents: paid.row.totalCents,
      open: true,
    });
    const back = await completeDemoCheckout(test.ctx, {
      sessionId: payment.sessionId!,
      outcome: 'pay',
      locale: 'de',
      sessionSecret: test.ctx.env.SESSION_SECRET,
    });
    expect(back).toBe(`/reservierung/${paid.reference}?zahlung=ok`);
    expect((await stored(paid.reference)).status).toBe('confirmed');
    expect((await loadDemoCheckout(test.ctx, payment.sessionId!))?.open).toBe(false);

    const declined = await bookOnline(stayOf('2026-12-18', '2026-12-18'));
    const [p2] = await paymentsOf(declined.row.id);
    await completeDemoCheckout(test.ctx, {
      sessionId: p2.sessionId!,
      outcome: 'decline',
      locale: 'en',
      sessionSecret: test.ctx.env.SESSION_SECRET,
    });
    // declined: the hold lasts for another try
    expect((await stored(declined.reference)).status).toBe('pending_payment');
    expect((await paymentsOf(declined.row.id))[0].status).toBe('failed');
    // the demo's events are signed with its own secret: Stripe's secret does not verify them
    const stripeSigned = await supertest(test.app)
      .post('/api/payment/webhook/demo')
      .set(
        'Stripe-Signature',
        Stripe.webhooks.generateTestHeaderString({ payload: '{"id":"evt_x","type":"x"}', secret: WEBHOOK_SECRET }),
      )
      .send('{"id":"evt_x","type":"x"}');
    expect(stripeSigned.status).toBe(400);
  });
});

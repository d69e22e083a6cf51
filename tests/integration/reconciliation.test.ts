/**
 * Payment reconciliation (issue 33 item 6): against the demo provider's own ledger, a clean run of paid bookings,
 * a cheaper change, a cancellation and a goodwill cancellation lists nothing; mismatches made on purpose (an amount
 * edited in the shop's books, a payment the shop never asked for, an online booking confirmed without payment, a
 * refund the shop never asked for) are each listed. The back office's page shows them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type airports, payments, reservations, type tariffs } from '../../database/schema.ts';
import type { StaffActor } from '../../app/domain/staff-roles.ts';
import { goodwillCancel } from '../../app/services/backoffice/goodwill.server.ts';
import { createDemoProvider, type DemoProvider } from '../../app/services/payments/demo.server.ts';
import { startOnlinePayment } from '../../app/services/payments/online-payment.server.ts';
import { configurePaymentProvider } from '../../app/services/payments/payment.server.ts';
import { completeDemoCheckout } from '../../app/services/payments/payment-demo.server.ts';
import { reconcilePayments } from '../../app/services/payments/reconciliation.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { createStaffMember } from '../fixtures/staff.ts';
import { ApiClient, createTestApp, frankfurtFirstTariff, type TestApp } from './harness.ts';

const NOW = new Date('2026-11-21T09:00:00Z');

let test: TestApp;
let dataDir: string;
let provider: DemoProvider;
let fra: typeof airports.$inferSelect;
let tariff: typeof tariffs.$inferSelect;
let support: StaffActor;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-reconcile-'));
  test = await createTestApp({ now: NOW, env: { DATA_DIR: dataDir, PAYMENT_DEMO: '1' } });
  provider = createDemoProvider({ sessionSecret: test.ctx.env.SESSION_SECRET });
  configurePaymentProvider(provider);
  ({ fra, tariff } = await frankfurtFirstTariff(test.ctx.db));
  const member = await createStaffMember(test.ctx.db, { role: 'support' });
  support = { staffId: member.id, email: member.email, name: '', role: 'support', operator: null };
});
afterAll(async () => {
  configurePaymentProvider(null);
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Books `first`–`last` online and pays on the demo checkout; the client (guest access) and the reference. */
async function bookAndPay(first: string, last: string) {
  const stay = { entryTime: `${first}T08:00`, exitTime: `${last}T18:00` };
  const client = await new ApiClient(test).start();
  expect((await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...stay })).status).toBe(200);
  const res = await client.post('checkout', checkoutBody({ ...stay, personCount: 1, paymentType: 'online' }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const reference = res.body.reservation.reference as string;
  const url = (await startOnlinePayment(test.ctx, { reference, locale: 'de' }))!;
  await completeDemoCheckout(test.ctx, {
    sessionId: url.split('/').at(-1)!,
    outcome: 'pay',
    locale: 'de',
    sessionSecret: test.ctx.env.SESSION_SECRET,
  });
  return { client, reference };
}

describe('payment reconciliation', () => {
  it('lists nothing on a clean run, and every mismatch made on purpose', async () => {
    const kept = await bookAndPay('2026-12-02', '2026-12-05');
    const shorter = await bookAndPay('2026-12-08', '2026-12-12');
    const changed = await shorter.client.post(
      `reservations/${shorter.reference}/change`,
      {
        entryTime: '2026-12-08T08:00',
        exitTime: '2026-12-10T18:00',
        personCount: 1,
        childrenSeat: 0,
        bulkyBaggage: '',
        licensePlate: 'F-AB 1234',
      },
      { 'Idempotency-Key': `shorter-${shorter.reference}` },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const cancelled = await bookAndPay('2026-12-14', '2026-12-15');
    expect((await cancelled.client.post(`reservations/${cancelled.reference}/cancel`, {})).status).toBe(200);
    const goodwill = await bookAndPay('2026-12-17', '2026-12-18');
    await goodwillCancel(test.ctx, support, { reference: goodwill.reference, amount: '5,00', reason: 'Kulanz' });

    expect(await reconcilePayments(test.ctx)).toMatchObject({ checked: true, mismatches: [] });

    // an amount edited in the shop's books
    const [keptRow] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, kept.reference));
    await test.ctx.db
      .update(payments)
      .set({ amountCents: keptRow.totalCents + 100 })
      .where(eq(payments.reservationId, keptRow.id));
    // money the provider took for nothing the shop knows, and a refund the shop never asked for
    provider.capture({ paymentIntentId: 'demo_pi_stray', reference: null, amountCents: 1234, at: NOW });
    await provider.refund({ paymentIntentId: 'demo_pi_stray', amountCents: 1234, idempotencyKey: 'stray-refund' });
    // an online booking confirmed without a payment
    const unpaid = await new ApiClient(test).start();
    const stay = { entryTime: '2026-12-20T08:00', exitTime: '2026-12-21T18:00' };
    await unpaid.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...stay });
    const booked = await unpaid.post('checkout', checkoutBody({ ...stay, personCount: 1, paymentType: 'online' }));
    const unpaidReference = booked.body.reservation.reference as string;
    await test.ctx.db
      .update(reservations)
      .set({ status: 'confirmed', holdUntil: null })
      .where(eq(reservations.reference, unpaidReference));

    const { mismatches } = await reconcilePayments(test.ctx);
    expect(mismatches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'amount_differs',
          reference: kept.reference,
          providerCents: keptRow.totalCents,
        }),
        expect.objectContaining({ kind: 'unknown_payment', paymentIntentId: 'demo_pi_stray', providerCents: 1234 }),
        expect.objectContaining({ kind: 'refund_unknown', paymentIntentId: 'demo_pi_stray' }),
        expect.objectContaining({ kind: 'confirmed_not_paid', reference: unpaidReference }),
      ]),
    );
    expect(mismatches).toHaveLength(4);
  });

  it('says so when the provider does not answer, instead of failing', async () => {
    configurePaymentProvider({
      ...provider,
      listActivity: () => Promise.reject(new Error('provider down')),
    });
    try {
      expect(await reconcilePayments(test.ctx)).toMatchObject({ checked: false, unreachable: true, mismatches: [] });
    } finally {
      configurePaymentProvider(provider);
    }
  });
});

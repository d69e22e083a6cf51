/**
 * Every euro settled (issue 33, decision 0051), as a property: random sequences of pay, decline, change (dearer and
 * cheaper), cancel, goodwill cancellation (half or all back), the hold expiry and an overstay at the barrier (billed,
 * then paid in cash, through its payment link, or left open) on one booking paid online through the demo provider,
 * each through the same paths a customer and staff take (the API, the demo checkout, the check-in services, the
 * expiry job). After every step:
 * - invoices minus credit notes (gross) equal what the customer owes (the total of a confirmed or completed booking,
 *   what a goodwill cancellation did not give back, else 0; plus an overstay's invoice);
 * - for `online` the provider captured minus what it refunded equals that, less what was paid for the overstay at
 *   the car park and what of it is still open (the demo provider's own ledger, the one the reconciliation reads; a
 *   repeated refund key refunds once there, as at Stripe);
 * - no refund row is zero or negative, none refunds more than its payment captured;
 * - invoice and credit note numbers are gapless;
 * and after each run the reconciliation lists nothing for the booking.
 * Runs on PGlite and PostgreSQL (DRIVER_DEPENDENT). `SETTLEMENT_RUNS=…` widens the run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type airports,
  invoices,
  overstayCharges,
  payments,
  rateLimits,
  refunds,
  reservationEvents,
  reservations,
  type tariffs,
} from '../../database/schema.ts';
import type { StaffActor } from '../../app/domain/staff-roles.ts';
import { checkIn, checkOut } from '../../app/services/backoffice/admin-checkin.server.ts';
import { goodwillCancel } from '../../app/services/backoffice/goodwill.server.ts';
import { markOverstayPaid } from '../../app/services/backoffice/overstay.server.ts';
import { RequestError } from '../../app/services/request-error.server.ts';
import { addDaysToDate } from '../../app/domain/local-time.ts';
import { createDemoProvider, type DemoProvider } from '../../app/services/payments/demo.server.ts';
import { expireHolds, startOnlinePayment } from '../../app/services/payments/online-payment.server.ts';
import { configurePaymentProvider } from '../../app/services/payments/payment.server.ts';
import { reconcilePayments } from '../../app/services/payments/reconciliation.server.ts';
import { completeDemoCheckout, loadDemoCheckout } from '../../app/services/payments/payment-demo.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { createStaffMember } from '../fixtures/staff.ts';
import { ApiClient, createTestApp, frankfurtFirstTariff, type TestApp } from './harness.ts';

const NOW = new Date('2026-11-21T09:00:00Z');
const RUNS = Number(process.env.SETTLEMENT_RUNS ?? 20);

let test: TestApp;
let dataDir: string;
let fra: typeof airports.$inferSelect;
let tariff: typeof tariffs.$inferSelect;
let support: StaffActor;

let provider: DemoProvider;

/** The provider's side of the money for `reference`, from the demo provider's own ledger: captured and refunded. */
async function providerSide(reference: string) {
  const activity = await provider.listActivity(new Date(0));
  const paid = activity.payments.filter((p) => p.reference === reference);
  const intents = new Set(paid.map((p) => p.paymentIntentId));
  const sum = (items: { amountCents: number }[]) => items.reduce((total, item) => total + item.amountCents, 0);
  return { captured: sum(paid), refunded: sum(activity.refunds.filter((r) => intents.has(r.paymentIntentId))) };
}

type Step =
  | { kind: 'pay' | 'decline' | 'cancel' | 'expire' }
  | { kind: 'change'; days: number }
  | { kind: 'goodwill'; share: number }
  | { kind: 'overstay'; settle: 'cash' | 'link' | 'open' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('change' as const), days: fc.constantFrom(-2, -1, 1, 2) }), weight: 4 },
  { arbitrary: fc.constant({ kind: 'pay' as const }), weight: 3 },
  { arbitrary: fc.constant({ kind: 'decline' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'expire' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'cancel' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('goodwill' as const), share: fc.constantFrom(0.5, 1) }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('overstay' as const),
      settle: fc.constantFrom<('cash' | 'link' | 'open')[]>('cash', 'link', 'open'),
    }),
    weight: 1,
  },
);

/**
 * A run's steps: mostly paid first (a declined attempt before it now and then), sometimes never paid, then a random
 * tail in which changes and payments are the likeliest steps (a cancellation or expiry ends most of the story).
 */
const runArb: fc.Arbitrary<Step[]> = fc
  .tuple(
    fc.constantFrom<Step[]>([], [{ kind: 'decline' }]),
    fc.constantFrom(true, true, true, false),
    fc.array(stepArb, { minLength: 2, maxLength: 8 }),
  )
  .map(([prefix, payFirst, tail]) => [...prefix, ...(payFirst ? [{ kind: 'pay' as const }] : []), ...tail]);

/**
 * Runs every seed goes through: a cheaper change (applied at once), a dearer one paid later, goodwill (half, all),
 * and an overstay paid in cash, through its link, or left open with a dearer change still waiting at the exit.
 */
const EXAMPLES: Step[][] = [
  [{ kind: 'pay' }, { kind: 'change', days: -1 }, { kind: 'change', days: 2 }, { kind: 'pay' }],
  [{ kind: 'pay' }, { kind: 'goodwill', share: 0.5 }],
  [{ kind: 'pay' }, { kind: 'change', days: -1 }, { kind: 'goodwill', share: 1 }],
  [{ kind: 'pay' }, { kind: 'overstay', settle: 'cash' }],
  [{ kind: 'pay' }, { kind: 'overstay', settle: 'link' }, { kind: 'pay' }],
  [
    { kind: 'pay' },
    { kind: 'change', days: 1 },
    { kind: 'overstay', settle: 'open' },
    { kind: 'decline' },
    { kind: 'pay' },
  ],
];

/** How many changes took effect or waited for their difference, and goodwill cancellations, over all runs. */
const reached = { applied: 0, waiting: 0, goodwill: 0, overstay: 0 };
let staffAdmin: StaffActor;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-settle-'));
  test = await createTestApp({ now: NOW, env: { DATA_DIR: dataDir, PAYMENT_DEMO: '1' } });
  provider = createDemoProvider({ sessionSecret: test.ctx.env.SESSION_SECRET });
  configurePaymentProvider(provider);
  const member = await createStaffMember(test.ctx.db, { role: 'support' });
  support = { staffId: member.id, email: member.email, name: '', role: 'support', operator: null };
  const admin = await createStaffMember(test.ctx.db, { role: 'admin' });
  staffAdmin = { staffId: admin.id, email: admin.email, name: '', role: 'admin', operator: null };
  ({ fra, tariff } = await frankfurtFirstTariff(test.ctx.db));
});
afterAll(async () => {
  configurePaymentProvider(null);
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Pays or declines on the demo checkout of what the reservation owes now (nothing when nothing is open). */
async function checkout(reference: string, outcome: 'pay' | 'decline') {
  const url = await startOnlinePayment(test.ctx, { reference, locale: 'de' });
  if (!url) return;
  const sessionId = url.split('/').at(-1)!;
  const open = await loadDemoCheckout(test.ctx, sessionId);
  if (!open?.open) return;
  await completeDemoCheckout(test.ctx, {
    sessionId,
    outcome,
    locale: 'de',
    sessionSecret: test.ctx.env.SESSION_SECRET,
  });
}

/** Checks every invariant of the module comment for `reference`. */
async function expectSettled(reference: string, trail: string) {
  const [r] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference));
  const documents = await test.ctx.db.select().from(invoices).where(eq(invoices.reservationId, r.id));
  const documented = documents.reduce(
    (sum, d) => sum + (d.data as { totals: { grossCents: number } }).totals.grossCents,
    0,
  );
  // Confirmed: its total; cancelled as a goodwill gesture: what was not given back; else nothing.
  const [cancelled] = await test.ctx.db
    .select()
    .from(reservationEvents)
    .where(and(eq(reservationEvents.reservationId, r.id), eq(reservationEvents.kind, 'cancelled')));
  const goodwill = cancelled?.data.goodwill as { amountCents: number } | undefined;
  const booking =
    r.status === 'confirmed' || r.status === 'completed'
      ? r.totalCents
      : goodwill
        ? Number(cancelled.data.totalCents) - goodwill.amountCents
        : 0;
  const [overstay] = await test.ctx.db.select().from(overstayCharges).where(eq(overstayCharges.reservationId, r.id));
  expect(documented, `${trail}: invoices − credit notes`).toBe(booking + (overstay?.amountCents ?? 0));
  // Not at the provider: an overstay paid at the car park, or still open.
  const elsewhere = overstay && overstay.paidMethod !== 'online' ? overstay.amountCents : 0;
  const { captured, refunded } = await providerSide(reference);
  expect(captured - refunded + elsewhere, `${trail}: captured − refunded at the provider`).toBe(
    booking + (overstay?.amountCents ?? 0),
  );

  const rows = await test.ctx.db.select().from(refunds).where(eq(refunds.reservationId, r.id));
  const paid = await test.ctx.db.select().from(payments).where(eq(payments.reservationId, r.id));
  for (const row of rows) expect(row.amountCents, trail).toBeGreaterThan(0);
  for (const payment of paid) {
    const back = rows.filter((row) => row.paymentId === payment.id).reduce((sum, row) => sum + row.amountCents, 0);
    expect(back, `${trail}: refunded on attempt ${payment.attempt}`).toBeLessThanOrEqual(
      payment.status === 'paid' ? payment.amountCents : 0,
    );
  }
}

/** Invoice and credit note numbers of the year run 1, 2, 3, … without a gap. */
async function expectGapless() {
  for (const prefix of ['RE-2026-', 'GS-2026-']) {
    const numbers = (
      await test.ctx.db
        .select({ number: invoices.number })
        .from(invoices)
        .where(like(invoices.number, `${prefix}%`))
        .orderBy(desc(invoices.number))
    ).map((row) => Number(row.number.slice(prefix.length)));
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers.map((_, i) => i + 1));
  }
}

describe('settlement of a booking paid online, over random sequences (issue 33)', () => {
  it('books, pays, declines, changes and cancels without a euro lost or kept', { timeout: 600_000 }, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(runArb, async (steps) => {
        run += 1;
        test.setNow(NOW);
        // one client posts every run's requests within seconds: a wide run (SETTLEMENT_RUNS) would meet the API's
        // limit of 120 a minute (decision 0007), which is not what this test is about
        await test.ctx.db.delete(rateLimits);
        // Each run its own stay, far enough ahead that the free period never ends while the clock moves.
        const first = addDaysToDate('2027-01-10', (run % 40) * 6); // within the booking horizon
        const stay = { entryTime: `${first}T08:00`, exitTime: `${addDaysToDate(first, 2)}T18:00` };
        const client = await new ApiClient(test).start();
        const cart = await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...stay });
        expect(cart.status, JSON.stringify(cart.body)).toBe(200);
        const booked = await client.post('checkout', checkoutBody({ ...stay, personCount: 1, paymentType: 'online' }));
        expect(booked.status, JSON.stringify(booked.body)).toBe(201);
        const reference = booked.body.reservation.reference as string;
        let trail = `${reference}: book`;
        await expectSettled(reference, trail);

        for (const [i, step] of steps.entries()) {
          const detail =
            step.kind === 'change'
              ? ` ${step.days > 0 ? '+' : ''}${step.days}`
              : step.kind === 'goodwill'
                ? ` ${step.share}`
                : step.kind === 'overstay'
                  ? ` ${step.settle}`
                  : '';
          trail += ` → ${step.kind}${detail}`;
          if (step.kind === 'pay' || step.kind === 'decline') await checkout(reference, step.kind);
          if (step.kind === 'cancel') await client.post(`reservations/${reference}/cancel`, {});
          if (step.kind === 'goodwill') {
            const [r] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference));
            const cents = Math.round(r.totalCents * step.share);
            const amount = step.share === 1 ? '' : (cents / 100).toFixed(2).replace('.', ',');
            await goodwillCancel(test.ctx, support, { reference, amount, reason: 'Kulanz im Test' }).then(
              () => (reached.goodwill += 1),
              (error: unknown) => {
                if (!(error instanceof RequestError)) throw error; // refused (not confirmed, too much): fine
              },
            );
          }
          if (step.kind === 'overstay') {
            const [r] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference));
            if (r.status === 'confirmed') {
              await checkIn(test.ctx, staffAdmin, { reference, locale: 'de' });
              // leaves two calendar days after the booked exit
              test.setNow(new Date(r.exitAt.getTime() + 2 * 86_400_000));
              await checkOut(test.ctx, staffAdmin, { reference, locale: 'de' });
              reached.overstay += 1;
              if (step.settle === 'cash') await markOverstayPaid(test.ctx, staffAdmin, { reference, method: 'cash' });
              if (step.settle === 'link') await checkout(reference, 'pay');
            }
          }
          if (step.kind === 'expire') {
            test.setNow(new Date(test.ctx.now().getTime() + 31 * 60_000));
            await expireHolds(test.ctx);
          }
          if (step.kind === 'change') {
            const [r] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference));
            const exitDate = addDaysToDate(r.exitLocal.slice(0, 10), step.days);
            const exitTime = `${exitDate < r.entryLocal.slice(0, 10) ? r.entryLocal.slice(0, 10) : exitDate}T18:00`;
            const res = await client.post(
              `reservations/${reference}/change`,
              {
                entryTime: r.entryLocal,
                exitTime,
                personCount: r.personCount,
                childrenSeat: r.childrenSeat,
                bulkyBaggage: r.bulkyBaggage,
                licensePlate: r.licensePlate,
              },
              { 'Idempotency-Key': `${reference}-${i}` },
            );
            if (res.status === 200) reached.applied += 1;
            if (res.status === 202) reached.waiting += 1;
          }
          await expectSettled(reference, trail);
        }
        await expectGapless();
        const { mismatches } = await reconcilePayments(test.ctx);
        expect(
          mismatches.filter((m) => m.reference === reference),
          trail,
        ).toEqual([]);
      }),
      // First the stories the counters below must see, whatever the random seed (fast-check runs examples first).
      { numRuns: RUNS, examples: EXAMPLES.map((steps) => [steps] as [Step[]]) },
    );
    // The generator reaches what the property is about: changes applied at once and changes paid for later.
    expect(reached.applied).toBeGreaterThan(0);
    expect(reached.waiting).toBeGreaterThan(0);
    expect(reached.goodwill).toBeGreaterThan(0);
    expect(reached.overstay).toBeGreaterThan(0);
  });
});

/**
 * Overstays billed (issue 33 item 4, decision 0051): a departure after the booked exit becomes an invoice of its own
 * in the gapless `RE-` series (own snapshot and PDF, the booking's invoice untouched); staff mark it paid at the car
 * park or mail a payment link whose hosted payment settles it once; an online payment arriving after the cash is
 * refunded; the dashboard lists what is open; the reconciliation agrees; another operator and a forged post change
 * nothing; without an online provider no link is offered.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  invoices,
  mailOutbox,
  overstayCharges,
  parkingLots,
  payments,
  refunds,
  reservationEvents,
  reservations,
  type tariffs,
  users,
} from '../../database/schema.ts';
import type { InvoiceData } from '../../app/domain/documents.ts';
import { action, loader } from '../../app/routes/admin/checkin.tsx';
import { loader as payLoader } from '../../app/routes/payment-start.tsx';
import { loadDashboard } from '../../app/services/backoffice/admin-dashboard.server.ts';
import { findReservationByReference } from '../../app/services/reservations/reservations.server.ts';
import {
  listReservationDocuments,
  reservationDocumentFile,
} from '../../app/services/documents/reservation-documents.server.ts';
import {
  handlePaymentWebhook,
  paymentNotice,
  startOnlinePayment,
} from '../../app/services/payments/online-payment.server.ts';
import { configurePaymentProvider, paymentProvider } from '../../app/services/payments/payment.server.ts';
import { providerFromConfig } from '../../app/services/payments/configure.server.ts';
import { demoPaymentIntent, demoWebhookCall, isDemoProvider } from '../../app/services/payments/demo.server.ts';
import { completeDemoCheckout, loadDemoCheckout } from '../../app/services/payments/payment-demo.server.ts';
import { reconcilePayments } from '../../app/services/payments/reconciliation.server.ts';
import type { Session } from '../../server/session.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { deliveredMail } from '../fixtures/outbox.ts';
import { pdfText } from '../fixtures/pdf.ts';
import { createStaffMember, staffCookie } from '../fixtures/staff.ts';
import { ApiClient, createTestApp, frankfurtFirstTariff, routeContext, type TestApp } from './harness.ts';

const START = new Date('2026-11-21T09:00:00Z');
/** Two calendar days after the booked exit (2026-12-22 18:00 Frankfurt time). */
const LATE_EXIT = new Date('2026-12-24T09:30:00Z');

let test: TestApp;
let dataDir: string;
let session: Session;
let tariff: typeof tariffs.$inferSelect;
const cookies: Record<string, string> = {};
const staffIds: Record<string, number> = {};

async function signIn() {
  for (const [name, id] of Object.entries(staffIds)) cookies[name] = await staffCookie(test.ctx.db, id, test.ctx.now());
}

function args(who: string, pathAndQuery: string, init: RequestInit = {}) {
  return {
    request: new Request(`http://localhost${pathAndQuery}`, { ...init, headers: { Cookie: cookies[who] ?? '' } }),
    params: {},
    context: routeContext({ app: test.ctx, session, cspNonce: '', clientIp: '203.0.113.9' }),
  } as never;
}

/** Posts an intent of the check-in page for `reference` as `who`. */
async function post(who: string, intent: string, reference: string, csrf = session.csrfToken) {
  const form = new FormData();
  form.append('_csrf', csrf);
  form.append('intent', intent);
  form.append('reference', reference);
  return (await action(args(who, `/admin/checkin?code=${reference}`, { method: 'POST', body: form }))) as
    Response | { init: { status: number }; data: { message: string } };
}

type Card = {
  reference: string;
  state: string;
  overstayInvoice: { number: string; amount: string; paid: boolean; paidLabel: string | null; canSendLink: boolean };
};
async function card(who: string, reference: string): Promise<Card> {
  const answer = (await loader(args(who, `/admin/checkin?code=${reference}`))) as unknown as {
    data: { cards: Card[] };
  };
  return answer.data.cards[0];
}

/** Books the test stay, checks the car in at its entry and out two days late; returns the reference. */
/** Books the test stay (20.12. 08:00 – 22.12. 18:00) through the API; returns the reference. */
async function bookStay(paymentType = 'invoice'): Promise<string> {
  test.setNow(START);
  const stay = { entryTime: '2026-12-20T08:00', exitTime: '2026-12-22T18:00' };
  const client = await new ApiClient(test).start();
  expect(
    (await client.post('checkout/cart', { airportId: tariff.airportId, tariffId: tariff.id, ...stay })).status,
  ).toBe(200);
  const booked = await client.post('checkout', checkoutBody({ ...stay, personCount: 1, paymentType }));
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return booked.body.reservation.reference as string;
}

async function overstayed(paymentType = 'invoice'): Promise<string> {
  const reference = await bookStay(paymentType);
  if (paymentType === 'online') {
    const url = await startOnlinePayment(test.ctx, { reference, locale: 'de' });
    await completeDemoCheckout(test.ctx, {
      sessionId: url!.split('/').at(-1)!,
      outcome: 'pay',
      locale: 'de',
      sessionSecret: test.ctx.env.SESSION_SECRET,
    });
  }
  test.setNow(new Date('2026-12-20T07:05:00Z'));
  await signIn();
  expect(((await post('operatorA', 'check-in', reference)) as Response).status).toBe(302);
  test.setNow(LATE_EXIT);
  await signIn();
  expect(((await post('operatorA', 'check-out', reference)) as Response).status).toBe(302);
  return reference;
}

async function chargeOf(reference: string) {
  const [row] = await test.ctx.db
    .select({ charge: overstayCharges })
    .from(overstayCharges)
    .innerJoin(reservations, eq(reservations.id, overstayCharges.reservationId))
    .where(eq(reservations.reference, reference));
  return row?.charge;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-overstay-'));
  test = await createTestApp({ now: START, env: { DATA_DIR: dataDir, PAYMENT_DEMO: '1' } });
  configurePaymentProvider(providerFromConfig(test.ctx.env));
  session = (await test.ctx.sessions.load(undefined)) as Session;
  ({ tariff } = await frankfurtFirstTariff(test.ctx.db));
  const [lot] = await test.ctx.db.select().from(parkingLots).where(eq(parkingLots.id, tariff.parkingLotId));
  const [otherLot] = (await test.ctx.db.select().from(parkingLots)).filter((l) => l.operator !== lot.operator);
  for (const [name, role, operator] of [
    ['operatorA', 'operator', lot.operator],
    ['operatorB', 'operator', otherLot.operator],
    ['admin', 'admin', null],
  ] as const) {
    staffIds[name] = (await createStaffMember(test.ctx.db, { role, operator, name: `Eva ${name}` })).id;
  }
  await signIn();
});
afterAll(async () => {
  configurePaymentProvider(null);
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('an overstay billed at check-out (issue 33 item 4)', () => {
  it('becomes an invoice of its own: next RE- number, own snapshot and PDF, the booking invoice untouched', async () => {
    const reference = await overstayed();
    const [r] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference));
    const charge = await chargeOf(reference);
    expect(charge).toMatchObject({ status: 'open', extraDays: 2, exitLocal: '2026-12-24T10:30', paidMethod: null });
    expect(charge.amountCents).toBeGreaterThan(0);
    expect(charge.invoiceNumber).not.toBe(r.invoiceNumber);
    expect(Number(charge.invoiceNumber.slice(-6))).toBe(Number(r.invoiceNumber!.slice(-6)) + 1);

    const [stored] = await test.ctx.db.select().from(invoices).where(eq(invoices.number, charge.invoiceNumber));
    const data = stored.data as InvoiceData;
    expect(data).toMatchObject({
      kind: 'invoice',
      reference,
      overstay: { extraDays: 2, exitLocal: '2026-12-24T10:30' },
      service: { entryLocal: '2026-12-22T18:00', exitLocal: '2026-12-24T10:30', billableDays: 2 },
      payment: { type: 'overstay', dueDate: null, bank: null },
    });
    expect(data.lines).toEqual([
      { description: expect.stringContaining('Überziehung: 2 Tag(e)'), cents: charge.amountCents },
    ]);
    expect(data.totals.grossCents).toBe(charge.amountCents);
    expect(data.totals.netCents + data.totals.vatCents).toBe(charge.amountCents);

    const details = (await findReservationByReference(test.ctx.db, reference))!;
    const documents = await listReservationDocuments(test.ctx, details);
    expect(documents.invoice?.number).toBe(r.invoiceNumber);
    expect(documents.overstayInvoices).toEqual([
      {
        number: charge.invoiceNumber,
        fileName: `Rechnung-${charge.invoiceNumber}.pdf`,
        xmlFileName: `Rechnung-${charge.invoiceNumber}.xml`,
      },
    ]);
    const file = await reservationDocumentFile(test.ctx, details, {
      fileName: `Rechnung-${charge.invoiceNumber}.pdf`,
      baseUrl: test.ctx.env.PUBLIC_URL,
    });
    const text = await pdfText(file!.body as Buffer);
    expect(text).toContain(charge.invoiceNumber);
    expect(text).toContain('Überziehung');
    expect(text).toContain('Kasse des Parkplatzes');

    const events = await test.ctx.db
      .select()
      .from(reservationEvents)
      .where(eq(reservationEvents.reservationId, r.id))
      .orderBy(asc(reservationEvents.id));
    // (the mail worker's `mail_sent` rows land whenever it delivers: left out)
    const kinds = events.map((e) => e.kind).filter((kind) => kind !== 'mail_sent');
    expect(kinds.slice(-2)).toEqual(['checked_out', 'overstay_invoiced']);
    const [checkoutAudit] = await test.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, reference), eq(auditLog.action, 'reservation.check_out')));
    expect(checkoutAudit.after).toMatchObject({ invoiceNumber: charge.invoiceNumber });

    // the customer's page says what is open and offers to pay it
    const notice = await paymentNotice(test.ctx, details);
    expect(notice).toMatchObject({ state: 'overstay_due', invoiceNumber: charge.invoiceNumber });
    expect(notice && 'payPath' in notice && notice.payPath).toBe(`/reservierung/${reference}/bezahlen`);
  });

  it('is marked paid on site once, within the scope; the dashboard lists it until then', async () => {
    const reference = await overstayed();
    const charge = await chargeOf(reference);
    expect(await card('operatorA', reference)).toMatchObject({
      state: 'left',
      overstayInvoice: { number: charge.invoiceNumber, paid: false, canSendLink: true },
    });
    const lotIds = [tariff.parkingLotId];
    const before = await loadDashboard(
      test.ctx.db,
      { staffId: staffIds.admin, email: '', name: '', role: 'admin', operator: null },
      { airportId: null, lotId: null },
      test.ctx.now(),
    );
    expect(before.openOverstays.items.map((o) => o.reference)).toContain(reference);
    expect(before.openOverstays.totalCents).toBeGreaterThanOrEqual(charge.amountCents);

    const other = await post('operatorB', 'overstay-cash', reference);
    expect('init' in other && other.init.status).toBe(404);
    const forged = await post('operatorA', 'overstay-cash', reference, 'wrong');
    expect('init' in forged && forged.init.status).toBe(419);
    expect((await chargeOf(reference)).status).toBe('open');

    const paid = (await post('operatorA', 'overstay-cash', reference)) as Response;
    expect(paid.status).toBe(302);
    expect(session.get('flash')).toEqual({ type: 'success', message: 'Die Überziehung ist als bar bezahlt verbucht.' });
    expect(await chargeOf(reference)).toMatchObject({ status: 'paid', paidMethod: 'cash', paidBy: staffIds.operatorA });
    const twice = await post('operatorA', 'overstay-card', reference);
    expect('init' in twice && twice.init.status).toBe(409);
    expect('data' in twice && twice.data.message).toBe('Die Überziehung ist bereits bezahlt.');
    expect((await card('operatorA', reference)).overstayInvoice).toMatchObject({
      paid: true,
      paidLabel: expect.stringContaining('bar bezahlt'),
    });
    const audit = await test.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, reference), eq(auditLog.action, 'reservation.overstay.paid')));
    expect(audit).toHaveLength(1);
    const after = await loadDashboard(
      test.ctx.db,
      { staffId: staffIds.operatorA, email: '', name: '', role: 'operator', operator: null },
      { airportId: null, lotId: lotIds[0] },
      test.ctx.now(),
    );
    expect(after.openOverstays.items.map((o) => o.reference)).not.toContain(reference);
    const details = (await findReservationByReference(test.ctx.db, reference))!;
    expect(await paymentNotice(test.ctx, details)).toBeNull();
  });

  it('mails a payment link whose hosted payment settles the invoice once; the reconciliation agrees', async () => {
    const reference = await overstayed('online');
    const charge = await chargeOf(reference);
    const sent = (await post('operatorA', 'overstay-link', reference)) as Response;
    expect(sent.status).toBe(302);
    const [mail] = await test.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'overstay_payment'), eq(mailOutbox.reservationId, charge.reservationId)))
      .orderBy(asc(mailOutbox.id));
    expect(mail).toBeDefined();
    const link = /https?:\/\/\S+\/reservierung\/[A-Z0-9]+\/bezahlen\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toContain(`/reservierung/${reference}/bezahlen?token=`);
    expect(mail.text).toContain(charge.invoiceNumber);
    expect((await chargeOf(reference)).linkSentAt).not.toBeNull();
    // delivered with the overstay's invoice attached, and nothing else of the booking
    const delivered = await deliveredMail(test.ctx.db, dataDir, charge.reservationId, 'overstay_payment');
    expect(delivered.subject).toContain('Überziehung');
    const eml = fs
      .readdirSync(path.join(dataDir, 'mail'))
      .filter((f) => f.endsWith(`-${mail.id}.eml`))
      .map((f) => fs.readFileSync(path.join(dataDir, 'mail', f), 'utf8'))
      .join('');
    expect(eml).toContain(`Rechnung-${charge.invoiceNumber}.pdf`);
    expect(eml).not.toContain('Parkschein-');

    // the link's payment: exactly the overstay, then paid once (a replayed event changes nothing)
    const url = await startOnlinePayment(test.ctx, { reference, locale: 'de' });
    const sessionId = url!.split('/').at(-1)!;
    expect(await loadDemoCheckout(test.ctx, sessionId)).toMatchObject({ amountCents: charge.amountCents, open: true });
    expect(await startOnlinePayment(test.ctx, { reference, locale: 'de' })).toBe(url);
    await completeDemoCheckout(test.ctx, {
      sessionId,
      outcome: 'pay',
      locale: 'de',
      sessionSecret: test.ctx.env.SESSION_SECRET,
    });
    expect(await chargeOf(reference)).toMatchObject({ status: 'paid', paidMethod: 'online' });
    const [attempt] = await test.ctx.db.select().from(payments).where(eq(payments.sessionId, sessionId));
    expect(attempt).toMatchObject({ status: 'paid', overstayId: charge.id, amountCents: charge.amountCents });
    expect(await startOnlinePayment(test.ctx, { reference, locale: 'de' })).toBeNull();
    const replay = demoWebhookCall(test.ctx.env.SESSION_SECRET, {
      outcome: 'pay',
      sessionId,
      reference,
      amountCents: charge.amountCents,
      now: test.ctx.now(),
    })!;
    await handlePaymentWebhook(test.ctx, {
      provider: 'demo',
      signature: replay.signature,
      rawBody: Buffer.from(replay.body),
    });
    const [r] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference));
    expect(await test.ctx.db.select().from(refunds).where(eq(refunds.reservationId, r.id))).toEqual([]);
    const { mismatches } = await reconcilePayments(test.ctx);
    expect(mismatches.filter((m) => m.reference === reference)).toEqual([]);
  });

  it('gives back an online payment that arrives after the cash was taken', async () => {
    const reference = await overstayed();
    const charge = await chargeOf(reference);
    const url = await startOnlinePayment(test.ctx, { reference, locale: 'de' });
    const sessionId = url!.split('/').at(-1)!;
    expect(((await post('operatorA', 'overstay-card', reference)) as Response).status).toBe(302);
    // the open checkout ended with the cash: the demo page no longer takes money
    expect(await loadDemoCheckout(test.ctx, sessionId)).toMatchObject({ open: false });
    // …but the provider's money for it arrives anyway (the customer paid a moment before)
    const provider = paymentProvider();
    if (!isDemoProvider(provider)) throw new Error('demo provider expected');
    provider.capture({
      paymentIntentId: demoPaymentIntent(sessionId),
      reference,
      amountCents: charge.amountCents,
      at: test.ctx.now(),
    });
    const call = demoWebhookCall(test.ctx.env.SESSION_SECRET, {
      outcome: 'pay',
      sessionId,
      reference,
      amountCents: charge.amountCents,
      now: test.ctx.now(),
    })!;
    await handlePaymentWebhook(test.ctx, {
      provider: 'demo',
      signature: call.signature,
      rawBody: Buffer.from(call.body),
    });
    expect(await chargeOf(reference)).toMatchObject({ status: 'paid', paidMethod: 'card' });
    const [r] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference));
    const back = await test.ctx.db.select().from(refunds).where(eq(refunds.reservationId, r.id));
    expect(back).toMatchObject([{ amountCents: charge.amountCents, reason: 'late_payment' }]);
    expect(back[0].providerRefundId).not.toBeNull();
    const { mismatches } = await reconcilePayments(test.ctx);
    expect(mismatches.filter((m) => m.reference === reference)).toEqual([]);
  });

  it("lets the signed-in owner pay from the account's page (user.reservation.pay)", async () => {
    const reference = await overstayed();
    const [owner] = await test.ctx.db
      .insert(users)
      .values({ email: 'owner.overstay@example.org', gender: 'd', firstname: 'O', lastname: 'W', passwordHash: null })
      .returning();
    await test.ctx.db.update(reservations).set({ userId: owner.id }).where(eq(reservations.reference, reference));
    const pay = async (signedIn: boolean) => {
      const own = (await test.ctx.sessions.load(undefined)) as Session;
      if (signedIn) own.set('userId', owner.id);
      const path = `/konto/reservierungen/${reference}/bezahlen`;
      const answer = await payLoader({
        request: new Request(`http://localhost${path}`),
        params: { reference },
        context: routeContext({ app: test.ctx, session: own, cspNonce: '', clientIp: '203.0.113.9' }),
      } as never).catch((thrown: unknown) => thrown);
      return { location: (answer as Response).headers.get('Location') ?? '', own };
    };
    const signedOut = await pay(false);
    expect(signedOut.location).toMatch(/^\/anmelden\?redirect=/);
    const signedIn = await pay(true);
    expect(signedIn.location).toMatch(/\/zahlung\/demo\/demo_cs_/);
    // the provider's way back leads to the guest page: this session may open it
    expect(signedIn.own.get('guestReservations')).toContain(reference);
    const details = (await findReservationByReference(test.ctx.db, reference))!;
    expect(await paymentNotice(test.ctx, details)).toMatchObject({ state: 'overstay_due' });
  });

  it('offers no payment link without an online provider', async () => {
    const reference = await overstayed();
    configurePaymentProvider(null);
    try {
      expect((await card('operatorA', reference)).overstayInvoice).toMatchObject({ canSendLink: false });
      const refused = await post('operatorA', 'overstay-link', reference);
      expect('init' in refused && refused.init.status).toBe(409);
      const details = (await findReservationByReference(test.ctx.db, reference))!;
      expect(await paymentNotice(test.ctx, details)).toMatchObject({ state: 'overstay_due', payPath: null });
    } finally {
      configurePaymentProvider(providerFromConfig(test.ctx.env));
    }
  });

  it('bills the exit the barrier system reports through /internal (admin token, optional instant)', async () => {
    const reference = await bookStay();
    test.ctx.adminToken = 'internal-test-token';
    const exit = (query: string, token = 'internal-test-token') =>
      supertest(test.app)
        .post(`/internal/reservations/${reference}/check-out${query}`)
        .set('Authorization', `Bearer ${token}`);
    expect((await exit('', 'wrong')).status).toBe(401);
    expect((await exit('')).status).toBe(409); // not checked in
    test.setNow(new Date('2026-12-20T07:05:00Z'));
    await signIn();
    await post('operatorA', 'check-in', reference);
    expect((await exit('?at=yesterday')).status).toBe(400);
    const reported = await exit(`?at=${encodeURIComponent(LATE_EXIT.toISOString())}`);
    expect(reported.status).toBe(200);
    const charge = await chargeOf(reference);
    expect(reported.body).toEqual({ invoiceNumber: charge.invoiceNumber });
    const [r] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference));
    expect(r).toMatchObject({ status: 'completed', checkedOutBy: null });
    expect(r.checkedOutAt?.toISOString()).toBe(LATE_EXIT.toISOString());
    expect((await exit('')).status).toBe(409); // already out
    expect(
      (
        await supertest(test.app)
          .post('/internal/reservations/ZZZZZZZZ/check-out')
          .set('Authorization', 'Bearer internal-test-token')
      ).status,
    ).toBe(404);
  });

  it('bills nothing for a departure on the booked exit day', async () => {
    const reference = await bookStay();
    test.setNow(new Date('2026-12-20T07:05:00Z'));
    await signIn();
    await post('operatorA', 'check-in', reference);
    test.setNow(new Date('2026-12-22T19:30:00Z')); // 20:30 local: late, but the same calendar day
    await signIn();
    expect(((await post('operatorA', 'check-out', reference)) as Response).status).toBe(302);
    expect(await chargeOf(reference)).toBeUndefined();
    expect((await card('operatorA', reference)).overstayInvoice).toBeNull();
  });
});

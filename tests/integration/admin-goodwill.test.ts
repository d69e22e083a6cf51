/**
 * Goodwill cancellation (issue 33 item 5, decision 0051): support or admin cancel a confirmed booking after the free
 * period and give back all or part of it — a partial credit note and a partial refund on the online payment, or the
 * whole credit note; never more than was paid; a reason is required; an operator cannot; the audit log, the history
 * and the customer's mail say so. Through the service and the back office's page action.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type airports,
  auditLog,
  invoices,
  payments,
  refunds,
  reservationEvents,
  reservations,
  tariffDays,
  type tariffs,
} from '../../database/schema.ts';
import type { StaffActor } from '../../app/domain/staff-roles.ts';
import { buildInvoiceView, type InvoiceData } from '../../app/domain/documents.ts';
import { goodwillCancel } from '../../app/services/backoffice/goodwill.server.ts';
import { renderInvoicePdf } from '../../app/services/documents/invoice-pdf.server.ts';
import { startOnlinePayment } from '../../app/services/payments/online-payment.server.ts';
import { configurePaymentProvider } from '../../app/services/payments/payment.server.ts';
import { providerFromConfig } from '../../app/services/payments/configure.server.ts';
import { completeDemoCheckout } from '../../app/services/payments/payment-demo.server.ts';
import { RequestError } from '../../app/services/request-error.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { deliveredMail } from '../fixtures/outbox.ts';
import { pdfText } from '../fixtures/pdf.ts';
import { createStaffMember } from '../fixtures/staff.ts';
import { ApiClient, createTestApp, frankfurtFirstTariff, type TestApp } from './harness.ts';

const NOW = new Date('2026-11-21T09:00:00Z');

let test: TestApp;
let dataDir: string;
let fra: typeof airports.$inferSelect;
let tariff: typeof tariffs.$inferSelect;
let support: StaffActor;
let operator: StaffActor;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-goodwill-'));
  test = await createTestApp({ now: NOW, env: { DATA_DIR: dataDir, PAYMENT_DEMO: '1' } });
  configurePaymentProvider(providerFromConfig(test.ctx.env));
  ({ fra, tariff } = await frankfurtFirstTariff(test.ctx.db));
  const member = await createStaffMember(test.ctx.db, { role: 'support' });
  support = { staffId: member.id, email: member.email, name: 'Susi Support', role: 'support', operator: null };
  const op = await createStaffMember(test.ctx.db, { role: 'operator', operator: 'ParkDirekt Rhein-Main GmbH' });
  operator = { staffId: op.id, email: op.email, name: '', role: 'operator', operator: 'ParkDirekt Rhein-Main GmbH' };
});
afterAll(async () => {
  configurePaymentProvider(null);
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Books `days` (from 2026-12-…) with `paymentType`; an online booking is paid on the demo checkout. */
async function book(first: string, last: string, paymentType: 'online' | 'invoice') {
  const stay = { entryTime: `${first}T08:00`, exitTime: `${last}T18:00` };
  const client = await new ApiClient(test).start();
  expect((await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...stay })).status).toBe(200);
  const res = await client.post('checkout', checkoutBody({ ...stay, personCount: 1, paymentType }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const reference = res.body.reservation.reference as string;
  if (paymentType === 'online') {
    const url = (await startOnlinePayment(test.ctx, { reference, locale: 'de' }))!;
    await completeDemoCheckout(test.ctx, {
      sessionId: url.split('/').at(-1)!,
      outcome: 'pay',
      locale: 'de',
      sessionSecret: test.ctx.env.SESSION_SECRET,
    });
  }
  const [row] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference));
  expect(row.status).toBe('confirmed');
  return row;
}

/** The refusal `work` throws: status and field keys. */
async function refusalOf(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestError);
  const refused = error as RequestError;
  return { status: refused.status, fields: refused.fields };
}

describe('goodwill cancellation', () => {
  it('paid online, after the free period: part refunded on the payment, a partial credit note, audit and mail', async () => {
    const row = await book('2026-12-02', '2026-12-04', 'online');
    // the day before entry: the customer's free cancellation is over
    test.setNow(new Date('2026-12-01T12:00:00Z'));
    const client = await new ApiClient(test).start();
    expect((await client.post(`reservations/${row.reference}/cancel`, {})).status).toBe(404); // not theirs anyway
    const part = Math.floor(row.totalCents / 2);
    const typed = (part / 100).toFixed(2).replace('.', ',');

    // refused: no reason, an amount beyond what was paid, an operator; nothing changes
    expect(
      await refusalOf(goodwillCancel(test.ctx, support, { reference: row.reference, amount: typed, reason: '' })),
    ).toMatchObject({ status: 422, fields: { reason: ['admin.goodwill.error.reason'] } });
    const tooMuch = ((row.totalCents + 1) / 100).toFixed(2).replace('.', ',');
    expect(
      await refusalOf(goodwillCancel(test.ctx, support, { reference: row.reference, amount: tooMuch, reason: 'Flug' })),
    ).toMatchObject({ status: 422, fields: { amount: ['admin.goodwill.error.too_much'] } });
    expect(
      await refusalOf(goodwillCancel(test.ctx, operator, { reference: row.reference, amount: typed, reason: 'Flug' })),
    ).toMatchObject({ status: 404 });
    const [unchanged] = await test.ctx.db.select().from(reservations).where(eq(reservations.id, row.id));
    expect(unchanged.status).toBe('confirmed');

    const done = await goodwillCancel(test.ctx, support, {
      reference: row.reference,
      amount: typed,
      reason: 'Flug annulliert',
    });
    expect(done).toMatchObject({ amountCents: part, refund: true });
    const [cancelled] = await test.ctx.db.select().from(reservations).where(eq(reservations.id, row.id));
    expect(cancelled.status).toBe('cancelled');
    const days = await test.ctx.db
      .select()
      .from(tariffDays)
      .where(and(eq(tariffDays.tariffId, tariff.id), eq(tariffDays.day, '2026-12-03')));
    expect(days[0].booked).toBe(0);

    const documents = await test.ctx.db.select().from(invoices).where(eq(invoices.reservationId, row.id));
    const note = documents.find((d) => d.kind === 'credit_note')!;
    expect(note.number).toBe(done.creditNoteNumber);
    const data = note.data as { totals: { grossCents: number; vatCents: number }; lines: { description: string }[] };
    expect(data.totals.grossCents).toBe(-part);
    expect(data.lines).toEqual([{ description: 'Gutschrift aus Kulanz: Flug annulliert', cents: -part }]);
    // the printed credit note says what it credits and how much
    const pdf = await renderInvoicePdf(buildInvoiceView(note.data as InvoiceData));
    const printed = (await pdfText(pdf)).replace(/\s+/g, ' ');
    expect(printed).toContain('Gutschrift aus Kulanz: Flug annulliert');
    expect(printed).toContain(`-${typed}`);
    // what the customer owes (invoices − credit notes) = what the provider kept (captured − refunded)
    const owed = documents.reduce(
      (sum, d) => sum + (d.data as { totals: { grossCents: number } }).totals.grossCents,
      0,
    );
    const [payment] = await test.ctx.db.select().from(payments).where(eq(payments.reservationId, row.id));
    const back = await test.ctx.db.select().from(refunds).where(eq(refunds.reservationId, row.id));
    expect(back).toMatchObject([{ reason: 'goodwill', amountCents: part, creditNoteNumber: note.number }]);
    expect(back[0].providerRefundId).toMatch(/^demo_re_/);
    expect(owed).toBe(payment.amountCents - part);

    const [audit] = await test.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reservation.goodwill'), eq(auditLog.entityId, row.reference)));
    expect(audit.staffId).toBe(support.staffId);
    expect(audit.after).toMatchObject({ amountCents: part, reason: 'Flug annulliert' });
    const events = await test.ctx.db
      .select()
      .from(reservationEvents)
      .where(eq(reservationEvents.reservationId, row.id));
    expect(events.find((e) => e.kind === 'cancelled')?.data).toMatchObject({
      goodwill: { amountCents: part, reason: 'Flug annulliert' },
      staff: { name: 'Susi Support', role: 'support' },
    });
    const mail = await deliveredMail(test.ctx.db, dataDir, row.id, 'reservation_cancelled');
    expect(mail.text).toContain('Flug annulliert');
    expect(mail.text).toContain(typed);

    // a second goodwill: the booking is cancelled already
    expect(
      await refusalOf(goodwillCancel(test.ctx, support, { reference: row.reference, amount: '', reason: 'nochmal' })),
    ).toMatchObject({ status: 409 });
  });

  it('on invoice, the whole amount (field left empty): the full credit note, nothing to refund', async () => {
    test.setNow(NOW);
    const row = await book('2026-12-09', '2026-12-10', 'invoice');
    const done = await goodwillCancel(test.ctx, support, { reference: row.reference, amount: '', reason: 'Kulanz' });
    expect(done).toMatchObject({ amountCents: row.totalCents, refund: false });
    const documents = await test.ctx.db.select().from(invoices).where(eq(invoices.reservationId, row.id));
    const owed = documents.reduce(
      (sum, d) => sum + (d.data as { totals: { grossCents: number } }).totals.grossCents,
      0,
    );
    expect(owed).toBe(0);
    expect(await test.ctx.db.select().from(refunds).where(eq(refunds.reservationId, row.id))).toEqual([]);
  });
});

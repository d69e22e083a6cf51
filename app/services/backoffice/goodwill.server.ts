/**
 * Goodwill cancellation (issue 33 item 5, decision 0051): `support` or `admin` cancel a confirmed booking at any
 * time — also after the free period — and give the customer back all or part of it: the amount entered, never more
 * than was paid online (captured minus refunded) or, for invoice and on-site payers, than the invoice. One
 * transaction with the reservation row locked: the days go back, status `cancelled`, a credit note (the whole
 * invoice, or a partial "goodwill" credit note of the amount), the refund planned on the online payment, the history
 * row naming the staff member and the reason, the audit row and the customer's mail; after the commit the refund is
 * requested from the provider. Amounts are integer euro cents, gross.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { payments, refunds, reservations } from '#database/schema.ts';
import { formatMoney, parseEuroCents } from '~/domain/money.ts';
import { refundableCents } from '~/domain/settlement.ts';
import { stayDates } from '~/domain/stay.ts';
import type { StaffActor } from '~/domain/staff-roles.ts';
import { toLocale } from '~/i18n.ts';
import { translator } from '~/i18n.server.ts';
import { availabilityChanged } from '../cache-events.server.ts';
import { findInvoiceDocuments, invoiceIssuerOf, issuePartialCreditNote } from '../documents/invoices.server.ts';
import { kickMailDelivery } from '../mail/mail.server.ts';
import { expireSessions } from '../payments/online-payment.server.ts';
import { linkRefundToCreditNote, planRefund, requestRefunds } from '../payments/refunds.server.ts';
import { RequestError } from '../request-error.server.ts';
import {
  creditCurrentInvoice,
  lineIf,
  lockDays,
  queueManageMail,
  recordManageEvent,
  releaseDays,
} from '../reservations/booking-writes.server.ts';
import { heldDaysOf, pendingChangeOf, releasePaidChange } from '../reservations/paid-change.server.ts';
import { recordAudit } from './audit-log.server.ts';
import { staffReservation } from './admin-reservations.server.ts';
import type { ServiceContext } from '../service-context.ts';

/** Longest reason kept (it is printed in the history and the customer's mail). */
const REASON_MAX = 500;

/** What a goodwill cancellation did. */
export type GoodwillAnswer = {
  reference: string;
  /** the amount given back (refunded online, or credited against the invoice), cents */
  amountCents: number;
  creditNoteNumber: string | null;
  /** true when the amount goes back through the online payment provider */
  refund: boolean;
};

/**
 * What the booking's customer may get back at most: for `online`, what its paid payments captured minus the refunds
 * so far; otherwise the booking's total (the invoice not paid, or paid by transfer or on site).
 */
async function goodwillLimit(tx: Database, r: typeof reservations.$inferSelect): Promise<number> {
  if (r.paymentType !== 'online') return r.totalCents;
  const [{ captured }] = await tx
    .select({ captured: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.reservationId, r.id), eq(payments.status, 'paid')));
  const [{ refunded }] = await tx
    .select({ refunded: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.reservationId, r.id));
  return refundableCents(Number(captured), Number(refunded));
}

/**
 * The most a goodwill cancellation of this reservation can give back, or null when `actor` may not make one or the
 * booking is not confirmed (the back office shows the form only then).
 * @throws on database errors only.
 * Source: issue 33 item 5.
 */
export async function goodwillMax(
  db: Database,
  actor: StaffActor,
  reservation: typeof reservations.$inferSelect,
): Promise<number | null> {
  if ((actor.role !== 'admin' && actor.role !== 'support') || reservation.status !== 'confirmed') return null;
  const max = await goodwillLimit(db, reservation);
  return max > 0 ? max : null;
}

/**
 * Cancels a confirmed reservation as a goodwill gesture and gives `amount` back.
 *
 * @param actor - the staff member: `support` or `admin` (an `operator` is refused).
 * @param input.reference - the reservation (an operator's scope applies, 404 outside it).
 * @param input.amount - the amount as typed (`55,00`, `55`); empty: everything that can go back.
 * @param input.reason - why, required (printed in the history and the mail).
 * @returns {@link GoodwillAnswer}.
 * @throws RequestError 404 `api.error.not_found` (also for an operator), 409 `manage.error.not_active`
 *   (not confirmed), 422 `validation.failed` with `amount` (`admin.goodwill.error.amount` /
 *   `admin.goodwill.error.too_much`) or `reason` (`admin.goodwill.error.reason`); database errors pass through.
 * Source: issue 33 item 5, decision 0051, DESIGN §6 (credit notes, audit of every back-office write).
 */
export async function goodwillCancel(
  ctx: ServiceContext,
  actor: StaffActor,
  input: { reference: string; amount: string; reason: string },
): Promise<GoodwillAnswer> {
  // An operator is not offered the form; a forged post gets the back office's 404, as outside its lots.
  if (actor.role !== 'admin' && actor.role !== 'support') throw new RequestError(404, 'api.error.not_found');
  const details = await staffReservation(ctx.db, actor, input.reference);
  const reason = input.reason.trim().replace(/\s+/g, ' ');
  const typed = input.amount.trim();
  const parsed = typed === '' ? null : parseEuroCents(typed);
  const fields: Record<string, string[]> = {};
  if (reason.length < 3 || reason.length > REASON_MAX) fields.reason = ['admin.goodwill.error.reason'];
  if (typed !== '' && (parsed === null || parsed <= 0)) fields.amount = ['admin.goodwill.error.amount'];
  if (Object.keys(fields).length > 0) throw new RequestError(422, 'validation.failed', fields);
  const now = ctx.now();

  const done = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, details.reservation.id)).for('update');
    if (r.status !== 'confirmed') throw new RequestError(409, 'manage.error.not_active');
    const locked = { ...details, reservation: r };
    const limit = await goodwillLimit(tx, r);
    const amountCents = parsed ?? limit;
    if (amountCents > limit || amountCents <= 0) {
      throw new RequestError(422, 'validation.failed', { amount: ['admin.goodwill.error.too_much'] });
    }
    const dates = stayDates(r.entryLocal, r.exitLocal);
    const change = await pendingChangeOf(tx, r.id);
    await lockDays(tx, r.tariffId, [...dates, ...(change ? heldDaysOf(locked, change) : [])]);
    await releaseDays(tx, r.tariffId, dates);
    const sessions = change ? await releasePaidChange(tx, locked, change, now, { daysLocked: true }) : [];
    await tx.update(reservations).set({ status: 'cancelled', cancelledAt: now }).where(eq(reservations.id, r.id));
    const refund =
      r.paymentType === 'online'
        ? await planRefund(tx, {
            reservationId: r.id,
            amountCents,
            reason: 'goodwill',
            idempotencyKey: `refund-${r.reference}-goodwill`,
          })
        : null;
    const locale = toLocale(r.locale);
    const t = translator(locale);
    let creditNoteNumber: string | null = null;
    if (r.invoiceNumber && amountCents >= r.totalCents) {
      creditNoteNumber = await creditCurrentInvoice(ctx, tx, locked, now, refund);
    } else if (r.invoiceNumber) {
      const issuer = invoiceIssuerOf(ctx.env);
      await findInvoiceDocuments(tx, locked, issuer);
      const note = await issuePartialCreditNote(tx, {
        reservationId: r.id,
        invoiceNumber: r.invoiceNumber,
        now,
        amountCents,
        description: t('document.credit_note.goodwill_line', { reason }),
        refundCents: refund?.amountCents,
        issuer,
      });
      creditNoteNumber = note.number;
      if (refund) await linkRefundToCreditNote(tx, refund, note.number);
    }
    const staff = { staffId: actor.staffId, name: actor.name || actor.email, role: actor.role };
    await recordManageEvent(tx, r.id, 'cancelled', now, staff, {
      totalCents: r.totalCents,
      goodwill: { amountCents, reason },
      invoiceNumber: r.invoiceNumber,
      creditNoteNumber,
      refund: refund !== null,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'reservation.goodwill',
        entity: 'reservation',
        entityId: r.reference,
        before: { status: r.status, totalCents: r.totalCents },
        after: { status: 'cancelled', amountCents, reason, creditNoteNumber },
      },
      now,
    );
    await queueManageMail(ctx, tx, locked, {
      kind: 'reservation_cancelled',
      lines: [
        [t('manage.mail.goodwill_amount'), formatMoney(amountCents, locale)],
        [t('manage.mail.goodwill_reason'), reason],
        ...lineIf(t('manage.mail.credit_note'), creditNoteNumber),
        ...lineIf(t('payment.mail.refund'), refund && formatMoney(refund.amountCents, locale)),
      ],
    });
    return { answer: { reference: r.reference, amountCents, creditNoteNumber, refund: refund !== null }, sessions };
  });
  void availabilityChanged(ctx.db, details.reservation.airportId).catch(() => undefined);
  kickMailDelivery(ctx);
  await expireSessions(ctx, done.sessions);
  await requestRefunds(ctx, details.reservation.id);
  return done.answer;
}

/**
 * Overstays billed (issue 33 item 4, decision 0051): a car that leaves after its booked exit gets an invoice of its
 * own for the extra days when staff record the exit ({@link billOverstay}, in the check-out's transaction); staff
 * mark it paid at the car park (cash or card terminal, {@link markOverstayPaid}) or mail the customer a link to the
 * provider's hosted payment of exactly that invoice ({@link sendOverstayPaymentLink}; the webhook marks it paid
 * online, `handlePaymentWebhook`). The dashboard lists what is still open ({@link openOverstays}). Amounts are gross euro cents.
 *
 * Every write locks the reservation row first (the order of the booking, the change, the webhook), so a payment that
 * arrives online while staff take cash is seen by one of them only: the other finds the charge paid (a late online
 * payment is refunded by the webhook).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import {
  overstayCharges,
  reservationEvents,
  reservations,
  tariffs,
  type OverstayPaymentMethod,
} from '#database/schema.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { formatMoney } from '~/domain/money.ts';
import type { Overstay } from '~/domain/overstay.ts';
import type { OpenOverstay } from '~/domain/dashboard.ts';
import type { StaffActor } from '~/domain/staff-roles.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { translator } from '~/i18n.server.ts';
import { recordAudit } from './audit-log.server.ts';
import { staffReservation } from './admin-reservations.server.ts';
import { invoiceIssuerOf, issueOverstayInvoice } from '../documents/invoices.server.ts';
import { kickMailDelivery } from '../mail/mail.server.ts';
import { closeOpenPayments, expireSessions } from '../payments/online-payment.server.ts';
import { paymentProvider } from '../payments/payment.server.ts';
import { createGuestToken } from '../reservations/guest-access.server.ts';
import { queueManageMail } from '../reservations/booking-writes.server.ts';
import type { ReservationDetails } from '../reservations/reservations.server.ts';
import { RequestError } from '../request-error.server.ts';
import type { ServiceContext } from '../service-context.ts';

/**
 * Why an overstay action was refused (nothing changed): 404 `api.error.not_found` outside the actor's scope,
 * 409 `admin.overstay.error.none` (no overstay billed), `admin.overstay.error.paid` (already paid),
 * `admin.overstay.error.no_provider` (no online payment configured for a link), `admin.overstay.error.no_email`.
 */
class OverstayError extends RequestError {}

/** A billed overstay as stored. */
export type OverstayCharge = typeof overstayCharges.$inferSelect;

/** Who did it, as the history and the audit log name them. */
function staffOf(actor: StaffActor) {
  return { staffId: actor.staffId, name: actor.name || actor.email, role: actor.role };
}

/**
 * Bills the overstay of a car that leaves now, in the check-out's transaction (`tx` holds the reservation's row): its
 * own invoice (`issueOverstayInvoice`: next gapless `RE-` number, snapshot, the extra days as its line), the
 * `overstay_charges` row (`open`) and the `overstay_invoiced` history row. Nothing for a departure without extra days
 * or without a price for them.
 *
 * @param overstay - from `overstayOf` at the exit (`extraDays`, `extraCents`).
 * @param exitLocal - when the car left, airport local `YYYY-MM-DDTHH:mm`.
 * @returns the charge, or null when nothing is billed.
 * @throws RangeError past 999 999 invoices a year; database errors pass through (the check-out rolls back).
 * Source: issue 33 item 4; §14 UStG (an invoice for the extra service).
 */
export async function billOverstay(
  ctx: Pick<ServiceContext, 'env'>,
  tx: Database,
  details: ReservationDetails,
  input: { overstay: Overstay; exitLocal: string; now: Date },
): Promise<OverstayCharge | null> {
  const { extraDays, extraCents } = input.overstay;
  if (extraDays < 1 || extraCents <= 0) return null;
  const invoice = await issueOverstayInvoice(tx, details, {
    extraDays,
    amountCents: extraCents,
    exitLocal: input.exitLocal,
    issuer: invoiceIssuerOf(ctx.env),
    now: input.now,
  });
  const [charge] = await tx
    .insert(overstayCharges)
    .values({
      reservationId: details.reservation.id,
      invoiceNumber: invoice.number,
      amountCents: extraCents,
      extraDays,
      exitLocal: input.exitLocal,
      createdAt: input.now,
    })
    .returning();
  await tx.insert(reservationEvents).values({
    reservationId: details.reservation.id,
    kind: 'overstay_invoiced',
    at: input.now,
    data: { amountCents: extraCents, extraDays, invoiceNumber: invoice.number },
  });
  return charge;
}

/** The billed overstay of a reservation, or null. */
export async function overstayChargeOf(db: Database, reservationId: number): Promise<OverstayCharge | null> {
  const [charge] = await db.select().from(overstayCharges).where(eq(overstayCharges.reservationId, reservationId));
  return charge ?? null;
}

/**
 * The open overstay charge of `reference` with its reservation row locked, in `tx`; refuses when there is none or it
 * is paid.
 */
async function lockOpenCharge(tx: Database, details: ReservationDetails): Promise<OverstayCharge> {
  await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(eq(reservations.id, details.reservation.id))
    .for('update');
  const [charge] = await tx
    .select()
    .from(overstayCharges)
    .where(eq(overstayCharges.reservationId, details.reservation.id))
    .for('update');
  if (!charge) throw new OverstayError(409, 'admin.overstay.error.none');
  if (charge.status !== 'open') throw new OverstayError(409, 'admin.overstay.error.paid');
  return charge;
}

/**
 * Marks the overstay of `reference` paid at the car park (`cash` or `card` terminal) by `actor`: the charge becomes
 * `paid` with method, time and staff member, an open online checkout of it ends (and is closed at the provider after
 * the commit, so the customer cannot pay twice), the `overstay_paid` history row and the audit row
 * (`reservation.overstay.paid`), in one transaction.
 *
 * @returns the charge afterwards.
 * @throws OverstayError 404 outside the actor's scope, 409 none billed / already paid.
 * Source: issue 33 item 4 (staff mark it paid on site).
 */
export async function markOverstayPaid(
  ctx: ServiceContext,
  actor: StaffActor,
  input: { reference: string; method: Exclude<OverstayPaymentMethod, 'online'> },
): Promise<OverstayCharge> {
  const details = await staffReservation(ctx.db, actor, input.reference);
  const now = ctx.now();
  const { charge, sessions } = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const open = await lockOpenCharge(tx, details);
    const [paid] = await tx
      .update(overstayCharges)
      .set({ status: 'paid', paidMethod: input.method, paidAt: now, paidBy: actor.staffId })
      .where(eq(overstayCharges.id, open.id))
      .returning();
    const sessions = await closeOpenPayments(tx, details.reservation.id, now);
    await tx.insert(reservationEvents).values({
      reservationId: details.reservation.id,
      kind: 'overstay_paid',
      at: now,
      data: {
        amountCents: open.amountCents,
        invoiceNumber: open.invoiceNumber,
        method: input.method,
        recordedBy: staffOf(actor),
      },
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'reservation.overstay.paid',
        entity: 'reservation',
        entityId: details.reservation.reference,
        before: { status: 'open' },
        after: {
          status: 'paid',
          method: input.method,
          amountCents: open.amountCents,
          invoiceNumber: open.invoiceNumber,
        },
      },
      now,
    );
    return { charge: paid, sessions };
  });
  await expireSessions(ctx, sessions);
  return charge;
}

/**
 * Mails the customer a link to pay the overstay of `reference` online (the provider's hosted payment of exactly the
 * overstay's invoice, through `/reservierung/:reference/bezahlen`), with that invoice attached. The link carries a
 * new guest token (only hashes are stored, so the booking's token cannot be mailed again: an earlier mail's link
 * stops working, the lookup by reference and e-mail still works — as the confirmation's resend, decision 0029).
 * Token, outbox row, `link_sent_at`, the `overstay_link_sent` history row and the audit row
 * (`reservation.overstay.link`) in one transaction. An operator may send it; the answer names no address.
 *
 * @throws OverstayError 404 outside the scope, 409 none billed / already paid / no online payment configured / the
 *   booking has no e-mail address.
 * Source: issue 33 item 4 (send the customer a payment link, hosted payment for that invoice, mailed).
 */
export async function sendOverstayPaymentLink(
  ctx: ServiceContext,
  actor: StaffActor,
  input: { reference: string },
): Promise<OverstayCharge> {
  if (!paymentProvider()) throw new OverstayError(409, 'admin.overstay.error.no_provider');
  const details = await staffReservation(ctx.db, actor, input.reference);
  const r = details.reservation;
  const to = typeof r.billingAddress.email === 'string' ? r.billingAddress.email : '';
  if (!to) throw new OverstayError(409, 'admin.overstay.error.no_email');
  const now = ctx.now();
  const charge = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const open = await lockOpenCharge(tx, details);
    const { token, hash } = createGuestToken();
    await tx.update(reservations).set({ guestTokenHash: hash }).where(eq(reservations.id, r.id));
    const locale = toLocale(r.locale);
    const t = translator(locale);
    const url = new URL(localePath(locale, `/reservierung/${r.reference}/bezahlen`), ctx.env.PUBLIC_URL);
    url.searchParams.set('token', token);
    await queueManageMail(ctx, tx, details, {
      kind: 'overstay_payment',
      url: url.href,
      lines: [
        [t('manage.mail.overstay.invoice'), open.invoiceNumber],
        [t('manage.mail.overstay.days'), String(open.extraDays)],
        [t('manage.mail.overstay.exit'), formatLocalDateTime(open.exitLocal, locale)],
        [t('manage.mail.overstay.amount'), formatMoney(open.amountCents, locale)],
      ],
    });
    const [sent] = await tx
      .update(overstayCharges)
      .set({ linkSentAt: now })
      .where(eq(overstayCharges.id, open.id))
      .returning();
    await tx.insert(reservationEvents).values({
      reservationId: r.id,
      kind: 'overstay_link_sent',
      at: now,
      data: { amountCents: open.amountCents, invoiceNumber: open.invoiceNumber, recordedBy: staffOf(actor) },
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'reservation.overstay.link',
        entity: 'reservation',
        entityId: r.reference,
        after: { invoiceNumber: open.invoiceNumber, amountCents: open.amountCents },
      },
      now,
    );
    return sent;
  });
  kickMailDelivery(ctx);
  return charge;
}

/**
 * The overstays still unpaid at the lots `lotIds` (the dashboard's scope and filter), oldest first, at most `limit`,
 * with their count and sum.
 * @throws on database errors only.
 * Source: issue 33 item 4 (the dashboard lists open overstay amounts).
 */
export async function openOverstays(
  db: Database,
  lotIds: number[],
  limit = 20,
): Promise<{ items: OpenOverstay[]; count: number; totalCents: number }> {
  if (lotIds.length === 0) return { items: [], count: 0, totalCents: 0 };
  const where = and(eq(overstayCharges.status, 'open'), inArray(tariffs.parkingLotId, lotIds));
  const rows = await db
    .select({
      reference: reservations.reference,
      invoiceNumber: overstayCharges.invoiceNumber,
      amountCents: overstayCharges.amountCents,
      extraDays: overstayCharges.extraDays,
      exitLocal: overstayCharges.exitLocal,
      linkSentAt: overstayCharges.linkSentAt,
    })
    .from(overstayCharges)
    .innerJoin(reservations, eq(reservations.id, overstayCharges.reservationId))
    .innerJoin(tariffs, eq(tariffs.id, reservations.tariffId))
    .where(where)
    .orderBy(asc(overstayCharges.createdAt), asc(overstayCharges.id))
    .limit(limit);
  const [sum] = await db
    .select({
      count: sql<number>`count(*)::int`,
      totalCents: sql<number>`coalesce(sum(${overstayCharges.amountCents}), 0)::int`,
    })
    .from(overstayCharges)
    .innerJoin(reservations, eq(reservations.id, overstayCharges.reservationId))
    .innerJoin(tariffs, eq(tariffs.id, reservations.tariffId))
    .where(where);
  return {
    items: rows.map(({ linkSentAt, ...row }) => ({ ...row, linkSent: linkSentAt !== null })),
    count: Number(sum?.count ?? 0),
    totalCents: Number(sum?.totalCents ?? 0),
  };
}

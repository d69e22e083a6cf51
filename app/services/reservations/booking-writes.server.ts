/**
 * The writes a change or cancellation of a booking makes (issues 12 and 33), shared by the customer's and the back
 * office's actions (`reservation-manage.server.ts`) and by the payment of a dearer change's difference (the
 * provider's webhook, `paid-change.server.ts`): tariff day rows locked in date order and booked or freed, the
 * history row, the customer's mail (transactional outbox), the credit note of the current invoice, and a change
 * applied to the reservation with its new documents. Every function runs in the caller's transaction, which holds
 * the reservation's row lock. Amounts are integer euro cents, gross; times airport local `YYYY-MM-DDTHH:mm`.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import {
  mailOutbox,
  reservationEvents,
  reservations,
  tariffDays,
  tariffs,
  type ChangePrice,
  type ChangeTravel,
} from '#database/schema.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { localToInstant } from '~/domain/local-time.ts';
import { formatMoney } from '~/domain/money.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { translator } from '~/i18n.server.ts';
import { findInvoiceDocuments, invoiceIssuerOf, issueCreditNote, issueInvoice } from '../documents/invoices.server.ts';
import { shopInfo } from '../mail/mail.server.ts';
import { renderManageMail, type ManageMailKind } from '../mail/manage-mail-templates.server.ts';
import { linkRefundToCreditNote, type PlannedRefund } from '../payments/refunds.server.ts';
import { RequestError } from '../request-error.server.ts';
import type { ReservationDetails } from './reservations.server.ts';
import type { ServiceContext } from '../service-context.ts';

/**
 * The staff member who acts on the customer's behalf (issue 15 item 3): written into the history row's `data.staff`
 * so the timeline says the back office did it.
 */
export type OnBehalf = { staffId: number; name: string; role: string };

/**
 * Locks the tariff's day rows of `dates` in ascending date order — creating missing ones with nothing booked —
 * with one `INSERT … ON CONFLICT DO UPDATE` that changes nothing: the booking's statement locks in the same order,
 * so a change or cancellation and concurrent bookings wait on each other and cannot deadlock.
 */
export async function lockDays(tx: Database, tariffId: number, dates: string[]): Promise<void> {
  if (dates.length === 0) return;
  await tx
    .insert(tariffDays)
    .values([...dates].sort().map((day) => ({ tariffId, day, booked: 0 })))
    .onConflictDoUpdate({ target: [tariffDays.tariffId, tariffDays.day], set: { booked: sql`${tariffDays.booked}` } });
}

/** Gives one space back on each of `dates` (rows already locked by {@link lockDays}). */
export async function releaseDays(tx: Database, tariffId: number, dates: string[]): Promise<void> {
  if (dates.length === 0) return;
  await tx
    .update(tariffDays)
    .set({ booked: sql`greatest(${tariffDays.booked} - 1, 0)` })
    .where(and(eq(tariffDays.tariffId, tariffId), inArray(tariffDays.day, dates)));
}

/**
 * The tariff's default capacity (spaces per day), read from its row locked `FOR SHARE` until the transaction ends,
 * or null when the tariff is gone. Taken before the day rows (the order a booking and a back-office change of the
 * capacity lock in, so none of them can deadlock): a change of the default capacity waits for this transaction,
 * and this one never books against a number the back office has just lowered (decision 0032).
 */
export async function lockTariffCapacity(tx: Database, tariffId: number): Promise<number | null> {
  const [row] = await tx
    .select({ capacity: tariffs.capacity })
    .from(tariffs)
    .where(eq(tariffs.id, tariffId))
    .for('share');
  return row?.capacity ?? null;
}

/**
 * Books one space on each of `dates` while the day has one (rows locked by {@link lockDays}; `capacity` the
 * tariff's default from {@link lockTariffCapacity}).
 * @throws RequestError 409 `checkout.api.sold_out` when any date is full (the caller's rollback undoes the rest).
 */
export async function reserveDays(
  tx: Database,
  tariffId: number,
  capacity: number | null,
  dates: string[],
): Promise<void> {
  if (dates.length === 0) return;
  if (capacity === null) throw new RequestError(409, 'checkout.api.sold_out');
  const booked = await tx
    .update(tariffDays)
    .set({ booked: sql`${tariffDays.booked} + 1` })
    .where(
      and(
        eq(tariffDays.tariffId, tariffId),
        inArray(tariffDays.day, dates),
        sql`coalesce(${tariffDays.capacity}, ${capacity}) > ${tariffDays.booked}`,
      ),
    )
    .returning({ day: tariffDays.day });
  if (booked.length < dates.length) throw new RequestError(409, 'checkout.api.sold_out');
}

/** How many times the reservation was changed so far (numbers each change's refund key). */
export async function changeCount(tx: Database, reservationId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(reservationEvents)
    .where(and(eq(reservationEvents.reservationId, reservationId), eq(reservationEvents.kind, 'changed')));
  return Number(row?.n ?? 0);
}

/**
 * Writes the history row of a cancellation or change made at `at`: `data`, plus the staff member who made it on
 * the customer's behalf (`staff`, when the back office did).
 */
export async function recordManageEvent(
  tx: Database,
  reservationId: number,
  kind: 'cancelled' | 'changed' | 'change_requested' | 'change_released',
  at: Date,
  staff: OnBehalf | undefined,
  data: Record<string, unknown>,
): Promise<void> {
  await tx
    .insert(reservationEvents)
    .values({ reservationId, kind, at, data: { ...data, ...(staff ? { staff } : {}) } });
}

/** A line of a manage mail's facts, only when it has a value (`[]` otherwise, to spread into the list). */
export function lineIf(label: string, value: string | null | undefined | false): [string, string][] {
  return value ? [[label, value]] : [];
}

/**
 * The customer's mail about the change, cancellation or overstay, queued in the action's transaction (in a
 * savepoint: a failure is logged and the action stands). `input.url`: the link the mail offers (default: the lookup
 * form; an overstay's secret payment link).
 */
export async function queueManageMail(
  ctx: ServiceContext,
  tx: Database,
  details: ReservationDetails,
  input: { kind: ManageMailKind; lines: [string, string][]; url?: string },
): Promise<void> {
  const r = details.reservation;
  const locale = toLocale(r.locale);
  const baseUrl = ctx.env.PUBLIC_URL;
  const lookupUrl = input.url ?? new URL(localePath(locale, '/reservierung'), baseUrl).href;
  const mail = renderManageMail(
    input.kind,
    locale,
    { reference: r.reference, lines: input.lines, lookupUrl },
    shopInfo(ctx.env),
  );
  try {
    await tx.transaction(async (savepoint) => {
      await (savepoint as unknown as Database).insert(mailOutbox).values({
        kind: input.kind,
        reservationId: r.id,
        locale,
        to: String(r.billingAddress.email ?? ''),
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        baseUrl,
        status: 'pending',
      });
    });
  } catch (err) {
    ctx.logger.error({ err, reservationId: r.id }, 'could not enqueue the manage mail');
  }
}

/**
 * Issues the credit note of the reservation's current invoice in the caller's transaction (the stored snapshot is
 * made first for bookings confirmed before snapshots existed); a refund planned with it is stated on the note and
 * linked to it.
 * @returns the credit note's number, or null when the reservation has no invoice.
 */
export async function creditCurrentInvoice(
  ctx: ServiceContext,
  tx: Database,
  details: ReservationDetails,
  now: Date,
  refund?: PlannedRefund | null,
): Promise<string | null> {
  if (!details.reservation.invoiceNumber) return null;
  const issuer = invoiceIssuerOf(ctx.env);
  await findInvoiceDocuments(tx, details, issuer);
  const note = await issueCreditNote(tx, {
    reservationId: details.reservation.id,
    now,
    refundCents: refund?.amountCents,
    issuer,
  });
  if (refund) await linkRefundToCreditNote(tx, refund, note.number);
  return note.number;
}

/**
 * Applies a change to the reservation (rows of its days already booked and freed by the caller): the new stay,
 * details and price, the credit note of the current invoice (stating `refund`, when one goes back) and a new invoice,
 * the `changed` history row (with `paidCents` when the difference was paid online, `refundCents` when refunded,
 * `extension: true` for an extension after entry) and the change mail.
 *
 * @param details - the reservation, locked by the caller's transaction.
 * @param input.travel - the new stay and details (validated).
 * @param input.price - the new stay's price (cents).
 * @param input.differenceCents - new total minus old.
 * @returns the updated row and the numbers of the credit note and new invoice (null when never invoiced).
 * @throws on database errors only.
 * Source: issue 12 item 2, issue 33 items 1 and 2, DESIGN §6 (Invoice, Cancellation and changes).
 */
export async function applyChange(
  ctx: ServiceContext,
  tx: Database,
  details: ReservationDetails,
  input: {
    travel: ChangeTravel;
    price: ChangePrice;
    differenceCents: number;
    now: Date;
    staff?: OnBehalf;
    refund?: PlannedRefund | null;
    paidCents?: number;
  },
): Promise<{
  updated: typeof reservations.$inferSelect;
  creditNoteNumber: string | null;
  invoiceNumber: string | null;
}> {
  const r = details.reservation;
  const { travel, price: p, now } = input;
  const [updated] = await tx
    .update(reservations)
    .set({
      entryLocal: travel.entryTime,
      exitLocal: travel.exitTime,
      entryAt: localToInstant(travel.entryTime, details.airport.timeZone),
      exitAt: localToInstant(travel.exitTime, details.airport.timeZone),
      billableDays: p.billableDays,
      personCount: travel.personCount,
      childrenSeat: travel.childrenSeat,
      bulkyBaggage: travel.bulkyBaggage,
      licensePlate: travel.licensePlate,
      parkingCents: p.parkingCents,
      personsCents: p.personsCents,
      childSeatsCents: p.childSeatsCents,
      discountCents: p.discountCents,
      totalCents: p.totalCents,
      vatCents: p.vatCents,
      vatRateBp: p.vatRateBp,
      changedAt: now,
    })
    .where(eq(reservations.id, r.id))
    .returning();
  const creditNoteNumber = await creditCurrentInvoice(ctx, tx, details, now, input.refund);
  let invoiceNumber: string | null = null;
  if (creditNoteNumber) {
    invoiceNumber = await issueInvoice(tx, { ...details, reservation: updated }, invoiceIssuerOf(ctx.env), now);
  }
  await recordManageEvent(tx, r.id, 'changed', now, input.staff, {
    from: { entryTime: r.entryLocal, exitTime: r.exitLocal, totalCents: r.totalCents },
    to: { entryTime: travel.entryTime, exitTime: travel.exitTime, totalCents: p.totalCents },
    differenceCents: input.differenceCents,
    creditNoteNumber,
    invoiceNumber,
    ...(input.refund ? { refundCents: input.refund.amountCents } : {}),
    ...(input.paidCents ? { paidCents: input.paidCents } : {}),
    ...(travel.extension ? { extension: true } : {}),
  });
  const locale = toLocale(r.locale);
  const t = translator(locale);
  const lines: [string, string][] = [
    // an extension after entry says what it was (issue 35 item 2)
    ...lineIf(t('manage.mail.change_kind'), travel.extension && t('manage.mail.extension')),
    [t('manage.mail.entry'), formatLocalDateTime(travel.entryTime, locale)],
    [t('manage.mail.exit'), formatLocalDateTime(travel.exitTime, locale)],
    [t('manage.mail.new_total'), formatMoney(p.totalCents, locale)],
    [t('manage.mail.difference'), formatMoney(input.differenceCents, locale)],
    ...lineIf(t('manage.mail.credit_note'), creditNoteNumber),
    ...lineIf(t('manage.mail.invoice'), invoiceNumber),
    ...lineIf(t('payment.mail.refund'), input.refund && formatMoney(input.refund.amountCents, locale)),
    ...lineIf(t('payment.mail.paid_difference'), input.paidCents ? formatMoney(input.paidCents, locale) : null),
  ];
  await queueManageMail(ctx, tx, { ...details, reservation: updated }, { kind: 'reservation_changed', lines });
  return { updated, creditNoteNumber, invoiceNumber };
}

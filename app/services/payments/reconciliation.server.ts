/**
 * Payment reconciliation (issue 33 item 6, decision 0051): the provider's succeeded payments and refunds of the last
 * days compared with the shop's payments, reservations and refunds; every mismatch listed. Run daily by the jobs
 * process (logged) and on demand by the back office's page "Zahlungsabgleich". Stripe answers through the SDK's list
 * calls, the demo provider from its own ledger, so the same code runs in tests. Amounts are integer euro cents.
 */
import { and, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { overstayCharges, payments, refunds, reservationChanges, reservations } from '#database/schema.ts';
import { paymentProvider, type ProviderActivity } from './payment.server.ts';
import type { ServiceContext } from '../service-context.ts';

/** Days the reconciliation looks back by default (issue 33 item 6). */
export const RECONCILIATION_DAYS = 30;

/**
 * What disagrees: `paid_not_confirmed` (the provider took money for a booking, a change or an overstay's invoice that
 * is not in force — not confirmed, not applied, not settled online — and was not given back), `unknown_payment` (the provider took money the shop has no attempt for),
 * `confirmed_not_paid` (the shop counts a payment, or confirmed an online booking, the provider has no payment
 * for), `amount_differs` (the provider took another amount than the attempt asked), `refunded_twice` (the provider
 * gave back more, or more often, than the shop planned), `refund_unknown` (a provider refund the shop never asked
 * for), `refund_missing` (a refund the shop recorded as requested that the provider does not list).
 */
type MismatchKind =
  | 'paid_not_confirmed'
  | 'unknown_payment'
  | 'confirmed_not_paid'
  | 'amount_differs'
  | 'refunded_twice'
  | 'refund_unknown'
  | 'refund_missing';

/** One mismatch: the reservation when known, the provider's payment intent, and both sides' amounts (cents). */
type Mismatch = {
  kind: MismatchKind;
  reference: string | null;
  paymentIntentId: string | null;
  providerCents: number | null;
  shopCents: number | null;
};

/**
 * The result: whether a provider was asked at all, whether it answered (`unreachable`: its lists failed; logged),
 * the period, and the mismatches (none on a clean run).
 */
export type Reconciliation = { checked: boolean; unreachable: boolean; since: string; mismatches: Mismatch[] };

/**
 * Compares the configured provider's activity since `days` ago with the shop's books.
 * Reads only the shop's rows that can meet the provider's lists: the attempts and refunds of the payment intents it
 * listed, and those the shop counted as paid or refunded in the period.
 * @returns {@link Reconciliation}; `checked: false` when no online provider is configured, `unreachable` when its
 *   lists failed (the page says so instead of failing).
 * @throws on database errors only.
 * Source: issue 33 item 6, DESIGN §6 (Settlement: for `online`, invoices − credit notes = captured − refunded).
 */
export async function reconcilePayments(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'logger'>,
  options: { days?: number } = {},
): Promise<Reconciliation> {
  const since = new Date(ctx.now().getTime() - (options.days ?? RECONCILIATION_DAYS) * 86_400_000);
  const provider = paymentProvider();
  const empty = { since: since.toISOString(), mismatches: [] };
  if (!provider) return { checked: false, unreachable: false, ...empty };
  let activity: ProviderActivity;
  try {
    activity = await provider.listActivity(since);
  } catch (err) {
    ctx.logger.warn({ err, provider: provider.name }, 'reconciliation: the provider did not list its activity');
    return { checked: false, unreachable: true, ...empty };
  }
  const mismatches: Mismatch[] = [];
  const intents = [...new Set([...activity.payments, ...activity.refunds].map((a) => a.paymentIntentId))];
  const listed = intents.length > 0 ? inArray(payments.paymentIntentId, intents) : sql`false`;

  const attempts = await ctx.db
    .select({ payment: payments, reservation: reservations, change: reservationChanges, overstay: overstayCharges })
    .from(payments)
    .innerJoin(reservations, eq(reservations.id, payments.reservationId))
    .leftJoin(reservationChanges, eq(reservationChanges.id, payments.changeId))
    .leftJoin(overstayCharges, eq(overstayCharges.id, payments.overstayId))
    .where(
      and(
        eq(payments.provider, provider.name),
        isNotNull(payments.paymentIntentId),
        or(listed, and(eq(payments.status, 'paid'), gte(payments.updatedAt, since))),
      ),
    );
  const byIntent = new Map(attempts.map((a) => [a.payment.paymentIntentId!, a]));
  const shopRefunds = await ctx.db
    .select({ refund: refunds, paymentIntentId: payments.paymentIntentId, reference: reservations.reference })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(reservations, eq(reservations.id, refunds.reservationId))
    .where(and(eq(payments.provider, provider.name), or(listed, gte(refunds.requestedAt, since))));
  const refundedByShop = (intent: string) =>
    shopRefunds.filter((r) => r.paymentIntentId === intent).reduce((sum, r) => sum + r.refund.amountCents, 0);

  const paidAtProvider = new Set<string>();
  for (const paid of activity.payments) {
    paidAtProvider.add(paid.paymentIntentId);
    const known = byIntent.get(paid.paymentIntentId);
    const mismatch = (kind: MismatchKind, shopCents: number | null) =>
      mismatches.push({
        kind,
        reference: known?.reservation.reference ?? paid.reference,
        paymentIntentId: paid.paymentIntentId,
        providerCents: paid.amountCents,
        shopCents,
      });
    if (!known) {
      mismatch('unknown_payment', null);
      continue;
    }
    if (known.payment.amountCents !== paid.amountCents) mismatch('amount_differs', known.payment.amountCents);
    // In force: the booking confirmed (or over), the change applied, or the overstay's invoice settled online (issue
    // 33 item 4); else the money must have gone back.
    const inForce = known.overstay
      ? known.overstay.status === 'paid' && known.overstay.paidMethod === 'online'
      : known.change
        ? known.change.status === 'applied'
        : known.reservation.status === 'confirmed' || known.reservation.status === 'completed';
    const givenBack = refundedByShop(paid.paymentIntentId) >= paid.amountCents;
    const cancelledBooking = known.reservation.status === 'cancelled' && !known.change && !known.overstay;
    if (known.payment.status !== 'paid' || (!inForce && !givenBack && !cancelledBooking)) {
      mismatch('paid_not_confirmed', known.payment.status === 'paid' ? known.payment.amountCents : 0);
    } else if (cancelledBooking && !givenBack) {
      // cancelled: only a goodwill cancellation keeps part of the money, and it planned a refund for the rest
      const goodwillKept = shopRefunds.some(
        (r) => r.paymentIntentId === paid.paymentIntentId && r.refund.reason === 'goodwill',
      );
      if (!goodwillKept) mismatch('paid_not_confirmed', refundedByShop(paid.paymentIntentId));
    }
  }
  for (const { payment, reservation } of attempts) {
    if (payment.status !== 'paid' || payment.updatedAt.getTime() < since.getTime()) continue;
    if (!paidAtProvider.has(payment.paymentIntentId!)) {
      mismatches.push({
        kind: 'confirmed_not_paid',
        reference: reservation.reference,
        paymentIntentId: payment.paymentIntentId,
        providerCents: null,
        shopCents: payment.amountCents,
      });
    }
  }
  // Online bookings confirmed without any paid attempt (e.g. confirmed by hand in the database).
  const confirmed = await ctx.db
    .select({ id: reservations.id, reference: reservations.reference, totalCents: reservations.totalCents })
    .from(reservations)
    .where(
      and(
        eq(reservations.paymentType, 'online'),
        inArray(reservations.status, ['confirmed', 'completed']),
        gte(reservations.createdAt, since),
      ),
    );
  const paidReservations = new Set(attempts.filter((a) => a.payment.status === 'paid').map((a) => a.reservation.id));
  for (const r of confirmed) {
    if (paidReservations.has(r.id)) continue;
    mismatches.push({
      kind: 'confirmed_not_paid',
      reference: r.reference,
      paymentIntentId: null,
      providerCents: null,
      shopCents: r.totalCents,
    });
  }

  const knownRefunds = new Set(shopRefunds.map((r) => r.refund.providerRefundId).filter(Boolean));
  const providerRefunds = new Set(activity.refunds.map((r) => r.refundId));
  const refundsByIntent = new Map<string, number[]>();
  for (const refund of activity.refunds) {
    refundsByIntent.set(refund.paymentIntentId, [
      ...(refundsByIntent.get(refund.paymentIntentId) ?? []),
      refund.amountCents,
    ]);
    if (!knownRefunds.has(refund.refundId)) {
      mismatches.push({
        kind: 'refund_unknown',
        reference: byIntent.get(refund.paymentIntentId)?.reservation.reference ?? null,
        paymentIntentId: refund.paymentIntentId,
        providerCents: refund.amountCents,
        shopCents: null,
      });
    }
  }
  for (const [intent, amounts] of refundsByIntent) {
    const total = amounts.reduce((sum, cents) => sum + cents, 0);
    const known = byIntent.get(intent);
    const planned = shopRefunds.filter((r) => r.paymentIntentId === intent).length;
    // (refunds of a payment the shop does not know are listed as `refund_unknown` above)
    if (known && (total > known.payment.amountCents || amounts.length > planned)) {
      mismatches.push({
        kind: 'refunded_twice',
        reference: known.reservation.reference,
        paymentIntentId: intent,
        providerCents: total,
        shopCents: refundedByShop(intent),
      });
    }
  }
  for (const { refund, paymentIntentId, reference } of shopRefunds) {
    if (!refund.providerRefundId || !refund.requestedAt || refund.requestedAt.getTime() < since.getTime()) continue;
    if (!providerRefunds.has(refund.providerRefundId)) {
      mismatches.push({
        kind: 'refund_missing',
        reference,
        paymentIntentId,
        providerCents: null,
        shopCents: refund.amountCents,
      });
    }
  }
  return { checked: true, unreachable: false, since: since.toISOString(), mismatches };
}

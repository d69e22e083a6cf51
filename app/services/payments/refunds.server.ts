/**
 * Refunds of online payments (issue 13 item 4, issue 33, decision 0051): one `refunds` row per refund, planned in the
 * transaction of what causes it and requested from the provider after the commit, each with its own idempotency key,
 * so every refund reaches the provider at most once. Amounts are integer euro cents, gross.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { payments, refunds, reservationEvents, type RefundReason } from '#database/schema.ts';
import { refundableCents } from '~/domain/settlement.ts';
import { paymentProvider } from './payment.server.ts';
import type { ServiceContext } from '../service-context.ts';

/** A refund planned by {@link planRefund}: its row id, provider and amount (cents). */
export type PlannedRefund = { ids: number[]; provider: string; amountCents: number };

/**
 * Plans a refund on a reservation's paid online payments, in the caller's transaction (which holds the
 * reservation's row lock): `refunds` rows adding up to `amountCents`, each capped at what its payment still has
 * (captured minus the refunds so far, {@link refundableCents}), the latest payment first (a booking whose dearer
 * change was paid has two), requested from the provider after the commit by {@link requestRefunds}. The first row
 * carries `idempotencyKey`, a further one `<idempotencyKey>-p<payment id>`. The same key twice plans once (the
 * second call answers the first refund).
 *
 * @param input.reservationId - the reservation.
 * @param input.paymentId - the one payment to refund on; default every paid attempt, latest first.
 * @param input.amountCents - the wanted refund, cents (> 0 to plan anything).
 * @param input.reason - why (decision 0051): `cancellation`, `change`, `late_payment`, `goodwill`.
 * @param input.idempotencyKey - one per refund, sent to the provider (`refund-<reference>` for a cancellation,
 *   `refund-<reference>-change-<n>`, `refund-<reference>-late-<attempt>`).
 * @returns the planned refund (row ids, provider, total cents), or null when nothing was paid online or nothing is
 *   left to refund.
 * @throws on database errors only.
 * Source: issue 13 item 4, issue 33 items 2 and 5, decision 0051.
 */
export async function planRefund(
  tx: Database,
  input: {
    reservationId: number;
    paymentId?: number;
    amountCents: number;
    reason: RefundReason;
    idempotencyKey: string;
  },
): Promise<PlannedRefund | null> {
  const earlier = await tx
    .select({ refund: refunds, provider: payments.provider })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(refunds.reservationId, input.reservationId),
        sql`(${refunds.idempotencyKey} = ${input.idempotencyKey} or ${refunds.idempotencyKey} like ${`${input.idempotencyKey}-p%`})`,
      ),
    );
  if (earlier.length > 0) {
    return {
      ids: earlier.map((e) => e.refund.id),
      provider: earlier[0].provider,
      amountCents: earlier.reduce((sum, e) => sum + e.refund.amountCents, 0),
    };
  }
  if (input.amountCents <= 0) return null;
  const paid = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.reservationId, input.reservationId),
        input.paymentId === undefined ? eq(payments.status, 'paid') : eq(payments.id, input.paymentId),
      ),
    )
    .orderBy(desc(payments.attempt));
  const planned: PlannedRefund = { ids: [], provider: paid[0]?.provider ?? '', amountCents: 0 };
  for (const payment of paid) {
    const wanted = input.amountCents - planned.amountCents;
    if (wanted <= 0) break;
    const [{ refunded }] = await tx
      .select({ refunded: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
      .from(refunds)
      .where(eq(refunds.paymentId, payment.id));
    const amountCents = Math.min(wanted, refundableCents(payment.amountCents, Number(refunded)));
    if (amountCents <= 0) continue;
    const [row] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.id,
        reservationId: input.reservationId,
        amountCents,
        reason: input.reason,
        idempotencyKey: planned.ids.length === 0 ? input.idempotencyKey : `${input.idempotencyKey}-p${payment.id}`,
      })
      .returning({ id: refunds.id });
    planned.ids.push(row.id);
    planned.amountCents += amountCents;
  }
  return planned.ids.length > 0 ? planned : null;
}

/**
 * Records the credit note that states a planned refund (in the same transaction, once the note is issued).
 * Source: issue 33 (every euro traced to one document), decision 0051.
 */
export async function linkRefundToCreditNote(
  tx: Database,
  refund: PlannedRefund,
  creditNoteNumber: string,
): Promise<void> {
  await tx.update(refunds).set({ creditNoteNumber }).where(inArray(refunds.id, refund.ids));
}

/**
 * Requests every planned refund of a reservation that the provider has not confirmed yet, each once: the
 * provider's refund id is stored when it answers, and each refund carries its own idempotency key, so a retried
 * cancellation, a concurrent request or the expiry job's retry refunds at most once per refund (Stripe answers a
 * repeated key with the first refund). Each refund requested writes a `refunded` history row with its amount. A
 * provider failure is logged and retried by the expiry job.
 *
 * @returns the provider's refund ids of the reservation's refunds now known (requested before or now).
 * @throws on database errors only.
 * Source: issue 13 item 4, issue 33 item 2, decision 0051.
 */
export async function requestRefunds(ctx: ServiceContext, reservationId: number): Promise<string[]> {
  const provider = paymentProvider();
  const rows = await ctx.db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.reservationId, reservationId))
    .orderBy(asc(refunds.id));
  const ids: string[] = [];
  for (const { refund, payment } of rows) {
    if (refund.providerRefundId) {
      ids.push(refund.providerRefundId);
      continue;
    }
    if (!provider || provider.name !== payment.provider || !payment.paymentIntentId) {
      ctx.logger.error(
        { reservationId, provider: payment.provider },
        'refund planned but its provider is not configured',
      );
      continue;
    }
    try {
      const { refundId } = await provider.refund({
        paymentIntentId: payment.paymentIntentId,
        amountCents: refund.amountCents,
        idempotencyKey: refund.idempotencyKey,
      });
      const now = ctx.now();
      const stored = await ctx.db
        .update(refunds)
        .set({ providerRefundId: refundId, requestedAt: now })
        .where(and(eq(refunds.id, refund.id), isNull(refunds.providerRefundId)))
        .returning({ id: refunds.id });
      if (stored.length > 0) {
        await ctx.db.insert(reservationEvents).values({
          reservationId,
          kind: 'refunded',
          at: now,
          data: { refundId, amountCents: refund.amountCents, provider: payment.provider, reason: refund.reason },
        });
      }
      ids.push(refundId);
    } catch (err) {
      ctx.logger.error({ err, reservationId, refund: refund.id }, 'refund request failed; the expiry job retries it');
    }
  }
  return ids;
}

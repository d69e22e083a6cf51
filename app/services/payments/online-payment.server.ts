/**
 * Online payment (issue 13, DESIGN §6 `online`): a reservation paid online is booked `pending_payment` and holds
 * its spaces for {@link HOLD_MINUTES} minutes while the customer pays on the provider's hosted page; the provider's
 * signed webhook is the truth. This module starts hosted checkouts, acts on verified webhook events (stored once by
 * event id, so replays, duplicates and out-of-order deliveries are harmless), releases unpaid holds (the expiry
 * job) and requests refunds of cancelled paid bookings. Amounts are integer euro cents, gross.
 *
 * Every state change runs in one transaction that locks the reservation row first, then its `tariff_days` rows in
 * date order (the order of the booking and of issue 12's change and cancellation, so none of them can deadlock).
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import {
  overstayCharges,
  paymentEvents,
  payments,
  refunds,
  reservationChanges,
  reservationEvents,
  reservations,
  type ReservationEventKind,
} from '#database/schema.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { localized } from '~/domain/localized.ts';
import { instantToLocal } from '~/domain/local-time.ts';
import { formatMoney } from '~/domain/money.ts';
import type { PaymentNoticeView } from '~/domain/payment-notice.ts';
import { stayDates } from '~/domain/stay.ts';
import { localePath, toLocale, type Locale } from '~/i18n.ts';
import { translator } from '~/i18n.server.ts';
import { availabilityChanged } from '../cache-events.server.ts';
import { createGuestToken } from '../reservations/guest-access.server.ts';
import { invoiceIssuerOf, issueInvoice } from '../documents/invoices.server.ts';
import { kickMailDelivery, queueReservationConfirmation } from '../mail/mail.server.ts';
import { paymentProvider, WebhookSignatureError, type PaymentEvent } from './payment.server.ts';
import { planRefund, requestRefunds } from './refunds.server.ts';
import { lockDays, releaseDays } from '../reservations/booking-writes.server.ts';
import {
  applyPaidChange,
  overdueChanges,
  pendingChangeOf,
  releasePaidChange,
} from '../reservations/paid-change.server.ts';
import {
  buildGuestAccessUrl,
  findReservationByReference,
  type ReservationDetails,
} from '../reservations/reservations.server.ts';
import type { ServiceContext } from '../service-context.ts';

/** Minutes a `pending_payment` reservation holds its spaces (DESIGN §6). */
const HOLD_MINUTES = 30;

/**
 * Minutes a hosted checkout stays open: Stripe accepts 30 minutes to 24 hours after creation, so one more minute
 * than the hold. A payment completed after the hold was released is refunded at once ({@link handlePaymentWebhook}).
 */
const CHECKOUT_OPEN_MINUTES = HOLD_MINUTES + 1;

/** Holds released per transaction of the expiry job. */
const EXPIRY_BATCH = 50;

/** A stored reservation row. */
type ReservationRow = typeof reservations.$inferSelect;

/** The end of a new booking's hold. Source: DESIGN §6 (holds its spaces for 30 minutes). */
export function holdUntilFrom(now: Date): Date {
  return new Date(now.getTime() + HOLD_MINUTES * 60_000);
}

/** What is payable online now: the amount, what it pays (a change's difference, an overstay, else the booking). */
export type AmountDue = {
  amountCents: number;
  changeId: number | null;
  overstayId: number | null;
  /** the stay it pays for, airport local time (an overstay: from the booked exit to the car's exit) */
  entryTime: string;
  exitTime: string;
};

/** The open overstay charge of a reservation (issue 33 item 4), or undefined. */
async function openOverstayOf(db: Database, reservationId: number) {
  const [charge] = await db
    .select()
    .from(overstayCharges)
    .where(and(eq(overstayCharges.reservationId, reservationId), eq(overstayCharges.status, 'open')));
  return charge;
}

/**
 * What a reservation has to pay online at `now`: its total while a `pending_payment` hold lasts, the difference of
 * its dearer change waiting for payment while that hold lasts (`changeId`, and the new stay), or the invoice of an
 * overstay billed at check-out while it is open (`overstayId`; any payment type, no hold); else null. The one rule
 * of what is payable: the checkout start and the demo checkout page both ask it.
 * @throws on database errors only.
 * Source: issue 13 item 1, issue 33 items 1 and 4.
 */
export async function amountDue(db: Database, r: ReservationRow, now: Date): Promise<AmountDue | null> {
  if (r.status === 'pending_payment') {
    if (!r.holdUntil || r.holdUntil.getTime() <= now.getTime()) return null;
    return {
      amountCents: r.totalCents,
      changeId: null,
      overstayId: null,
      entryTime: r.entryLocal,
      exitTime: r.exitLocal,
    };
  }
  if (r.status === 'completed') {
    const overstay = await openOverstayOf(db, r.id);
    if (!overstay) return null;
    return {
      amountCents: overstay.amountCents,
      changeId: null,
      overstayId: overstay.id,
      entryTime: r.exitLocal,
      exitTime: overstay.exitLocal,
    };
  }
  if (r.status !== 'confirmed' || r.paymentType !== 'online') return null;
  const change = await pendingChangeOf(db, r.id);
  if (!change || change.holdUntil.getTime() <= now.getTime()) return null;
  return {
    amountCents: change.differenceCents,
    changeId: change.id,
    overstayId: null,
    entryTime: change.travel.entryTime,
    exitTime: change.travel.exitTime,
  };
}

/**
 * Settles an overstay paid online, in the webhook's transaction (the reservation row locked): `open` → `paid`
 * (`online`) with the `overstay_paid` history row.
 * @returns true when it was open (the payment counts), false when it was paid already (on site: the money goes back).
 */
async function settleOverstayOnline(tx: Database, overstayId: number, now: Date): Promise<boolean> {
  const [paid] = await tx
    .update(overstayCharges)
    .set({ status: 'paid', paidMethod: 'online', paidAt: now })
    .where(and(eq(overstayCharges.id, overstayId), eq(overstayCharges.status, 'open')))
    .returning();
  if (!paid) return false;
  await tx.insert(reservationEvents).values({
    reservationId: paid.reservationId,
    kind: 'overstay_paid',
    at: now,
    data: { amountCents: paid.amountCents, invoiceNumber: paid.invoiceNumber, method: 'online' },
  });
  return true;
}

/** The hosted page's line item: the booking, a change's difference, or an overstay. */
function lineItemKey(due: AmountDue): string {
  if (due.overstayId !== null) return 'payment.line_item_overstay';
  return due.changeId === null ? 'payment.line_item' : 'payment.line_item_difference';
}

/** The reservation page a customer returns to (success and cancel URLs; `paid=1` marks the way back from paying). */
function reservationUrl(origin: string, locale: Locale, reference: string, query: string): string {
  return new URL(`${localePath(locale, `/reservierung/${reference}`)}?${query}`, origin).href;
}

/**
 * The hosted checkout of what a reservation has to pay while its hold lasts — the booking's total of a
 * `pending_payment` reservation, or the difference of a dearer change waiting for it (issue 33 item 1): the open
 * attempt's URL, or a new attempt (`payments` row, with `changeId` for a difference, then the provider's session
 * with the server's amount, the reference as `client_reference_id`, idempotency key `<reference>-<attempt>`, success
 * and cancel URLs back to the reservation page). Started right after the booking commits (`submitCheckout`), by the
 * change's redirect, and again by "pay now" when none is open.
 *
 * @param input.reference - the reservation (canonical reference).
 * @param input.locale - language of the hosted page and the way back.
 * @returns the URL to send the customer to, or null when there is nothing to pay (not pending, hold over, no
 *   provider) or the provider failed (logged; "pay now" tries again).
 * @throws on database errors only.
 * Source: issue 13 item 1, DESIGN §6 (online: hosted redirect).
 */
export async function startOnlinePayment(
  ctx: ServiceContext,
  input: { reference: string; locale: Locale },
): Promise<string | null> {
  const provider = paymentProvider();
  const details = await findReservationByReference(ctx.db, input.reference);
  if (!provider || !details) return null;
  const r = details.reservation;
  const now = ctx.now();
  const due = await amountDue(ctx.db, r, now);
  if (!due) return null;

  const attempts = await ctx.db
    .select()
    .from(payments)
    .where(eq(payments.reservationId, r.id))
    .orderBy(desc(payments.attempt));
  // The open attempt of the same thing, while its checkout is still open at the provider (an overstay has no hold:
  // its link may be used days later, when the first checkout has long expired).
  const openSince = now.getTime() - CHECKOUT_OPEN_MINUTES * 60_000;
  const open = attempts.find(
    (p) =>
      p.status === 'open' &&
      p.provider === provider.name &&
      p.checkoutUrl &&
      p.changeId === due.changeId &&
      p.overstayId === due.overstayId &&
      p.createdAt.getTime() > openSince,
  );
  if (open?.checkoutUrl) return open.checkoutUrl;

  const attempt = (attempts[0]?.attempt ?? 0) + 1;
  // Success and cancel URLs, and later the confirmation mail's links: the shop's own address (issue 14 item 7).
  const origin = ctx.env.PUBLIC_URL;
  const [row] = await ctx.db
    .insert(payments)
    .values({
      reservationId: r.id,
      provider: provider.name,
      attempt,
      amountCents: due.amountCents,
      changeId: due.changeId,
      overstayId: due.overstayId,
      returnOrigin: origin,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null; // a concurrent "pay now" took this attempt; its customer goes on from there
  const t = translator(input.locale);
  try {
    const session = await provider.createPayment({
      reference: r.reference,
      amountCents: due.amountCents,
      description: t(lineItemKey(due), {
        airport: localized(details.airport, 'name', input.locale),
        lot: details.lot.name,
        entry: formatLocalDateTime(due.entryTime, input.locale),
        exit: formatLocalDateTime(due.exitTime, input.locale),
        reference: r.reference,
      }),
      locale: input.locale,
      email: typeof r.billingAddress.email === 'string' ? r.billingAddress.email : null,
      successUrl: reservationUrl(origin, input.locale, r.reference, 'zahlung=ok'),
      cancelUrl: reservationUrl(origin, input.locale, r.reference, 'zahlung=abgebrochen'),
      idempotencyKey: `${r.reference}-${attempt}`,
      expiresAt: new Date(now.getTime() + CHECKOUT_OPEN_MINUTES * 60_000),
    });
    await ctx.db
      .update(payments)
      .set({ sessionId: session.sessionId, checkoutUrl: session.url, updatedAt: now })
      .where(eq(payments.id, row.id));
    return session.url;
  } catch (err) {
    ctx.logger.error({ err, reference: r.reference, attempt }, 'could not start the online payment');
    await ctx.db.update(payments).set({ status: 'failed', updatedAt: now }).where(eq(payments.id, row.id));
    return null;
  }
}

/**
 * Releases an unpaid hold (declined or expired payment): the days go back, the reservation becomes `cancelled`
 * (DESIGN §6 statuses) with the reason in its history, its open attempts end with `status`.
 */
async function releaseHold(
  tx: Database,
  r: ReservationRow,
  now: Date,
  reason: Extract<ReservationEventKind, 'payment_failed' | 'payment_expired'>,
): Promise<void> {
  // The held days go back, locked in date order like every other writer of them (booking-writes.server.ts).
  const dates = stayDates(r.entryLocal, r.exitLocal);
  await lockDays(tx, r.tariffId, dates);
  await releaseDays(tx, r.tariffId, dates);
  await tx
    .update(reservations)
    .set({ status: 'cancelled', cancelledAt: now, holdUntil: null })
    .where(eq(reservations.id, r.id));
  await tx
    .update(payments)
    .set({ status: reason === 'payment_failed' ? 'failed' : 'expired', updatedAt: now })
    .where(and(eq(payments.reservationId, r.id), eq(payments.status, 'open')));
  await tx.insert(reservationEvents).values({ reservationId: r.id, kind: reason, at: now, data: {} });
}

/**
 * Confirms a paid reservation exactly once (the caller holds its row lock and saw `pending_payment`): status
 * `confirmed`, hold ended, the gapless invoice number and snapshot (`issueInvoice`), a fresh guest token whose link
 * goes into the confirmation mail with the voucher (transactional outbox; only the token's hash was ever stored,
 * so the booking's token cannot be mailed), the `paid` history row.
 */
async function confirmPaid(
  ctx: ServiceContext,
  tx: Database,
  details: ReservationDetails,
  payment: typeof payments.$inferSelect | undefined,
  now: Date,
): Promise<void> {
  const r = details.reservation;
  const guest = createGuestToken();
  const [confirmed] = await tx
    .update(reservations)
    .set({ status: 'confirmed', confirmedAt: now, holdUntil: null, guestTokenHash: guest.hash })
    .where(eq(reservations.id, r.id))
    .returning();
  const invoiceNumber = await issueInvoice(tx, { ...details, reservation: confirmed }, invoiceIssuerOf(ctx.env), now);
  await tx.insert(reservationEvents).values({
    reservationId: r.id,
    kind: 'paid',
    at: now,
    data: { totalCents: r.totalCents, invoiceNumber, provider: payment?.provider ?? null },
  });
  const origin = ctx.env.PUBLIC_URL;
  const locale = toLocale(r.locale);
  const accessUrl = buildGuestAccessUrl(origin, locale, r.reference, guest.token);
  try {
    await tx.transaction((savepoint) =>
      queueReservationConfirmation(savepoint as unknown as Database, ctx.env, {
        reservation: confirmed,
        accessUrl,
      }),
    );
  } catch (err) {
    ctx.logger.error({ err, reservationId: r.id }, 'could not enqueue the confirmation mail');
  }
}

/** Marks an attempt paid with the provider's payment intent (the webhook's `paid`). */
async function markAttemptPaid(
  tx: Database,
  payment: typeof payments.$inferSelect,
  event: PaymentEvent,
  now: Date,
): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'paid', paymentIntentId: event.paymentIntentId ?? payment.paymentIntentId, updatedAt: now })
    .where(eq(payments.id, payment.id));
}

/**
 * Plans the refund of money that arrived for nothing in force any more (a released hold, a lapsed change, an overstay
 * paid at the car park meanwhile): reason `late_payment`, once per attempt (decision 0051).
 */
async function refundLatePayment(
  tx: Database,
  r: ReservationRow,
  payment: typeof payments.$inferSelect,
  amountCents: number,
): Promise<void> {
  await planRefund(tx, {
    reservationId: r.id,
    paymentId: payment.id,
    amountCents,
    reason: 'late_payment',
    idempotencyKey: `refund-${r.reference}-late-${payment.attempt}`,
  });
}

/** The answer to a webhook call: HTTP status and JSON body. */
export type WebhookAnswer = { status: number; body: Record<string, unknown> };

/**
 * Handles a provider's webhook call (`POST /api/payment/webhook/{provider}`, DESIGN §5): verifies its signature
 * over the raw body, stores the event once by its id (a replayed or duplicated event is answered 200 and changes
 * nothing) and acts on it in the same transaction, with the reservation row locked:
 * - an attempt paying an overstay's invoice (issue 33 item 4) settles it (`paid`, online) once; when it was paid on
 *   site meanwhile the money goes back; a declined or expired one ends that attempt only;
 * - `paid` on a `pending_payment` reservation confirms it ({@link confirmPaid}); on a confirmed one nothing
 *   happens (exactly once); on a released (cancelled) one the money goes back: a refund is requested after the
 *   commit;
 * - `failed` on a `pending_payment` reservation whose hold lasts ends that attempt and keeps the hold (the customer
 *   may pay again, issue 33 item 3); `expired` of one attempt while another is open only ends that attempt;
 *   otherwise `failed` / `expired` release the hold (days freed, status `cancelled`); on any other status nothing
 *   happens (a late `expired` never undoes a payment);
 * - other event types, or an unknown reference, are stored and ignored.
 * After the commit the airport's cached tariffs pages are dropped and mail delivery is kicked.
 *
 * @param input.provider - the path segment (`stripe`, `demo`): must be the configured provider.
 * @param input.signature - the `Stripe-Signature` header.
 * @param input.rawBody - the unparsed body, as signed.
 * @returns 200 `{received: true, duplicate?}`, 400 `{message}` for a missing or wrong signature, 404 for a provider
 *   that is not configured.
 * @throws on database errors only (the API answers 500 and the provider retries).
 * Source: issue 13 item 2, DESIGN §5 (payment/webhook/{provider}), DESIGN §6.
 */
export async function handlePaymentWebhook(
  ctx: ServiceContext,
  input: { provider: string; signature: string | undefined; rawBody: Buffer },
): Promise<WebhookAnswer> {
  const provider = paymentProvider();
  if (!provider || provider.name !== input.provider) return { status: 404, body: { message: 'Not found' } };
  const now = ctx.now();
  let event: PaymentEvent;
  try {
    event = provider.verifyWebhook(input.signature, input.rawBody, now);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      ctx.logger.warn({ provider: provider.name, reason: error.message }, 'payment webhook with a bad signature');
      return { status: 400, body: { message: 'Invalid signature' } };
    }
    throw error;
  }

  const outcome = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const stored = await tx
      .insert(paymentEvents)
      .values({ provider: provider.name, eventId: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (stored.length === 0) return { duplicate: true } as const;
    if (event.kind === 'ignored' || !event.reference) return { duplicate: false } as const;
    const details = await findReservationByReference(tx, event.reference);
    if (!details) return { duplicate: false } as const;
    const [locked] = await tx
      .select()
      .from(reservations)
      .where(eq(reservations.id, details.reservation.id))
      .for('update');
    const r = locked;
    await tx
      .update(paymentEvents)
      .set({ reservationId: r.id })
      .where(and(eq(paymentEvents.provider, provider.name), eq(paymentEvents.eventId, event.id)));
    const attempts = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.reservationId, r.id), eq(payments.provider, provider.name)))
      .orderBy(desc(payments.attempt));
    const payment =
      attempts.find((p) => event.sessionId !== null && p.sessionId === event.sessionId) ??
      attempts.find((p) => event.paymentIntentId !== null && p.paymentIntentId === event.paymentIntentId) ??
      attempts[0];

    // An overstay's invoice (issue 33 item 4): paid online once; paid on site meanwhile, the money goes back.
    if (payment?.overstayId) {
      if (event.kind === 'paid') {
        await markAttemptPaid(tx, payment, event, now);
        if (payment.status === 'paid') return { duplicate: false } as const;
        if (await settleOverstayOnline(tx, payment.overstayId, now)) return { duplicate: false } as const;
        await refundLatePayment(tx, r, payment, event.amountCents ?? payment.amountCents);
        return { duplicate: false, refund: r.id } as const;
      }
      // Declined or expired: that attempt ends; the invoice stays open (the link opens a new checkout).
      await tx
        .update(payments)
        .set({ status: event.kind === 'failed' ? 'failed' : 'expired', updatedAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'open')));
      return { duplicate: false } as const;
    }

    // The difference of a dearer change (issue 33 item 1, decision 0051): the booking itself is paid already.
    if (payment?.changeId) {
      const [change] = await tx.select().from(reservationChanges).where(eq(reservationChanges.id, payment.changeId));
      const withRow = { ...details, reservation: r };
      if (event.kind === 'paid') {
        await markAttemptPaid(tx, payment, event, now);
        const paidCents = event.amountCents ?? payment.amountCents;
        if (await applyPaidChange(ctx, tx, withRow, change, { paidCents, now })) {
          return { duplicate: false, changed: r.airportId, mail: true } as const;
        }
        if (payment.status === 'paid') return { duplicate: false } as const;
        // The change lapsed (or the booking was cancelled) before the money came: it goes back.
        await refundLatePayment(tx, r, payment, paidCents);
        return { duplicate: false, refund: r.id } as const;
      }
      if (change.status !== 'pending') return { duplicate: false } as const;
      await tx
        .update(payments)
        .set({ status: event.kind === 'failed' ? 'failed' : 'expired', updatedAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'open')));
      const holdOver = change.holdUntil.getTime() <= now.getTime();
      const otherOpen = attempts.some((p) => p.id !== payment.id && p.status === 'open' && p.changeId === change.id);
      // Declined while the hold lasts: the customer may pay again; an older checkout ending changes nothing.
      if (!holdOver && (event.kind === 'failed' || otherOpen)) return { duplicate: false } as const;
      const sessions = await releasePaidChange(tx, withRow, change, now);
      return { duplicate: false, changed: r.airportId, sessions } as const;
    }

    if (event.kind === 'paid') {
      if (payment) {
        await markAttemptPaid(tx, payment, event, now);
      }
      if (r.status === 'pending_payment') {
        await confirmPaid(ctx, tx, { ...details, reservation: r }, payment, now);
        return { duplicate: false, changed: r.airportId, mail: true } as const;
      }
      // Paid after the hold was released (or after a cancellation): nothing is booked for it, so it goes back.
      if (r.status === 'cancelled' && payment) {
        await refundLatePayment(tx, r, payment, event.amountCents ?? payment.amountCents);
        return { duplicate: false, refund: r.id } as const;
      }
      return { duplicate: false } as const;
    }
    if (r.status !== 'pending_payment') return { duplicate: false } as const;
    if (payment && event.paymentIntentId && !payment.paymentIntentId) {
      await tx.update(payments).set({ paymentIntentId: event.paymentIntentId }).where(eq(payments.id, payment.id));
    }
    const holdOver = !r.holdUntil || r.holdUntil.getTime() <= now.getTime();
    if (payment && !holdOver) {
      // Declined, or an older checkout ended, while the hold lasts (issue 33 item 3): the spaces stay held and the
      // customer may pay again ("Erneut bezahlen" opens a new checkout); the expiry job releases them at the end.
      const otherOpen = attempts.some((p) => p.id !== payment.id && p.status === 'open');
      if (event.kind === 'failed' || otherOpen) {
        await tx
          .update(payments)
          .set({ status: event.kind === 'failed' ? 'failed' : 'expired', updatedAt: now })
          .where(and(eq(payments.id, payment.id), eq(payments.status, 'open')));
        if (event.kind === 'failed') {
          await tx
            .insert(reservationEvents)
            .values({ reservationId: r.id, kind: 'payment_declined', at: now, data: { attempt: payment.attempt } });
        }
        return { duplicate: false } as const;
      }
    }
    await releaseHold(tx, r, now, event.kind === 'failed' ? 'payment_failed' : 'payment_expired');
    return { duplicate: false, changed: r.airportId } as const;
  });

  if ('changed' in outcome && outcome.changed !== undefined) {
    void availabilityChanged(ctx.db, outcome.changed).catch(() => undefined);
  }
  if ('mail' in outcome) kickMailDelivery(ctx);
  if ('sessions' in outcome && outcome.sessions) await expireSessions(ctx, outcome.sessions);
  if ('refund' in outcome && outcome.refund !== undefined) await requestRefunds(ctx, outcome.refund);
  return { status: 200, body: outcome.duplicate ? { received: true, duplicate: true } : { received: true } };
}

/**
 * The expiry job: releases every `pending_payment` reservation whose hold ended (`hold_until <= now`), in batches
 * of {@link EXPIRY_BATCH}, each batch one transaction whose rows are claimed with `FOR UPDATE SKIP LOCKED` (several
 * processes may run it at once; a reservation a webhook is confirming right now is skipped and re-checked next
 * time). After each commit the released holds' open checkout sessions are closed at the provider (best effort).
 * Then releases the held days of dearer changes whose difference was not paid in time (issue 33 item 1; the booking
 * stands), and retries refunds that were planned but never got a refund id (a provider failure at cancellation).
 *
 * @param ctx.now - the clock (tests move it).
 * @returns the number of holds released (bookings and changes).
 * @throws on database errors only (refund failures are logged).
 * Source: issue 13 item 3, DESIGN §6 (holds its spaces for 30 minutes).
 */
export async function expireHolds(ctx: ServiceContext): Promise<number> {
  const now = ctx.now();
  const provider = paymentProvider();
  let released = 0;
  const airports = new Set<number>();
  const sessions: string[] = [];
  for (;;) {
    const batch = await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const due = await tx
        .select()
        .from(reservations)
        .where(and(eq(reservations.status, 'pending_payment'), lte(reservations.holdUntil, now)))
        .orderBy(asc(reservations.holdUntil), asc(reservations.id))
        .limit(EXPIRY_BATCH)
        .for('update', { skipLocked: true });
      if (due.length > 0 && provider) {
        const open = await tx
          .select({ sessionId: payments.sessionId })
          .from(payments)
          .where(
            and(
              inArray(
                payments.reservationId,
                due.map((r) => r.id),
              ),
              eq(payments.provider, provider.name),
              eq(payments.status, 'open'),
              isNotNull(payments.sessionId),
            ),
          );
        for (const p of open) if (p.sessionId) sessions.push(p.sessionId);
      }
      for (const r of due) {
        await releaseHold(tx, r, now, 'payment_expired');
        airports.add(r.airportId);
      }
      return due.length;
    });
    released += batch;
    if (batch < EXPIRY_BATCH) break;
  }
  // Dearer changes whose difference was not paid in time (issue 33 item 1): the held days go back, the booking
  // stands. One transaction each, the reservation row locked first (the order of every other writer).
  for (const overdue of await overdueChanges(ctx.db, now, EXPIRY_BATCH)) {
    const lapsed = await ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const [r] = await tx
        .select()
        .from(reservations)
        .where(eq(reservations.id, overdue.reservationId))
        .for('update', { skipLocked: true });
      if (!r) return null; // a webhook is settling it right now
      const change = await pendingChangeOf(tx, r.id);
      if (!change || change.id !== overdue.id) return null;
      const details = await findReservationByReference(tx, r.reference);
      if (!details) return null;
      return {
        airportId: r.airportId,
        sessions: await releasePaidChange(tx, { ...details, reservation: r }, change, now),
      };
    });
    if (lapsed) {
      released += 1;
      airports.add(lapsed.airportId);
      sessions.push(...lapsed.sessions);
    }
  }
  for (const airportId of airports) void availabilityChanged(ctx.db, airportId).catch(() => undefined);
  await expireSessions(ctx, sessions);

  const pending = await ctx.db
    .selectDistinct({ reservationId: refunds.reservationId })
    .from(refunds)
    .where(isNull(refunds.providerRefundId))
    .limit(EXPIRY_BATCH);
  for (const p of pending) await requestRefunds(ctx, p.reservationId);
  return released;
}

/**
 * Ends the open checkout attempts of a reservation whose hold the customer gave up (a cancelled `pending_payment`
 * booking), in the caller's transaction: they become `expired`.
 * @returns the provider session ids to close after the commit ({@link expireSessions}).
 * Source: issue 33 item 3 (cancelling a pending reservation expires the provider session).
 */
export async function closeOpenPayments(tx: Database, reservationId: number, now: Date): Promise<string[]> {
  const closed = await tx
    .update(payments)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(payments.reservationId, reservationId), eq(payments.status, 'open')))
    .returning({ sessionId: payments.sessionId });
  return closed.flatMap((p) => (p.sessionId ? [p.sessionId] : []));
}

/**
 * Closes checkout sessions at the provider so they take no more money (best effort after the commit: a failure is
 * logged, and a payment that still arrives for a released hold is refunded by the webhook).
 * Source: issue 13 item 3, issue 33 item 3.
 */
export async function expireSessions(ctx: ServiceContext, sessionIds: string[]): Promise<void> {
  const provider = paymentProvider();
  for (const sessionId of sessionIds) {
    await provider?.expirePayment(sessionId).catch((err: unknown) => {
      ctx.logger.warn({ err, sessionId }, 'could not expire the checkout session at the provider');
    });
  }
}

/**
 * The payment notice of a reservation: `pending` with the "pay now" path while a `pending_payment` hold lasts
 * (`declined` when its last attempt was declined: "pay again"); `change_pending` with the difference while a dearer
 * change waits for it; `failed` / `expired` with the path that searches the same stay again once an unpaid hold was
 * released (not after the customer cancelled); `refunded` with the sum of the refunds the provider accepted (a
 * cancellation, a cheaper change); `overstay_due` with the amount and, when a provider is configured, the pay path
 * while an overstay billed at check-out is unpaid (any payment type); else null. `holdUntilTime` is the airport's
 * wall clock `HH:mm`; `payPath` has no locale prefix; `amount` is formatted in `locale`.
 * Source: issue 13 item 3, issue 33 items 1, 3 and 4.
 */
export async function paymentNotice(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  details: Pick<ReservationDetails, 'reservation' | 'airport'>,
  locale: Locale = 'de',
): Promise<PaymentNoticeView> {
  const r = details.reservation;
  const overstay = r.status === 'completed' ? await openOverstayOf(ctx.db, r.id) : undefined;
  if (overstay) {
    return {
      state: 'overstay_due',
      amountCents: overstay.amountCents,
      amount: formatMoney(overstay.amountCents, locale),
      invoiceNumber: overstay.invoiceNumber,
      payPath: paymentProvider() ? `/reservierung/${r.reference}/bezahlen` : null,
    };
  }
  if (r.paymentType !== 'online') return null;
  const latestAttempt = async () =>
    (
      await ctx.db
        .select()
        .from(payments)
        .where(eq(payments.reservationId, r.id))
        .orderBy(desc(payments.attempt))
        .limit(1)
    )[0];
  // The same stay searched again (issue 33 item 3: "Erneut buchen" with the stay prefilled).
  const rebookPath = `/buchung/tarife?${new URLSearchParams({
    airport: details.airport.slug,
    entry: r.entryLocal,
    exit: r.exitLocal,
  })}`;
  if (r.status === 'pending_payment') {
    if (r.holdUntil && r.holdUntil.getTime() > ctx.now().getTime()) {
      return {
        state: 'pending',
        holdUntil: r.holdUntil.toISOString(),
        holdUntilTime: instantToLocal(r.holdUntil, details.airport.timeZone).slice(11, 16),
        payPath: `/reservierung/${r.reference}/bezahlen`,
        declined: (await latestAttempt())?.status === 'failed',
      };
    }
    return { state: 'expired', rebookPath };
  }
  const change = r.status === 'confirmed' ? await pendingChangeOf(ctx.db, r.id) : null;
  if (change && change.holdUntil.getTime() > ctx.now().getTime()) {
    const latest = await latestAttempt();
    return {
      state: 'change_pending',
      holdUntil: change.holdUntil.toISOString(),
      holdUntilTime: instantToLocal(change.holdUntil, details.airport.timeZone).slice(11, 16),
      payPath: `/reservierung/${r.reference}/bezahlen`,
      declined: latest?.changeId === change.id && latest.status === 'failed',
      amountCents: change.differenceCents,
      amount: formatMoney(change.differenceCents, locale),
    };
  }
  const [{ refundedCents }] = await ctx.db
    .select({ refundedCents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.reservationId, r.id), isNotNull(refunds.providerRefundId)));
  if (Number(refundedCents) > 0) {
    const amountCents = Number(refundedCents);
    return { state: 'refunded', amountCents, amount: formatMoney(amountCents, locale) };
  }
  const latest = await latestAttempt();
  if (r.status !== 'cancelled' || !latest) return null;
  // Cancelled by the customer (or staff) before paying: the manage section says so; no payment notice.
  const [cancelledByHand] = await ctx.db
    .select({ id: reservationEvents.id })
    .from(reservationEvents)
    .where(and(eq(reservationEvents.reservationId, r.id), eq(reservationEvents.kind, 'cancelled')))
    .limit(1);
  if (cancelledByHand) return null;
  if (latest.status === 'failed') return { state: 'failed', rebookPath };
  if (latest.status === 'expired') return { state: 'expired', rebookPath };
  return null;
}

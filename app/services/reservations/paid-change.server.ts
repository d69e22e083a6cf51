/**
 * A dearer change of a booking paid online (issue 33 item 1, decision 0051): asked for, it holds the new stay's added
 * days like a new booking and waits in `reservation_changes` while the customer pays the difference on the
 * provider's hosted page; the reservation keeps its old stay, price and documents until then. Paid (the provider's
 * webhook), the change takes effect in one transaction; unpaid when its hold ends, or given up with a cancellation,
 * the held days go back and the booking stands. Every function runs in the caller's transaction, which holds the
 * reservation's row lock. Amounts are integer euro cents, gross.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { payments, reservationChanges, type ChangePrice, type ChangeTravel } from '#database/schema.ts';
import { planDayChanges } from '~/domain/manage-booking.ts';
import { stayDates } from '~/domain/stay.ts';
import { applyChange, lockDays, recordManageEvent, releaseDays } from './booking-writes.server.ts';
import type { ReservationDetails } from './reservations.server.ts';
import type { ServiceContext } from '../service-context.ts';

/** A stored change waiting for (or done with) its difference. */
export type PendingChange = typeof reservationChanges.$inferSelect;

/** The days a change books and frees: `reserve` held while it waits, `release` freed once it is paid. */
function dayPlan(details: ReservationDetails, travel: ChangeTravel) {
  const r = details.reservation;
  return planDayChanges(stayDates(r.entryLocal, r.exitLocal), stayDates(travel.entryTime, travel.exitTime));
}

/**
 * The reservation's change waiting for its difference, or null.
 * @throws on database errors only.
 */
export async function pendingChangeOf(db: Database, reservationId: number): Promise<PendingChange | null> {
  const [row] = await db
    .select()
    .from(reservationChanges)
    .where(and(eq(reservationChanges.reservationId, reservationId), eq(reservationChanges.status, 'pending')))
    .limit(1);
  return row ?? null;
}

/**
 * Stores a dearer change of a paid booking as waiting for its difference (the caller has booked the added days:
 * they are held until `holdUntil`) and writes the `change_requested` history row.
 * @returns the stored change.
 * @throws on database errors (a second pending change breaks the unique index: the caller refuses that first).
 * Source: issue 33 item 1.
 */
export async function requestPaidChange(
  tx: Database,
  details: ReservationDetails,
  input: { travel: ChangeTravel; price: ChangePrice; differenceCents: number; holdUntil: Date; now: Date },
): Promise<PendingChange> {
  const r = details.reservation;
  const [change] = await tx
    .insert(reservationChanges)
    .values({
      reservationId: r.id,
      travel: input.travel,
      price: input.price,
      differenceCents: input.differenceCents,
      holdUntil: input.holdUntil,
      createdAt: input.now,
    })
    .returning();
  await recordManageEvent(tx, r.id, 'change_requested', input.now, undefined, {
    from: { entryTime: r.entryLocal, exitTime: r.exitLocal, totalCents: r.totalCents },
    to: { entryTime: input.travel.entryTime, exitTime: input.travel.exitTime, totalCents: input.price.totalCents },
    amountCents: input.differenceCents,
    // an extension after entry waiting for its difference (issue 35 item 2): the timeline says so
    ...(input.travel.extension ? { extension: true } : {}),
  });
  return change;
}

/**
 * The difference of `change` was paid: frees the old stay's dropped days (the added ones are held already) and
 * applies the change with its documents and mail ({@link applyChange}); the change is `applied`.
 * @returns true when applied; false when the change is no longer pending (released: the caller refunds the payment).
 * @throws on database errors only.
 * Source: issue 33 item 1 (the change takes effect in one transaction once the difference is paid).
 */
export async function applyPaidChange(
  ctx: ServiceContext,
  tx: Database,
  details: ReservationDetails,
  change: PendingChange,
  input: { paidCents: number; now: Date },
): Promise<boolean> {
  if (change.status !== 'pending' || details.reservation.status !== 'confirmed') return false;
  const { release } = dayPlan(details, change.travel);
  await lockDays(tx, details.reservation.tariffId, release);
  await releaseDays(tx, details.reservation.tariffId, release);
  await applyChange(ctx, tx, details, {
    travel: change.travel,
    price: change.price,
    differenceCents: change.differenceCents,
    now: input.now,
    paidCents: input.paidCents,
  });
  await tx
    .update(reservationChanges)
    .set({ status: 'applied', settledAt: input.now })
    .where(eq(reservationChanges.id, change.id));
  return true;
}

/**
 * Gives a waiting change up (its hold ended unpaid, or the booking is cancelled): the held days go back, the change
 * is `released`, its open checkout attempts end (`expired`) and the `change_released` history row is written; the
 * booking stands as it was.
 *
 * @param options.daysLocked - true when the caller has already locked the held days (a cancellation locks all its
 *   days at once, in date order).
 * @returns the provider session ids to close after the commit.
 * @throws on database errors only.
 * Source: issue 33 item 1 (abandoned, declined or expired: the old booking stands and the hold is released).
 */
export async function releasePaidChange(
  tx: Database,
  details: ReservationDetails,
  change: PendingChange,
  now: Date,
  options: { daysLocked?: boolean } = {},
): Promise<string[]> {
  if (change.status !== 'pending') return [];
  const { reserve } = dayPlan(details, change.travel);
  if (!options.daysLocked) await lockDays(tx, details.reservation.tariffId, reserve);
  await releaseDays(tx, details.reservation.tariffId, reserve);
  await tx
    .update(reservationChanges)
    .set({ status: 'released', settledAt: now })
    .where(eq(reservationChanges.id, change.id));
  const closed = await tx
    .update(payments)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(payments.changeId, change.id), eq(payments.status, 'open')))
    .returning({ sessionId: payments.sessionId });
  await recordManageEvent(tx, details.reservation.id, 'change_released', now, undefined, {
    amountCents: change.differenceCents,
  });
  return closed.flatMap((p) => (p.sessionId ? [p.sessionId] : []));
}

/** The days a waiting change holds (booked for it), for a caller that locks them with others. */
export function heldDaysOf(details: ReservationDetails, change: PendingChange): string[] {
  return dayPlan(details, change.travel).reserve;
}

/**
 * The reservations whose waiting change's hold has ended at `now` (the expiry job releases them), oldest first.
 * @throws on database errors only.
 */
export async function overdueChanges(db: Database, now: Date, limit: number): Promise<PendingChange[]> {
  return db
    .select()
    .from(reservationChanges)
    .where(and(eq(reservationChanges.status, 'pending'), lte(reservationChanges.holdUntil, now)))
    .orderBy(asc(reservationChanges.holdUntil), asc(reservationChanges.id))
    .limit(limit);
}

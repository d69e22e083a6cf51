/**
 * Checkout step 3: booking in one transaction (DESIGN §6 Availability, Invoice, Coupon, Reservation). The
 * steps run in this order inside it, and the order is part of the contract:
 * 1. {@link reserveDays}: one statement that creates or locks the stay's `tariff_days` rows in date order and
 *    books one space per day where the capacity allows;
 * 2. {@link redeemCoupon}: count the coupon use with a guarded update;
 * 3. {@link insertReservation}: insert under a fresh random reference, retrying a taken one (no invoice number
 *    yet), with the history's `created` row (issue 12) in the same statement;
 * 4. the caller's `onBooked` hook (e.g. the confirmation mail's outbox row, written with the booking);
 *    A `pending_payment` reservation (online payment, issue 13) holds its spaces until `holdUntil` (30 minutes);
 * 5. `issueInvoice` (confirmed reservations only; offline payment types confirm at once): the gapless per-year
 *    invoice number, written to the reservation, and the invoice's immutable snapshot, in one statement;
 * 6. the caller's `inTransaction` hook (e.g. the idempotent answer, stored atomically with the booking).
 * Any refusal rolls everything back, so a failed booking holds no space, no coupon use and no number.
 * The invoice counter is one row per year that every confirmed booking locks until its commit, so it is taken
 * as late as possible: while one booking holds it, the others do all their other work (issue 11).
 */
import { availabilityChanged } from './cache-events.server.ts';
import { and, eq, getTableColumns, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { coupons, reservationEvents, reservations } from '#database/schema.ts';
import { localToInstant } from '~/domain/local-time.ts';
import type { PriceBreakdown } from '~/domain/pricing.ts';
import { generateReference } from '~/domain/reference.ts';
import { stayDates } from '~/domain/stay.ts';
import type { Locale } from '~/i18n.ts';
import type { CartContext } from './checkout-cart-context.server.ts';
import { CheckoutError } from './checkout-error.server.ts';
import type { CouponRow, ValidatedBooking } from './checkout-validate.server.ts';
import { createGuestToken } from './guest-access.server.ts';
import { issueInvoice, type InvoiceIssuer } from './invoices.server.ts';
import { holdUntilFrom } from './online-payment.server.ts';
import { initialStatus } from './payment.server.ts';

/** A stored reservation row. */
export type Reservation = typeof reservations.$inferSelect;

/** How often a new reference is drawn when the random one is taken (1.1 × 10^12 values: practically never). */
const REFERENCE_ATTEMPTS = 5;

/**
 * Books one space on every date of the stay in one statement (issue 11: one round trip instead of three while the
 * day rows are locked): `INSERT … ON CONFLICT DO UPDATE` over the dates in ascending order creates a missing row
 * with this booking (booked 1) or adds one to an existing row only while it is below its capacity (day override,
 * else the tariff's). PostgreSQL locks each row as it goes, in date order, until the transaction ends, so
 * concurrent checkouts wait on each other in the same order and can neither deadlock nor overbook; a full day is
 * locked but left unchanged and returned by nothing. Fewer rows back than dates, or a new row on a tariff without
 * spaces, means sold out, and the caller's rollback undoes the rows this statement did book.
 *
 * The tariff's default capacity is read in the same statement from its row, locked `FOR SHARE` before any day row
 * (decision 0032), never from the cached catalogue: a back-office change of the default capacity locks that row
 * first, so it waits for the bookings in flight and they wait for it, and a booking right after the change cannot
 * count against the old number while the other processes' caches are still being dropped.
 *
 * @param tx - the booking transaction.
 * @param tariffId - the tariff booked.
 * @param dates - the stay's dates, airport local `YYYY-MM-DD`, ascending.
 * @throws CheckoutError 409 `checkout.api.sold_out` when any date is at capacity (or the tariff is gone).
 * Source: DESIGN §6 (Availability: check and insert in one transaction that locks the day rows), decision 0032.
 */
async function reserveDays(tx: Database, tariffId: number, dates: string[]): Promise<void> {
  const days = sql.join(
    dates.map((day) => sql`(${day}::date)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    with tariff as (select capacity from tariffs where id = ${tariffId} for share)
    insert into tariff_days (tariff_id, day, booked)
    select ${tariffId}, d.day, 1 from (values ${days}) as d(day), tariff order by d.day
    on conflict (tariff_id, day) do update set booked = tariff_days.booked + 1
      where coalesce(tariff_days.capacity, (select capacity from tariff)) > tariff_days.booked
    returning tariff_days.booked, tariff_days.capacity, (select capacity from tariff) as tariff_capacity`);
  const rows = (result as unknown as { rows: { booked: number; capacity: number | null; tariff_capacity: number }[] })
    .rows;
  // A row created here has no override: it holds only while the tariff has a space at all.
  const over = rows.some((row) => Number(row.booked) > Number(row.capacity ?? row.tariff_capacity));
  if (rows.length < dates.length || over) throw new CheckoutError(409, 'checkout.api.sold_out');
}

/**
 * Counts one use of the coupon, only while it is below its usage limit (one guarded `UPDATE`, so two
 * checkouts cannot both take the last use).
 *
 * @throws CheckoutError 422 `validation.failed` with `couponCode` `validation.coupon.used_up` when the last
 *   use was taken concurrently.
 * Source: DESIGN §6 (Coupon: usage limit).
 */
async function redeemCoupon(tx: Database, coupon: CouponRow): Promise<void> {
  const redeemed = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(and(eq(coupons.id, coupon.id), or(isNull(coupons.usageLimit), lt(coupons.usedCount, coupons.usageLimit))))
    .returning({ id: coupons.id });
  if (redeemed.length === 0) {
    throw new CheckoutError(422, 'validation.failed', { couponCode: ['validation.coupon.used_up'] });
  }
}

/** The reservations table's columns, for mapping a raw row of a combined statement ({@link insertReservation}). */
const RESERVATION_COLUMNS = Object.entries(getTableColumns(reservations));

/** A raw row (database column names, driver values) as Drizzle's `returning()` would have mapped it. */
function reservationFromRaw(raw: Record<string, unknown>): Reservation {
  return Object.fromEntries(
    RESERVATION_COLUMNS.map(([key, column]) => {
      const value = raw[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as Reservation;
}

/**
 * Inserts the reservation under a random reference (8 Crockford-base32 characters) together with its history's
 * `created` row (issue 12) in one statement (issue 11: one round trip less while the day rows are locked). A taken
 * reference is skipped without aborting the transaction (`ON CONFLICT DO NOTHING` on the reference only, so any
 * other violation still throws; the history insert then has no row to copy) and another one is drawn, at most
 * {@link REFERENCE_ATTEMPTS} times.
 *
 * @returns the stored row.
 * @throws Error when every attempt hit a taken reference (practically never).
 * Source: DESIGN §6 (Reservation: reference of 8 Crockford-base32 characters), issue 12 (history).
 */
async function insertReservation(
  tx: Database,
  values: Omit<typeof reservations.$inferInsert, 'reference' | 'createdAt'> & { createdAt: Date },
): Promise<Reservation> {
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
    const insert = tx
      .insert(reservations)
      .values({ ...values, reference: generateReference() })
      .onConflictDoNothing({ target: reservations.reference })
      .returning();
    // Both drivers (node-postgres, PGlite) answer raw statements with `{ rows }`.
    const result = (await tx.execute(sql`
      with inserted as (${insert.getSQL()}), history as (
        insert into ${reservationEvents} (reservation_id, kind, at, data)
        select id, 'created', ${values.createdAt.toISOString()}::timestamptz, jsonb_build_object('totalCents', total_cents)
        from inserted
      )
      select * from inserted`)) as unknown as { rows: Record<string, unknown>[] };
    const [raw] = result.rows;
    if (raw) return reservationFromRaw(raw);
  }
  throw new Error(`no free reservation reference after ${REFERENCE_ATTEMPTS} attempts`);
}

/**
 * Books a validated, priced booking in one transaction (the steps in the module description) and stores it
 * with a hashed guest token.
 *
 * @param input.context - the cart's airport and tariff.
 * @param input.booking - from `validateBooking`.
 * @param input.price - from `priceBooking` (integer euro cents).
 * @param input.userId - the signed-in user, or null for a guest.
 * @param input.locale - the customer's language (stored for mails).
 * @param input.issuer - seller and bank account printed on the invoice (from the configuration).
 * @param input.now - current instant (confirmation time; invoice year in the shop's time zone).
 * @param input.onBooked - runs inside the transaction once the row is inserted, before the invoice number is
 *   drawn (the row's `invoiceNumber` is still null then), with the plain guest access token.
 * @param input.inTransaction - runs last inside the same transaction with the new row (invoice number set).
 * @returns the stored reservation and the plain guest access token (only its hash is stored).
 * @throws CheckoutError 409 `checkout.api.sold_out`, 422 `validation.coupon.used_up` (see the steps);
 *   database errors and errors of `onBooked` and `inTransaction` pass through (and roll back).
 * Source: DESIGN §6 (Availability, Reservation, Invoice, Coupon, Payment types).
 */
export async function bookReservation(
  db: Database,
  input: {
    context: CartContext;
    booking: ValidatedBooking;
    price: PriceBreakdown;
    userId: number | null;
    locale: Locale;
    issuer: InvoiceIssuer;
    now: Date;
    onBooked?: (tx: Database, reservation: Reservation, guestToken: string) => Promise<void>;
    inTransaction?: (tx: Database, reservation: Reservation) => Promise<void>;
  },
): Promise<{ reservation: Reservation; guestToken: string }> {
  const {
    context: { airport, tariff },
    booking,
    price,
    now,
  } = input;
  const { stay, coupon } = booking;
  const dates = stayDates(stay.entry, stay.exit);
  const status = initialStatus(booking.method);
  const guest = createGuestToken();

  const reservation = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    await reserveDays(tx, tariff.id, dates);
    if (coupon) await redeemCoupon(tx, coupon);
    let row = await insertReservation(tx, {
      status,
      locale: input.locale,
      airportId: airport.id,
      tariffId: tariff.id,
      userId: input.userId,
      entryLocal: stay.entry,
      exitLocal: stay.exit,
      entryAt: localToInstant(stay.entry, airport.timeZone),
      exitAt: localToInstant(stay.exit, airport.timeZone),
      billableDays: price.billableDays,
      personCount: booking.personCount,
      childrenSeat: booking.childrenSeat,
      bulkyBaggage: booking.bulkyBaggage,
      licensePlate: booking.licensePlate,
      outboundFlightNumber: booking.outboundFlightNumber,
      returnFlightNumber: booking.returnFlightNumber,
      billingAddress: booking.billingAddress,
      invoiceAddress: booking.invoiceAddress,
      paymentType: booking.method.id,
      couponCode: coupon?.code ?? null,
      parkingCents: price.parkingCents,
      personsCents: price.personsCents,
      childSeatsCents: price.childSeatsCents,
      discountCents: price.discountCents,
      totalCents: price.totalCents,
      vatCents: price.vatCents,
      vatRateBp: price.vatRateBp,
      guestTokenHash: guest.hash,
      invoiceNumber: null,
      createdAt: now,
      confirmedAt: status === 'confirmed' ? now : null,
      // An online payment holds the spaces for 30 minutes (issue 13); the expiry job releases them unpaid.
      holdUntil: status === 'pending_payment' ? holdUntilFrom(now) : null,
    });
    if (input.onBooked) await input.onBooked(tx, row, guest.token);
    if (status === 'confirmed') {
      const invoiceNumber = await issueInvoice(
        tx,
        { reservation: row, airport, tariff, lot: tariff.lot },
        input.issuer,
        now,
      );
      row = { ...row, invoiceNumber };
    }
    if (input.inTransaction) await input.inTransaction(tx, row);
    return row;
  });
  // Committed: this process's tariffs pages of the airport go now, the other processes' with the next (shared)
  // NOTIFY (issue 11). The answer does not wait for it: under load that wait was a commit queue of its own. A
  // failed NOTIFY leaves this process clean and the others' pages expire within PAGE_CACHE_SECONDS; the booking
  // stands either way.
  void availabilityChanged(db, airport.id).catch(() => undefined);
  return { reservation, guestToken: guest.token };
}

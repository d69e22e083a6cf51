/**
 * Checkout step 3: the booking (DESIGN §6 Availability, Invoice, Coupon, Reservation) in one SQL statement
 * (decision 0034, `checkout-book-statement.server.ts`), which commits all of these together or none of them:
 * 1. the stay's `tariff_days` rows are created or locked in date order and get one space each where the capacity
 *    (day override, else the tariff's row, share-locked first: decision 0033) allows;
 * 2. the coupon use is counted, within its limit;
 * 3. a confirmed booking (offline payment types confirm at once) draws the year's next gapless invoice number;
 *    a `pending_payment` one (online payment, issue 13) holds its spaces until `holdUntil` (30 minutes) instead;
 * 4. the reservation is inserted under a fresh random reference, with its history's `created` row (issue 12),
 *    the invoice's immutable snapshot, the confirmation mail's outbox row (issue 14: no booking without its mail)
 *    and the idempotent answer (DESIGN §5), as the caller asks.
 * Any refusal (a full day, the coupon used up concurrently, a taken reference) aborts the whole statement, so a
 * failed booking holds no space, no coupon use and no number; a taken reference is drawn again.
 * One statement instead of a transaction of eight round trips (issue 11): the day rows and the invoice counter,
 * which every confirmed booking needs in turn, are locked only while PostgreSQL runs it and commits.
 */
import { getTableColumns } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { runStatement } from '#database/prepared-statement.server.ts';
import { reservations } from '#database/schema.ts';
import { changesWhatOffersShow } from '~/domain/availability.ts';
import { localToInstant } from '~/domain/local-time.ts';
import type { PriceBreakdown } from '~/domain/pricing.ts';
import { generateReference } from '~/domain/reference.ts';
import { stayDates } from '~/domain/stay.ts';
import type { Locale } from '~/i18n.ts';
import { availabilityChanged } from '../cache-events.server.ts';
import {
  BOOKING_REFUSALS,
  bookingStatement,
  type BookingRefusal,
  type QueuedMail,
  type ReservationValues,
} from './checkout-book-statement.server.ts';
import type { CartContext } from './checkout-cart-context.server.ts';
import { CheckoutError } from './checkout-error.server.ts';
import type { ValidatedBooking } from './checkout-validate.server.ts';
import { createGuestToken } from '../reservations/guest-access.server.ts';
import { unnumberedInvoice, type InvoiceIssuer } from '../documents/invoices.server.ts';
import { holdUntilFrom } from '../payments/online-payment.server.ts';
import { initialStatus } from '../payments/payment.server.ts';
import type { SessionRow } from '../session-port.ts';

/** A stored reservation row. */
export type Reservation = typeof reservations.$inferSelect;

/**
 * A reservation about to be stored: its values, and its invoice number (a placeholder token the statement
 * replaces by the drawn number wherever it appears in a caller's JSON; null when not confirmed).
 */
export type PlannedReservation = ReservationValues & { invoiceNumber: string | null };

/**
 * The booking was refused because the new idempotency key it was to store already has a row (a replay, a
 * mismatch or a request in flight; decision 0034). Nothing was stored; the caller judges the request against that
 * row. A 409 "in flight" for callers that do not.
 */
export class IdempotencyKeyTakenError extends CheckoutError {
  constructor() {
    super(409, 'checkout.api.idempotency_in_flight');
  }
}

/** How often a new reference is drawn when the random one is taken (1.1 × 10^12 values: practically never). */
const REFERENCE_ATTEMPTS = 5;

/** The reservations table's columns, for mapping the statement's raw row. */
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

/** The `shop_refuse` reason of a driver error raised by the booking statement, or null for any other error. */
function refusalOf(error: unknown): BookingRefusal | null {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'P0001' || typeof message !== 'string') return null;
  return (BOOKING_REFUSALS as readonly string[]).includes(message) ? (message as BookingRefusal) : null;
}

/**
 * Books a validated, priced booking in one statement (the steps in the module description) and stores it with a
 * hashed guest token.
 *
 * @param input.context - the cart's airport and tariff.
 * @param input.booking - from `validateBooking`.
 * @param input.price - from `priceBooking` (integer euro cents).
 * @param input.userId - the signed-in user, or null for a guest.
 * @param input.locale - the customer's language (stored for mails).
 * @param input.issuer - seller and bank account printed on the invoice (from the configuration).
 * @param input.now - current instant (confirmation time; invoice year in the shop's time zone).
 * @param input.mail - the mail to queue with a confirmed booking (e.g. the confirmation, with the plain guest
 *   token in its link); not called for a booking that is not confirmed.
 * @param input.answer - the idempotent answer: 201 and the body built from the planned reservation (its
 *   `invoiceNumber` a placeholder the statement replaces by the drawn number), stored for `key` as a new row when
 *   `requestHash` is given (the booking is refused when the key has a row already), else into the caller's
 *   `in_flight` row of `key`.
 * @param input.session - the visitor's session row as it is to be after this booking (decision 0035), stored by
 *   the statement with the booking; omitted, the session is the caller's to save.
 * @returns the stored reservation (invoice number set when confirmed) and the plain guest access token (only its
 *   hash is stored).
 * @throws CheckoutError 409 `checkout.api.sold_out`, 422 `validation.failed` with `couponCode`
 *   `validation.coupon.used_up` when the last use was taken concurrently; RangeError past 999 999 invoices a
 *   year; {@link IdempotencyKeyTakenError} when a new key has a row already; Error when every drawn reference was
 *   taken (practically never); database errors pass through. Nothing is stored in any of these cases.
 * Source: DESIGN §6 (Availability, Reservation, Invoice, Coupon, Payment types), decisions 0033 and 0034.
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
    mail?: (reservation: PlannedReservation, guestToken: string) => QueuedMail;
    answer?: { key: string; requestHash?: string; body: (reservation: PlannedReservation) => unknown };
    session?: (reservation: PlannedReservation) => SessionRow;
  },
): Promise<{ reservation: Reservation; guestToken: string }> {
  const {
    context: { airport, tariff },
    booking,
    price,
    now,
  } = input;
  const { stay, coupon } = booking;
  const status = initialStatus(booking.method);
  const confirmed = status === 'confirmed';
  const guest = createGuestToken();
  const base = {
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
    createdAt: now,
    confirmedAt: confirmed ? now : null,
    // An online payment holds the spaces for 30 minutes (issue 13); the expiry job releases them unpaid.
    holdUntil: status === 'pending_payment' ? holdUntilFrom(now) : null,
  } satisfies Omit<ReservationValues, 'reference'>;
  const dates = stayDates(stay.entry, stay.exit);

  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
    const values: ReservationValues = { ...base, reference: generateReference() };
    const invoice = confirmed
      ? unnumberedInvoice(
          { reservation: { ...values, id: 0, invoiceNumber: null } as Reservation, airport, tariff, lot: tariff.lot },
          input.issuer,
          now,
        )
      : null;
    const planned: PlannedReservation = { ...values, invoiceNumber: invoice?.placeholder ?? null };
    const statement = bookingStatement({
      tariffId: tariff.id,
      dates,
      couponId: coupon?.id ?? null,
      reservation: values,
      invoice: invoice ? { ...invoice, issuedAt: now } : null,
      mail: confirmed && input.mail ? input.mail(planned, guest.token) : null,
      answer: input.answer
        ? {
            key: input.answer.key,
            requestHash: input.answer.requestHash,
            json: JSON.stringify(input.answer.body(planned)),
          }
        : null,
      session: input.session ? input.session(planned) : null,
    });
    let rows: Record<string, unknown>[];
    try {
      rows = await runStatement<Record<string, unknown>>(db, statement);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal === 'sold_out') throw new CheckoutError(409, 'checkout.api.sold_out');
      if (refusal === 'coupon_used_up') {
        throw new CheckoutError(422, 'validation.failed', { couponCode: ['validation.coupon.used_up'] });
      }
      if (refusal === 'invoice_numbers_exhausted') throw new RangeError(`no invoice number left in ${invoice?.year}`);
      if (refusal === 'idempotency_key_taken') throw new IdempotencyKeyTakenError();
      if (refusal === 'reference_taken') continue;
      throw error;
    }
    const reservation = reservationFromRaw(rows[0] ?? {});
    // Committed: when the booking changed what an offer shows (few spaces left, or sold out; decision 0036), this
    // process's tariffs pages of the airport go now, the other processes' with the next (shared) NOTIFY (issue 11).
    // The answer does not wait for it: under load that wait was a commit queue of its own. A failed NOTIFY leaves
    // this process clean and the others' pages expire within PAGE_CACHE_SECONDS; the booking stands either way.
    if (changesWhatOffersShow(Number(rows[0]?.fewest_left ?? 0))) {
      void availabilityChanged(db, airport.id).catch(() => undefined);
    }
    return { reservation, guestToken: guest.token };
  }
  throw new Error(`no free reservation reference after ${REFERENCE_ATTEMPTS} attempts`);
}

/**
 * Managing a booking (issue 12): the customer cancels it or changes its dates and details while that is free
 * (until the tariff's `freeCancellationHours` before entry, airport wall clock). Each confirmed action is one
 * transaction that locks the reservation row, then the affected `tariff_days` rows in date order (the booking's
 * order, so a booking, a change and a cancellation can never deadlock or overbook), and writes everything the
 * action means: day occupancy, the reservation, a credit note (and a new invoice after a change) when it was
 * invoiced, the history row and the customer's mail (transactional outbox). Amounts are integer euro cents,
 * gross; times airport local `YYYY-MM-DDTHH:mm`.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { coupons, priceLists, reservationEvents, reservations, tariffDays } from '#database/schema.ts';
import type { ReservationEventKind, ReservationStatus } from '#database/schema.ts';
import { formatMoney } from '~/domain/money.ts';
import {
  canReserveDays,
  freeChangeDeadline,
  planDayChanges,
  priceChange,
  type ChangeDay,
} from '~/domain/manage-booking.ts';
import { checkStay } from '~/domain/booking-rules.ts';
import { parseBulkyBaggage, serializeBulkyBaggage } from '~/domain/checkout-schema.ts';
import { isExtensionWindow, priceExtension } from '~/domain/extension.ts';
import { parseLocalDateTime } from '~/domain/local-time.ts';
import { PricingError, priceStayIfBookable, type Coupon, type PriceBreakdown } from '~/domain/pricing.ts';
import { changeSettlement, type Settlement } from '~/domain/settlement.ts';
import { normalizeReference } from '~/domain/reference.ts';
import { stayDates } from '~/domain/stay.ts';
import { localePath, toLocale, type Locale } from '~/i18n.ts';
import { translator } from '~/i18n.server.ts';
import { availabilityChanged } from '../cache-events.server.ts';
import type { TariffWithLot } from '../catalogue/catalog.server.ts';
import { asObject, validateTravel, type ValidatedTravel } from '../checkout/checkout-validate.server.ts';
import { hasGuestAccess } from './guest-access.server.ts';
import { beginIdempotency, completeIdempotency, releaseIdempotency } from '../checkout/idempotency.server.ts';
import { kickMailDelivery } from '../mail/mail.server.ts';
import { closeOpenPayments, expireSessions, holdUntilFrom } from '../payments/online-payment.server.ts';
import { planRefund, requestRefunds } from '../payments/refunds.server.ts';
import {
  applyChange,
  changeCount,
  creditCurrentInvoice,
  lineIf,
  lockDays,
  lockTariffCapacity,
  queueManageMail,
  recordManageEvent,
  releaseDays,
  reserveDays,
  type OnBehalf,
} from './booking-writes.server.ts';
import { heldDaysOf, pendingChangeOf, releasePaidChange, requestPaidChange } from './paid-change.server.ts';
import { RequestError, requestErrorBody } from '../request-error.server.ts';
import { findReservationByReference, type ReservationDetails } from './reservations.server.ts';
import type { ServiceContext } from '../service-context.ts';
import type { SessionPort } from '../session-port.ts';

/**
 * Why managing a booking was refused: 404 `api.error.not_found` (unknown reference or no access, the same answer),
 * 409 `manage.error.too_late` (the free period is over), `manage.error.not_active` (cancelled or completed),
 * 422 `manage.error.unchanged` (the change changes nothing),
 * `checkout.api.sold_out`, `checkout.api.not_bookable`, `checkout.api.idempotency_in_flight`,
 * `payment.error.pay_first` (a change while an online payment or a change's difference is pending, issue 13 and
 * decision 0051), `admin.manage.error.pay_difference` (the back office asked for a dearer change of a booking paid
 * online: only the customer pays the difference); 422
 * `validation.failed` with field keys as sent, `manage.error.idempotency_key_required`,
 * `checkout.api.idempotency_key_invalid`, `checkout.api.idempotency_mismatch`.
 * Source: DESIGN §5 (error shapes), issue 12.
 */
class ManageError extends RequestError {}

/** Statuses a customer may still change or cancel. */
const MANAGEABLE: readonly ReservationStatus[] = ['confirmed', 'pending_payment'];

/** A history row as the timeline shows it. */
export type ReservationEvent = { kind: ReservationEventKind; at: string; data: Record<string, unknown> };

/** Whether and until when the booking may be changed or cancelled for free. */
export type ManageState = {
  status: ReservationStatus;
  /** true while the booking is active and the deadline has not passed */
  open: boolean;
  /** the deadline, airport local `YYYY-MM-DDTHH:mm` */
  deadlineLocal: string;
  /** why it is closed, a translation key, or null when open */
  closedReason: string | null;
  /**
   * true when the free period is over but the booked exit is still ahead (issue 35 item 2): the one change left is
   * a later exit ({@link changeReservation} in its extension mode); a cancellation stays refused
   */
  extendable: boolean;
};

/** How a change is judged at a moment: `free` within the free period, `extension` after it (a later exit only). */
type ChangeMode = 'free' | 'extension';

/** The public view of a change (quote or result). */
export type ChangeAnswer = {
  reference: string;
  status: ReservationStatus;
  paymentType: string;
  old: { entryTime: string; exitTime: string; totalCents: number };
  new: {
    entryTime: string;
    exitTime: string;
    personCount: number;
    childrenSeat: number;
    bulkyBaggage: string;
    licensePlate: string;
    totalCents: number;
    breakdown: PriceBreakdown;
  };
  differenceCents: number;
  /**
   * How the difference is settled (decision 0051): `refund` goes back on the online payment (`refundCents`),
   * `charge` is paid through the provider, `none` is settled on the new invoice (invoice and on-site payers).
   */
  settlement: Settlement;
  /** the refund the change requests (settlement `refund`), cents; 0 otherwise */
  refundCents: number;
  days: ChangeDay[];
  currency: 'EUR';
  /** true for a dry run (nothing was changed) */
  dryRun: boolean;
  invoiceNumber: string | null;
  creditNoteNumber: string | null;
};

/** The public view of a cancellation (quote or result). */
export type CancelAnswer = {
  reference: string;
  status: ReservationStatus;
  entryTime: string;
  exitTime: string;
  paymentType: string;
  totalCents: number;
  currency: 'EUR';
  /** the invoice a credit note cancels (quote) or cancelled (result), null when never invoiced */
  invoiceNumber: string | null;
  creditNoteNumber: string | null;
  dryRun: boolean;
};

/** An answer to send: status and JSON body. */
export type ManageAnswer<T> = { status: number; body: T };

/**
 * The reservation `reference` when this session may manage it: its signed-in owner (`session.userId`) or a
 * session with guest access (mail link or lookup) — the reservation page's rule.
 *
 * @param reference - as it stands in the URL (normalised here).
 * @returns the details.
 * @throws ManageError 404 `api.error.not_found` for anyone else, a malformed or unknown reference alike.
 * Source: issue 12 (same access rule as the page; anyone else 404), DESIGN §3.
 */
export async function manageableReservation(
  db: Database,
  session: SessionPort,
  reference: string,
): Promise<ReservationDetails> {
  const canonical = normalizeReference(reference);
  if (!canonical) throw new ManageError(404, 'api.error.not_found');
  const details = await findReservationByReference(db, canonical);
  const userId = session.get('userId');
  const owner = details !== null && userId !== undefined && details.reservation.userId === userId;
  if (!details || !(owner || hasGuestAccess(session, canonical))) {
    throw new ManageError(404, 'api.error.not_found');
  }
  return details;
}

/**
 * Whether the booking can be changed or cancelled at `now`, and until when (issue 12 rule in
 * `freeChangeDeadline`).
 * Source: issue 12, DESIGN §6 (Tariff `freeCancellationHours`).
 */
export function manageState(details: ReservationDetails, now: Date): ManageState {
  const { reservation: r, airport, tariff } = details;
  const deadline = freeChangeDeadline(r.entryLocal, airport.timeZone, tariff.freeCancellationHours);
  let closedReason: string | null = null;
  if (!MANAGEABLE.includes(r.status)) closedReason = 'manage.error.not_active';
  else if (now.getTime() >= deadline.at.getTime()) closedReason = 'manage.error.too_late';
  // An online payment still open (pending_payment) is paid first; a confirmed booking may be extended until its exit.
  const extendable =
    closedReason === 'manage.error.too_late' &&
    r.status === 'confirmed' &&
    isExtensionWindow({
      entryLocal: r.entryLocal,
      exitLocal: r.exitLocal,
      timeZone: airport.timeZone,
      hours: tariff.freeCancellationHours,
      now,
    });
  return { status: r.status, open: closedReason === null, deadlineLocal: deadline.local, closedReason, extendable };
}

/**
 * How a change of `details` is judged at `now`: `free` while the free period is open, `extension` after it until
 * the booked exit (issue 35 item 2).
 * @throws ManageError 409 with the closed reason otherwise (`manage.error.too_late`, `manage.error.not_active`).
 */
function changeModeOf(details: ReservationDetails, now: Date): ChangeMode {
  const state = manageState(details, now);
  if (!state.closedReason) return 'free';
  if (state.extendable) return 'extension';
  throw new ManageError(409, state.closedReason);
}

function requireOpen(details: ReservationDetails, now: Date): void {
  const state = manageState(details, now);
  if (state.closedReason) throw new ManageError(409, state.closedReason);
}

/**
 * The history of a reservation, oldest first (issue 12 timeline).
 * @throws on database errors only.
 */
export async function reservationHistory(db: Database, reservationId: number): Promise<ReservationEvent[]> {
  const rows = await db
    .select()
    .from(reservationEvents)
    .where(eq(reservationEvents.reservationId, reservationId))
    .orderBy(asc(reservationEvents.at), asc(reservationEvents.id));
  return rows.map((row) => ({ kind: row.kind, at: row.at.toISOString(), data: row.data }));
}

/**
 * The translation suffix of a history row's label (`manage.history.<suffix>`): its kind, except that a change or a
 * change request of an extension after entry (`data.extension`, issue 35 item 2) says it was one (`extended`,
 * `extension_requested`).
 */
export function historyKind(event: { kind: string; data: Record<string, unknown> }): string {
  if (event.data.extension !== true) return event.kind;
  if (event.kind === 'changed') return 'extended';
  if (event.kind === 'change_requested') return 'extension_requested';
  return event.kind;
}

/** The tariff of a reservation with its price lists (active or not: a booking is changed on its own tariff). */
async function tariffOf(db: Database, details: ReservationDetails): Promise<TariffWithLot> {
  const lists = await db.select().from(priceLists).where(eq(priceLists.tariffId, details.tariff.id));
  return {
    ...details.tariff,
    lot: details.lot,
    priceLists: lists.map((l) => ({
      validFrom: l.validFrom,
      validTo: l.validTo,
      dayPrices: l.dayPrices,
      extraDayPrice: l.extraDayPrice,
    })),
  };
}

async function bookedCoupon(db: Database, code: string | null): Promise<Coupon | null> {
  if (!code) return null;
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  return row ? { kind: row.kind, value: row.value } : null;
}

/** The re-priced change of `details` to `travel` (no writes). */
async function quoteOf(db: Database, details: ReservationDetails, travel: ValidatedTravel) {
  const r = details.reservation;
  const tariff = await tariffOf(db, details);
  const current = priceStayIfBookable({
    tariff,
    entry: travel.stay.entry,
    exit: travel.stay.exit,
    personCount: travel.personCount,
    childrenSeat: travel.childrenSeat,
  });
  if (!current) throw new ManageError(409, 'checkout.api.not_bookable');
  const bookedStayToday =
    priceStayIfBookable({ tariff, entry: r.entryLocal, exit: r.exitLocal, personCount: 1, childrenSeat: 0 })
      ?.parkingCents ?? null;
  return priceChange({
    booked: bookedStayOf(r),
    current,
    bookedStayToday,
    entry: travel.stay.entry,
    exit: travel.stay.exit,
    personCount: travel.personCount,
    childrenSeat: travel.childrenSeat,
    coupon: await bookedCoupon(db, r.couponCode),
  });
}

/**
 * What a change to the booked stay itself (same dates, persons and details) would cost now, cents: the total a
 * change quote shows, with the booked coupon and "price kept as booked" — lower than the booked total when the
 * tariff got cheaper. Null when today's price lists cannot price the stay. No writes.
 * Source: issue 37 item 2 (the price watch of an own reservation watches this number).
 */
export async function bookedStayPriceNow(db: Database, details: ReservationDetails): Promise<number | null> {
  const r = details.reservation;
  const travel: ValidatedTravel = {
    stay: { entry: r.entryLocal, exit: r.exitLocal },
    personCount: r.personCount,
    childrenSeat: r.childrenSeat,
    bulkyBaggage: r.bulkyBaggage,
    licensePlate: r.licensePlate,
  };
  try {
    return (await quoteOf(db, details, travel)).price.totalCents;
  } catch (error) {
    if (error instanceof ManageError) return null;
    throw error;
  }
}

/** The booked stay and its price parts as the change and extension rules read them (airport local time, cents). */
function bookedStayOf(r: ReservationDetails['reservation']) {
  return {
    entry: r.entryLocal,
    exit: r.exitLocal,
    personCount: r.personCount,
    childrenSeat: r.childrenSeat,
    parkingCents: r.parkingCents,
    personsCents: r.personsCents,
    childSeatsCents: r.childSeatsCents,
    discountCents: r.discountCents,
    totalCents: r.totalCents,
  };
}

/**
 * The price of extending `details` to `travel`'s exit (issue 35 item 2): the overstay rule on the booked stay
 * (`priceExtension`), no writes.
 * @throws ManageError 409 `checkout.api.not_bookable` when no price list applies to the booked entry date.
 */
async function extensionQuoteOf(db: Database, details: ReservationDetails, travel: ValidatedTravel) {
  const r = details.reservation;
  const tariff = await tariffOf(db, details);
  try {
    return priceExtension({
      booked: bookedStayOf(r),
      newExit: travel.stay.exit,
      priceLists: tariff.priceLists,
    });
  } catch (error) {
    if (error instanceof PricingError) throw new ManageError(409, 'checkout.api.not_bookable');
    throw error;
  }
}

function changeAnswer(
  details: ReservationDetails,
  travel: ValidatedTravel,
  quote: ReturnType<typeof priceChange>,
  extra: {
    dryRun: boolean;
    status: ReservationStatus;
    invoiceNumber: string | null;
    creditNoteNumber: string | null;
    refundCents?: number;
  },
): ChangeAnswer {
  const r = details.reservation;
  const settlement = changeSettlement({
    paymentType: r.paymentType,
    status: r.status,
    differenceCents: quote.differenceCents,
  });
  return {
    reference: r.reference,
    status: extra.status,
    paymentType: r.paymentType,
    old: { entryTime: r.entryLocal, exitTime: r.exitLocal, totalCents: r.totalCents },
    new: {
      entryTime: travel.stay.entry,
      exitTime: travel.stay.exit,
      personCount: travel.personCount,
      childrenSeat: travel.childrenSeat,
      bulkyBaggage: travel.bulkyBaggage,
      licensePlate: travel.licensePlate,
      totalCents: quote.price.totalCents,
      breakdown: quote.price,
    },
    differenceCents: quote.differenceCents,
    settlement,
    refundCents: extra.refundCents ?? (settlement === 'refund' ? -quote.differenceCents : 0),
    days: quote.days,
    currency: 'EUR',
    dryRun: extra.dryRun,
    invoiceNumber: extra.invoiceNumber,
    creditNoteNumber: extra.creditNoteNumber,
  };
}

/** The travel fields of a change body, validated against the reservation's tariff. */
function travelOf(details: ReservationDetails, body: Record<string, unknown>, now: Date): ValidatedTravel {
  try {
    return validateTravel(
      { airport: details.airport, tariff: { ...details.tariff, lot: details.lot, priceLists: [] } },
      body,
      now,
    );
  } catch (error) {
    if (error instanceof RequestError) throw new ManageError(error.status, error.messageKey, error.fields);
    throw error;
  }
}

/**
 * The travel of an extension (issue 35 item 2): the booking's own entry and details with the posted `exitTime`. A
 * field that is sent must be what is booked (the form sends them all, the API may send only `exitTime`); anything
 * but a later exit is a change the free period no longer allows.
 *
 * @throws ManageError 409 `manage.error.too_late` for another field changed or an earlier exit; 422
 *   `validation.failed` on `exitTime` for an invalid time or one beyond the tariff's maximum stay.
 * Source: issue 35 item 2 ("the only change offered is a later exit (same entry, same tariff)").
 */
function extensionTravelOf(details: ReservationDetails, body: Record<string, unknown>, now: Date): ValidatedTravel {
  const r = details.reservation;
  const sent = (name: string) => (body[name] === undefined ? null : String(body[name]).trim());
  const keeps = (name: string, booked: string, normalize: (value: string) => string = (v) => v) => {
    const value = sent(name);
    return value === null || normalize(value) === booked;
  };
  const sameDetails =
    keeps('entryTime', r.entryLocal) &&
    keeps('personCount', String(r.personCount), (v) => String(Number(v))) &&
    keeps('childrenSeat', String(r.childrenSeat), (v) => String(Number(v || '0'))) &&
    keeps('licensePlate', r.licensePlate, (v) => v.toUpperCase()) &&
    keeps('bulkyBaggage', r.bulkyBaggage, (v) => serializeBulkyBaggage(parseBulkyBaggage(v) ?? {}));
  if (!sameDetails) throw new ManageError(409, 'manage.error.too_late');
  const exit = sent('exitTime') ?? '';
  if (!parseLocalDateTime(exit)) throw new ManageError(422, 'validation.failed', { exitTime: ['validation.invalid'] });
  // ISO wall times compare as strings; an earlier exit is a shortening, which only the free period allows.
  if (exit < r.exitLocal) throw new ManageError(409, 'manage.error.too_late');
  const violations = checkStay({
    entry: r.entryLocal,
    exit,
    timeZone: details.airport.timeZone,
    now,
    limits: details.tariff,
  }).filter((v) => v.field === 'exitTime');
  if (violations.length > 0) {
    throw new ManageError(422, 'validation.failed', { exitTime: violations.map((v) => `validation.stay.${v.code}`) });
  }
  return {
    stay: { entry: r.entryLocal, exit },
    personCount: r.personCount,
    childrenSeat: r.childrenSeat,
    bulkyBaggage: r.bulkyBaggage,
    licensePlate: r.licensePlate,
  };
}

/** Whether `travel` is what is booked already (a change that changes nothing is refused: no new documents). */
function sameTravel(details: ReservationDetails, travel: ValidatedTravel): boolean {
  const r = details.reservation;
  return (
    r.entryLocal === travel.stay.entry &&
    r.exitLocal === travel.stay.exit &&
    r.personCount === travel.personCount &&
    r.childrenSeat === travel.childrenSeat &&
    r.bulkyBaggage === travel.bulkyBaggage &&
    r.licensePlate === travel.licensePlate
  );
}

/** Locks the reservation row and reads it afresh (the caller's details may be stale). */
async function lockReservation(tx: Database, details: ReservationDetails): Promise<ReservationDetails> {
  const [row] = await tx.select().from(reservations).where(eq(reservations.id, details.reservation.id)).for('update');
  if (!row) throw new ManageError(404, 'api.error.not_found');
  return { ...details, reservation: row };
}

/**
 * Runs `work` in one transaction on the reservation locked for update ({@link lockReservation}) and still open to
 * change ({@link requireOpen}): the start of every cancellation and change, so two parallel ones are serialised
 * and the second finds the first's result.
 * @throws ManageError 404 (gone), 409 (closed meanwhile); whatever `work` throws (the transaction is rolled back).
 */
async function inOpenReservation<T>(
  db: Database,
  details: ReservationDetails,
  now: Date,
  work: (tx: Database, locked: ReservationDetails) => Promise<T>,
): Promise<T> {
  return inLockedReservation(db, details, (locked) => requireOpen(locked, now), work);
}

/** One transaction on the reservation locked for update, `check`ed (it throws to refuse) before `work` runs. */
async function inLockedReservation<T>(
  db: Database,
  details: ReservationDetails,
  check: (locked: ReservationDetails) => void,
  work: (tx: Database, locked: ReservationDetails) => Promise<T>,
): Promise<T> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const locked = await lockReservation(tx, details);
    check(locked);
    return work(tx, locked);
  });
}

/**
 * {@link inOpenReservation} for a change judged in `mode` (issue 35 item 2): the locked row must still allow that
 * mode — a change validated as free or as an extension is refused once the moment moved it to the other.
 * @throws ManageError 409 with the closed reason, or `manage.error.too_late` when the mode changed; whatever `work`
 *   throws (the transaction is rolled back).
 */
async function inChangeableReservation<T>(
  db: Database,
  details: ReservationDetails,
  now: Date,
  mode: ChangeMode,
  work: (tx: Database, locked: ReservationDetails) => Promise<T>,
): Promise<T> {
  const check = (locked: ReservationDetails) => {
    if (changeModeOf(locked, now) !== mode) throw new ManageError(409, 'manage.error.too_late');
  };
  return inLockedReservation(db, details, check, work);
}

/**
 * What cancelling would do, or does (`dryRun: false`): one transaction that locks the reservation, checks the free
 * period again, releases every day of the stay (rows locked in date order), sets status `cancelled` and
 * `cancelled_at`, issues the credit note `GS-YYYY-NNNNNN` when the booking was invoiced (the invoice itself never
 * changes), writes the `cancelled` history row and queues the cancellation mail; after the commit the airport's
 * cached tariffs pages are dropped and mail delivery is kicked.
 *
 * @param input.details - from {@link manageableReservation}.
 * @param input.dryRun - true: only the quote (amount, invoice to credit), nothing is written.
 * @param input.staff - the staff member acting on the customer's behalf (back office), else absent.
 * @param input.inTransaction - runs last inside the cancellation's transaction (the back office's audit row).
 * @returns 200 {@link CancelAnswer}.
 * @throws ManageError 409 `manage.error.too_late` / `manage.error.not_active`; database errors pass through.
 * Source: issue 12 item 1, DESIGN §6 (Cancellation: credit note, never an edited invoice).
 */
export async function cancelReservation(
  ctx: ServiceContext,
  input: {
    details: ReservationDetails;
    dryRun: boolean;
    staff?: OnBehalf;
    inTransaction?: (tx: Database, answer: CancelAnswer) => Promise<void>;
  },
): Promise<ManageAnswer<CancelAnswer>> {
  const now = ctx.now();
  requireOpen(input.details, now);
  const r0 = input.details.reservation;
  if (input.dryRun) {
    return {
      status: 200,
      body: {
        reference: r0.reference,
        status: r0.status,
        entryTime: r0.entryLocal,
        exitTime: r0.exitLocal,
        paymentType: r0.paymentType,
        totalCents: r0.totalCents,
        currency: 'EUR',
        invoiceNumber: r0.invoiceNumber,
        creditNoteNumber: null,
        dryRun: true,
      },
    };
  }
  const cancelled = await inOpenReservation(ctx.db, input.details, now, async (tx, details) => {
    const r = details.reservation;
    const dates = stayDates(r.entryLocal, r.exitLocal);
    // A dearer change still waiting for its difference is given up with the booking (its held days go back too).
    const change = await pendingChangeOf(tx, r.id);
    await lockDays(tx, r.tariffId, [...dates, ...(change ? heldDaysOf(details, change) : [])]);
    await releaseDays(tx, r.tariffId, dates);
    const sessions = change ? await releasePaidChange(tx, details, change, now, { daysLocked: true }) : [];
    await tx
      .update(reservations)
      .set({ status: 'cancelled', cancelledAt: now, holdUntil: null })
      .where(eq(reservations.id, r.id));
    // Not paid yet (issue 33 item 3): the hosted checkout must not take money for the released hold.
    if (r.status === 'pending_payment') sessions.push(...(await closeOpenPayments(tx, r.id, now)));
    // Paid online (issue 13): the refund is planned here and requested from the provider after the commit.
    const refund = await planRefund(tx, {
      reservationId: r.id,
      amountCents: r.totalCents,
      reason: 'cancellation',
      idempotencyKey: `refund-${r.reference}`,
    });
    const creditNoteNumber = await creditCurrentInvoice(ctx, tx, details, now, refund);
    await recordManageEvent(tx, r.id, 'cancelled', now, input.staff, {
      totalCents: r.totalCents,
      invoiceNumber: r.invoiceNumber,
      creditNoteNumber,
      refund: refund !== null,
    });
    const locale = toLocale(r.locale);
    const t = translator(locale);
    const lines: [string, string][] = [
      [t('manage.mail.amount'), formatMoney(r.totalCents, locale)],
      ...lineIf(t('manage.mail.credit_note'), creditNoteNumber),
      ...lineIf(t('payment.mail.refund'), refund && formatMoney(refund.amountCents, locale)),
    ];
    await queueManageMail(ctx, tx, details, { kind: 'reservation_cancelled', lines });
    const answer: CancelAnswer = {
      reference: r.reference,
      status: 'cancelled' as const,
      entryTime: r.entryLocal,
      exitTime: r.exitLocal,
      paymentType: r.paymentType,
      totalCents: r.totalCents,
      currency: 'EUR' as const,
      invoiceNumber: r.invoiceNumber,
      creditNoteNumber,
      dryRun: false,
    };
    if (input.inTransaction) await input.inTransaction(tx, answer);
    return { answer, sessions };
  });
  void availabilityChanged(ctx.db, r0.airportId).catch(() => undefined);
  kickMailDelivery(ctx);
  await expireSessions(ctx, cancelled.sessions);
  // Once per refund (stored refund id, idempotency key per refund); a failure is retried by the expiry job.
  await requestRefunds(ctx, r0.id);
  return { status: 200, body: cancelled.answer };
}

/**
 * Quotes a change (`dryRun`) or makes it. The body carries the travel step's fields (`entryTime`, `exitTime`,
 * `personCount`, `childrenSeat`, `bulkyBaggage`, `licensePlate`), validated against the booking's tariff like the
 * checkout's travel step. The quote re-prices from today's price lists with "price kept as booked"
 * (`priceChange`) and checks the new days' capacity. The change itself is one transaction: lock the reservation,
 * check the free period again, re-price from the locked row, lock the old and new days in date order, free the
 * dropped days, book the added ones only where a space is left (never overbooks), store the new stay and price
 * breakdown, credit the current invoice and issue a new one when invoiced, write the `changed` history row and
 * queue the change mail; the new voucher is the reservation's (rendered from it). After the commit the airport's
 * cached tariffs pages are dropped and mail delivery is kicked.
 *
 * @param input.details - from {@link manageableReservation}.
 * @param input.body - the request body (`dryRun: true` for a quote).
 * @param input.staff - the staff member acting on the customer's behalf (back office), else absent.
 * @param input.inTransaction - runs last inside the change's transaction with the answer (the idempotent answer,
 *   the back office's audit row).
 * @returns 200 {@link ChangeAnswer}.
 * @throws ManageError 422 `validation.failed` (field keys as sent) / `manage.error.unchanged`, 409 `manage.error.too_late` /
 *   `manage.error.not_active` / `checkout.api.sold_out` / `checkout.api.not_bookable`; database errors pass.
 * Source: issue 12 item 2, DESIGN §6 (Availability, Invoice, Cancellation).
 */
export async function changeReservation(
  ctx: ServiceContext,
  input: {
    details: ReservationDetails;
    body: Record<string, unknown>;
    staff?: OnBehalf;
    inTransaction?: (tx: Database, answer: ChangeAnswer) => Promise<void>;
  },
): Promise<ManageAnswer<ChangeAnswer>> {
  const now = ctx.now();
  const mode = changeModeOf(input.details, now);
  // An online payment under way was started for the booked total (issue 13): pay first, then change.
  if (input.details.reservation.status === 'pending_payment') throw new ManageError(409, 'payment.error.pay_first');
  const extension = mode === 'extension';
  const travel = extension
    ? extensionTravelOf(input.details, input.body, now)
    : travelOf(input.details, input.body, now);
  // The same stay again is a change only when today's price lists make it cheaper (issue 37 item 2: a price
  // watch's mail sends the customer here to keep the lower price); otherwise it would change nothing.
  const unchanged = sameTravel(input.details, travel);
  if (unchanged && extension) throw new ManageError(422, 'manage.error.unchanged');
  const refuseUnchanged = (quote: { differenceCents: number }) => {
    if (unchanged && quote.differenceCents >= 0) throw new ManageError(422, 'manage.error.unchanged');
  };
  const quoteFor = extension ? extensionQuoteOf : quoteOf;
  const dryRun = input.body.dryRun === true || input.body.dryRun === 'true';
  if (dryRun) {
    const quote = await quoteFor(ctx.db, input.details, travel);
    refuseUnchanged(quote);
    const r = input.details.reservation;
    const { reserve } = planDayChanges(
      stayDates(r.entryLocal, r.exitLocal),
      stayDates(travel.stay.entry, travel.stay.exit),
    );
    const occupancy = reserve.length
      ? await ctx.db
          .select({ day: tariffDays.day, booked: tariffDays.booked, capacity: tariffDays.capacity })
          .from(tariffDays)
          .where(and(eq(tariffDays.tariffId, r.tariffId), inArray(tariffDays.day, reserve)))
      : [];
    if (!canReserveDays(reserve, occupancy, input.details.tariff.capacity)) {
      throw new ManageError(409, 'checkout.api.sold_out');
    }
    const body = changeAnswer(input.details, travel, quote, {
      dryRun: true,
      status: r.status,
      invoiceNumber: r.invoiceNumber,
      creditNoteNumber: null,
    });
    return { status: 200, body };
  }

  const changed = await inChangeableReservation(ctx.db, input.details, now, mode, async (tx, details) => {
    const r = details.reservation;
    // One change at a time: a dearer change waiting for its difference is paid (or given up) first.
    if (await pendingChangeOf(tx, r.id)) throw new ManageError(409, 'payment.error.pay_first');
    const quote = await quoteFor(tx, details, travel);
    refuseUnchanged(quote);
    const settlement = changeSettlement({
      paymentType: r.paymentType,
      status: r.status,
      differenceCents: quote.differenceCents,
    });
    const plan = planDayChanges(stayDates(r.entryLocal, r.exitLocal), stayDates(travel.stay.entry, travel.stay.exit));
    const capacity = plan.reserve.length ? await lockTariffCapacity(tx, r.tariffId) : null;
    const newTravel = {
      entryTime: travel.stay.entry,
      exitTime: travel.stay.exit,
      personCount: travel.personCount,
      childrenSeat: travel.childrenSeat,
      bulkyBaggage: travel.bulkyBaggage,
      licensePlate: travel.licensePlate,
      // the history rows (and the paid change the webhook applies later) say it was an extension
      ...(extension ? { extension: true } : {}),
    };
    // Only the customer can pay a difference online: the back office does not start such a change for them.
    if (settlement === 'charge' && input.staff) throw new ManageError(409, 'admin.manage.error.pay_difference');
    if (settlement === 'charge') {
      // Dearer and paid online (decision 0051): the added days are held like a new booking's while the customer
      // pays the difference; the booking keeps its stay, price and documents until then.
      await lockDays(tx, r.tariffId, plan.reserve);
      await reserveDays(tx, r.tariffId, capacity, plan.reserve);
      await requestPaidChange(tx, details, {
        travel: newTravel,
        price: quote.price,
        differenceCents: quote.differenceCents,
        holdUntil: holdUntilFrom(now),
        now,
      });
      const answer = changeAnswer(details, travel, quote, {
        dryRun: false,
        status: r.status,
        invoiceNumber: r.invoiceNumber,
        creditNoteNumber: null,
      });
      if (input.inTransaction) await input.inTransaction(tx, answer);
      return answer;
    }
    await lockDays(tx, r.tariffId, [...plan.release, ...plan.reserve]);
    await releaseDays(tx, r.tariffId, plan.release);
    await reserveDays(tx, r.tariffId, capacity, plan.reserve);
    // Cheaper and paid online: the difference goes back on the payment, stated on the credit note (decision 0051).
    const refund =
      settlement === 'refund'
        ? await planRefund(tx, {
            reservationId: r.id,
            amountCents: -quote.differenceCents,
            reason: 'change',
            idempotencyKey: `refund-${r.reference}-change-${(await changeCount(tx, r.id)) + 1}`,
          })
        : null;
    const applied = await applyChange(ctx, tx, details, {
      travel: newTravel,
      price: quote.price,
      differenceCents: quote.differenceCents,
      now,
      staff: input.staff,
      refund,
    });
    const answer = changeAnswer(details, travel, quote, {
      dryRun: false,
      status: applied.updated.status,
      invoiceNumber: applied.invoiceNumber ?? applied.updated.invoiceNumber,
      creditNoteNumber: applied.creditNoteNumber,
      refundCents: refund?.amountCents ?? 0,
    });
    if (input.inTransaction) await input.inTransaction(tx, answer);
    return answer;
  });
  void availabilityChanged(ctx.db, input.details.reservation.airportId).catch(() => undefined);
  kickMailDelivery(ctx);
  // Once per refund (its own idempotency key); a provider failure is retried by the expiry job.
  if (changed.refundCents > 0) await requestRefunds(ctx, input.details.reservation.id);
  // 202: the change waits for its difference (DESIGN §5); else it is done.
  return { status: changed.settlement === 'charge' ? 202 : 200, body: changed };
}

/**
 * The reservation as the change and cancel answers show it (DESIGN §5; the fields of the checkout's `reservation`
 * plus the credit note issued by the action).
 */
type ManagedReservation = {
  reference: string;
  status: ReservationStatus;
  totalCents: number;
  currency: 'EUR';
  entryTime: string;
  exitTime: string;
  paymentType: string;
  invoiceNumber: string | null;
  creditNoteNumber: string | null;
};

/** `POST …/change` answers (DESIGN §5): a dry run `{quote}`; a change `{reservation, redirect, quote}`. */
export type ChangeResponse =
  { quote: ChangeAnswer } | { reservation: ManagedReservation; redirect: string; quote: ChangeAnswer };

/** `POST …/cancel` answers (DESIGN §5): a dry run `{quote}`; a cancellation `{reservation}`. */
export type CancelResponse = { quote: CancelAnswer } | { reservation: ManagedReservation };

/** The reservation page of whoever manages it: the owner's account page, else the guest page. */
function reservationPath(details: ReservationDetails, session: SessionPort, locale: Locale): string {
  const r = details.reservation;
  const owner = r.userId !== null && session.get('userId') === r.userId;
  return localePath(locale, owner ? `/konto/reservierungen/${r.reference}` : `/reservierung/${r.reference}`);
}

/**
 * The answer to a change: the reservation as it now stands and where to go — its page, or, for a dearer change of
 * a booking paid online (202), the payment of the difference while the reservation is still the old one.
 */
function changedResponse(answer: ChangeAnswer, paths: { page: string; pay: string }): ChangeResponse {
  const waiting = answer.settlement === 'charge';
  const stay = waiting ? answer.old : answer.new;
  return {
    reservation: {
      reference: answer.reference,
      status: answer.status,
      totalCents: stay.totalCents,
      currency: 'EUR',
      entryTime: stay.entryTime,
      exitTime: stay.exitTime,
      paymentType: answer.paymentType,
      invoiceNumber: answer.invoiceNumber,
      creditNoteNumber: answer.creditNoteNumber,
    },
    redirect: waiting ? paths.pay : paths.page,
    quote: answer,
  };
}

/**
 * The whole use case behind `POST /api/reservations/{reference}/change` and the page's second step: access
 * (404 for anyone else), then a dry run, or the change under the `Idempotency-Key` (scoped to the session): the
 * same key replays the first answer (status and body), a 422 is stored for replays, a 409 or a server error
 * releases the key so a retry is judged afresh.
 *
 * @param input.session - the visitor's session (owner's or guest access; scope of the key).
 * @param input.reference - from the URL.
 * @param input.body - the request body.
 * @param input.idempotencyKey - the header (or the form's hidden field); required unless `dryRun`.
 * @param input.locale - language of stored refusals.
 * @returns the answer to send: {@link ChangeResponse} (200), or a replayed stored answer (its status and body).
 * @throws ManageError (see {@link changeReservation}, plus 404, 422 `manage.error.idempotency_key_required` and the
 *   idempotency refusals); database errors pass through.
 * Source: issue 12 item 4, DESIGN §5 (Idempotency-Key, error shapes).
 */
export async function submitChange(
  ctx: ServiceContext,
  input: {
    session: SessionPort;
    reference: string;
    body: unknown;
    idempotencyKey: string | undefined;
    locale: Locale;
  },
): Promise<ManageAnswer<ChangeResponse>> {
  const body = asObject(input.body);
  const details = await manageableReservation(ctx.db, input.session, input.reference);
  const dryRun = body.dryRun === true || body.dryRun === 'true';
  if (dryRun) {
    const quote = await changeReservation(ctx, { details, body });
    return { status: quote.status, body: { quote: quote.body } };
  }
  const paths = {
    page: reservationPath(details, input.session, input.locale),
    pay: localePath(input.locale, `/reservierung/${details.reservation.reference}/bezahlen`),
  };
  if (!input.idempotencyKey) throw new ManageError(422, 'manage.error.idempotency_key_required');
  const decision = await beginIdempotency(ctx.db, {
    key: input.idempotencyKey,
    sessionId: input.session.id,
    body: { reference: details.reservation.reference, ...body },
    cart: null,
  });
  if (decision.kind === 'replay') return { status: decision.status, body: decision.body as ChangeResponse };
  if (decision.kind === 'refused') throw new ManageError(decision.status, decision.messageKey);
  const key = decision.key;
  try {
    const changed = await changeReservation(ctx, {
      details,
      body,
      inTransaction: (tx, answer) =>
        completeIdempotency(tx, key, answer.settlement === 'charge' ? 202 : 200, changedResponse(answer, paths)),
    });
    return { status: changed.status, body: changedResponse(changed.body, paths) };
  } catch (error) {
    if (error instanceof RequestError && error.status === 422) {
      await completeIdempotency(ctx.db, key, 422, requestErrorBody(error, translator(input.locale)));
    } else {
      await releaseIdempotency(ctx.db, key).catch((err: unknown) =>
        ctx.logger.error({ err }, 'could not release idempotency key'),
      );
    }
    throw error;
  }
}

/**
 * The use case behind `POST /api/reservations/{reference}/cancel`: access (404 for anyone else), then the quote
 * (`dryRun: true`) or the cancellation ({@link cancelReservation}). A second cancellation is refused with 409
 * `manage.error.not_active`, so no key is needed.
 * @returns 200 {@link CancelResponse}.
 * @throws ManageError 404, 409 (see {@link cancelReservation}); database errors pass through.
 * Source: issue 12 items 1 and 4, DESIGN §5 (`{}` → 200 `{reservation}`).
 */
export async function submitCancel(
  ctx: ServiceContext,
  input: { session: SessionPort; reference: string; body: unknown },
): Promise<ManageAnswer<CancelResponse>> {
  const body = asObject(input.body);
  const details = await manageableReservation(ctx.db, input.session, input.reference);
  const dryRun = body.dryRun === true || body.dryRun === 'true';
  // A retried cancellation (issue 13): the refund the first one planned is requested now if it never was.
  if (!dryRun && details.reservation.status === 'cancelled') await requestRefunds(ctx, details.reservation.id);
  const answer = await cancelReservation(ctx, { details, dryRun });
  const { dryRun: _dry, ...reservation } = answer.body;
  return { status: answer.status, body: dryRun ? { quote: answer.body } : { reservation } };
}

/**
 * Check-in and check-out at the car park's barrier (issue 15 item 4): find a booking by the voucher's QR code (it
 * encodes the reference), a typed reference or a licence plate; mark the car's arrival and departure. A departure
 * after the booked exit is flagged with the extra days at the tariff's price (`overstayOf`) and billed with an invoice
 * of its own (`billOverstay`). Each mark is one
 * transaction: the reservation row (conditional update, so two tablets cannot mark twice), the history row naming
 * the staff member, and the audit row. An operator finds only its company's lots' bookings (else "not found").
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { parkingLots, priceLists, reservationEvents, reservations, type ReservationStatus } from '#database/schema.ts';
import type { CheckinState, CheckinView } from '~/domain/checkin-card.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { instantToLocal } from '~/domain/local-time.ts';
import { localized } from '~/domain/localized.ts';
import { formatMoney } from '~/domain/money.ts';
import { numberFormat } from '~/domain/intl-cache.ts';
import { overstayOf, type Overstay } from '~/domain/overstay.ts';
import { normalizeReference } from '~/domain/reference.ts';
import { plateKey } from '~/domain/reservation-search.ts';
import { operatorScope, type StaffActor } from '~/domain/staff-roles.ts';
import { translator } from '~/i18n.server.ts';
import type { Locale } from '~/i18n.ts';
import { recordAudit } from './audit-log.server.ts';
import { billOverstay, overstayChargeOf } from './overstay.server.ts';
import { invoiceFileName } from '../documents/reservation-documents.server.ts';
import { availabilityChanged } from '../cache-events.server.ts';
import {
  confirmReportedDelay,
  coveredUntilOf,
  flightDelayOf,
  type FlightDelayRow,
} from '../flights/flight-delay.server.ts';
import { expireSessions } from '../payments/online-payment.server.ts';
import { paymentProvider } from '../payments/payment.server.ts';
import { pendingChangeOf, releasePaidChange } from '../reservations/paid-change.server.ts';
import { RequestError } from '../request-error.server.ts';
import { staffReservation } from './admin-reservations.server.ts';
import {
  findReservationByReference,
  reservationDetailsQuery,
  type ReservationDetails,
} from '../reservations/reservations.server.ts';
import type { ServiceContext } from '../service-context.ts';
import {
  handoverRequirementsOf,
  storedHandover,
  type HandoverContext,
  type HandoverInput,
} from '../handover/handover.server.ts';
import { discardHandover, prepareHandover, writeHandover, type PreparedHandover } from './handover-records.server.ts';
import { queueCheckedOutMail } from '../handover/handover-mail.server.ts';
import { kickMailDelivery } from '../mail/mail.server.ts';

/**
 * Why a check-in or check-out was refused (409, nothing changed): `admin.checkin.error.cancelled`,
 * `admin.checkin.error.unpaid` (an online payment is still open), `admin.checkin.error.already_in`,
 * `admin.checkin.error.not_in`, `admin.checkin.error.already_out`; 404 `api.error.not_found` outside the
 * actor's scope. Source: issue 15 item 4.
 */
class CheckinError extends RequestError {}

/** A booking as the barrier's tablet shows it (the view of `~/domain/checkin-card.ts`, its status typed). */
export type CheckinCard = CheckinView & { status: ReservationStatus };

/** Most bookings a plate search lists. */
const PLATE_MATCHES = 10;

function stateOf(r: ReservationDetails['reservation']): CheckinState {
  if (r.status === 'cancelled') return 'cancelled';
  if (r.checkedOutAt) return 'left';
  if (r.checkedInAt) return 'parked';
  if (r.status === 'pending_payment') return 'unpaid';
  return 'arriving';
}

async function listsOf(db: Database, tariffId: number) {
  const rows = await db.select().from(priceLists).where(eq(priceLists.tariffId, tariffId));
  return rows.map((l) => ({
    validFrom: l.validFrom,
    validTo: l.validTo,
    dayPrices: l.dayPrices,
    extraDayPrice: l.extraDayPrice,
  }));
}

/**
 * The overstay of a reservation whose car leaves (or left) at `exitAt`; `coveredUntil`: the end of a flight delay's
 * cover that counts (issue 35), whose days are waived.
 */
async function overstayAt(
  db: Database,
  details: ReservationDetails,
  exitAt: Date,
  coveredUntil: string | null = null,
): Promise<Overstay> {
  const r = details.reservation;
  return overstayOf({
    bookedEntry: r.entryLocal,
    bookedExit: r.exitLocal,
    actualExit: instantToLocal(exitAt, details.airport.timeZone),
    priceLists: await listsOf(db, r.tariffId),
    coveredUntil,
  });
}

/**
 * The flight delay as the tablet shows it (issue 35): "Flug verspätet, Ankunft 21:10", "Flug annulliert", or the
 * customer's own report waiting for confirmation at check-out; null when the flight is on time or unknown.
 */
function flightDelayCard(row: FlightDelayRow | null, locale: Locale): CheckinView['flightDelay'] {
  if (!row || row.status === 'on_time') return null;
  const t = translator(locale);
  const time = (local: string | null) => (local ? formatLocalDateTime(local, locale) : '');
  const text =
    row.status === 'cancelled'
      ? t('admin.checkin.flight.cancelled', { flight: row.flightNumber })
      : t(row.source === 'customer' ? 'admin.checkin.flight.reported' : 'admin.checkin.flight.delayed', {
          flight: row.flightNumber,
          arrival: time(row.arrivalLocal),
        });
  return {
    text,
    needsConfirmation: row.source === 'customer' && row.confirmedAt === null,
    coveredUntil: row.coveredUntilLocal ? time(row.coveredUntilLocal) : null,
  };
}

/**
 * The tablet's card of `details` at `now` (the overstay so far while parked).
 * @throws on database errors; PricingError when the tariff has no price list for the entry date.
 */
async function checkinCard(ctx: ServiceContext, details: ReservationDetails, locale: Locale): Promise<CheckinCard> {
  const t = translator(locale);
  const r = details.reservation;
  const tz = details.airport.timeZone;
  const state = stateOf(r);
  const when = (instant: Date | null) => (instant ? formatLocalDateTime(instantToLocal(instant, tz), locale) : null);
  const exitAt = r.checkedOutAt ?? (r.checkedInAt ? ctx.now() : null);
  const delay = await flightDelayOf(ctx.db, r.id);
  const overstay = exitAt ? await overstayAt(ctx.db, details, exitAt, coveredUntilOf(delay)) : null;
  const charge = r.checkedOutAt ? await overstayChargeOf(ctx.db, r.id) : null;
  const billing = r.billingAddress;
  const open = state === 'arriving' || state === 'parked';
  const requirements = open ? await handoverRequirementsOf(ctx.db, details.tariff.category) : null;
  const entry = state === 'parked' ? (await storedHandover(ctx.db, r.id)).entry : null;
  return {
    reference: r.reference,
    status: r.status,
    state,
    stateLabel: t(`admin.checkin.state.${state}`),
    name: [billing.firstname, billing.lastname].filter((v) => typeof v === 'string' && v).join(' '),
    licensePlate: r.licensePlate,
    airport: details.airport.iata,
    lot: details.lot.name,
    tariff: localized(details.tariff, 'name', locale),
    entry: formatLocalDateTime(r.entryLocal, locale),
    exit: formatLocalDateTime(r.exitLocal, locale),
    persons: r.personCount,
    childSeats: r.childrenSeat,
    bulky: r.bulkyBaggage ? r.bulkyBaggage.split(';').map((flag) => t(`reservation.bulky.${flag}`)) : [],
    flights: [r.outboundFlightNumber, r.returnFlightNumber].filter(Boolean).join(' / '),
    checkedIn: when(r.checkedInAt),
    checkedOut: when(r.checkedOutAt),
    overstay: overstay
      ? {
          ...overstay,
          amount: formatMoney(overstay.extraCents, locale),
          waivedAmount: formatMoney(overstay.waivedCents, locale),
        }
      : null,
    flightDelay: flightDelayCard(delay, locale),
    overstayInvoice: charge
      ? {
          number: charge.invoiceNumber,
          fileName: invoiceFileName({ kind: 'invoice', number: charge.invoiceNumber }),
          amount: formatMoney(charge.amountCents, locale),
          paid: charge.status === 'paid',
          paidLabel:
            charge.paidMethod && charge.paidAt
              ? t(`admin.overstay.paid.${charge.paidMethod}`, { when: when(charge.paidAt) ?? '' })
              : null,
          linkSent: when(charge.linkSentAt),
          canSendLink: charge.status === 'open' && paymentProvider() !== null,
        }
      : null,
    handover: requirements
      ? {
          photosRequired: requirements.photosRequired,
          odometerRequired: requirements.odometerRequired,
          entrySpace: entry?.parkingSpace ?? '',
          entryOdometer: entry?.odometerKm == null ? null : `${numberFormat(locale).format(entry.odometerKm)} km`,
        }
      : null,
  };
}

/**
 * The bookings a scanned or typed `code` names for `actor`: the reservation of that reference (a QR code of the
 * voucher holds just the reference), else the bookings whose licence plate equals the code once spaces and
 * hyphens are ignored — not yet departed first, then the latest entries; at most 10. Empty when nothing matches
 * in the actor's scope (an operator: its company's lots).
 *
 * @throws on database errors only.
 * Source: issue 15 item 4 (QR code, typed reference or licence plate).
 */
export async function lookupForCheckin(
  ctx: ServiceContext,
  actor: StaffActor,
  code: string,
  locale: Locale,
): Promise<CheckinCard[]> {
  const trimmed = code.trim().slice(0, 100);
  if (!trimmed) return [];
  const reference = normalizeReference(trimmed);
  if (reference) {
    const details = await staffReservation(ctx.db, actor, reference).catch((error: unknown) => {
      if (error instanceof RequestError && error.status === 404) return null;
      throw error;
    });
    if (details) return [await checkinCard(ctx, details, locale)];
  }
  const plate = plateKey(trimmed);
  if (plate.length < 2) return [];
  const scope = operatorScope(actor);
  const rows = await reservationDetailsQuery(ctx.db)
    .where(
      and(
        sql`upper(regexp_replace(${reservations.licensePlate}, '[^0-9A-Za-zÄÖÜäöü]', '', 'g')) = ${plate}`,
        scope === null ? undefined : eq(parkingLots.operator, scope),
      ),
    )
    .orderBy(asc(sql`${reservations.checkedOutAt} is not null`), desc(reservations.entryLocal))
    .limit(PLATE_MATCHES);
  return Promise.all(rows.map((details) => checkinCard(ctx, details, locale)));
}

/**
 * A check-in or check-out as the tablet posts it: the booking's reference and the page's language; at check-out,
 * `confirmDelay` when staff confirm the customer's reported flight delay (issue 35); `handover` the readings and
 * photos of the handover record (issue 36; the page always sends it, so the category's requirements hold there;
 * without it no record is written).
 */
type CheckinRequest = { reference: string; locale: Locale; confirmDelay?: boolean; handover?: HandoverInput };

/**
 * Marks the car of `reference` as arrived now: `checked_in_at`/`checked_in_by`, the `checked_in` history row,
 * the audit row (`reservation.check_in`) and the entry's handover record with its photos (issue 36) in one
 * transaction. Only a confirmed (or completed) booking not yet checked in; the update's condition makes a second
 * tablet's simultaneous mark a 409 (its photos, stored before the transaction, are deleted again).
 *
 * @returns the booking's card afterwards.
 * @throws CheckinError 404 outside the scope, 409 cancelled / unpaid / already checked in; RequestError 422 for a
 *   handover the category's requirements refuse or a photo that is no image or too large (nothing stored).
 * Source: issue 15 item 4, issue 36 item 1.
 */
export async function checkIn(ctx: HandoverContext, actor: StaffActor, input: CheckinRequest): Promise<CheckinCard> {
  const details = await staffReservation(ctx.db, actor, input.reference);
  const r = details.reservation;
  if (r.status === 'cancelled') throw new CheckinError(409, 'admin.checkin.error.cancelled');
  if (r.status === 'pending_payment') throw new CheckinError(409, 'admin.checkin.error.unpaid');
  if (r.checkedInAt) throw new CheckinError(409, 'admin.checkin.error.already_in');
  const prepared = input.handover ? await prepareHandover(ctx, details, 'entry', input.handover) : null;
  const now = ctx.now();
  await ctx.db
    .transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const updated = await tx
        .update(reservations)
        .set({ checkedInAt: now, checkedInBy: actor.staffId })
        .where(and(eq(reservations.id, r.id), isNull(reservations.checkedInAt), eq(reservations.status, r.status)))
        .returning({ id: reservations.id });
      if (updated.length === 0) throw new CheckinError(409, 'admin.checkin.error.already_in');
      const staff = { staffId: actor.staffId, name: actor.name || actor.email, role: actor.role };
      await tx.insert(reservationEvents).values({ reservationId: r.id, kind: 'checked_in', at: now, data: { staff } });
      await recordAudit(
        tx,
        actor,
        {
          action: 'reservation.check_in',
          entity: 'reservation',
          entityId: r.reference,
          before: { checkedInAt: null },
          after: { checkedInAt: now },
        },
        now,
      );
      if (prepared) await writeHandover(tx, actor, r, prepared, now);
    })
    .catch(async (error: unknown) => {
      if (prepared) await discardHandover(ctx, prepared);
      throw error;
    });
  return checkinCard(ctx, await staffReservation(ctx.db, actor, r.reference), input.locale);
}

/**
 * Marks the car of `reference` as gone now: `checked_out_at`/`checked_out_by`, status `completed`, the
 * `checked_out` history row with the overstay (extra days and their price at the tariff's list, `overstayOf`),
 * the overstay's own invoice when extra days cost something (`billOverstay`, issue 33 item 4, decision 0051), a
 * dearer change still waiting for its difference released (the stay is over) and the audit row
 * (`reservation.check_out`), in one transaction; then the released change's checkout is closed at the provider.
 *
 * @returns the booking's card afterwards (with its overstay).
 * @throws CheckinError 404 outside the scope, 409 not checked in / already checked out.
 * Source: issue 15 item 4 (overstays flagged with the extra days at the tariff's price), issue 33 item 4 (billed).
 */
export async function checkOut(ctx: HandoverContext, actor: StaffActor, input: CheckinRequest): Promise<CheckinCard> {
  const details = await staffReservation(ctx.db, actor, input.reference);
  const r = details.reservation;
  if (r.checkedOutAt) throw new CheckinError(409, 'admin.checkin.error.already_out');
  if (!r.checkedInAt) throw new CheckinError(409, 'admin.checkin.error.not_in');
  const prepared = input.handover ? await prepareHandover(ctx, details, 'exit', input.handover) : null;
  await recordDeparture(ctx, details, actor, input.confirmDelay === true, prepared);
  // the check-out mail with the handover record's link goes out now, not at the jobs process's next round
  if (prepared) kickMailDelivery(ctx);
  return checkinCard(ctx, await staffReservation(ctx.db, actor, details.reservation.reference), input.locale);
}

/**
 * Records a departure reported by the car park's barrier system itself (no staff member: `checked_out_by` stays
 * null, the history names the barrier, the audit row has no actor) at `ctx.now()`, as {@link checkOut} does —
 * overstay billed included. Used by the local admin endpoint `POST /internal/reservations/:reference/check-out`
 * (server/internal.ts), which end-to-end tests call with a moved clock.
 *
 * @returns the overstay's invoice number, or null when the departure was on time.
 * @throws CheckinError 404 for an unknown reference, 409 not checked in / already checked out.
 * Source: issue 33 item 4.
 */
export async function recordBarrierExit(ctx: HandoverContext, input: { reference: string }): Promise<string | null> {
  const reference = normalizeReference(input.reference);
  const details = reference ? await findReservationByReference(ctx.db, reference) : null;
  if (!details) throw new CheckinError(404, 'api.error.not_found');
  return recordDeparture(ctx, details, null);
}

/**
 * The departure of {@link checkOut} and {@link recordBarrierExit}, by `actor` (null: the barrier system).
 * @returns the overstay's invoice number, or null.
 */
async function recordDeparture(
  ctx: HandoverContext,
  details: ReservationDetails,
  actor: StaffActor | null,
  confirmDelay = false,
  handover: PreparedHandover | null = null,
): Promise<string | null> {
  const r = details.reservation;
  if (r.checkedOutAt) throw new CheckinError(409, 'admin.checkin.error.already_out');
  if (!r.checkedInAt) throw new CheckinError(409, 'admin.checkin.error.not_in');
  const now = ctx.now();
  // A flight delay's cover (issue 35): the provider's counts at once, a customer's report once staff confirm it now.
  const delay = await flightDelayOf(ctx.db, r.id);
  const confirming = confirmDelay && delay?.source === 'customer' && delay.confirmedAt === null;
  const coveredUntil = confirming ? delay.coveredUntilLocal : coveredUntilOf(delay);
  const overstay = await overstayAt(ctx.db, details, now, coveredUntil);
  const { sessions, released, invoiceNumber } = await ctx.db
    .transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const updated = await tx
        .update(reservations)
        .set({ checkedOutAt: now, checkedOutBy: actor?.staffId ?? null, status: 'completed' })
        .where(and(eq(reservations.id, r.id), isNull(reservations.checkedOutAt)))
        .returning({ id: reservations.id });
      if (updated.length === 0) throw new CheckinError(409, 'admin.checkin.error.already_out');
      const by = actor
        ? { staff: { staffId: actor.staffId, name: actor.name || actor.email, role: actor.role } }
        : { barrier: true };
      await tx
        .insert(reservationEvents)
        .values({ reservationId: r.id, kind: 'checked_out', at: now, data: { ...by, ...overstay } });
      if (confirming) await confirmReportedDelay(tx, r.id, actor, now);
      const exitLocal = instantToLocal(now, details.airport.timeZone);
      const charge = await billOverstay(ctx, tx, details, { overstay, exitLocal, now });
      // A dearer change still waiting for its difference lapses: the stay is over (issue 33 item 1).
      const change = await pendingChangeOf(tx, r.id);
      const closed = change ? await releasePaidChange(tx, details, change, now) : [];
      await recordAudit(
        tx,
        actor,
        {
          action: 'reservation.check_out',
          entity: 'reservation',
          entityId: r.reference,
          before: { status: r.status, checkedOutAt: null },
          after: { status: 'completed', checkedOutAt: now, ...overstay, invoiceNumber: charge?.invoiceNumber ?? null },
        },
        now,
      );
      if (actor && handover) await writeHandover(tx, actor, r, handover, now);
      // The customer hears that the car was handed back, with a link to the handover record (issue 36 item 3).
      if (actor && handover) await queueCheckedOutMail(ctx, tx, details, now);
      return { sessions: closed, released: change !== null, invoiceNumber: charge?.invoiceNumber ?? null };
    })
    .catch(async (error: unknown) => {
      if (handover) await discardHandover(ctx, handover);
      throw error;
    });
  await expireSessions(ctx, sessions);
  if (released) void availabilityChanged(ctx.db, r.airportId).catch(() => undefined);
  return invoiceNumber;
}

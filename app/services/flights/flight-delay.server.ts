/**
 * The booking follows the return flight (issue 35 item 1, decision 0056): the flight status job, the customer's own
 * report, staff's confirmation at check-out, and what the cover waives of an overstay. Times are airport local
 * `YYYY-MM-DDTHH:mm`; the rule itself is `delayCoverOf` in `~/domain/flight-delay.ts`.
 */
import { and, eq, gte, isNull, lte, ne } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { flightDelays, reservationEvents, reservations } from '#database/schema.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import {
  arrivalProblem,
  delayCoverOf,
  delayReportOpen,
  flightLookupDue,
  reportedFlight,
  type DelayCover,
  type FlightState,
} from '~/domain/flight-delay.ts';
import { instantToLocal, parseLocalDateTime } from '~/domain/local-time.ts';
import type { StaffActor } from '~/domain/staff-roles.ts';
import { toLocale, type Locale } from '~/i18n.ts';
import type { FlightDelayPanel } from '~/domain/flight-delay-panel.ts';
import { translator } from '~/i18n.server.ts';
import { kickMailDelivery } from '../mail/mail.server.ts';
import { queueManageMail } from '../reservations/booking-writes.server.ts';
import { manageableReservation } from '../reservations/reservation-manage.server.ts';
import { findReservationByReference, type ReservationDetails } from '../reservations/reservations.server.ts';
import { RequestError } from '../request-error.server.ts';
import type { ServiceContext } from '../service-context.ts';
import type { SessionPort } from '../session-port.ts';
import { flightStatusProviderOf, type FlightStatusConfig, type FlightLookup } from './flight-status.server.ts';

/** The settings of the cover (README, Configuration). */
type FlightDelayConfig = FlightStatusConfig & {
  /** hours after the booked exit a delay's overstay is free; 0 = no cover */
  FLIGHT_DELAY_FREE_HOURS: number;
  /** minutes between two lookups of one flight */
  FLIGHT_STATUS_INTERVAL_MINUTES: number;
};

/** The context of these use cases: the service context with the cover's settings. */
type FlightContext = Omit<ServiceContext, 'env'> & { env: ServiceContext['env'] & FlightDelayConfig };

/** A stored flight delay row. */
export type FlightDelayRow = typeof flightDelays.$inferSelect;

/**
 * Why a report was refused: 404 `api.error.not_found` (not this session's reservation), 409
 * `flight.error.not_active` (not confirmed, or the car has left) or `flight.error.not_yet` (more than 48 hours before
 * the booked exit), 422 with field `arrivalTime`: `validation.datetime`, `flight.error.before_entry`,
 * `flight.error.too_late`.
 */
class FlightDelayError extends RequestError {}

/** Reservations the job looks at per run. */
const JOB_BATCH = 100;

/** The cover of a stored row when it counts at check-out: a provider's at once, a customer's once staff confirmed it. */
export function coveredUntilOf(row: FlightDelayRow | null | undefined): string | null {
  if (!row?.coveredUntilLocal) return null;
  return row.source === 'provider' || row.confirmedAt ? row.coveredUntilLocal : null;
}

/** The flight delay row of a reservation, or null. */
export async function flightDelayOf(db: Database, reservationId: number): Promise<FlightDelayRow | null> {
  const [row] = await db.select().from(flightDelays).where(eq(flightDelays.reservationId, reservationId));
  return row ?? null;
}

/** The flight state a provider's lookup gives, in the airport's local time. */
function stateOf(lookup: FlightLookup, timeZone: string): FlightState {
  if (lookup.status === 'cancelled') return { status: 'cancelled' };
  return {
    status: 'delayed',
    scheduledArrival: instantToLocal(lookup.scheduledArrival, timeZone),
    arrival: instantToLocal(lookup.arrival, timeZone),
  };
}

/** Writes the row of a reservation (insert or replace) in `tx`. */
async function storeDelay(
  tx: Database,
  values: Omit<typeof flightDelays.$inferInsert, 'id'> & { reservationId: number },
): Promise<FlightDelayRow> {
  const [row] = await tx
    .insert(flightDelays)
    .values(values)
    .onConflictDoUpdate({ target: flightDelays.reservationId, set: { ...values } })
    .returning();
  return row;
}

/** The mail that tells the customer the space waits (once per reservation; queued in `tx`). */
async function queueDelayMail(
  ctx: FlightContext,
  tx: Database,
  details: ReservationDetails,
  row: FlightDelayRow,
): Promise<void> {
  const locale = toLocale(details.reservation.locale);
  const t = translator(locale);
  const when = (local: string | null) => (local ? formatLocalDateTime(local, locale) : '–');
  await queueManageMail(ctx, tx, details, {
    kind: 'flight_delayed',
    lines: [
      [t('flight.mail.flight'), row.flightNumber],
      [t('flight.mail.arrival'), row.status === 'cancelled' ? t('flight.status.cancelled') : when(row.arrivalLocal)],
      [t('flight.mail.expected_exit'), when(row.expectedExitLocal)],
      ...(row.coveredUntilLocal
        ? ([[t('flight.mail.covered_until'), when(row.coveredUntilLocal)]] as [string, string][])
        : []),
    ],
  });
}

/**
 * The flight status job: for every confirmed reservation with a return flight number that has not left, from 24 hours
 * before its booked exit until the flight has landed or was cancelled (`flightLookupDue`, every
 * `FLIGHT_STATUS_INTERVAL_MINUTES`), asks the provider and stores what it says with the cover (`delayCoverOf`). The
 * first time a flight is late or cancelled the customer gets one mail ("your space waits") and the history a
 * `flight_delayed` row. A customer's own report is not overwritten by "on time". Provider failures are logged; the
 * next run tries again.
 *
 * @returns how many flights were looked up.
 * @throws on database errors only.
 * Source: issue 35 item 1.
 */
export async function trackReturnFlights(ctx: FlightContext): Promise<number> {
  const provider = flightStatusProviderOf(ctx.env);
  if (!provider) return 0;
  const now = ctx.now();
  const candidates = await ctx.db
    .select({ reservation: reservations, delay: flightDelays })
    .from(reservations)
    .leftJoin(flightDelays, eq(flightDelays.reservationId, reservations.id))
    .where(
      and(
        eq(reservations.status, 'confirmed'),
        ne(reservations.returnFlightNumber, ''),
        isNull(reservations.checkedOutAt),
        gte(reservations.exitAt, new Date(now.getTime() - 3 * 86_400_000)),
        lte(reservations.exitAt, new Date(now.getTime() + 86_400_000)),
      ),
    )
    .limit(JOB_BATCH);
  let looked = 0;
  for (const { reservation: r, delay } of candidates) {
    const due = flightLookupDue({
      now,
      exitAt: r.exitAt,
      lastCheckedAt: delay?.checkedAt ?? null,
      settled: delay?.settled ?? false,
      intervalMinutes: ctx.env.FLIGHT_STATUS_INTERVAL_MINUTES,
    });
    if (!due || !r.returnFlightNumber) continue;
    const details = await findReservationByReference(ctx.db, r.reference);
    if (!details) continue;
    let lookup: FlightLookup | null;
    try {
      lookup = await provider.lookup({
        flightNumber: r.returnFlightNumber,
        date: r.exitLocal.slice(0, 10),
        arrivalIata: details.airport.iata,
        now,
      });
    } catch (err) {
      ctx.logger.warn({ err, reference: r.reference, provider: provider.name }, 'flight status lookup failed');
      continue;
    }
    looked += 1;
    await applyLookup(ctx, details, delay, lookup, now);
  }
  return looked;
}

/** Stores one lookup's answer for `details` (see {@link trackReturnFlights}). */
async function applyLookup(
  ctx: FlightContext,
  details: ReservationDetails,
  before: FlightDelayRow | null,
  lookup: FlightLookup | null,
  now: Date,
): Promise<void> {
  const r = details.reservation;
  const timeZone = details.airport.timeZone;
  const flight = lookup ? stateOf(lookup, timeZone) : ({ status: 'on_time' } as const);
  const cover = delayCoverOf({
    bookedExit: r.exitLocal,
    flight,
    freeHours: ctx.env.FLIGHT_DELAY_FREE_HOURS,
    timeZone,
  });
  const late = flight.status === 'cancelled' || cover.delayMinutes > 0;
  const settled = lookup?.status === 'landed' || lookup?.status === 'cancelled';
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    // A customer's report stands against "on time": they may have changed to another flight.
    if (!late && before?.source === 'customer') {
      await tx.update(flightDelays).set({ checkedAt: now, settled }).where(eq(flightDelays.id, before.id));
      return;
    }
    const row = await storeDelay(tx, {
      reservationId: r.id,
      flightNumber: r.returnFlightNumber ?? '',
      source: 'provider',
      status: flight.status === 'cancelled' ? 'cancelled' : late ? 'delayed' : 'on_time',
      scheduledArrivalLocal: flight.status === 'delayed' ? flight.scheduledArrival : null,
      arrivalLocal: flight.status === 'delayed' ? flight.arrival : null,
      delayMinutes: cover.delayMinutes,
      expectedExitLocal: cover.expectedExit,
      coveredUntilLocal: cover.coveredUntil,
      settled,
      confirmedAt: before?.confirmedAt ?? null,
      confirmedBy: before?.confirmedBy ?? null,
      mailedAt: before?.mailedAt ?? null,
      checkedAt: now,
      updatedAt: now,
    });
    if (late && !before?.mailedAt) {
      await tx.insert(reservationEvents).values({
        reservationId: r.id,
        kind: 'flight_delayed',
        at: now,
        data: eventData(row),
      });
      await queueDelayMail(ctx, tx, details, row);
      await tx.update(flightDelays).set({ mailedAt: now }).where(eq(flightDelays.id, row.id));
    }
  });
  if (late && !before?.mailedAt) kickMailDelivery(ctx);
}

function eventData(row: FlightDelayRow): Record<string, unknown> {
  return {
    flightNumber: row.flightNumber,
    status: row.status,
    arrival: row.arrivalLocal,
    expectedExit: row.expectedExitLocal,
    coveredUntil: row.coveredUntilLocal,
    delayMinutes: row.delayMinutes,
  };
}

/** What the API and the page say about a reservation's delay (airport local times). */
export type FlightDelayAnswer = {
  reference: string;
  status: string;
  flightNumber: string;
  arrivalTime: string | null;
  /** when the car is now expected to leave */
  expectedExitTime: string;
  /** until when leaving costs nothing extra; null without cover */
  delayCoveredUntil: string | null;
  /** a customer's report waits for staff to confirm it at check-out */
  confirmed: boolean;
};

function answerOf(details: ReservationDetails, row: FlightDelayRow): FlightDelayAnswer {
  return {
    reference: details.reservation.reference,
    status: details.reservation.status,
    flightNumber: row.flightNumber,
    arrivalTime: row.arrivalLocal,
    expectedExitTime: row.expectedExitLocal,
    delayCoveredUntil: row.coveredUntilLocal,
    confirmed: row.source === 'provider' || row.confirmedAt !== null,
  };
}

/**
 * A customer states the new arrival of their return flight (no provider, or its lookup failed): checked
 * (`arrivalProblem`: not before the entry, at most a week after the booked exit), stored as the customer's report with
 * the cover of `delayCoverOf` (the flight taken to land 45 minutes before the booked exit), and written to the history
 * (`flight_delay_reported`). Staff confirm it at check-out; until then it does not waive anything.
 *
 * @param input.arrivalTime - airport local `YYYY-MM-DDTHH:mm`.
 * @returns the answer with `expectedExitTime` and `delayCoveredUntil`.
 * @throws FlightDelayError 404 / 409 / 422 (see the class).
 * Source: issue 35 item 1 (`POST /api/reservations/{reference}/flight-delay` `{arrivalTime}`).
 */
async function reportFlightDelay(
  ctx: FlightContext,
  details: ReservationDetails,
  input: { arrivalTime: unknown },
): Promise<FlightDelayAnswer> {
  const r = details.reservation;
  const arrival = typeof input.arrivalTime === 'string' ? input.arrivalTime.trim() : '';
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(arrival) || !parseLocalDateTime(arrival)) {
    throw new FlightDelayError(422, 'validation.failed', { arrivalTime: ['validation.datetime'] });
  }
  const now = ctx.now();
  if (r.status !== 'confirmed' || r.checkedOutAt) throw new FlightDelayError(409, 'flight.error.not_active');
  if (!delayReportOpen({ now, exitAt: r.exitAt, status: r.status, checkedOut: false })) {
    throw new FlightDelayError(409, 'flight.error.not_yet');
  }
  const timeZone = details.airport.timeZone;
  const problem = arrivalProblem({ entry: r.entryLocal, bookedExit: r.exitLocal, arrival, timeZone });
  if (problem) throw new FlightDelayError(422, 'validation.failed', { arrivalTime: [`flight.error.${problem}`] });
  const cover: DelayCover = delayCoverOf({
    bookedExit: r.exitLocal,
    flight: reportedFlight(r.exitLocal, arrival, timeZone),
    freeHours: ctx.env.FLIGHT_DELAY_FREE_HOURS,
    timeZone,
  });
  const row = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const before = await flightDelayOf(tx, r.id);
    const stored = await storeDelay(tx, {
      reservationId: r.id,
      flightNumber: r.returnFlightNumber || before?.flightNumber || '',
      source: 'customer',
      status: cover.delayMinutes > 0 ? 'delayed' : 'on_time',
      scheduledArrivalLocal: null,
      arrivalLocal: arrival,
      delayMinutes: cover.delayMinutes,
      expectedExitLocal: cover.expectedExit,
      coveredUntilLocal: cover.coveredUntil,
      settled: true,
      confirmedAt: null,
      confirmedBy: null,
      mailedAt: before?.mailedAt ?? null,
      checkedAt: before?.checkedAt ?? null,
      updatedAt: now,
    });
    await tx
      .insert(reservationEvents)
      .values({ reservationId: r.id, kind: 'flight_delay_reported', at: now, data: eventData(stored) });
    return stored;
  });
  return answerOf(details, row);
}

/**
 * `POST /api/reservations/{reference}/flight-delay` `{arrivalTime}`: the report of {@link reportFlightDelay} for the
 * session that may manage the reservation (its owner or a guest with access; anyone else 404).
 * @returns 200 `{reservation}` with `expectedExitTime` and `delayCoveredUntil`.
 * @throws FlightDelayError / ManageError as the report and the access rule say.
 */
export async function submitFlightDelay(
  ctx: FlightContext,
  input: { session: SessionPort; reference: string; body: unknown },
): Promise<{ status: number; body: { reservation: FlightDelayAnswer } }> {
  const details = await manageableReservation(ctx.db, input.session, input.reference);
  const body = typeof input.body === 'object' && input.body !== null ? (input.body as Record<string, unknown>) : {};
  return {
    status: 200,
    body: { reservation: await reportFlightDelay(ctx, details, { arrivalTime: body.arrivalTime }) },
  };
}

/**
 * Staff confirm a customer's reported delay at check-out (in the check-out's transaction): `confirmedAt`,
 * `confirmedBy` and the `flight_delay_confirmed` history row. Nothing when there is no unconfirmed report.
 * @returns the row afterwards, or null.
 * Source: issue 35 item 1 (staff confirm it at check-out; the same waiver rule applies).
 */
export async function confirmReportedDelay(
  tx: Database,
  reservationId: number,
  actor: StaffActor | null,
  now: Date,
): Promise<FlightDelayRow | null> {
  const row = await flightDelayOf(tx, reservationId);
  if (!row || row.source !== 'customer' || row.confirmedAt) return row;
  const [confirmed] = await tx
    .update(flightDelays)
    .set({ confirmedAt: now, confirmedBy: actor?.staffId ?? null, updatedAt: now })
    .where(eq(flightDelays.id, row.id))
    .returning();
  await tx.insert(reservationEvents).values({
    reservationId,
    kind: 'flight_delay_confirmed',
    at: now,
    data: { ...eventData(confirmed), ...(actor ? { recordedBy: actor.name || actor.email } : {}) },
  });
  return confirmed;
}

/**
 * The reservation page's flight-delay panel (issue 35): whether the report form is open now, the delay known so far
 * (formatted in `locale`), and the arrival to suggest; null when there is nothing to show (no report possible and no
 * delay known).
 */
export async function flightDelayPanelOf(
  ctx: Pick<FlightContext, 'db' | 'now' | 'env'>,
  details: ReservationDetails,
  locale: Locale,
): Promise<FlightDelayPanel | null> {
  const r = details.reservation;
  const row = await flightDelayOf(ctx.db, r.id);
  const known = row && row.status !== 'on_time' ? row : null;
  const open = delayReportOpen({
    now: ctx.now(),
    exitAt: r.exitAt,
    status: r.status,
    checkedOut: r.checkedOutAt !== null,
  });
  if (!open && !known) return null;
  const time = (local: string | null) => (local ? formatLocalDateTime(local, locale) : null);
  return {
    open,
    freeHours: ctx.env.FLIGHT_DELAY_FREE_HOURS,
    flightNumber: r.returnFlightNumber ?? '',
    known: known
      ? {
          cancelled: known.status === 'cancelled',
          arrival: time(known.arrivalLocal),
          expectedExit: time(known.expectedExitLocal)!,
          coveredUntil: time(known.coveredUntilLocal),
          reportedByCustomer: known.source === 'customer',
        }
      : null,
    suggestedArrival: known?.arrivalLocal ?? r.exitLocal,
  };
}

/**
 * Flight-delay cover (issue 35 item 1, decision 0056): when the return flight lands late, the reservation follows
 * it — the expected exit moves by the delay, and the part of an overstay the delay caused is free up to
 * `FLIGHT_DELAY_FREE_HOURS` after the booked exit. Pure rules; times are airport local `YYYY-MM-DDTHH:mm` (hour
 * arithmetic goes through instants in the airport's zone, so a night with a clock change counts its real hours).
 */
import { instantToLocal, localToInstant, parseLocalDateTime, type LocalDateTime } from './local-time';

/** Minutes a return flight must be late before the cover moves anything (a few minutes change no exit). */
export const DELAY_THRESHOLD_MINUTES = 15;

/** How long before its landing time a booked exit is assumed (the way from the gate to the car). */
const EXIT_AFTER_LANDING_MINUTES = 45;

/** What is known of the return flight: on time, late (with the new landing time), or cancelled. */
export type FlightState =
  | { status: 'on_time' }
  | { status: 'delayed'; scheduledArrival: LocalDateTime; arrival: LocalDateTime }
  | { status: 'cancelled' };

/** The reservation's exit as the delay moves it, and how long the cover lasts (airport local time). */
export type DelayCover = {
  /** when the car is now expected to leave: the booked exit moved by the delay (never earlier than booked) */
  expectedExit: LocalDateTime;
  /** until when leaving costs nothing extra: the booked exit plus the delay, at most `freeHours` (null: no cover) */
  coveredUntil: LocalDateTime | null;
  /** the delay in minutes (0 on time or early; for a cancelled flight the whole cap) */
  delayMinutes: number;
};

function plusMinutes(local: LocalDateTime, minutes: number, timeZone: string): LocalDateTime {
  return instantToLocal(new Date(localToInstant(local, timeZone).getTime() + minutes * 60_000), timeZone);
}

function minutesBetween(later: LocalDateTime, earlier: LocalDateTime, timeZone: string): number {
  return Math.round((localToInstant(later, timeZone).getTime() - localToInstant(earlier, timeZone).getTime()) / 60_000);
}

/**
 * The cover of a reservation whose booked exit is `bookedExit`, given what is known of its return flight.
 * - on time, early, or late by less than {@link DELAY_THRESHOLD_MINUTES}: nothing moves, no cover;
 * - late: the expected exit is the booked exit plus the delay (new landing − scheduled landing); the cover runs to
 *   the booked exit plus the delay, at most `freeHours` hours after the booked exit;
 * - cancelled: the customer comes back on a later flight; the cover runs `freeHours` after the booked exit and the
 *   expected exit moves there too.
 * `freeHours` 0 turns the cover off (the expected exit still moves, so staff know).
 *
 * @param timeZone - the airport's IANA zone (hours are real hours across a clock change).
 * @throws RangeError for an invalid time or a negative `freeHours`.
 * Source: issue 35 item 1 (free up to FLIGHT_DELAY_FREE_HOURS, default 24), decision 0056.
 */
export function delayCoverOf(input: {
  bookedExit: LocalDateTime;
  flight: FlightState;
  freeHours: number;
  timeZone: string;
}): DelayCover {
  const { bookedExit, flight, freeHours, timeZone } = input;
  if (!parseLocalDateTime(bookedExit)) throw new RangeError(`Invalid exit time "${bookedExit}"`);
  if (!(freeHours >= 0)) throw new RangeError(`freeHours must be ≥ 0, got ${freeHours}`);
  const cap = Math.round(freeHours * 60);
  const none = { expectedExit: bookedExit, coveredUntil: null, delayMinutes: 0 };
  if (flight.status === 'on_time') return none;
  if (flight.status === 'cancelled') {
    const until = plusMinutes(bookedExit, cap, timeZone);
    return { expectedExit: until, coveredUntil: cap > 0 ? until : null, delayMinutes: cap };
  }
  if (!parseLocalDateTime(flight.arrival) || !parseLocalDateTime(flight.scheduledArrival)) {
    throw new RangeError('Invalid flight arrival time');
  }
  const delay = minutesBetween(flight.arrival, flight.scheduledArrival, timeZone);
  if (delay < DELAY_THRESHOLD_MINUTES) return none;
  const expectedExit = plusMinutes(bookedExit, delay, timeZone);
  const coveredUntil = cap > 0 ? plusMinutes(bookedExit, Math.min(delay, cap), timeZone) : null;
  return { expectedExit, coveredUntil, delayMinutes: delay };
}

/**
 * The flight state a customer's own report gives (no provider, or its lookup failed): the flight lands at `arrival`
 * instead of {@link EXIT_AFTER_LANDING_MINUTES} before the booked exit.
 * Source: issue 35 item 1 (the customer states the new arrival).
 */
export function reportedFlight(bookedExit: LocalDateTime, arrival: LocalDateTime, timeZone: string): FlightState {
  return {
    status: 'delayed',
    scheduledArrival: plusMinutes(bookedExit, -EXIT_AFTER_LANDING_MINUTES, timeZone),
    arrival,
  };
}

/** Why a reported arrival is refused: before the entry, or too far after the booked exit (days). */
export type ArrivalProblem = 'before_entry' | 'too_late' | null;

/** Days after the booked exit a reported arrival may lie (beyond that it is a new trip, not a delay). */
const REPORT_MAX_DAYS = 7;

/**
 * Whether a customer's reported arrival can be taken: not before the entry, and at most {@link REPORT_MAX_DAYS}
 * days after the booked exit (ISO wall times compare as strings).
 * Source: issue 35 item 1 (time before entry 422, far future 422).
 */
export function arrivalProblem(input: {
  entry: LocalDateTime;
  bookedExit: LocalDateTime;
  arrival: LocalDateTime;
  timeZone: string;
}): ArrivalProblem {
  if (input.arrival < input.entry) return 'before_entry';
  if (minutesBetween(input.arrival, input.bookedExit, input.timeZone) > REPORT_MAX_DAYS * 24 * 60) return 'too_late';
  return null;
}

/**
 * When the job looks up a return flight: from 24 hours before the booked exit until it has landed (or was
 * cancelled), at most every `intervalMinutes`.
 * @param input.exitAt - the booked exit as an instant; `lastCheckedAt` the previous lookup, or null.
 * @returns true when a lookup is due at `now`.
 * Source: issue 35 item 1 (a job looks up the return flight from 24 h before the booked exit until it lands).
 */
export function flightLookupDue(input: {
  now: Date;
  exitAt: Date;
  lastCheckedAt: Date | null;
  settled: boolean;
  intervalMinutes: number;
}): boolean {
  if (input.settled) return false;
  const from = input.exitAt.getTime() - 24 * 3_600_000;
  // a flight can land days late; after three days past the booked exit nobody waits for it any more
  const until = input.exitAt.getTime() + 3 * 24 * 3_600_000;
  const now = input.now.getTime();
  if (now < from || now > until) return false;
  return !input.lastCheckedAt || now - input.lastCheckedAt.getTime() >= input.intervalMinutes * 60_000;
}

/** Hours before the booked exit from which a customer may report a late return flight. */
const REPORT_OPENS_HOURS = 48;

/**
 * Whether the customer may report a late return flight at `now`: a confirmed reservation whose car has not left, from
 * {@link REPORT_OPENS_HOURS} hours before its booked exit on (a delay is known the day of the flight, not weeks ahead).
 * Source: issue 35 item 1, decision 0056.
 */
export function delayReportOpen(input: { now: Date; exitAt: Date; status: string; checkedOut: boolean }): boolean {
  if (input.status !== 'confirmed' || input.checkedOut) return false;
  return input.now.getTime() >= input.exitAt.getTime() - REPORT_OPENS_HOURS * 3_600_000;
}

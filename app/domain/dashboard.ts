/**
 * The back office's dashboard figures (issue 15 item 2), as pure rules over rows the service reads: occupancy
 * per day, arrivals and departures per lot, revenue per month. Decision: docs/decisions/0031-back-office-dashboard.md.
 */
import { addDaysToDate, instantToLocal, type LocalDate } from './local-time.ts';

/** Days of the occupancy chart, today included (issue 15 item 2: "the next 60 days"). */
export const OCCUPANCY_DAYS = 60;
/** Months of the revenue table, the current one included. */
export const REVENUE_MONTHS = 12;

/** One day of the occupancy chart: spaces offered (capacity) and taken (booked), summed over the tariffs. */
export type OccupancyDay = { day: LocalDate; capacity: number; booked: number };

/**
 * Occupancy per day from `start` for `days` days, summed over `tariffs`: a day's capacity is the tariff's
 * per-day override (`tariff_days.capacity`, e.g. 0 on a blackout day) or else its standing capacity, counted
 * only for active tariffs (an inactive one offers nothing); booked spaces count for every tariff (bookings stay
 * when a tariff is withdrawn). Days without a `tariff_days` row have nothing booked.
 *
 * @param start - first day, airport local date `YYYY-MM-DD`.
 * @param tariffs - the tariffs in scope: id, standing capacity (spaces per day), active.
 * @param rows - their `tariff_days` rows in the range (others are ignored).
 * @returns one entry per day, in order.
 * @throws RangeError when `start` is not a valid date.
 * Source: issue 15 item 2; DESIGN §6 (tariff_days: booked and capacity override).
 */
export function occupancySeries(
  start: LocalDate,
  days: number,
  tariffs: readonly { id: number; capacity: number; active: boolean }[],
  rows: readonly { tariffId: number; day: LocalDate; booked: number; capacity: number | null }[],
): OccupancyDay[] {
  const byKey = new Map(rows.map((r) => [`${r.tariffId}|${r.day}`, r]));
  const series: OccupancyDay[] = [];
  for (let i = 0; i < days; i++) {
    const day = addDaysToDate(start, i);
    let capacity = 0;
    let booked = 0;
    for (const tariff of tariffs) {
      const row = byKey.get(`${tariff.id}|${day}`);
      booked += row?.booked ?? 0;
      if (tariff.active) capacity += row?.capacity ?? tariff.capacity;
    }
    series.push({ day, capacity, booked });
  }
  return series;
}

/** Arrivals and departures of one lot on its airport's today and tomorrow. */
export type LotMovements = {
  lotId: number;
  arrivalsToday: number;
  departuresToday: number;
  arrivalsTomorrow: number;
  departuresTomorrow: number;
};

/**
 * Counts each lot's arrivals (entry date) and departures (exit date) on the lot's own today and tomorrow (the
 * dates of its airport's time zone: `entryLocal`/`exitLocal` are airport local wall-clock times).
 *
 * @param lots - the lots in scope with their airport's today (`YYYY-MM-DD`); tomorrow is the day after.
 * @param stays - the reservations to count (the caller passes the ones that will come: confirmed or completed).
 * @returns one entry per lot, in the order of `lots`; a stay of a lot not listed is ignored.
 * Source: issue 15 item 2 ("today's and tomorrow's arrivals and departures per lot").
 */
export function movementsPerLot(
  lots: readonly { lotId: number; today: LocalDate }[],
  stays: readonly { lotId: number; entryLocal: string; exitLocal: string }[],
): LotMovements[] {
  const result = new Map<number, LotMovements>();
  const days = new Map<number, { today: LocalDate; tomorrow: LocalDate }>();
  for (const lot of lots) {
    days.set(lot.lotId, { today: lot.today, tomorrow: addDaysToDate(lot.today, 1) });
    result.set(lot.lotId, {
      lotId: lot.lotId,
      arrivalsToday: 0,
      departuresToday: 0,
      arrivalsTomorrow: 0,
      departuresTomorrow: 0,
    });
  }
  for (const stay of stays) {
    const lot = days.get(stay.lotId);
    const counts = result.get(stay.lotId);
    if (!lot || !counts) continue;
    const entry = stay.entryLocal.slice(0, 10);
    const exit = stay.exitLocal.slice(0, 10);
    if (entry === lot.today) counts.arrivalsToday++;
    if (entry === lot.tomorrow) counts.arrivalsTomorrow++;
    if (exit === lot.today) counts.departuresToday++;
    if (exit === lot.tomorrow) counts.departuresTomorrow++;
  }
  return [...result.values()];
}

/** Revenue of one month (`YYYY-MM`), gross cents: invoiced, credited (≤ 0) and their sum. */
export type MonthRevenue = {
  month: string;
  invoicedCents: number;
  creditedCents: number;
  netCents: number;
  invoices: number;
  creditNotes: number;
};

/**
 * The `count` months up to and including the month of `now` in `timeZone`, oldest first (`YYYY-MM`).
 */
export function monthsUpTo(now: Date, timeZone: string, count: number): string[] {
  const [year, month] = instantToLocal(now, timeZone).slice(0, 7).split('-').map(Number);
  const months: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = year * 12 + (month - 1) - i;
    months.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

/**
 * Gross revenue per month from the issued documents (decision 0031-back-office-dashboard): every invoice adds
 * its gross total in the month it was issued, every credit note (a cancellation, or the old invoice of a
 * changed booking) its negative total in the month it was issued; so a booking cancelled later stays in its
 * month and the cancellation lowers the month it happened in, as in the books. Reservations without an invoice
 * (an online payment not completed) are no revenue. Months are those of the shop's time zone.
 *
 * @param documents - issued invoices and credit notes: kind, instant of issue, gross total in cents (a credit
 *   note's is negative, as stored).
 * @param months - the months to report (`YYYY-MM`, e.g. from {@link monthsUpTo}); documents outside are ignored.
 * @returns one entry per month in the order of `months`.
 * Source: issue 15 item 2; DESIGN §6 (Invoice, Cancellation: credit notes).
 */
export function revenueByMonth(
  documents: readonly { kind: 'invoice' | 'credit_note'; issuedAt: Date; grossCents: number }[],
  months: readonly string[],
  timeZone: string,
): MonthRevenue[] {
  const byMonth = new Map<string, MonthRevenue>(
    months.map((month) => [
      month,
      { month, invoicedCents: 0, creditedCents: 0, netCents: 0, invoices: 0, creditNotes: 0 },
    ]),
  );
  for (const doc of documents) {
    const entry = byMonth.get(instantToLocal(doc.issuedAt, timeZone).slice(0, 7));
    if (!entry) continue;
    if (doc.kind === 'invoice') {
      entry.invoicedCents += doc.grossCents;
      entry.invoices++;
    } else {
      // Stored negated; a positive value would be a data error, counted as the credit it stands for.
      entry.creditedCents -= Math.abs(doc.grossCents);
      entry.creditNotes++;
    }
    entry.netCents = entry.invoicedCents + entry.creditedCents;
  }
  return [...byMonth.values()];
}

/** A lot the actor may see, with its airport. */
export type DashboardLot = {
  id: number;
  name: string;
  operator: string;
  airportId: number;
  iata: string;
  airportNameDe: string;
  airportNameEn: string;
  timeZone: string;
};

/** A new reservation in the dashboard's list. */
export type DashboardReservation = {
  reference: string;
  status: string;
  createdAt: Date;
  entryLocal: string;
  exitLocal: string;
  totalCents: number;
  lotName: string;
  iata: string;
};

/** An overstay billed at check-out and not yet paid (issue 33 item 4), in the dashboard's list. */
export type OpenOverstay = {
  reference: string;
  invoiceNumber: string;
  /** gross cents */
  amountCents: number;
  extraDays: number;
  /** when the car left, airport local `YYYY-MM-DDTHH:mm` */
  exitLocal: string;
  /** whether the payment link was mailed */
  linkSent: boolean;
};

/** Everything the dashboard shows (`services/backoffice/admin-dashboard.server.ts` builds it). */
export type Dashboard = {
  /** the lots and airports the actor may choose from */
  lots: DashboardLot[];
  airports: { id: number; iata: string; nameDe: string; nameEn: string }[];
  /** the filter applied (null: all in scope) */
  filter: { airportId: number | null; lotId: number | null };
  movements: (LotMovements & { lot: DashboardLot; today: LocalDate; tomorrow: LocalDate })[];
  occupancy: OccupancyDay[];
  revenue: MonthRevenue[];
  latest: DashboardReservation[];
  /** the unpaid overstays of the lots shown, oldest first (at most 20), with their count and sum in cents */
  openOverstays: { items: OpenOverstay[]; count: number; totalCents: number };
  /** average km between entry and exit per valet car park shown, last 90 days (issue 36 item 4) */
  valetKilometres: { lot: string; cars: number; averageKm: number }[];
};

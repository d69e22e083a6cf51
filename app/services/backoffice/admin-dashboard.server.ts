/**
 * The back office's dashboard (issue 15 item 2, permission `dashboard`): today's and tomorrow's arrivals and
 * departures per lot, occupancy per day for the next 60 days, revenue per month and the newest reservations.
 * Admin and support see the whole shop; an operator only its own company's lots (`operatorScope`). A filter by
 * airport or lot narrows it; a lot or airport outside the actor's scope is answered as not found.
 * Decision: docs/decisions/0031-back-office-dashboard.md.
 */
import { and, asc, between, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { airports, invoices, parkingLots, reservations, tariffDays, tariffs } from '#database/schema.ts';
import { SHOP_TIME_ZONE } from '~/constants.ts';
import {
  monthsUpTo,
  movementsPerLot,
  OCCUPANCY_DAYS,
  occupancySeries,
  REVENUE_MONTHS,
  revenueByMonth,
  type Dashboard,
  type DashboardLot,
  type DashboardReservation,
  type MonthRevenue,
  type OccupancyDay,
} from '~/domain/dashboard.ts';
import { addDaysToDate, localToInstant, todayInZone } from '~/domain/local-time.ts';
import { operatorScope, type StaffActor } from '~/domain/staff-roles.ts';
import { openOverstays } from './overstay.server.ts';
import { valetKilometres } from './handover-records.server.ts';
import { RequestError } from '../request-error.server.ts';

/** Newest reservations listed. */
const LATEST_LIMIT = 10;
/** Reservations that come to the car park: arrivals and departures count these. */
const EXPECTED_STATUSES = ['confirmed', 'completed'] as const;

/** A refused dashboard request: 404 for a lot or airport outside the actor's scope. */
export class DashboardError extends RequestError {}

export type { Dashboard };

/** The lots of the actor's scope (an operator's company only), in the shop's airport order. */
async function lotsInScope(db: Database, actor: StaffActor): Promise<DashboardLot[]> {
  const company = operatorScope(actor);
  return db
    .select({
      id: parkingLots.id,
      name: parkingLots.name,
      operator: parkingLots.operator,
      airportId: airports.id,
      iata: airports.iata,
      airportNameDe: airports.nameDe,
      airportNameEn: airports.nameEn,
      timeZone: airports.timeZone,
    })
    .from(parkingLots)
    .innerJoin(airports, eq(airports.id, parkingLots.airportId))
    .where(company === null ? undefined : eq(parkingLots.operator, company))
    .orderBy(asc(airports.sort), asc(airports.id), asc(parkingLots.name), asc(parkingLots.id));
}

/**
 * The dashboard of `actor`, optionally narrowed to one airport or one lot: movements, occupancy, revenue, the newest
 * reservations, the unpaid overstays (issue 33 item 4) and the kilometres valet cars were driven (issue 36 item 4).
 *
 * @param filter.airportId / filter.lotId - from the page's query; a lot wins over an airport.
 * @param now - current instant: "today" is each airport's local date; the occupancy chart starts at today in the
 *   zone of the first lot shown; revenue months are the shop's time zone's.
 * @throws DashboardError 404 when the airport or lot asked for has no lot in the actor's scope.
 * Source: issue 15 item 2.
 */
export async function loadDashboard(
  db: Database,
  actor: StaffActor,
  filter: { airportId: number | null; lotId: number | null },
  now: Date,
): Promise<Dashboard> {
  const lots = await lotsInScope(db, actor);
  let shown = lots;
  if (filter.lotId !== null) shown = lots.filter((l) => l.id === filter.lotId);
  else if (filter.airportId !== null) shown = lots.filter((l) => l.airportId === filter.airportId);
  if ((filter.lotId !== null || filter.airportId !== null) && shown.length === 0) {
    throw new DashboardError(404, 'admin.error.404.title');
  }
  const airportList = [...new Map(lots.map((l) => [l.airportId, l])).values()].map((l) => ({
    id: l.airportId,
    iata: l.iata,
    nameDe: l.airportNameDe,
    nameEn: l.airportNameEn,
  }));
  const lotIds = shown.map((l) => l.id);
  const [movements, occupancy, revenue, latest, overstays, kilometres] = await Promise.all([
    loadMovements(db, shown, now),
    loadOccupancy(db, shown, now),
    loadRevenue(db, lotIds, now),
    loadLatest(db, lotIds),
    openOverstays(db, lotIds),
    valetKilometres(db, lotIds, now),
  ]);
  return {
    lots,
    airports: airportList,
    filter,
    movements,
    occupancy,
    revenue,
    latest,
    openOverstays: overstays,
    valetKilometres: kilometres,
  };
}

async function loadMovements(db: Database, lots: DashboardLot[], now: Date): Promise<Dashboard['movements']> {
  if (lots.length === 0) return [];
  const todays = lots.map((l) => ({ lotId: l.id, today: todayInZone(now, l.timeZone) }));
  const dates = [...new Set(todays.flatMap((d) => [d.today, addDaysToDate(d.today, 1)]))];
  const stays = await db
    .select({ lotId: tariffs.parkingLotId, entryLocal: reservations.entryLocal, exitLocal: reservations.exitLocal })
    .from(reservations)
    .innerJoin(tariffs, eq(tariffs.id, reservations.tariffId))
    .where(
      and(
        inArray(
          tariffs.parkingLotId,
          lots.map((l) => l.id),
        ),
        inArray(reservations.status, [...EXPECTED_STATUSES]),
        or(
          inArray(sql`substr(${reservations.entryLocal}, 1, 10)`, dates),
          inArray(sql`substr(${reservations.exitLocal}, 1, 10)`, dates),
        ),
      ),
    );
  const byLot = new Map(lots.map((l) => [l.id, l]));
  return movementsPerLot(todays, stays).map((m) => {
    const today = todays.find((d) => d.lotId === m.lotId)!.today;
    return { ...m, lot: byLot.get(m.lotId)!, today, tomorrow: addDaysToDate(today, 1) };
  });
}

async function loadOccupancy(db: Database, lots: DashboardLot[], now: Date): Promise<OccupancyDay[]> {
  const start = todayInZone(now, lots[0]?.timeZone ?? SHOP_TIME_ZONE);
  if (lots.length === 0) return occupancySeries(start, OCCUPANCY_DAYS, [], []);
  const tariffRows = await db
    .select({ id: tariffs.id, capacity: tariffs.capacity, active: tariffs.active })
    .from(tariffs)
    .where(
      inArray(
        tariffs.parkingLotId,
        lots.map((l) => l.id),
      ),
    );
  const dayRows =
    tariffRows.length === 0
      ? []
      : await db
          .select({
            tariffId: tariffDays.tariffId,
            day: tariffDays.day,
            booked: tariffDays.booked,
            capacity: tariffDays.capacity,
          })
          .from(tariffDays)
          .where(
            and(
              inArray(
                tariffDays.tariffId,
                tariffRows.map((t) => t.id),
              ),
              between(tariffDays.day, start, addDaysToDate(start, OCCUPANCY_DAYS - 1)),
            ),
          );
  return occupancySeries(start, OCCUPANCY_DAYS, tariffRows, dayRows);
}

async function loadRevenue(db: Database, lotIds: number[], now: Date): Promise<MonthRevenue[]> {
  const months = monthsUpTo(now, SHOP_TIME_ZONE, REVENUE_MONTHS);
  if (lotIds.length === 0) return revenueByMonth([], months, SHOP_TIME_ZONE);
  const from = localToInstant(`${months[0]}-01T00:00`, SHOP_TIME_ZONE);
  const documents = await db
    .select({
      kind: invoices.kind,
      issuedAt: invoices.issuedAt,
      grossCents: sql<number>`(${invoices.data} -> 'totals' ->> 'grossCents')::int`,
    })
    .from(invoices)
    .innerJoin(reservations, eq(reservations.id, invoices.reservationId))
    .innerJoin(tariffs, eq(tariffs.id, reservations.tariffId))
    .where(and(inArray(tariffs.parkingLotId, lotIds), gte(invoices.issuedAt, from)));
  return revenueByMonth(
    documents.map((d) => ({ ...d, kind: d.kind as 'invoice' | 'credit_note', grossCents: Number(d.grossCents) })),
    months,
    SHOP_TIME_ZONE,
  );
}

async function loadLatest(db: Database, lotIds: number[]): Promise<DashboardReservation[]> {
  if (lotIds.length === 0) return [];
  const conditions: SQL[] = [inArray(tariffs.parkingLotId, lotIds)];
  return db
    .select({
      reference: reservations.reference,
      status: reservations.status,
      createdAt: reservations.createdAt,
      entryLocal: reservations.entryLocal,
      exitLocal: reservations.exitLocal,
      totalCents: reservations.totalCents,
      lotName: parkingLots.name,
      iata: airports.iata,
    })
    .from(reservations)
    .innerJoin(tariffs, eq(tariffs.id, reservations.tariffId))
    .innerJoin(parkingLots, eq(parkingLots.id, tariffs.parkingLotId))
    .innerJoin(airports, eq(airports.id, reservations.airportId))
    .where(and(...conditions))
    .orderBy(desc(reservations.createdAt), desc(reservations.id))
    .limit(LATEST_LIMIT);
}

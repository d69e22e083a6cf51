/**
 * The back office's catalogue (issue 15 item 5): airports (lock, unlock, notice texts), their lots and tariffs,
 * a tariff's main fields, its price lists and seasons, and its daily capacity (blackout days, per-day overrides).
 *
 * Scope: an operator sees and changes only tariffs of lots whose `operator` is its company
 * (`operatorScope`); anything else reads as not found. Airports are the admin's (`airports` permission, checked
 * by the routes). Every write records its audit row (before → after) in its own transaction, and after the
 * commit drops the cached catalogue and pages (`catalogueChanged`; capacity overrides `availabilityChanged`), so
 * a customer's next search shows the change. Writes to one tariff lock its row first (`FOR NO KEY UPDATE`), so two
 * staff members' edits of the same tariff run one after the other (the season overlap check then sees the other's
 * season). Not `FOR UPDATE`: a booking that holds its day rows then inserts its reservation, whose foreign key
 * takes `FOR KEY SHARE` on the tariff row; `FOR UPDATE` would block it while this write waits for those day rows —
 * a deadlock (seen in the concurrency test); `NO KEY UPDATE` lets the key share through.
 * Existing reservations are never touched: they store their prices and days (DESIGN §6 Reservation).
 */
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { airports, parkingLots, priceLists, tariffDays, tariffs } from '#database/schema.ts';
import {
  capacityConflicts,
  datesBetween,
  findSeasonOverlaps,
  validateCapacityChange,
  validatePriceList,
  validateTariffFields,
  type CapacityConflict,
  type PriceListInput,
  type SeasonRange,
} from '~/domain/catalogue-rules.ts';
import { CAPACITY_PAGE_DAYS } from '~/domain/catalogue-view.ts';
import type {
  CapacityDay,
  CatalogueAirport,
  CatalogueLot,
  StaffPriceList,
  StaffTariff,
} from '~/domain/catalogue-view.ts';
import { addDaysToDate, todayInZone, type LocalDate } from '~/domain/local-time.ts';
import { operatorScope, type StaffActor } from '~/domain/staff-roles.ts';
import { setAirportStatus, type AirportStatusChange } from '../catalogue/airport-status.server.ts';
import { recordAudit } from './audit-log.server.ts';
import { availabilityChanged, catalogueChanged } from '../cache-events.server.ts';
import { schedulePriceWatchRun } from '../subscriptions/price-watch.server.ts';
import { RequestError } from '../request-error.server.ts';
import type { ServiceContext } from '../service-context.ts';

/** A refused catalogue write: 404 (unknown or outside the operator's scope), 409 or 422 with field keys. */
export class CatalogueError extends RequestError {
  constructor(
    status: 404 | 409 | 422,
    messageKey: string,
    fields: Record<string, string[]> = {},
    /** parameters of the overall message (e.g. the names of overlapping seasons) */
    public readonly params: Record<string, string | number> = {},
    /** for a refused capacity reduction: the days with more bookings than the new capacity */
    public readonly conflicts: CapacityConflict[] = [],
  ) {
    super(status, messageKey, fields);
  }
}

/**
 * Refuses a capacity below what is booked on some day (`capacityConflicts`): CatalogueError 409
 * `admin.catalogue.capacity.below_booked` on the field `capacity`, with those days for the page to list.
 */
function requireCapacityCoversBookings(days: Parameters<typeof capacityConflicts>[0], tariffCapacity: number): void {
  const conflicts = capacityConflicts(days, tariffCapacity);
  if (conflicts.length === 0) return;
  throw new CatalogueError(
    409,
    'admin.catalogue.capacity.below_booked',
    { capacity: ['admin.catalogue.capacity.below_booked'] },
    {},
    conflicts,
  );
}

const notFound = () => new CatalogueError(404, 'admin.error.404.title');

/**
 * The catalogue as `actor` may see it: every airport with its lots and tariffs (admin), or only the airports
 * where the operator has lots, with only its lots. Ordered like the shop (airport sort, lot and tariff order).
 */
export async function listCatalogue(db: Database, actor: StaffActor): Promise<CatalogueAirport[]> {
  const scope = operatorScope(actor);
  const [airportRows, lotRows, tariffRows] = await Promise.all([
    db.select().from(airports).orderBy(asc(airports.sort), asc(airports.nameDe)),
    db
      .select()
      .from(parkingLots)
      .where(scope === null ? undefined : eq(parkingLots.operator, scope))
      .orderBy(asc(parkingLots.id)),
    db.select().from(tariffs).orderBy(asc(tariffs.sort), asc(tariffs.id)),
  ]);
  const lotsByAirport = new Map<number, CatalogueLot[]>();
  for (const lot of lotRows) {
    const list = lotsByAirport.get(lot.airportId) ?? [];
    list.push({
      id: lot.id,
      name: lot.name,
      operator: lot.operator,
      tariffs: tariffRows
        .filter((t) => t.parkingLotId === lot.id)
        .map(({ id, nameDe, nameEn, category, active, capacity }) => ({
          id,
          nameDe,
          nameEn,
          category,
          active,
          capacity,
        })),
    });
    lotsByAirport.set(lot.airportId, list);
  }
  return airportRows
    .filter((a) => scope === null || lotsByAirport.has(a.id))
    .map((a) => ({
      id: a.id,
      slug: a.slug,
      iata: a.iata,
      nameDe: a.nameDe,
      nameEn: a.nameEn,
      status: a.status,
      commentDe: a.commentDe,
      commentEn: a.commentEn,
      lots: lotsByAirport.get(a.id) ?? [],
    }));
}

/** One airport of {@link listCatalogue} by slug, or null when unknown or the operator has no lot there. */
export async function findCatalogueAirport(
  db: Database,
  actor: StaffActor,
  slug: string,
): Promise<CatalogueAirport | null> {
  return (await listCatalogue(db, actor)).find((a) => a.slug === slug) ?? null;
}

/**
 * Locks or unlocks an airport from the back office: the command line's use case (`setAirportStatus`: unlocking
 * sends every waiting notification mail exactly once), with the audit row in its transaction.
 *
 * @throws CatalogueError 404 for an unknown airport.
 * Source: issue 10 (exactly one mail per request), issue 15 item 5.
 */
export async function changeAirportStatus(
  ctx: ServiceContext,
  actor: StaffActor,
  input: { slug: string; action: 'lock' | 'unlock' },
): Promise<AirportStatusChange> {
  const change = await setAirportStatus(ctx, {
    slug: input.slug,
    status: input.action === 'unlock' ? 'active' : 'locked',
    inTransaction: (tx, c) =>
      recordAudit(
        tx,
        actor,
        {
          action: `airport.${input.action}`,
          entity: 'airport',
          entityId: c.slug,
          before: { status: c.before },
          after: { status: c.status, notified: c.notified },
        },
        ctx.now(),
      ),
  });
  if (!change) throw notFound();
  return change;
}

/** Longest airport notice accepted (characters per language). */
const COMMENT_MAX = 2000;

/**
 * Sets an airport's notice (the eapcomment modal) in German and English; an empty text removes it.
 *
 * @throws CatalogueError 404 (unknown airport), 422 `validation.too_long` per field.
 */
export async function updateAirportComment(
  ctx: ServiceContext,
  actor: StaffActor,
  input: { slug: string; commentDe: string; commentEn: string },
): Promise<void> {
  const next = { commentDe: input.commentDe.trim() || null, commentEn: input.commentEn.trim() || null };
  const fields: Record<string, string[]> = {};
  if ((next.commentDe?.length ?? 0) > COMMENT_MAX) fields.commentDe = ['validation.too_long'];
  if ((next.commentEn?.length ?? 0) > COMMENT_MAX) fields.commentEn = ['validation.too_long'];
  if (Object.keys(fields).length) throw new CatalogueError(422, 'validation.failed', fields);
  await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [airport] = await tx.select().from(airports).where(eq(airports.slug, input.slug)).for('no key update');
    if (!airport) throw notFound();
    await tx.update(airports).set(next).where(eq(airports.id, airport.id));
    await recordAudit(
      tx,
      actor,
      {
        action: 'airport.comment',
        entity: 'airport',
        entityId: airport.slug,
        before: { commentDe: airport.commentDe, commentEn: airport.commentEn },
        after: next,
      },
      ctx.now(),
    );
  });
  await catalogueChanged(ctx.db);
}

/** The tariff and its lot as `actor` may see it, optionally locking the tariff row (`FOR NO KEY UPDATE`, see above). */
async function scopedTariff(db: Database, actor: StaffActor, tariffId: number, lock = false) {
  if (!Number.isSafeInteger(tariffId) || tariffId < 1) return null;
  const query = db
    .select({ tariff: tariffs, lot: parkingLots, airport: airports })
    .from(tariffs)
    .innerJoin(parkingLots, eq(parkingLots.id, tariffs.parkingLotId))
    .innerJoin(airports, eq(airports.id, tariffs.airportId))
    .where(eq(tariffs.id, tariffId));
  const [row] = lock ? await query.for('no key update', { of: tariffs }) : await query;
  const scope = operatorScope(actor);
  if (!row || (scope !== null && row.lot.operator !== scope)) return null;
  return row;
}

function sortLists(lists: StaffPriceList[]): StaffPriceList[] {
  return [...lists].sort((a, b) => {
    if (a.validFrom === null && b.validFrom !== null) return -1;
    if (b.validFrom === null && a.validFrom !== null) return 1;
    return (a.validFrom ?? '').localeCompare(b.validFrom ?? '') || a.id - b.id;
  });
}

/**
 * A tariff for the back office, or null when unknown or outside the operator's scope (the page answers 404).
 */
export async function findStaffTariff(db: Database, actor: StaffActor, tariffId: number): Promise<StaffTariff | null> {
  const row = await scopedTariff(db, actor, tariffId);
  if (!row) return null;
  const lists = await db.select().from(priceLists).where(eq(priceLists.tariffId, tariffId));
  return {
    tariff: row.tariff,
    lot: { id: row.lot.id, name: row.lot.name, operator: row.lot.operator },
    airport: {
      id: row.airport.id,
      slug: row.airport.slug,
      iata: row.airport.iata,
      nameDe: row.airport.nameDe,
      nameEn: row.airport.nameEn,
      timeZone: row.airport.timeZone,
    },
    priceLists: sortLists(lists),
  };
}

/** Locks the tariff's future days without an override, in date order (like the booking), and returns them. */
async function lockDefaultCapacityDays(tx: Database, tariffId: number, today: LocalDate) {
  return tx
    .select({ day: tariffDays.day, booked: tariffDays.booked, capacity: tariffDays.capacity })
    .from(tariffDays)
    .where(and(eq(tariffDays.tariffId, tariffId), gte(tariffDays.day, today), isNull(tariffDays.capacity)))
    .orderBy(asc(tariffDays.day))
    .for('update');
}

/**
 * Changes a tariff's main fields (names, active, spaces per day, lead time, longest stay, booking horizon, free
 * cancellation). A smaller daily capacity is refused while a future day without its own override has more
 * bookings (those days' rows are locked meanwhile, so no booking slips in between).
 *
 * @param input - the form's strings (see `TariffFieldsSchema`).
 * @throws CatalogueError 404 (unknown / out of scope), 422 field errors, 409 `admin.catalogue.capacity.below_booked`
 *   with the conflicting days.
 */
export async function updateTariff(
  ctx: ServiceContext,
  actor: StaffActor,
  tariffId: number,
  input: Record<string, unknown>,
): Promise<void> {
  const valid = validateTariffFields(input);
  await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const row = await scopedTariff(tx, actor, tariffId, true);
    if (!row) throw notFound();
    if (!valid.ok) throw new CatalogueError(422, 'validation.failed', valid.errors);
    const before = row.tariff;
    const next = valid.fields;
    if (next.capacity < before.capacity) {
      const days = await lockDefaultCapacityDays(tx, tariffId, todayInZone(ctx.now(), row.airport.timeZone));
      requireCapacityCoversBookings(days, next.capacity);
    }
    await tx.update(tariffs).set(next).where(eq(tariffs.id, tariffId));
    const pick = (t: typeof before) => Object.fromEntries(Object.keys(next).map((k) => [k, t[k as keyof typeof next]]));
    await recordAudit(
      tx,
      actor,
      { action: 'tariff.update', entity: 'tariff', entityId: tariffId, before: pick(before), after: next },
      ctx.now(),
    );
  });
  await catalogueChanged(ctx.db);
}

const asRange = (l: StaffPriceList): SeasonRange => ({
  id: l.id,
  name: l.name,
  // A season with one open bound (older data; pricing.ts allows it) reaches to the end of time on that side.
  validFrom: l.validFrom ?? '0000-01-01',
  validTo: l.validTo ?? '9999-12-31',
});

const isSeason = (l: StaffPriceList) => l.validFrom !== null || l.validTo !== null;

/**
 * Saves a price list of a tariff: `listId` null adds a season, else updates that list (the default list keeps
 * having no dates; a season keeps needing both). Refused when the season shares a day with another season of
 * the tariff. Reservations keep the prices they were booked at.
 *
 * @returns the list's id.
 * @throws CatalogueError 404 (tariff or list unknown / out of scope), 422 field errors (`dayPrices.N` per cell;
 *   `validFrom` `admin.catalogue.season.overlap` with the other seasons' names as `names`).
 */
export async function savePriceList(
  ctx: ServiceContext,
  actor: StaffActor,
  tariffId: number,
  listId: number | null,
  input: PriceListInput,
): Promise<number> {
  const id = await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const row = await scopedTariff(tx, actor, tariffId, true);
    if (!row) throw notFound();
    const lists = await tx.select().from(priceLists).where(eq(priceLists.tariffId, tariffId));
    const existing = listId === null ? null : lists.find((l) => l.id === listId);
    if (listId !== null && !existing) throw notFound();
    const valid = validatePriceList(input, existing ? !isSeason(existing) : false);
    if (!valid.ok) throw new CatalogueError(422, 'validation.failed', valid.errors);
    const list = valid.list;
    if (list.validFrom && list.validTo) {
      const overlaps = findSeasonOverlaps(
        { id: listId, validFrom: list.validFrom, validTo: list.validTo },
        lists.filter(isSeason).map(asRange),
      );
      if (overlaps.length) {
        throw new CatalogueError(
          422,
          'admin.catalogue.season.overlap',
          { validFrom: ['admin.catalogue.season.overlap'] },
          { names: overlaps.map((o) => `${o.name} (${o.validFrom} – ${o.validTo})`).join(', ') },
        );
      }
    }
    let savedId: number;
    if (existing) {
      await tx.update(priceLists).set(list).where(eq(priceLists.id, existing.id));
      savedId = existing.id;
    } else {
      const [inserted] = await tx
        .insert(priceLists)
        .values({ ...list, tariffId })
        .returning({ id: priceLists.id });
      savedId = inserted.id;
    }
    const { id: _id, tariffId: _t, ...before } = existing ?? ({} as Partial<StaffPriceList>);
    await recordAudit(
      tx,
      actor,
      {
        action: existing ? 'price_list.update' : 'price_list.create',
        entity: 'price_list',
        entityId: savedId,
        before: existing ? before : null,
        after: { tariffId, ...list },
      },
      ctx.now(),
    );
    return savedId;
  });
  await catalogueChanged(ctx.db);
  await priceListChanged(ctx, tariffId);
  return id;
}

/**
 * Deletes a season of a tariff (the default list stays: every tariff needs a price outside its seasons).
 *
 * @throws CatalogueError 404 (unknown / out of scope), 422 `admin.catalogue.season.default_not_deletable`.
 */
export async function deleteSeason(
  ctx: ServiceContext,
  actor: StaffActor,
  tariffId: number,
  listId: number,
): Promise<void> {
  await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const row = await scopedTariff(tx, actor, tariffId, true);
    if (!row) throw notFound();
    const [list] = await tx
      .select()
      .from(priceLists)
      .where(and(eq(priceLists.id, listId), eq(priceLists.tariffId, tariffId)));
    if (!list) throw notFound();
    if (!isSeason(list)) throw new CatalogueError(422, 'admin.catalogue.season.default_not_deletable');
    await tx.delete(priceLists).where(eq(priceLists.id, listId));
    const { id: _id, ...before } = list;
    await recordAudit(
      tx,
      actor,
      { action: 'price_list.delete', entity: 'price_list', entityId: listId, before, after: null },
      ctx.now(),
    );
  });
  await catalogueChanged(ctx.db);
  await priceListChanged(ctx, tariffId);
}

/**
 * After a price list of `tariffId` changed: the price watches of its airport are checked again in the background
 * (issue 37 item 2: "whenever staff change a price list"; staff do not wait for the mails).
 */
async function priceListChanged(ctx: ServiceContext, tariffId: number): Promise<void> {
  const [row] = await ctx.db.select({ airportId: tariffs.airportId }).from(tariffs).where(eq(tariffs.id, tariffId));
  if (row) schedulePriceWatchRun(ctx, row.airportId);
}

/**
 * A tariff's capacity for {@link CAPACITY_PAGE_DAYS} days from `from` (default: the airport's today), or null
 * when the tariff is unknown or out of scope.
 */
export async function loadCapacity(
  db: Database,
  actor: StaffActor,
  tariffId: number,
  now: Date,
  from: LocalDate | null,
): Promise<(StaffTariff & { from: LocalDate; today: LocalDate; days: CapacityDay[] }) | null> {
  const staffTariff = await findStaffTariff(db, actor, tariffId);
  if (!staffTariff) return null;
  const today = todayInZone(now, staffTariff.airport.timeZone);
  // Within five years of today: further out the four weeks could run past the year 9999 (no date any more).
  const bound = 5 * 366;
  const start = from && from >= addDaysToDate(today, -bound) && from <= addDaysToDate(today, bound) ? from : today;
  const dates = datesBetween(start, addDaysToDate(start, CAPACITY_PAGE_DAYS - 1));
  const rows = await db
    .select()
    .from(tariffDays)
    .where(
      and(
        eq(tariffDays.tariffId, tariffId),
        gte(tariffDays.day, dates[0]),
        lte(tariffDays.day, dates[dates.length - 1]),
      ),
    );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return {
    ...staffTariff,
    from: start,
    today,
    days: dates.map((day) => {
      const row = byDay.get(day);
      const override = row?.capacity ?? null;
      return { day, booked: row?.booked ?? 0, override, capacity: override ?? staffTariff.tariff.capacity };
    }),
  };
}

/**
 * Sets the capacity of a tariff's days `from`..`to`: a number of spaces, 0 (blackout) or back to the tariff's
 * daily capacity. One `INSERT … ON CONFLICT DO UPDATE` over the dates in ascending order creates or locks each
 * day's row in date order — the order the booking statement locks them (decision 0034), so the two wait on each
 * other and cannot deadlock — and hands back the booked spaces; a day whose bookings exceed the new capacity
 * refuses the whole change (rolled back, the days listed).
 *
 * @param input - the form's strings: `from`, `to` (`YYYY-MM-DD`), `mode` `set`|`blackout`|`reset`, `capacity`.
 * @returns the number of days changed.
 * @throws CatalogueError 404, 422 field errors, 409 `admin.catalogue.capacity.below_booked` with the days.
 * Source: issue 15 item 5, DESIGN §6 (Availability: the day rows are locked while bookings are checked).
 */
export async function setCapacityRange(
  ctx: ServiceContext,
  actor: StaffActor,
  tariffId: number,
  input: { from: string; to: string; mode: string; capacity: string },
): Promise<number> {
  const result = await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const row = await scopedTariff(tx, actor, tariffId, true);
    if (!row) throw notFound();
    const valid = validateCapacityChange(input, todayInZone(ctx.now(), row.airport.timeZone));
    if (!valid.ok) throw new CatalogueError(422, 'validation.failed', valid.errors);
    const { from, to, capacity } = valid.change;
    const dates = datesBetween(from, to);
    const before = await tx
      .select({ day: tariffDays.day, capacity: tariffDays.capacity })
      .from(tariffDays)
      .where(
        and(eq(tariffDays.tariffId, tariffId), inArray(tariffDays.day, dates), sql`${tariffDays.capacity} is not null`),
      );
    const locked = await tx
      .insert(tariffDays)
      .values(dates.map((day) => ({ tariffId, day, booked: 0, capacity })))
      .onConflictDoUpdate({ target: [tariffDays.tariffId, tariffDays.day], set: { capacity } })
      .returning({ day: tariffDays.day, booked: tariffDays.booked, capacity: tariffDays.capacity });
    requireCapacityCoversBookings(locked, row.tariff.capacity);
    await recordAudit(
      tx,
      actor,
      {
        action: 'tariff.capacity',
        entity: 'tariff',
        entityId: tariffId,
        before: { from, to, overrides: Object.fromEntries(before.map((b) => [b.day, b.capacity])) },
        after: { from, to, capacity },
      },
      ctx.now(),
    );
    return { airportId: row.airport.id, days: dates.length };
  });
  await availabilityChanged(ctx.db, result.airportId);
  return result.days;
}

/**
 * The back office's coupons (issue 15 item 6, permission `coupons`: admin only): the list with use counts,
 * creating a code, disabling and enabling it, and the reservations that used it. Every write records an audit row
 * in its transaction. The checkout refuses a disabled code like an unknown one (`checkCoupon`).
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { airports, coupons, reservations } from '#database/schema.ts';
import { isUniqueViolation } from '#database/errors.server.ts';
import { parseCouponForm, type CouponFormInput } from '~/domain/coupon-form.ts';
import type { StaffActor } from '~/domain/staff-roles.ts';
import { recordAudit } from './audit-log.server.ts';
import { RequestError } from '../request-error.server.ts';

/** A coupon row. */
export type CouponRow = typeof coupons.$inferSelect;

/** A coupon in the list: the row and how many reservations carry its code (cancelled ones included). */
export type CouponListEntry = CouponRow & { reservations: number };

/** An airport to choose in the form: id, IATA code and German/English name. */
export type CouponAirport = { id: number; iata: string; nameDe: string; nameEn: string };

/** A reservation that used a coupon. */
export type CouponUse = {
  reference: string;
  status: string;
  createdAt: Date;
  totalCents: number;
  discountCents: number;
  iata: string;
};

/** A refused coupon request (422 with field messages, 404 for an unknown coupon). */
export class CouponAdminError extends RequestError {}

/** Uses listed per coupon (newest first). */
const USES_LIMIT = 100;

/** The airports the form offers, in the shop's order. */
export async function listCouponAirports(db: Database): Promise<CouponAirport[]> {
  return db
    .select({ id: airports.id, iata: airports.iata, nameDe: airports.nameDe, nameEn: airports.nameEn })
    .from(airports)
    .orderBy(asc(airports.sort), asc(airports.id));
}

/**
 * Every coupon, newest first, with the number of reservations that carry its code (matched upper-cased, as the
 * checkout stores it). `usedCount` is the redemption counter the usage limit checks.
 */
export async function listCoupons(db: Database): Promise<CouponListEntry[]> {
  const uses = db
    .select({
      code: sql<string>`upper(${reservations.couponCode})`.as('use_code'),
      n: sql<number>`count(*)::int`.as('n'),
    })
    .from(reservations)
    .where(sql`${reservations.couponCode} is not null`)
    .groupBy(sql`upper(${reservations.couponCode})`)
    .as('uses');
  const rows = await db
    .select({ coupon: coupons, n: uses.n })
    .from(coupons)
    .leftJoin(uses, eq(uses.code, sql`upper(${coupons.code})`))
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
  return rows.map((r) => ({ ...r.coupon, reservations: Number(r.n ?? 0) }));
}

/**
 * One coupon and the reservations that used its code (newest first, at most 100).
 *
 * @throws CouponAdminError 404 when there is no coupon with this id.
 */
export async function loadCouponUses(
  db: Database,
  couponId: number,
): Promise<{ coupon: CouponRow; uses: CouponUse[] }> {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.id, couponId)).limit(1);
  if (!coupon) throw new CouponAdminError(404, 'admin.error.404.title');
  const uses = await db
    .select({
      reference: reservations.reference,
      status: reservations.status,
      createdAt: reservations.createdAt,
      totalCents: reservations.totalCents,
      discountCents: reservations.discountCents,
      iata: airports.iata,
    })
    .from(reservations)
    .innerJoin(airports, eq(airports.id, reservations.airportId))
    .where(sql`upper(${reservations.couponCode}) = upper(${coupon.code})`)
    .orderBy(desc(reservations.createdAt), desc(reservations.id))
    .limit(USES_LIMIT);
  return { coupon, uses };
}

/**
 * Creates a coupon from the back office's form (rules: `parseCouponForm`), refusing a code that exists already in
 * any case (`WINTER` and `winter` would be one code at the checkout). Audit `coupon.create`.
 *
 * @returns the stored row.
 * @throws CouponAdminError 422 `validation.failed` with field keys (`code`, `kind`, `value`, `validFrom`,
 *   `validTo`, `minDays`, `usageLimit`, `airportIds`); nothing is stored then.
 * Source: issue 15 item 6.
 */
export async function createCoupon(
  db: Database,
  actor: StaffActor,
  input: CouponFormInput,
  now: Date,
): Promise<CouponRow> {
  const known = (await listCouponAirports(db)).map((a) => a.id);
  const parsed = parseCouponForm(input, known);
  if ('errors' in parsed) {
    const fields = Object.fromEntries(Object.entries(parsed.errors).map(([f, key]) => [f, [key as string]]));
    throw new CouponAdminError(422, 'validation.failed', fields);
  }
  const taken = () => new CouponAdminError(422, 'validation.failed', { code: ['admin.coupons.error.code_taken'] });
  try {
    return await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const [existing] = await tx
        .select({ id: coupons.id })
        .from(coupons)
        .where(sql`upper(${coupons.code}) = ${parsed.draft.code}`)
        .limit(1);
      if (existing) throw taken();
      const [row] = await tx
        .insert(coupons)
        .values({ ...parsed.draft, createdAt: now })
        .returning();
      await recordAudit(tx, actor, { action: 'coupon.create', entity: 'coupon', entityId: row.id, after: row }, now);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/**
 * Disables (`disabled` true) or enables a coupon; the checkout refuses a disabled code as unknown from then on
 * (reservations that used it keep their discount). Doing what is already so changes nothing and writes no audit
 * row. Audit `coupon.disable` / `coupon.enable`.
 *
 * @throws CouponAdminError 404 when there is no coupon with this id.
 * Source: issue 15 item 6.
 */
export async function setCouponDisabled(
  db: Database,
  actor: StaffActor,
  couponId: number,
  disabled: boolean,
  now: Date,
): Promise<CouponRow> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
    if (!before) throw new CouponAdminError(404, 'admin.error.404.title');
    if (Boolean(before.disabledAt) === disabled) return before;
    const [after] = await tx
      .update(coupons)
      .set({ disabledAt: disabled ? now : null })
      .where(eq(coupons.id, couponId))
      .returning();
    await recordAudit(
      tx,
      actor,
      {
        action: disabled ? 'coupon.disable' : 'coupon.enable',
        entity: 'coupon',
        entityId: couponId,
        before: { disabledAt: before.disabledAt },
        after: { disabledAt: after.disabledAt },
      },
      now,
    );
    return after;
  });
}

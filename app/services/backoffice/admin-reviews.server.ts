/**
 * The back office's reviews (issue 15 item 7, permission `reviews`: admin only): the imported reviews per airport,
 * hiding an abusive one (kept and flagged with who and when; the public ratings and their averages leave it out,
 * `ratings.server.ts`) and showing it again, and starting an import. Writes record an audit row in their
 * transaction and then drop the cached pages (`ratingsChanged`).
 */
import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { airports, reviews, staff } from '#database/schema.ts';
import { SHOP_RATING_ID } from '~/domain/ratings.ts';
import type { StaffActor } from '~/domain/staff-roles.ts';
import { recordAudit } from './audit-log.server.ts';
import { ratingsChanged } from '../cache-events.server.ts';
import {
  ekomiConfigured,
  importRatings,
  type RatingsImportConfig,
  type RatingsImportResult,
} from '../ratings/ratings-import.server.ts';
import { EkomiError } from '../ratings/ekomi.server.ts';
import { RequestError } from '../request-error.server.ts';
import { localized } from '~/domain/localized.ts';
import type { AdminReview, ReviewScope } from '~/domain/review-moderation.ts';

/** Reviews per page of the back office's list. */
export const ADMIN_REVIEWS_PAGE_SIZE = 50;

/** A refused review request: 404 unknown review, 409 import without a provider or with the provider failing. */
export class ReviewAdminError extends RequestError {
  constructor(
    status: 404 | 409,
    messageKey: string,
    fields: Record<string, string[]> = {},
    retryAfterSeconds?: number,
    /** the provider's error behind a failed import */
    readonly reason?: unknown,
  ) {
    super(status, messageKey, fields, retryAfterSeconds);
  }
}

export type { AdminReview, ReviewScope };

/**
 * The rating ids to choose from: each airport's (German name, IATA) and the shop's own, with their review counts
 * (all stored, and how many are hidden).
 */
export async function listReviewScopes(db: Database, locale: 'de' | 'en'): Promise<ReviewScope[]> {
  const counts = await db
    .select({
      ratingId: reviews.ratingId,
      count: sql<number>`count(*)::int`,
      hidden: sql<number>`count(${reviews.hiddenAt})::int`,
    })
    .from(reviews)
    .groupBy(reviews.ratingId);
  const byId = new Map(counts.map((c) => [c.ratingId, c]));
  const rows = await db
    .select({ ratingId: airports.ratingId, iata: airports.iata, nameDe: airports.nameDe, nameEn: airports.nameEn })
    .from(airports)
    .where(isNotNull(airports.ratingId))
    .orderBy(asc(airports.sort), asc(airports.id));
  const scopes: ReviewScope[] = rows.map((a) => ({
    ratingId: a.ratingId!,
    label: localized(a, 'name', locale),
    iata: a.iata,
    count: Number(byId.get(a.ratingId!)?.count ?? 0),
    hidden: Number(byId.get(a.ratingId!)?.hidden ?? 0),
  }));
  const shop = byId.get(SHOP_RATING_ID);
  scopes.push({
    ratingId: SHOP_RATING_ID,
    label: '',
    iata: null,
    count: Number(shop?.count ?? 0),
    hidden: Number(shop?.hidden ?? 0),
  });
  return scopes;
}

/**
 * One page of stored reviews, newest first, hidden ones included (flagged): of one rating id, or of all when
 * `ratingId` is null; `hiddenOnly` lists the hidden ones only.
 *
 * @param page - 1-based page number ({@link ADMIN_REVIEWS_PAGE_SIZE} per page).
 * @returns the reviews of the page and the total matching.
 */
export async function listAdminReviews(
  db: Database,
  filter: { ratingId: string | null; hiddenOnly: boolean; page: number },
): Promise<{ reviews: AdminReview[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.ratingId) conditions.push(eq(reviews.ratingId, filter.ratingId));
  if (filter.hiddenOnly) conditions.push(isNotNull(reviews.hiddenAt));
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(reviews)
    .where(where);
  const rows = await db
    .select({
      id: reviews.id,
      ratingId: reviews.ratingId,
      provider: reviews.provider,
      rating: reviews.rating,
      comment: reviews.comment,
      locale: reviews.locale,
      submittedAt: reviews.submittedAt,
      hiddenAt: reviews.hiddenAt,
      hiddenByEmail: staff.email,
    })
    .from(reviews)
    .leftJoin(staff, eq(staff.id, reviews.hiddenBy))
    .where(where)
    .orderBy(desc(reviews.submittedAt), desc(reviews.id))
    .limit(ADMIN_REVIEWS_PAGE_SIZE)
    .offset((Math.max(1, filter.page) - 1) * ADMIN_REVIEWS_PAGE_SIZE);
  return { reviews: rows, total: Number(total) };
}

/**
 * Hides (`hidden` true) a review from the public ratings, flagged with who and when, or shows it again. Doing what
 * is already so changes nothing. After the commit the cached pages are dropped, so the index, airport and tariffs
 * pages recount at once. Audit `review.hide` / `review.unhide`.
 *
 * @throws ReviewAdminError 404 when there is no review with this id.
 * Source: issue 15 item 7.
 */
export async function setReviewHidden(
  db: Database,
  actor: StaffActor,
  reviewId: number,
  hidden: boolean,
  now: Date,
): Promise<void> {
  const changed = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [before] = await tx
      .select({ id: reviews.id, ratingId: reviews.ratingId, hiddenAt: reviews.hiddenAt, hiddenBy: reviews.hiddenBy })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      .for('update');
    if (!before) throw new ReviewAdminError(404, 'admin.error.404.title');
    if (Boolean(before.hiddenAt) === hidden) return false;
    const after = { hiddenAt: hidden ? now : null, hiddenBy: hidden ? actor.staffId : null };
    await tx.update(reviews).set(after).where(eq(reviews.id, reviewId));
    await recordAudit(
      tx,
      actor,
      {
        action: hidden ? 'review.hide' : 'review.unhide',
        entity: 'review',
        entityId: reviewId,
        before: { ratingId: before.ratingId, hiddenAt: before.hiddenAt, hiddenBy: before.hiddenBy },
        after: { ratingId: before.ratingId, ...after },
      },
      now,
    );
    return true;
  });
  if (changed) await ratingsChanged(db);
}

/** Whether a review provider is configured (eKomi); without one the shop shows the demo reviews. */
export function reviewProviderConfigured(env: RatingsImportConfig): boolean {
  return ekomiConfigured(env);
}

/**
 * Starts an import from the configured provider now (`importRatings`, idempotent; hidden reviews stay hidden),
 * then drops the cached pages and records audit `reviews.import` with what it did (after the import's own
 * transaction: the import is a whole, the audit row follows it).
 *
 * @throws ReviewAdminError 409 `admin.reviews.error.no_provider` without a provider (nothing is imported: the
 *   demo reviews are seeded already), 409 `admin.reviews.error.import_failed` when the provider cannot be read
 *   (nothing is changed; the provider's error is its `cause`).
 * Source: issue 15 item 7, decision 0014.
 */
export async function startReviewImport(
  deps: { db: Database; env: RatingsImportConfig; fetch?: typeof fetch },
  actor: StaffActor,
  now: Date,
): Promise<RatingsImportResult> {
  if (!ekomiConfigured(deps.env)) throw new ReviewAdminError(409, 'admin.reviews.error.no_provider');
  let result: RatingsImportResult;
  try {
    result = await importRatings(deps);
  } catch (error) {
    if (error instanceof EkomiError) {
      throw new ReviewAdminError(409, 'admin.reviews.error.import_failed', {}, undefined, error);
    }
    throw error;
  }
  await recordAudit(deps.db, actor, { action: 'reviews.import', entity: 'review', after: result }, now);
  await ratingsChanged(deps.db);
  return result;
}

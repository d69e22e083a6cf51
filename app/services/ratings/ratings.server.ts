/**
 * Customer ratings as the API and the pages show them (SPEC §1, §2 "see ratings"; DESIGN §5
 * `ekomi-ratings/{id}/{page}` and `ekomi-ratings/translate/{id}`): average and count of a rating id, its reviews
 * page by page (newest first), and a review's text in another language. Reviews come into the `reviews` table
 * through `ratings-import.server.ts`. Decisions in docs/decisions/0014-ratings.md.
 */
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { airports, parkingLots, reviews } from '#database/schema.ts';
import {
  isRatingId,
  lastPageOf,
  lotRatingSummaries,
  pageFromQuery,
  pageOffset,
  parseApiPage,
  parseLotRatingId,
  parseReviewId,
  RATINGS_PAGE_SIZE,
  SHOP_RATING_ID,
  summarizeRatings,
  type RatingsPage,
  type RatingSummary,
  type ReviewTranslation,
  type ReviewView,
} from '~/domain/ratings.ts';
import { toLocale, type Locale } from '~/i18n.ts';
import { RequestError } from '../request-error.server.ts';

/** A refused ratings request: 422 `{page: [...]}` for a page that is not a whole number from 1. */
class RatingsError extends RequestError {}

/**
 * The reviews a rating id covers: the shop's own id covers every review, an airport's id its own, a lot's id
 * (`lot-<id>`, decision 0042) those that name the lot; never a review the back office hid (issue 15 item 7: kept,
 * but out of the lists and the averages).
 */
function scope(ratingId: string): SQL | undefined {
  const shown = isNull(reviews.hiddenAt);
  if (ratingId === SHOP_RATING_ID) return shown;
  const lotId = parseLotRatingId(ratingId);
  return and(shown, lotId === null ? eq(reviews.ratingId, ratingId) : eq(reviews.parkingLotId, lotId));
}

/** Whether the rating id is one the shop knows: the shop's, an airport's, a parking lot's, or one with reviews. */
async function isKnownRatingId(db: Database, ratingId: string): Promise<boolean> {
  if (ratingId === SHOP_RATING_ID) return true;
  if (!isRatingId(ratingId)) return false;
  const lotId = parseLotRatingId(ratingId);
  if (lotId !== null) {
    const [lot] = await db.select({ id: parkingLots.id }).from(parkingLots).where(eq(parkingLots.id, lotId)).limit(1);
    return lot !== undefined;
  }
  const [airport] = await db.select({ id: airports.id }).from(airports).where(eq(airports.ratingId, ratingId)).limit(1);
  if (airport) return true;
  const [review] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.ratingId, ratingId)).limit(1);
  return review !== undefined;
}

/**
 * Average (one decimal, null without reviews), count and sources of the reviews of `ratingId`; for
 * {@link SHOP_RATING_ID} over every review. One read grouped by source. Does not check that the id is known (an
 * unknown one has 0 reviews). Throws only on database errors. Source: SPEC §9 (scale 0 to 5), decisions 0014, 0042.
 */
async function loadRatingSummary(db: Database, ratingId: string): Promise<RatingSummary> {
  const rows = await db
    .select({
      source: reviews.provider,
      sum: sql<number>`sum(${reviews.rating})::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(scope(ratingId))
    .groupBy(reviews.provider);
  return summarizeRatings(ratingId, rows);
}

/**
 * The ratings of each of `parkingLotIds` in one read grouped by lot and source (the tariffs page: one figure per
 * offer without one query per lot; decision 0042). Hidden reviews are left out.
 *
 * @returns a summary per lot with reviews, keyed by lot id (id `lot-<id>`); lots without any are absent. Throws
 * only on database errors.
 */
export async function loadLotRatings(db: Database, parkingLotIds: number[]): Promise<Record<number, RatingSummary>> {
  if (parkingLotIds.length === 0) return {};
  const rows = await db
    .select({
      parkingLotId: sql<number>`${reviews.parkingLotId}`,
      source: reviews.provider,
      sum: sql<number>`sum(${reviews.rating})::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(and(isNull(reviews.hiddenAt), inArray(reviews.parkingLotId, parkingLotIds)))
    .groupBy(reviews.parkingLotId, reviews.provider);
  return lotRatingSummaries(rows.map((r) => ({ ...r, parkingLotId: Number(r.parkingLotId) })));
}

/** One page of reviews of `ratingId`, newest first (ties: the later stored first). */
async function listReviews(db: Database, ratingId: string, page: number): Promise<ReviewView[]> {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      submittedAt: reviews.submittedAt,
      locale: reviews.locale,
      source: reviews.provider,
    })
    .from(reviews)
    .where(scope(ratingId))
    .orderBy(desc(reviews.submittedAt), desc(reviews.id))
    .limit(RATINGS_PAGE_SIZE)
    .offset(pageOffset(page));
  return rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    date: r.submittedAt.toISOString(),
    locale: toLocale(r.locale),
    source: r.source,
  }));
}

/**
 * `GET ekomi-ratings/{id}/{page}` (DESIGN §5): the summary of `ratingId` and its reviews on `rawPage`
 * ({@link RATINGS_PAGE_SIZE} per page, newest first).
 *
 * @param rawPage - the page segment as sent; absent means 1 (SPEC §7).
 * @returns the page; a page past the last one is empty (`reviews: []`, `lastPage` tells the end). Null when the
 * rating id is unknown (the API answers 404). Throws `RatingsError` 422 when the page is not a whole number from
 * 1 to 99999 (`0`, `-1`, `abc`), and on database errors. Source: SPEC §7, DESIGN §5, decision 0014.
 */
export async function loadRatingsPage(
  db: Database,
  ratingId: string,
  rawPage: string | undefined,
): Promise<RatingsPage | null> {
  if (!(await isKnownRatingId(db, ratingId))) return null;
  const page = parseApiPage(rawPage);
  if (page === null) throw new RatingsError(422, 'validation.failed', { page: ['ratings.error.page'] });
  const [summary, list] = await Promise.all([loadRatingSummary(db, ratingId), listReviews(db, ratingId, page)]);
  return { ...summary, page, lastPage: lastPageOf(summary.count), reviews: list };
}

/**
 * The ratings section of a page (index, airports.show): like {@link loadRatingsPage}, but the page comes from the
 * page URL (`?bewertungen=`) and is read leniently: anything but a valid page number shows page 1, a page past the
 * end shows the last page. Throws only on database errors.
 */
export async function loadRatingsSection(db: Database, ratingId: string, rawPage: string | null): Promise<RatingsPage> {
  const summary = await loadRatingSummary(db, ratingId);
  const lastPage = lastPageOf(summary.count);
  const page = pageFromQuery(rawPage, lastPage);
  return { ...summary, page, lastPage, reviews: await listReviews(db, ratingId, page) };
}

/**
 * `GET ekomi-ratings/translate/{id}` (DESIGN §5): the review's comment in `locale` (the caller's App-Language).
 * The original when the review is in that language already (`translated: false`, nothing to do), the stored
 * translation when there is one (`translated: true`), else the original (`translated: false`); `locale` names
 * the language of the returned text.
 *
 * @returns null when no review has this id or it is hidden (the API answers 404). Throws only on database errors.
 */
export async function translateReview(db: Database, rawId: string, locale: Locale): Promise<ReviewTranslation | null> {
  const id = parseReviewId(rawId);
  if (id === null) return null;
  const [row] = await db
    .select({ comment: reviews.comment, locale: reviews.locale, translations: reviews.translations })
    .from(reviews)
    .where(and(eq(reviews.id, id), isNull(reviews.hiddenAt)))
    .limit(1);
  if (!row) return null;
  const original = toLocale(row.locale);
  const translation = original === locale ? undefined : row.translations[locale];
  return translation
    ? { id, comment: translation, locale, translated: true }
    : { id, comment: row.comment, locale: original, translated: false };
}

/**
 * Customer ratings (SPEC §1: from a third-party review provider, scale 0 to 5; SPEC §7 / DESIGN §5
 * `GET ekomi-ratings/{id}/{page}` and `GET ekomi-ratings/translate/{id}`): the shapes the API and the widget
 * share, paging and averaging. Decisions in docs/decisions/0014-ratings.md.
 */
import { parseRowId } from './row-id.ts';
import { RATING_MAX, RATING_MIN, SHOP_TIME_ZONE } from '~/constants.ts';
import type { Locale } from '~/i18n.ts';
import { intlLocale } from './localized.ts';

/**
 * Rating id of the shop as a whole (index page): its figures cover every stored review, whatever rating id it
 * belongs to (all airports plus reviews of the booking itself, filed under this id). Airports have their own
 * ids (`airports.rating_id`, e.g. `eap-fra`).
 */
export const SHOP_RATING_ID = 'eap-shop';

/** Reviews per page of `GET ekomi-ratings/{id}/{page}` and of the server-rendered list (ours, not SPEC §9). */
export const RATINGS_PAGE_SIZE = 10;

/** Highest page number the API accepts; larger numbers are refused as malformed (422), like `0` or `abc`. */
const RATINGS_MAX_PAGE = 99_999;

/** A comment longer than this many characters is shown clamped with "read more / read less" (SPEC §2). */
export const REVIEW_PREVIEW_CHARS = 280;

/** The query parameter of the review page in page URLs (`?bewertungen=2`), the no-JS "more reviews" link. */
export const REVIEWS_PAGE_PARAM = 'bewertungen';

/**
 * Where a review came from, in the order the page explains them (decision 0042): `stay` written after a completed
 * reservation at the shop (checked against the booking), `ekomi` collected by eKomi (by invitation after an
 * order), `demo` the invented sample set (not from customers, not checked). Mirrors `reviews.provider`.
 */
export const REVIEW_SOURCES = ['stay', 'ekomi', 'demo'] as const;

/** A review's source, see {@link REVIEW_SOURCES}. */
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

/**
 * One review as the API returns it: whole stars 0–5, the comment in its original language, ISO 8601 date (UTC),
 * and its `source` (added by decision 0042; DESIGN §5 allows added fields).
 */
export type ReviewView = {
  id: number;
  rating: number;
  comment: string;
  date: string;
  locale: Locale;
  source: ReviewSource;
};

/**
 * Average and count of a rating id; `average` has one decimal and is null while there is no review. `sources`:
 * the sources of the counted reviews, each once, in {@link REVIEW_SOURCES} order (empty without reviews); the page
 * derives its "how reviews are checked" statement and the sample badge from them (decision 0042).
 */
export type RatingSummary = { id: string; average: number | null; count: number; sources: ReviewSource[] };

/** One row of a grouped ratings read: the star sum and count of the shown reviews of one source. */
type SourceTotals = { source: string; sum: number; count: number };

/**
 * Rating id of one parking lot (`lot-<id>`, decision 0042): its figures cover the reviews that name the lot, so
 * offer cards compare car parks and not their airport. The API answers it like any other rating id.
 */
export function lotRatingId(parkingLotId: number): string {
  return `lot-${parkingLotId}`;
}

/** The parking lot id of a {@link lotRatingId} (`lot-12` → 12); null for any other rating id. */
export function parseLotRatingId(ratingId: string): number | null {
  const match = /^lot-([1-9][0-9]{0,9})$/.exec(ratingId);
  const id = match ? Number(match[1]) : null;
  return id !== null && id <= 2_147_483_647 ? id : null;
}

/**
 * Folds per-source totals of one rating id into its summary: count and star sum over every source, the average
 * of them all ({@link averageRating}), and the sources that have reviews, in {@link REVIEW_SOURCES} order (an
 * unknown source counts but is not named). Pure; source: decision 0042.
 */
export function summarizeRatings(id: string, totals: readonly SourceTotals[]): RatingSummary {
  let sum = 0;
  let count = 0;
  const present = new Set<string>();
  for (const row of totals) {
    if (row.count <= 0) continue;
    sum += Number(row.sum);
    count += Number(row.count);
    present.add(row.source);
  }
  const sources = REVIEW_SOURCES.filter((s) => present.has(s));
  return { id, average: averageRating(sum, count), count, sources };
}

/**
 * The per-lot summaries of the tariffs page from one grouped read (rows of `parking_lot_id, provider, sum,
 * count`; decision 0042): a summary per lot that has reviews, keyed by lot id, its id {@link lotRatingId}.
 * Lots without reviews are absent (the offer card then shows no rating). Pure.
 */
export function lotRatingSummaries(
  rows: readonly (SourceTotals & { parkingLotId: number })[],
): Record<number, RatingSummary> {
  const byLot = new Map<number, SourceTotals[]>();
  for (const row of rows) byLot.set(row.parkingLotId, [...(byLot.get(row.parkingLotId) ?? []), row]);
  const out: Record<number, RatingSummary> = {};
  for (const [lotId, totals] of byLot) {
    const summary = summarizeRatings(lotRatingId(lotId), totals);
    if (summary.count > 0) out[lotId] = summary;
  }
  return out;
}

/**
 * What the page says next to shown reviews about how they were checked to come from real customers (§ 5b Abs. 3
 * UWG; decision 0042): one statement per source shown, in {@link REVIEW_SOURCES} order, as translation keys
 * `ratings.check.<source>`: `stay` "verified stay" (tied to a completed reservation), `ekomi` eKomi's method
 * (invitation after an order), `demo` "not checked: sample data". No reviews, no statement. Pure.
 */
export function reviewCheckKeys(sources: readonly ReviewSource[]): string[] {
  return REVIEW_SOURCES.filter((s) => sources.includes(s)).map((s) => `ratings.check.${s}`);
}

/** `GET ekomi-ratings/{id}/{page}` (DESIGN §5): the summary plus one page of reviews, newest first. */
export type RatingsPage = RatingSummary & { page: number; lastPage: number; reviews: ReviewView[] };

/**
 * A review as an import stores it (provider adapters produce these): whole stars 0–5, the comment in its
 * original `locale`, translations into other locales (never into the original's).
 */
export type ImportedReview = {
  /** the provider's own id of the review (eKomi: the order id) */
  providerReviewId: string;
  ratingId: string;
  /** the parking lot reviewed (the reservation's lot), null when unknown */
  parkingLotId: number | null;
  rating: number;
  comment: string;
  locale: Locale;
  submittedAt: Date;
  translations: Partial<Record<Locale, string>>;
};

/** `GET ekomi-ratings/translate/{id}` (DESIGN §5): the comment in the asked language when a translation is stored. */
export type ReviewTranslation = { id: number; comment: string; locale: Locale; translated: boolean };

/**
 * The average of `count` ratings summing to `sum`, rounded half up to one decimal (4.25 → 4.3), clamped to the
 * scale (SPEC §9: 0 to 5). Null when `count` is 0: no reviews is not a rating of 0.
 */
export function averageRating(sum: number, count: number): number | null {
  if (!Number.isFinite(sum) || !Number.isFinite(count) || count <= 0) return null;
  const tenths = Math.round((sum * 10) / count);
  return Math.min(RATING_MAX * 10, Math.max(RATING_MIN * 10, tenths)) / 10;
}

/** The last page for `count` reviews at `pageSize` per page; at least 1 (an empty list still has its first page). */
export function lastPageOf(count: number, pageSize: number = RATINGS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, count) / pageSize));
}

/** Rows to skip for `page` (1-based). */
export function pageOffset(page: number, pageSize: number = RATINGS_PAGE_SIZE): number {
  return (page - 1) * pageSize;
}

/**
 * The page of an API path, strict: absent → 1 (SPEC §7 "page defaults to 1"); decimal digits without a leading
 * zero, 1 to {@link RATINGS_MAX_PAGE} → that number; anything else (`0`, `-1`, `2.5`, `abc`, `01`) → null (the
 * API answers 422). A page past the last one is valid here: it is an empty page.
 */
export function parseApiPage(raw: string | undefined): number | null {
  if (raw === undefined) return 1;
  if (!/^[1-9][0-9]{0,4}$/.test(raw)) return null;
  const page = Number(raw);
  return page <= RATINGS_MAX_PAGE ? page : null;
}

/**
 * The page of a page URL (`?bewertungen=`), lenient: what {@link parseApiPage} accepts, else 1, and never past
 * `lastPage` (a link from an old page still shows reviews).
 */
export function pageFromQuery(raw: string | null, lastPage: number): number {
  const page = parseApiPage(raw ?? undefined) ?? 1;
  return Math.min(page, Math.max(1, lastPage));
}

/** Whether `value` can be a rating id: 1–64 letters, digits and dashes, starting with a letter or digit. */
export function isRatingId(value: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/.test(value);
}

/** A review id of the translate endpoint: a positive integer in plain decimal, else null (the API answers 404). */
export function parseReviewId(raw: string): number | null {
  return parseRowId(raw);
}

/** Whether a comment is long enough to be clamped behind "read more" (SPEC §2). */
export function isLongReview(comment: string): boolean {
  return comment.length > REVIEW_PREVIEW_CHARS;
}

/**
 * schema.org `AggregateRating` of a summary for the page's JSON-LD, on the scale 0 to 5 (SPEC §9, so
 * `worstRating` 0 is stated, search engines assume 1 otherwise). Null when there is no review (an aggregate of
 * nothing must not be published).
 */
export function aggregateRatingLd(summary: RatingSummary): Record<string, unknown> | null {
  if (summary.average === null || summary.count === 0) return null;
  return {
    '@type': 'AggregateRating',
    ratingValue: summary.average,
    ratingCount: summary.count,
    bestRating: RATING_MAX,
    worstRating: RATING_MIN,
  };
}

/**
 * The JSON-LD document of a page that shows ratings: `subject` (a schema.org thing, e.g. `{'@type':
 * 'Organization', name}`) with its `aggregateRating` ({@link aggregateRatingLd}). Null when there is no review.
 */
export function ratingJsonLd(subject: Record<string, unknown>, summary: RatingSummary): Record<string, unknown> | null {
  const aggregateRating = aggregateRatingLd(summary);
  return aggregateRating ? { '@context': 'https://schema.org', ...subject, aggregateRating } : null;
}

const reviewDateFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * A review's date as it reads on the page, in the shop's time zone: `14. November 2026` (de), `14 November 2026`
 * (en). Returns the input when it is not a date.
 */
export function formatReviewDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = reviewDateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: SHOP_TIME_ZONE });
    reviewDateFormats.set(locale, format);
  }
  return format.format(date);
}

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

/** One review as the API returns it: whole stars 0–5, the comment in its original language, ISO 8601 date (UTC). */
export type ReviewView = { id: number; rating: number; comment: string; date: string; locale: Locale };

/** Average and count of a rating id; `average` has one decimal and is null while there is no review. */
export type RatingSummary = { id: string; average: number | null; count: number };

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

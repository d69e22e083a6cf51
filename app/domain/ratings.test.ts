import { describe, expect, it } from 'vitest';
import {
  aggregateRatingLd,
  averageRating,
  formatReviewDate,
  isLongReview,
  isRatingId,
  lastPageOf,
  lotRatingId,
  lotRatingSummaries,
  pageFromQuery,
  pageOffset,
  parseApiPage,
  parseLotRatingId,
  parseReviewId,
  ratingJsonLd,
  RATINGS_PAGE_SIZE,
  REVIEW_PREVIEW_CHARS,
  reviewCheckKeys,
  summarizeRatings,
} from './ratings.ts';

describe('averageRating', () => {
  it('rounds half up to one decimal', () => {
    expect(averageRating(23, 5)).toBe(4.6);
    expect(averageRating(17, 4)).toBe(4.3); // 4.25
    expect(averageRating(5 * 3 + 4, 4)).toBe(4.8); // 4.75
    expect(averageRating(10, 3)).toBe(3.3);
    expect(averageRating(5, 1)).toBe(5);
  });

  it('is null without reviews and stays on the 0–5 scale', () => {
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(Number.NaN, 3)).toBeNull();
    expect(averageRating(0, 7)).toBe(0);
    expect(averageRating(60, 10)).toBe(5);
  });
});

describe('paging', () => {
  it('has at least one page and ten reviews per page', () => {
    expect(RATINGS_PAGE_SIZE).toBe(10);
    expect(lastPageOf(0)).toBe(1);
    expect(lastPageOf(1)).toBe(1);
    expect(lastPageOf(10)).toBe(1);
    expect(lastPageOf(11)).toBe(2);
    expect(lastPageOf(128)).toBe(13);
    expect(pageOffset(1)).toBe(0);
    expect(pageOffset(3)).toBe(20);
  });

  it('reads API pages strictly: default 1, positive integers only', () => {
    expect(parseApiPage(undefined)).toBe(1);
    expect(parseApiPage('1')).toBe(1);
    expect(parseApiPage('42')).toBe(42);
    expect(parseApiPage('99999')).toBe(99999);
    for (const bad of ['0', '-1', '01', '1.5', '1e3', 'abc', '', ' 2', '100000']) expect(parseApiPage(bad)).toBeNull();
  });

  it('reads page URLs leniently and never past the last page', () => {
    expect(pageFromQuery(null, 5)).toBe(1);
    expect(pageFromQuery('3', 5)).toBe(3);
    expect(pageFromQuery('9', 5)).toBe(5);
    expect(pageFromQuery('x', 5)).toBe(1);
    expect(pageFromQuery('0', 5)).toBe(1);
    expect(pageFromQuery('2', 1)).toBe(1);
  });
});

describe('ids', () => {
  it('accepts rating ids of letters, digits and dashes', () => {
    expect(isRatingId('eap-fra')).toBe(true);
    expect(isRatingId('12345')).toBe(true);
    expect(isRatingId('-x')).toBe(false);
    expect(isRatingId('a/b')).toBe(false);
    expect(isRatingId('x'.repeat(65))).toBe(false);
  });

  it('accepts review ids that fit a database integer', () => {
    expect(parseReviewId('7')).toBe(7);
    expect(parseReviewId('2147483647')).toBe(2147483647);
    expect(parseReviewId('2147483648')).toBeNull();
    expect(parseReviewId('0')).toBeNull();
    expect(parseReviewId('abc')).toBeNull();
  });
});

describe('long reviews and structured data', () => {
  it('clamps comments longer than the preview', () => {
    expect(isLongReview('x'.repeat(REVIEW_PREVIEW_CHARS))).toBe(false);
    expect(isLongReview('x'.repeat(REVIEW_PREVIEW_CHARS + 1))).toBe(true);
  });

  it('publishes an AggregateRating on the 0–5 scale, none without reviews', () => {
    expect(aggregateRatingLd({ id: 'eap-fra', average: 4.6, count: 128, sources: ['demo'] })).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.6,
      ratingCount: 128,
      bestRating: 5,
      worstRating: 0,
    });
    expect(aggregateRatingLd({ id: 'eap-ksf', average: null, count: 0, sources: [] })).toBeNull();
    expect(
      ratingJsonLd(
        { '@type': 'Organization', name: 'Parkplatz-Shop' },
        { id: 'x', average: 4, count: 2, sources: ['ekomi'] },
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Parkplatz-Shop',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, ratingCount: 2, bestRating: 5, worstRating: 0 },
    });
    expect(ratingJsonLd({ '@type': 'Organization' }, { id: 'x', average: null, count: 0, sources: [] })).toBeNull();
  });
});

describe('formatReviewDate', () => {
  it("reads as a long date in the shop's time zone", () => {
    expect(formatReviewDate('2026-11-14T23:30:00.000Z', 'de')).toBe('15. November 2026');
    expect(formatReviewDate('2026-11-14T10:00:00.000Z', 'en')).toBe('14 November 2026');
    expect(formatReviewDate('kein Datum', 'de')).toBe('kein Datum');
  });
});

describe('summarizeRatings (decision 0042)', () => {
  it('adds up every source and names the sources in a fixed order', () => {
    const summary = summarizeRatings('eap-fra', [
      { source: 'demo', sum: 14, count: 3 },
      { source: 'ekomi', sum: 9, count: 2 },
    ]);
    expect(summary).toEqual({ id: 'eap-fra', average: 4.6, count: 5, sources: ['ekomi', 'demo'] });
  });

  it('has no average and no sources without reviews', () => {
    expect(summarizeRatings('eap-ksf', [])).toEqual({ id: 'eap-ksf', average: null, count: 0, sources: [] });
    expect(summarizeRatings('x', [{ source: 'stay', sum: 0, count: 0 }]).sources).toEqual([]);
  });
});

describe('lotRatingSummaries (decision 0042)', () => {
  it('gives each lot its own average and count from one grouped read; lots without reviews are absent', () => {
    const byLot = lotRatingSummaries([
      { parkingLotId: 1, source: 'demo', sum: 45, count: 10 },
      { parkingLotId: 2, source: 'demo', sum: 12, count: 3 },
      { parkingLotId: 2, source: 'stay', sum: 5, count: 1 },
    ]);
    expect(byLot).toEqual({
      1: { id: 'lot-1', average: 4.5, count: 10, sources: ['demo'] },
      2: { id: 'lot-2', average: 4.3, count: 4, sources: ['stay', 'demo'] },
    });
    expect(byLot[3]).toBeUndefined();
    expect(lotRatingSummaries([])).toEqual({});
  });

  it('names a lot by a rating id of its own, read back strictly', () => {
    expect(lotRatingId(12)).toBe('lot-12');
    expect(parseLotRatingId('lot-12')).toBe(12);
    for (const id of ['lot-0', 'lot-012', 'lot-', 'lot-1.5', 'eap-fra', 'lot-99999999999']) {
      expect(parseLotRatingId(id)).toBeNull();
    }
    expect(isRatingId(lotRatingId(2_147_483_647))).toBe(true);
  });
});

describe('reviewCheckKeys: how shown reviews were checked (§ 5b Abs. 3 UWG, decision 0042)', () => {
  it('says "not checked" for demo reviews, the provider\'s method for eKomi, "verified stay" for stays', () => {
    expect(reviewCheckKeys(['demo'])).toEqual(['ratings.check.demo']);
    expect(reviewCheckKeys(['ekomi'])).toEqual(['ratings.check.ekomi']);
    expect(reviewCheckKeys(['stay'])).toEqual(['ratings.check.stay']);
  });

  it('explains each source shown, verified first, and says nothing without reviews', () => {
    expect(reviewCheckKeys(['ekomi', 'stay'])).toEqual(['ratings.check.stay', 'ratings.check.ekomi']);
    expect(reviewCheckKeys([])).toEqual([]);
  });
});

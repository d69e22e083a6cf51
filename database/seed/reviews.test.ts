/**
 * The demo reviews (decision 0014): deterministic, a few dozen per active airport, mostly 4–5 stars, German and
 * English, long ones for "read more" and stored translations on the first page of every rating id.
 */
import { describe, expect, it } from 'vitest';
import { AIRPORTS } from './airports.ts';
import { PARKING } from './parking.ts';
import { demoLotKey, demoReviews } from './reviews.ts';

const rows = demoReviews();
const byRatingId = new Map<string, typeof rows>();
for (const row of rows) byRatingId.set(row.ratingId, [...(byRatingId.get(row.ratingId) ?? []), row]);

describe('demo reviews', () => {
  it('are the same rows every time, with unique provider ids', () => {
    expect(demoReviews()).toEqual(rows);
    expect(new Set(rows.map((r) => r.providerReviewId)).size).toBe(rows.length);
    expect(rows.every((r) => r.provider === 'demo')).toBe(true);
  });

  it('give every active airport a few dozen reviews, the locked one none, the shop its own', () => {
    for (const airport of AIRPORTS) {
      const count = byRatingId.get(airport.ratingId!)?.length ?? 0;
      if (airport.status === 'locked') expect(count).toBe(0);
      else expect(count).toBeGreaterThanOrEqual(24);
    }
    expect(byRatingId.get('eap-shop')?.length).toBe(14);
  });

  it('are each about a lot of their airport, lots differ, and a lot of a four-lot airport has none (decision 0042)', () => {
    for (const airport of AIRPORTS) {
      const list = byRatingId.get(airport.ratingId!) ?? [];
      const keys = (PARKING[airport.iata] ?? []).map((lot) => demoLotKey(airport.iata, lot.name));
      for (const row of list) expect(keys).toContain(row.lotKey);
      if (list.length === 0) continue;
      const reviewed = new Set(list.map((r) => r.lotKey));
      expect(reviewed.size).toBe(keys.length >= 4 ? keys.length - 1 : keys.length);
      if (keys.length >= 4) expect(reviewed.has(keys[keys.length - 1])).toBe(false);
    }
    expect(byRatingId.get('eap-shop')!.every((r) => r.lotKey === null)).toBe(true);
    const fra = byRatingId.get('eap-fra')!;
    const figures = (key: string) => {
      const lot = fra.filter((r) => r.lotKey === key);
      return `${lot.length}:${(lot.reduce((a, r) => a + r.rating, 0) / lot.length).toFixed(1)}`;
    };
    expect(figures('FRA/Parkplatz P4 Kelsterbach')).not.toBe(figures('FRA/Parkhalle Walldorf'));
  });

  it('rate mostly 4–5 stars on the 1–5 scale, with some 2–3', () => {
    const stars = rows.map((r) => r.rating);
    expect(stars.every((s) => Number.isInteger(s) && s >= 1 && s <= 5)).toBe(true);
    expect(stars.filter((s) => s >= 4).length / stars.length).toBeGreaterThan(0.75);
    expect(stars.filter((s) => s === 2 || s === 3).length).toBeGreaterThan(10);
  });

  it('mix German and English, name their airport, and translate about half', () => {
    const english = rows.filter((r) => r.locale === 'en');
    expect(english.length / rows.length).toBeGreaterThan(0.1);
    expect(english.length / rows.length).toBeLessThan(0.35);
    const translated = rows.filter((r) => Object.keys(r.translations ?? {}).length > 0);
    expect(translated.length / rows.length).toBeGreaterThan(0.35);
    for (const r of translated) expect(Object.keys(r.translations!)).toEqual([r.locale === 'de' ? 'en' : 'de']);
    expect(rows.some((r) => r.comment.includes('{ap}'))).toBe(false);
    expect(rows.some((r) => r.comment.includes('am Flughafen Frankfurt'))).toBe(true);
  });

  it('put a long review and an English one with a German translation on every first page', () => {
    for (const [, list] of byRatingId) {
      const newest = [...list].sort((a, b) => b.submittedAt.getTime() - a.submittedAt.getTime()).slice(0, 10);
      expect(newest.some((r) => r.comment.length > 280)).toBe(true);
      expect(newest.some((r) => r.locale === 'en' && r.translations?.de)).toBe(true);
    }
  });
});

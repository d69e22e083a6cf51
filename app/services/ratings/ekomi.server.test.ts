/**
 * The eKomi adapter against a fixture in the shape of eKomi's v3 `getFeedback` JSON answer
 * (`tests/fixtures/ekomi-feedback.json`: numbers as numbers or strings, a shop reply, an empty text, and rows
 * without order id, date or with a rating off the scale).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EkomiError, ekomiToReviews, fetchEkomiFeedback, type EkomiConfig } from './ekomi.server.ts';

const FIXTURE = fs.readFileSync(new URL('../../../tests/fixtures/ekomi-feedback.json', import.meta.url), 'utf8');

function config(answer: () => Response | Promise<Response>, seen: URL[] = []): EkomiConfig {
  return {
    interfaceId: '104711',
    interfacePassword: 's3cr3t-pw',
    apiUrl: 'https://api.ekomi.example/v3/',
    fetch: (async (input: URL) => {
      seen.push(new URL(input));
      return answer();
    }) as typeof fetch,
  };
}

describe('fetchEkomiFeedback', () => {
  it('asks getFeedback for every review as JSON and keeps the rows of the documented shape', async () => {
    const seen: URL[] = [];
    const { rows, skipped } = await fetchEkomiFeedback(config(() => new Response(FIXTURE), seen));
    expect(seen).toHaveLength(1);
    expect(seen[0].origin + seen[0].pathname).toBe('https://api.ekomi.example/v3/getFeedback');
    expect(Object.fromEntries(seen[0].searchParams)).toEqual({
      auth: '104711|s3cr3t-pw',
      version: 'cust-1.0.0',
      type: 'json',
      charset: 'utf-8',
      range: 'all',
    });
    expect(rows).toHaveLength(9);
    expect(skipped).toBe(2); // no order id, no date
    expect(rows[1]).toEqual({
      submitted: 1763201655,
      order_id: '3FQ8ZP1T',
      rating: 4,
      review: 'Preis-Leistung top. Bei der Rückfahrt mussten wir ca. 20 Minuten warten, sonst alles bestens.',
    });
    expect(rows[5].order_id).toBe('20231188');
  });

  it('fails with EkomiError, never with the credentials, when eKomi cannot be read', async () => {
    const cases: (() => Response)[] = [
      () => new Response('Access denied', { status: 200 }),
      () => new Response('{"error":"Invalid auth"}', { status: 200 }),
      () => new Response('', { status: 503 }),
      () => {
        throw new TypeError('fetch failed');
      },
    ];
    for (const answer of cases) {
      const error = await fetchEkomiFeedback(config(answer)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EkomiError);
      expect(String((error as Error).message)).not.toContain('s3cr3t');
    }
  });
});

describe('ekomiToReviews', () => {
  it('files reviews by order id (airport and lot), keeps whole stars 0–5, trims, guesses the language', async () => {
    const { rows } = await fetchEkomiFeedback(config(() => new Response(FIXTURE)));
    const { reviews, skipped } = ekomiToReviews(rows, (orderId) =>
      orderId === '7K2M9QXA' ? { ratingId: 'eap-fra', parkingLotId: 3 } : { ratingId: 'eap-shop', parkingLotId: null },
    );
    expect(skipped).toBe(1); // rating 7
    expect(reviews).toHaveLength(8);
    expect(reviews[0]).toMatchObject({
      providerReviewId: '7K2M9QXA',
      ratingId: 'eap-fra',
      parkingLotId: 3,
      rating: 5,
      locale: 'de',
      submittedAt: new Date(1763373421 * 1000),
      translations: {},
    });
    expect(reviews.filter((r) => r.ratingId === 'eap-shop' && r.parkingLotId === null)).toHaveLength(7);
    expect(reviews[2].locale).toBe('en');
    expect(reviews[4].comment).toBe('Alles perfekt.');
    expect(reviews[6]).toMatchObject({ providerReviewId: 'W8PJ3Y5D', comment: '', rating: 5 }); // counts, no text
    expect(reviews.every((r) => Number.isInteger(r.rating) && r.rating >= 0 && r.rating <= 5)).toBe(true);
  });
});

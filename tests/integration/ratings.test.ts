/**
 * The ratings API (SPEC §7, DESIGN §5; decision 0014) over the seeded demo reviews: shapes, paging bounds
 * (page 0, past the end, not a number), unknown ids, the shop's own rating over every review, translations.
 * Every refusal is JSON with a translated message, never HTML and never a 500.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../database/schema.ts';
import { loader as airportLoader } from '../../app/routes/airports-show.tsx';
import { loadRatingsSection } from '../../app/services/ratings/ratings.server.ts';
import { ApiClient, createTestApp, routeContext, type TestApp } from './harness.ts';

let test: TestApp;
let client: ApiClient;
let fraCount: number;

/** Count and rounded average of the stored reviews (all, or of one rating id), straight from the database. */
async function stored(ratingId?: string) {
  const [row] = await test.ctx.db
    .select({ count: sql<number>`count(*)::int`, avg: sql<string>`round(avg(${reviews.rating}), 1)` })
    .from(reviews)
    .where(ratingId ? eq(reviews.ratingId, ratingId) : undefined);
  return { count: Number(row.count), average: Number(row.avg) };
}

beforeAll(async () => {
  test = await createTestApp();
  client = new ApiClient(test);
  fraCount = (await stored('eap-fra')).count;
});
afterAll(() => test.close());

/** A refusal: JSON `{message}` (plus `errors` for a 422), never an HTML page. */
function expectJsonError(res: supertest.Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.body.message).toEqual(expect.any(String));
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('GET /api/ekomi-ratings/{id}/{page}', () => {
  it('answers the first page, newest first, with the average over every review of the id', async () => {
    const res = await client.get('ekomi-ratings/eap-fra');
    expect(res.status).toBe(200);
    expect(fraCount).toBeGreaterThan(20);
    const { average, count } = await stored('eap-fra');
    expect(res.body).toMatchObject({ id: 'eap-fra', average, count, page: 1, lastPage: Math.ceil(count / 10) });
    // DESIGN §5's fields, plus `sources` and each review's `source` (decision 0042: added, none removed)
    expect(Object.keys(res.body).sort()).toEqual(['average', 'count', 'id', 'lastPage', 'page', 'reviews', 'sources']);
    expect(res.body.sources).toEqual(['demo']);
    expect(res.body.reviews).toHaveLength(10);
    for (const review of res.body.reviews) {
      expect(Object.keys(review).sort()).toEqual(['comment', 'date', 'id', 'locale', 'rating', 'source']);
      expect(review.source).toBe('demo');
      expect(review).toMatchObject({ id: expect.any(Number), rating: expect.any(Number), locale: expect.any(String) });
      expect(new Date(review.date).toISOString()).toBe(review.date);
    }
    const dates = res.body.reviews.map((r: { date: string }) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const [newest] = await test.ctx.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.ratingId, 'eap-fra'))
      .orderBy(desc(reviews.submittedAt))
      .limit(1);
    expect(res.body.reviews[0].id).toBe(newest.id);
  });

  it('is public, cacheable data: short max-age, no session cookie', async () => {
    const res = await supertest(test.app).get('/api/ekomi-ratings/eap-fra/1').set('X-Requested-With', 'XMLHttpRequest');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('defaults to page 1 and pages through every review exactly once', async () => {
    const first = await client.get('ekomi-ratings/eap-fra');
    const explicit = await client.get('ekomi-ratings/eap-fra/1');
    expect(explicit.body).toEqual(first.body);
    const ids: number[] = [];
    for (let page = 1; page <= first.body.lastPage; page++) {
      const res = await client.get(`ekomi-ratings/eap-fra/${page}`);
      expect(res.body.page).toBe(page);
      expect(res.body.reviews.length).toBe(page < first.body.lastPage ? 10 : fraCount - (page - 1) * 10);
      ids.push(...res.body.reviews.map((r: { id: number }) => r.id));
    }
    expect(ids).toHaveLength(fraCount);
    expect(new Set(ids).size).toBe(fraCount);
  });

  it('answers a page past the end with no reviews and the real last page (200)', async () => {
    const { body: first } = await client.get('ekomi-ratings/eap-fra');
    for (const page of [first.lastPage + 1, 99999]) {
      const res = await client.get(`ekomi-ratings/eap-fra/${page}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...first, page, reviews: [] });
    }
  });

  it('refuses a page that is not a whole number from 1 with 422 JSON naming the field', async () => {
    for (const page of ['0', '-1', 'abc', '1.5', '01', '1e2', '100000', '%20']) {
      const res = await client.get(`ekomi-ratings/eap-fra/${page}`);
      expectJsonError(res, 422);
      expect(Object.keys(res.body.errors)).toEqual(['page']);
    }
    const en = await client.get('ekomi-ratings/eap-fra/0', { 'App-Language': 'en' });
    expect(en.body.errors.page).toEqual(['The page must be a whole number from 1.']);
    const de = await client.get('ekomi-ratings/eap-fra/0', { 'App-Language': 'de' });
    expect(de.body.errors.page).toEqual(['Die Seite muss eine ganze Zahl ab 1 sein.']);
  });

  it('answers 404 JSON for unknown or malformed rating ids, whatever the page', async () => {
    for (const path of [
      'ekomi-ratings/eap-xyz',
      'ekomi-ratings/eap-xyz/1',
      'ekomi-ratings/eap-xyz/abc',
      'ekomi-ratings/12345',
      'ekomi-ratings/a%20b',
      `ekomi-ratings/${'x'.repeat(300)}`,
      'ekomi-ratings/translate',
      'ekomi-ratings/eap-fra/2/3',
    ]) {
      expectJsonError(await client.get(path), 404);
    }
    const en = await client.get('ekomi-ratings/eap-xyz', { 'App-Language': 'en' });
    expect(en.body).toEqual({ message: 'This rating id is unknown.' });
  });

  it('answers a known id without reviews (a locked airport) with an empty first page', async () => {
    const res = await client.get('ekomi-ratings/eap-ksf');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: 'eap-ksf',
      average: null,
      count: 0,
      sources: [],
      page: 1,
      lastPage: 1,
      reviews: [],
    });
    expect((await client.get('ekomi-ratings/eap-ksf/2')).body).toMatchObject({ page: 2, lastPage: 1, reviews: [] });
  });

  it("covers every review under the shop's own rating id", async () => {
    const all = await stored();
    const res = await client.get('ekomi-ratings/eap-shop');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'eap-shop', count: all.count, average: all.average });
    expect(all.count).toBeGreaterThan(300);
  });

  it('needs the X-Requested-With header like every API call (400 JSON)', async () => {
    const res = await supertest(test.app).get('/api/ekomi-ratings/eap-fra');
    expectJsonError(res, 400);
  });
});

describe('GET /api/ekomi-ratings/translate/{id}', () => {
  it('returns the stored translation in the App-Language, else the original', async () => {
    const [english] = await test.ctx.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.locale, 'en'), sql`${reviews.translations} ? 'de'`))
      .limit(1);
    const de = await client.get(`ekomi-ratings/translate/${english.id}`, { 'App-Language': 'de' });
    expect(de.status).toBe(200);
    expect(de.body).toEqual({ id: english.id, comment: english.translations.de, locale: 'de', translated: true });
    expect(de.headers['vary']).toMatch(/App-Language/);
    expect(de.headers['cache-control']).toBe('public, max-age=300');

    const en = await client.get(`ekomi-ratings/translate/${english.id}`, { 'App-Language': 'en' });
    expect(en.body).toEqual({ id: english.id, comment: english.comment, locale: 'en', translated: false });
  });

  it('answers the original with translated: false when there is no translation', async () => {
    const [german] = await test.ctx.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.locale, 'de'), sql`not (${reviews.translations} ? 'en')`))
      .limit(1);
    const res = await client.get(`ekomi-ratings/translate/${german.id}`, { 'App-Language': 'en' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: german.id, comment: german.comment, locale: 'de', translated: false });
  });

  it('answers 404 JSON for an unknown or malformed review id', async () => {
    for (const id of ['999999', '0', '-3', 'abc', '1.5', '99999999999']) {
      expectJsonError(await client.get(`ekomi-ratings/translate/${id}`), 404);
    }
    const en = await client.get('ekomi-ratings/translate/999999', { 'App-Language': 'en' });
    expect(en.body).toEqual({ message: 'This review does not exist.' });
  });
});

describe('the ratings section of a page (?bewertungen=)', () => {
  it('reads the page leniently: anything odd is page 1, past the end the last page', async () => {
    const lastPage = Math.ceil(fraCount / 10);
    for (const [raw, page] of [
      [null, 1],
      ['2', 2],
      ['abc', 1],
      ['0', 1],
      ['999', lastPage],
    ] as const) {
      const section = await loadRatingsSection(test.ctx.db, 'eap-fra', raw);
      expect(section).toMatchObject({ id: 'eap-fra', count: fraCount, page, lastPage });
      expect(section.reviews.length).toBeGreaterThan(0);
    }
  });

  it("puts the airport's ratings and their JSON-LD into the airports.show loader", async () => {
    const run = async (url: string) =>
      airportLoader({
        request: new Request(url),
        params: { airport: 'frankfurt' },
        context: routeContext({
          app: test.ctx,
          session: await test.ctx.sessions.load(undefined),
          cspNonce: '',
          clientIp: '127.0.0.1',
        }),
      } as unknown as Parameters<typeof airportLoader>[0]);
    const data = await run('http://shop.test/parkplatz/frankfurt?bewertungen=2');
    expect(data.ratings).toMatchObject({ id: 'eap-fra', page: 2, count: fraCount });
    expect(data.jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Service',
      areaServed: { '@type': 'Airport', iataCode: 'FRA' },
      aggregateRating: { '@type': 'AggregateRating', ratingCount: fraCount, bestRating: 5, worstRating: 0 },
    });
  });
});

/**
 * Sorting and filtering the tariffs page's offers (issue 37 item 3, "Done when"): the service applies the choice
 * (`searchTariffs` with an `OfferQuery`), and the page answers every GET query: the chosen order and filters, the
 * same HTML for the same query (cacheable per URL: the page cache serves the second request), the client
 * navigation's data, and bad values ignored with a 200, never a 500.
 */
import fc from 'fast-check';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OFFER_QUERY } from '../../app/domain/offer-filters.ts';
import { searchTariffs } from '../../app/services/checkout/tariffs-page.server.ts';
import { fuzzOptions } from './fuzz.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { startPagesApp, type PagesApp } from './pages-app.ts';

const NOW = new Date('2026-11-21T09:00:00Z');
const STAY = { entry: '2026-12-07T08:00', exit: '2026-12-14T18:00' };
const BASE = `/buchung/tarife?airport=frankfurt&entry=${STAY.entry}&exit=${STAY.exit}`;

let test: TestApp;
let pages: PagesApp;

beforeAll(async () => {
  test = await createTestApp({ now: NOW });
  pages = await startPagesApp(test, { pageCacheSeconds: 60 });
  // The first render compiles the page's modules: here, not in a test's time.
  await page(BASE);
}, 180_000);
afterAll(async () => {
  await pages?.close();
  await test?.close();
});

/** A page GET as a browser sends it (a fixed Host: it is part of the page cache's key). */
function page(url: string) {
  return supertest(pages.app).get(url).set('Host', 'shop.test').set('Accept', 'text/html');
}

/** The offer cards of a page's HTML: tariff id and distance in the order shown. */
function cards(html: string) {
  return [...html.matchAll(/<article[^>]*data-tariff-id="(\d+)"[^>]*data-distance-meters="(\d+)"/g)].map((m) => ({
    id: Number(m[1]),
    distance: Number(m[2]),
  }));
}

/** The page without what differs per visitor (its CSRF token, its CSP nonce). */
function withoutVisitor(res: supertest.Response) {
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(res.text)![1];
  const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1];
  return res.text.replaceAll(token, '…').replaceAll(nonce, '…');
}

describe('searchTariffs with a sort and filters', () => {
  it('filters covered and sorts by distance; offerTotal counts before filtering', async () => {
    const all = await searchTariffs(test.ctx.db, { airport: 'frankfurt', ...STAY }, { now: NOW, locale: 'de' });
    const chosen = await searchTariffs(
      test.ctx.db,
      { airport: 'frankfurt', ...STAY },
      { now: NOW, locale: 'de', offerQuery: { ...DEFAULT_OFFER_QUERY, sort: 'entfernung', covered: true } },
    );
    expect(chosen.offerTotal).toBe(all.offers.length);
    expect(chosen.offers.length).toBeGreaterThan(0);
    expect(chosen.offers.length).toBeLessThan(all.offers.length);
    expect(chosen.offers.every((o) => o.features.covered)).toBe(true);
    const distances = chosen.offers.map((o) => o.distanceMeters);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(chosen.offerQuery).toMatchObject({ sort: 'entfernung', covered: true });
  });

  it('keeps free cancellation only while the deadline is ahead (24 h before entry)', async () => {
    const soon = { entry: '2026-11-22T08:00', exit: '2026-11-24T18:00' };
    const freeOnly = { ...DEFAULT_OFFER_QUERY, freeCancellation: true };
    const late = await searchTariffs(
      test.ctx.db,
      { airport: 'frankfurt', ...soon },
      { now: NOW, locale: 'de', offerQuery: freeOnly },
    );
    expect(late.offerTotal).toBeGreaterThan(0);
    expect(late.offers).toEqual([]);
    const early = await searchTariffs(
      test.ctx.db,
      { airport: 'frankfurt', ...STAY },
      { now: NOW, locale: 'de', offerQuery: freeOnly },
    );
    expect(early.offers.length).toBe(early.offerTotal);
    // the cards say so, too
    const html = (await page(`/buchung/tarife?airport=frankfurt&entry=${soon.entry}&exit=${soon.exit}`)).text;
    expect(cards(html).length).toBeGreaterThan(0);
    expect(html.split('Kostenlose Stornierung nicht mehr möglich (nur bis 24 Std. vor Einfahrt)').length - 1).toBe(
      cards(html).length,
    );
  });
});

describe('GET /buchung/tarife with sortierung and filters', () => {
  it('answers the chosen order and filters, in German and English', async () => {
    const all = cards((await page(BASE)).text);
    const res = await page(`${BASE}&sortierung=entfernung&ueberdacht=1`);
    expect(res.status).toBe(200);
    const shown = cards(res.text);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(all.length);
    expect(shown.map((c) => c.distance)).toEqual([...shown.map((c) => c.distance)].sort((a, b) => a - b));
    expect(res.text).toContain('role="search"');
    expect(res.text).toMatch(new RegExp(`${shown.length} von ${all.length} Angeboten`));
    // the search form carries the choice to the next stay
    expect(res.text).toContain('<input type="hidden" name="sortierung" value="entfernung"/>');
    expect(res.text).toContain('<input type="hidden" name="ueberdacht" value="1"/>');

    const en = await page(`/en${BASE}&sortierung=entfernung&ueberdacht=1`);
    expect(en.status).toBe(200);
    expect(cards(en.text).map((c) => c.id)).toEqual(shown.map((c) => c.id));
    expect(en.text).toMatch(new RegExp(`${shown.length} of ${all.length} offers`));
    expect(en.text).toContain('Sort and filter offers');
  });

  it('says so when nothing is left, with a link that resets the filters and keeps the sort', async () => {
    const res = await page(`${BASE}&sortierung=preis&kategorie=valet&schluessel=1`);
    expect(res.status).toBe(200);
    expect(cards(res.text)).toEqual([]);
    expect(res.text).toContain('Kein Angebot passt zu allen gewählten Filtern.');
    const reset = /<a [^>]*data-offer-filters-reset[^>]*href="([^"]+)"/.exec(res.text)?.[1];
    expect(reset?.replaceAll('&amp;', '&')).toBe(
      `/buchung/tarife?airport=frankfurt&entry=${encodeURIComponent(STAY.entry)}&exit=${encodeURIComponent(STAY.exit)}&sortierung=preis`,
    );
  });

  it('gives the same HTML for the same query, from the page cache', async () => {
    const url = `${BASE}&kategorie=shuttle&kategorie=terminal&sortierung=preis`;
    const first = await page(url);
    const second = await page(url);
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(withoutVisitor(second)).toBe(withoutVisitor(first));
    // another choice is another page
    const other = await page(`${BASE}&kategorie=valet`);
    expect(other.headers['x-page-cache']).not.toBe('hit');
    expect(cards(other.text).map((c) => c.id)).not.toEqual(cards(first.text).map((c) => c.id));
  });

  it('answers the client navigation’s data for a choice', async () => {
    const res = await supertest(pages.app)
      .get(`/buchung/tarife.data?airport=frankfurt&entry=${STAY.entry}&exit=${STAY.exit}&ueberdacht=1`)
      .set('Host', 'shop.test');
    expect(res.status).toBe(200);
    expect(res.text).toContain('offerQuery');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('ignores unknown and malformed values: the default list, status 200', async () => {
    const plain = cards((await page(BASE)).text).map((c) => c.id);
    for (const query of [
      '&sortierung=billig',
      '&sortierung[]=preis',
      '&kategorie=bus&kategorie=%3Cscript%3E',
      '&ueberdacht=ja&schluessel=0&laden=&storno=true',
      `&sortierung=${'x'.repeat(3000)}`,
      '&sortierung=%E0%A4%A',
    ]) {
      const res = await page(`${BASE}${query}`);
      expect(res.status, query).toBe(200);
      expect(
        cards(res.text).map((c) => c.id),
        query,
      ).toEqual(plain);
    }
  });

  it('never answers a 500, whatever the query', async () => {
    const name = fc.constantFrom('sortierung', 'kategorie', 'ueberdacht', 'schluessel', 'laden', 'storno', 'x');
    const value = fc.oneof(
      fc.constantFrom('1', '0', 'preis', 'entfernung', 'transfer', 'bewertung', 'valet', 'shuttle', '%', '%00'),
      fc.string({ maxLength: 20 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(name, value), { maxLength: 6 }), async (pairs) => {
        const query = pairs.map(([n, v]) => `&${n}=${encodeURIComponent(v)}`).join('');
        const res = await page(`${BASE}${query}`);
        expect(res.status, query).toBe(200);
      }),
      fuzzOptions(25),
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingPrice, selectPriceList } from '../../app/domain/pricing.ts';
import { billableDays } from '../../app/domain/stay.ts';
import { listAirports, loadTariffs, searchOffers } from '../../app/services/catalogue/catalog.server.ts';
import { createTestApp, type TestApp } from './harness.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ now: new Date('2026-11-21T09:00:00Z') });
});
afterAll(() => test.close());

// Issue 2 "Done when": a week next month at any seeded airport shows priced tariffs whose totals match the
// price lists; a locked airport shows none.
describe('offers for a week next month at every seeded airport', () => {
  const entry = '2026-12-07T08:00';
  const exit = '2026-12-13T20:00';

  it('prices every tariff of every active airport from its price list', async () => {
    const airports = await listAirports(test.ctx.db);
    expect(airports.length).toBeGreaterThanOrEqual(13);
    for (const airport of airports) {
      const search = await searchOffers(test.ctx.db, { airport, entry, exit, now: test.ctx.now(), locale: 'de' });
      if (airport.status === 'locked') {
        expect(search.offers, airport.iata).toEqual([]);
        continue;
      }
      const tariffs = await loadTariffs(test.ctx.db, airport.id);
      expect(search.offers.length, airport.iata).toBe(tariffs.length);
      expect(new Set(search.offers.map((o) => o.category)).size, airport.iata).toBeGreaterThanOrEqual(2);
      for (const offer of search.offers) {
        const tariff = tariffs.find((t) => t.id === offer.tariffId)!;
        const expected = parkingPrice(
          selectPriceList(tariff.priceLists, entry.slice(0, 10)),
          billableDays(entry, exit),
        );
        expect(offer.price?.billableDays, `${airport.iata} ${offer.name}`).toBe(7);
        // one person (within every tariff's included persons), no child seats: the total is the parking price
        expect(offer.price?.totalCents, `${airport.iata} ${offer.name}`).toBe(expected);
        expect(offer.price?.perDayCents).toBe(Math.round(expected / 7));
        expect(offer.soldOut).toBe(false);
      }
    }
  });

  it('uses the Christmas season where a tariff has one', async () => {
    const airports = await listAirports(test.ctx.db);
    let seasonal = 0;
    for (const airport of airports.filter((a) => a.status === 'active')) {
      for (const tariff of await loadTariffs(test.ctx.db, airport.id)) {
        const season = tariff.priceLists.find((l) => l.validFrom === '2026-12-18');
        if (!season) continue;
        seasonal += 1;
        const search = await searchOffers(test.ctx.db, {
          airport,
          entry: '2026-12-20T08:00',
          exit: '2026-12-27T18:00',
          now: test.ctx.now(),
          locale: 'de',
        });
        const offer = search.offers.find((o) => o.tariffId === tariff.id)!;
        expect(offer.price?.totalCents).toBe(parkingPrice(season, 8));
      }
    }
    expect(seasonal).toBeGreaterThan(0);
  });
});

import { catalogueChanged } from '../../app/services/cache-events.server.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceLists, tariffDays, tariffs as tariffTable } from '../../database/schema.ts';
import { fromPriceStay } from '../../app/domain/from-price.ts';
import {
  findAirportBySlug,
  listMapLots,
  loadFromPrices,
  loadTariffs,
} from '../../app/services/catalogue/catalog.server.ts';
import { searchTariffs } from '../../app/services/checkout/tariffs-page.server.ts';
import { loader } from '../../app/routes/airports-show.tsx';
import { loadAirportPage } from '../../app/services/catalogue/airport-page.server.ts';
import { createTestApp, routeContext, type TestApp } from './harness.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ now: new Date('2026-11-21T09:00:00Z') });
});
afterAll(() => test.close());

async function loadRoute(slug: string) {
  const args = {
    request: new Request(`http://shop.test/parkplatz/${slug}`),
    params: { airport: slug },
    context: routeContext({
      app: test.ctx,
      session: await test.ctx.sessions.load(undefined),
      cspNonce: '',
      clientIp: '127.0.0.1',
    }),
  };
  return loader(args as unknown as Parameters<typeof loader>[0]);
}

describe('airports.show "from" prices (issue 30 item 3)', () => {
  /** The tariffs page's offer of `tariffId` for the stay a price names (the service behind the page). */
  async function offerFor(slug: string, tariffId: number, stay: { entry: string; exit: string }) {
    const page = await searchTariffs(test.ctx.db, { airport: slug, ...stay }, { now: test.ctx.now(), locale: 'de' });
    expect(page.errors, `${slug} ${stay.entry}`).toEqual({});
    return page.offers.find((o) => o.tariffId === tariffId)!;
  }

  it('names for every tariff a stay the tariffs page offers at exactly that price', async () => {
    for (const slug of ['frankfurt', 'muenchen', 'stuttgart']) {
      const page = (await loadAirportPage(test.ctx.db, slug, { locale: 'de', now: test.ctx.now() }))!;
      expect(page.tariffs.length, slug).toBeGreaterThan(0);
      for (const row of page.tariffs) {
        for (const price of [row.oneDay!, row.oneWeek!]) {
          // 10:00 in Germany: today's 08:00 entry has passed, so the first stay enters tomorrow
          expect(price.entry, `${slug} ${row.name}`).toBe('2026-11-22T08:00');
          for (const entryDate of [price.entry.slice(0, 10), price.lastEntryDate]) {
            const offer = await offerFor(slug, row.id, fromPriceStay(entryDate, price.billableDays));
            expect(offer.soldOut, `${slug} ${row.name} ${entryDate}`).toBe(false);
            expect(offer.violations).toEqual([]);
            expect(offer.price?.totalCents, `${slug} ${row.name} ${entryDate}`).toBe(price.totalCents);
            expect(offer.price?.billableDays).toBe(price.billableDays);
          }
        }
      }
    }
  }, 120_000);

  it('holds until the Christmas season, whose dearer week it does not claim', async () => {
    const page = (await loadAirportPage(test.ctx.db, 'frankfurt', { locale: 'de', now: test.ctx.now() }))!;
    const seasonal = page.tariffs.filter((row) => row.oneWeek!.lastEntryDate === '2026-12-17');
    expect(seasonal.length).toBeGreaterThan(0);
    for (const row of seasonal) {
      const christmasWeek = await offerFor('frankfurt', row.id, fromPriceStay('2026-12-18', 8));
      expect(christmasWeek.price!.totalCents).toBeGreaterThan(row.oneWeek!.totalCents);
    }
  });

  it('skips days without a free space and days inside the lead time', async () => {
    const airport = (await findAirportBySlug(test.ctx.db, 'hamburg'))!;
    const [tariff] = await loadTariffs(test.ctx.db, airport.id);
    // 22 to 24 November full: every one-day and eight-day stay entering on those days touches one of them
    await test.ctx.db.insert(tariffDays).values(
      ['2026-11-22', '2026-11-23', '2026-11-24'].map((day) => ({
        tariffId: tariff.id,
        day,
        booked: tariff.capacity,
      })),
    );
    const row = (await loadAirportPage(test.ctx.db, 'hamburg', { locale: 'de', now: test.ctx.now() }))!.tariffs.find(
      (r) => r.id === tariff.id,
    )!;
    expect(row.oneDay!.entry).toBe('2026-11-25T08:00');
    expect(row.oneWeek!.entry).toBe('2026-11-25T08:00');
    expect((await offerFor('hamburg', tariff.id, fromPriceStay('2026-11-24', 1))).soldOut).toBe(true);
    expect((await offerFor('hamburg', tariff.id, fromPriceStay('2026-11-25', 8))).soldOut).toBe(false);
    // before 06:00 today's 08:00 entry is outside the 2-hour lead time, and the 21st is free
    const early = (await loadAirportPage(test.ctx.db, 'hamburg', {
      locale: 'de',
      now: new Date('2026-11-21T04:30:00Z'),
    }))!.tariffs.find((r) => r.id === tariff.id)!;
    expect(early.oneDay).toMatchObject({ entry: '2026-11-21T08:00', lastEntryDate: '2026-11-21' });
  });

  it('leaves out a tariff without a price list instead of failing the page', async () => {
    const airport = (await findAirportBySlug(test.ctx.db, 'frankfurt'))!;
    const [first, ...others] = await loadTariffs(test.ctx.db, airport.id);
    await test.ctx.db.delete(priceLists).where(eq(priceLists.tariffId, first.id));
    // a catalogue write outside the services: announce it like the back office does (issue 11)
    await catalogueChanged(test.ctx.db);

    const page = await loadRoute('frankfurt');
    expect(page.tariffs.map((t) => t.id)).toEqual(others.map((t) => t.id));
    // the same rule without the page: no price, no row
    const rows = await loadFromPrices(test.ctx.db, await loadTariffs(test.ctx.db, airport.id), {
      airport,
      now: test.ctx.now(),
      locale: 'en',
    });
    expect(rows.some((r) => r.id === first.id)).toBe(false);
  });
});

describe('loadAirportPage (airports.show)', () => {
  const options = { locale: 'en' as const, now: new Date('2026-11-21T09:00:00Z') };

  it('gives the airport, every airport, its lots once each and the search minimum at the airport', async () => {
    const page = await loadAirportPage(test.ctx.db, 'hamburg', options);
    if (!page) throw new Error('expected the Hamburg page');
    expect(page.airport).toMatchObject({ slug: 'hamburg', iata: 'HAM', name: 'Hamburg Airport', locked: false });
    expect(page.airports.map((a) => a.slug)).toContain('kassel');
    const lotIds = page.lots.map((lot) => lot.id);
    expect(new Set(lotIds).size).toBe(lotIds.length);
    const tariffRows = await test.ctx.db.select().from(tariffTable).where(eq(tariffTable.active, true));
    const hamburg = (await findAirportBySlug(test.ctx.db, 'hamburg'))!;
    const expectedLots = new Set(tariffRows.filter((t) => t.airportId === hamburg.id).map((t) => t.parkingLotId));
    expect(new Set(lotIds)).toEqual(expectedLots);
    expect(page.lots.every((lot) => lot.address.includes(', '))).toBe(true);
    expect(page.minDate).toBe('2026-11-21T00:00');
  });

  it('shows a locked airport with its notice', async () => {
    const page = await loadAirportPage(test.ctx.db, 'kassel', { ...options, locale: 'de' });
    expect(page?.airport.locked).toBe(true);
    expect(page?.airport.comment).toEqual(expect.any(String));
  });

  it('is null for an unknown slug, and the route answers 404', async () => {
    expect(await loadAirportPage(test.ctx.db, 'atlantis', options)).toBeNull();
    await expect(loadRoute('atlantis')).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe('airport page: services, access routing, map lots (issue 10)', () => {
  const options = { locale: 'en' as const, now: new Date('2026-11-21T09:00:00Z') };

  it('gives each tariff what it includes and its opening hours, in the page language', async () => {
    const page = (await loadAirportPage(test.ctx.db, 'frankfurt', options))!;
    expect(page.tariffs.length).toBeGreaterThan(0);
    for (const row of page.tariffs) {
      expect(row.services[0].key).toMatch(/^services\.(shuttle|valet|walk)$/);
      expect(row.services.at(-1)).toEqual({ key: 'services.free_cancellation', params: { hours: 24 }, included: true });
      expect(row.openingHours).toMatch(/^(Daily|Car handover|Open)/);
    }
    expect(page.tariffs.find((t) => t.category === 'valet')?.services).toContainEqual({
      key: 'services.keys.handed_over',
      included: true,
    });
  });

  it('gives each lot what its directions entry shows: address lines, coordinates, hours, categories', async () => {
    const page = (await loadAirportPage(test.ctx.db, 'frankfurt', { ...options, locale: 'de' }))!;
    for (const lot of page.lots) {
      expect(lot.addressLines[1]).toMatch(/^\d{5} /);
      expect(lot.address).toBe(lot.addressLines.join(', '));
      expect(Math.abs(lot.latitude - 50.05)).toBeLessThan(0.2);
      expect(lot.openingHours.length).toBeGreaterThan(5);
      expect(lot.arrivalInstructions.length).toBeGreaterThan(20);
      expect(lot.categories.length).toBeGreaterThan(0);
    }
    expect(page.airport.videoUrl).toBeNull();
  });

  it('lists every lot with an active tariff once for the map of all airports', async () => {
    const lots = await listMapLots(test.ctx.db);
    const tariffRows = await test.ctx.db.select().from(tariffTable).where(eq(tariffTable.active, true));
    expect(new Set(lots.map((l) => l.id))).toEqual(new Set(tariffRows.map((t) => t.parkingLotId)));
    expect(lots.length).toBe(new Set(lots.map((l) => l.id)).size);
    expect(lots.every((l) => l.address.includes(', '))).toBe(true);
  });
});

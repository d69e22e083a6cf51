// The use cases behind the tariffs page and the booking page (app/services/checkout/tariffs-page.server.ts,
// booking-page.server.ts): what the pages show for a good query or cart, and where a bad one leads; and the
// airport list the home page and the airports list share (catalog.server.ts).
import { catalogueChanged } from '../../app/services/cache-events.server.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, tariffs } from '../../database/schema.ts';
import { loadBookingPage } from '../../app/services/checkout/booking-page.server.ts';
import { findAirportBySlug, listAirportSummaries, loadTariffs } from '../../app/services/catalogue/catalog.server.ts';
import { searchTariffs } from '../../app/services/checkout/tariffs-page.server.ts';
import { createTestApp, type TestApp } from './harness.ts';

const NOW = new Date('2026-11-21T09:00:00Z');
const STAY = { entry: '2026-12-20T08:00', exit: '2026-12-27T18:00' };
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ now: NOW });
});
afterAll(() => test.close());

describe('searchTariffs (checkout.tariffs)', () => {
  it('finds the airport and prices its tariffs for the stay', async () => {
    const page = await searchTariffs(test.ctx.db, { airport: 'hamburg', ...STAY }, { now: NOW, locale: 'en' });
    expect(page.errors).toEqual({});
    expect(page.airport).toMatchObject({ slug: 'hamburg', iata: 'HAM', name: 'Hamburg Airport', locked: false });
    expect(page.days).toBe(8);
    expect(page.offers.length).toBeGreaterThan(0);
    expect(page.offers.every((offer) => offer.price && offer.price.billableDays === 8)).toBe(true);
    expect(page.airports.some((a) => a.slug === 'kassel' && a.locked)).toBe(true);
  });

  it('reports each bad field with a message key and searches nothing', async () => {
    const missing = await searchTariffs(test.ctx.db, { airport: '', entry: '', exit: '' }, { now: NOW, locale: 'de' });
    expect(missing.errors).toEqual({
      airport: 'validation.required',
      entry: 'validation.datetime',
      exit: 'validation.datetime',
    });
    expect(missing.offers).toEqual([]);
    expect(missing.days).toBeNull();

    const wrong = await searchTariffs(
      test.ctx.db,
      { airport: 'atlantis', entry: '2026-13-01T08:00', exit: 'morgen' },
      { now: NOW, locale: 'de' },
    );
    expect(wrong.errors).toEqual({
      airport: 'search.error.airport_unknown',
      entry: 'validation.stay.invalid',
      exit: 'validation.stay.invalid',
    });
    expect(wrong.airport).toBeNull();
  });

  it('refuses an exit before the entry through the shared stay rules', async () => {
    const page = await searchTariffs(
      test.ctx.db,
      { airport: 'hamburg', entry: STAY.exit, exit: STAY.entry },
      { now: NOW, locale: 'de' },
    );
    expect(Object.values(page.errors).some((key) => key?.startsWith('validation.stay.'))).toBe(true);
    expect(page.offers).toEqual([]);
  });

  it('shows a locked airport without offers', async () => {
    const page = await searchTariffs(test.ctx.db, { airport: 'kassel', ...STAY }, { now: NOW, locale: 'de' });
    expect(page.airport).toMatchObject({ slug: 'kassel', locked: true });
    expect(page.offers).toEqual([]);
  });
});

describe('loadBookingPage (checkout.booking)', () => {
  async function hamburgCart() {
    const airport = (await findAirportBySlug(test.ctx.db, 'hamburg'))!;
    const [tariff] = await loadTariffs(test.ctx.db, airport.id);
    return { airportId: airport.id, tariffId: tariff.id, entryTime: STAY.entry, exitTime: STAY.exit };
  }

  it('gives the page with the tariff limits, price lists and the server price', async () => {
    const cart = await hamburgCart();
    const result = await loadBookingPage(test.ctx.db, cart, { locale: 'de', now: NOW });
    if (result.kind !== 'page') throw new Error(`expected the page, got ${JSON.stringify(result)}`);
    expect(result.page.cart).toEqual(cart);
    expect(result.page.airport).toMatchObject({ slug: 'hamburg', timeZone: 'Europe/Berlin' });
    expect(result.page.tariff.priceLists.length).toBeGreaterThan(0);
    expect(result.page.price?.billableDays).toBe(8);
    expect(result.page.minDate).toBe('2026-11-21T00:00');
    expect(result.page.tariffsPath).toBe(
      `/buchung/tarife?airport=hamburg&entry=${encodeURIComponent(STAY.entry)}&exit=${encodeURIComponent(STAY.exit)}`,
    );
  });

  it('sends a visitor without a cart home, keeping nothing to drop', async () => {
    expect(await loadBookingPage(test.ctx.db, undefined, { locale: 'de', now: NOW })).toEqual({
      kind: 'leave',
      path: '/',
      messageKey: 'checkout.no_cart',
      dropCart: false,
    });
  });

  it('drops a cart whose tariff is gone and returns to the tariffs of the stay', async () => {
    const cart = await hamburgCart();
    await test.ctx.db.update(tariffs).set({ active: false }).where(eq(tariffs.id, cart.tariffId));
    // a catalogue write outside the services: announce it like the back office does (issue 11)
    await catalogueChanged(test.ctx.db);
    try {
      const result = await loadBookingPage(test.ctx.db, cart, { locale: 'de', now: NOW });
      expect(result).toMatchObject({ kind: 'leave', messageKey: 'checkout.tariff_gone', dropCart: true });
      expect(result.kind === 'leave' && result.path.startsWith('/buchung/tarife?airport=hamburg')).toBe(true);
    } finally {
      await test.ctx.db.update(tariffs).set({ active: true }).where(eq(tariffs.id, cart.tariffId));
      await catalogueChanged(test.ctx.db);
    }
  });

  it('drops a cart at an airport that was locked meanwhile', async () => {
    const cart = await hamburgCart();
    await test.ctx.db.update(airports).set({ status: 'locked' }).where(eq(airports.id, cart.airportId));
    // a catalogue write outside the services: announce it like the back office does (issue 11)
    await catalogueChanged(test.ctx.db);
    try {
      const result = await loadBookingPage(test.ctx.db, cart, { locale: 'de', now: NOW });
      expect(result).toMatchObject({ kind: 'leave', messageKey: 'checkout.airport_locked', dropCart: true });
    } finally {
      await test.ctx.db.update(airports).set({ status: 'active' }).where(eq(airports.id, cart.airportId));
      await catalogueChanged(test.ctx.db);
    }
  });

  it('drops a cart whose airport no longer exists', async () => {
    const cart = { ...(await hamburgCart()), airportId: 999_999 };
    expect(await loadBookingPage(test.ctx.db, cart, { locale: 'de', now: NOW })).toMatchObject({
      kind: 'leave',
      path: '/',
      messageKey: 'checkout.no_cart',
      dropCart: true,
    });
  });
});

describe('listAirportSummaries (index, airports.index)', () => {
  it('lists every airport in the page language with its lock and notice', async () => {
    const de = await listAirportSummaries(test.ctx.db, 'de');
    const en = await listAirportSummaries(test.ctx.db, 'en');
    expect(de.map((a) => a.slug)).toEqual(en.map((a) => a.slug));
    expect(en.find((a) => a.slug === 'hamburg')).toMatchObject({
      iata: 'HAM',
      name: 'Hamburg Airport',
      locked: false,
      comment: null,
    });
    const kassel = de.find((a) => a.slug === 'kassel')!;
    expect(kassel.locked).toBe(true);
    expect(kassel.comment).toEqual(expect.any(String));
    expect(en.find((a) => a.slug === 'kassel')!.comment).not.toBe(kassel.comment);
    expect(de.every((a) => Number.isFinite(a.latitude) && Number.isFinite(a.longitude) && a.city)).toBe(true);
  });
});

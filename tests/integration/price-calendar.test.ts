/**
 * The price calendar (issue 37 item 1) through its API, its page's loader and its service: the API's shape and its
 * translated 404/422 answers; the page and the API agree (German and English); every date's total equals the
 * tariffs page's offer for that stay (the checkout's pricing); a price list changed in the back office and a booking
 * that sells out a day reach a cached calendar at once (cache events); the queries per calendar are bounded.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, priceLists, tariffDays, tariffs } from '../../database/schema.ts';
import { withRequestTiming } from '../../database/request-timing.server.ts';
import { loader } from '../../app/routes/airports-calendar.tsx';
import { availabilityChanged, catalogueChanged } from '../../app/services/cache-events.server.ts';
import { savePriceList } from '../../app/services/backoffice/admin-catalogue.server.ts';
import { loadPriceCalendar } from '../../app/services/catalogue/price-calendar.server.ts';
import { searchTariffs } from '../../app/services/checkout/tariffs-page.server.ts';
import { priceCalendarBody } from '../../app/domain/price-calendar.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { createStaffMember } from '../fixtures/staff.ts';
import { ApiClient, createTestApp, routeContext, type TestApp } from './harness.ts';

// Saturday 21 November 2026, 10:00 in Frankfurt: this week's calendar starts on Monday 16 November.
const NOW = new Date('2026-11-21T09:00:00Z');
const MONDAY = '2026-11-16';

type Body = ReturnType<typeof priceCalendarBody>;

let test: TestApp;
let client: ApiClient;
beforeAll(async () => {
  test = await createTestApp({ now: NOW });
  client = await new ApiClient(test).start();
});
afterAll(() => test.close());

async function calendarJson(airport: string, query = '', language = 'de') {
  return client.get(`price-calendar/${airport}${query}`, { 'App-Language': language });
}

async function pageLoader(airport: string, query = '', lang?: string) {
  const path = `${lang ? `/${lang}` : ''}/parkplatz/${airport}/preiskalender${query}`;
  const answer = await loader({
    request: new Request(`http://shop.test${path}`),
    params: { airport, lang },
    context: routeContext({
      app: test.ctx,
      session: await test.ctx.sessions.load(undefined),
      cspNonce: '',
      clientIp: '127.0.0.1',
    }),
  } as unknown as Parameters<typeof loader>[0]);
  return { page: answer.data, status: answer.init?.status ?? 200 };
}

describe('GET /api/price-calendar/{airport}', () => {
  it('answers 84 dates from this week with a price or null per category', async () => {
    const res = await calendarJson('frankfurt');
    expect(res.status).toBe(200);
    const body = res.body as Body;
    expect(body).toMatchObject({ airport: 'frankfurt', days: 7, from: MONDAY, currency: 'EUR' });
    expect(body.dates).toHaveLength(84);
    expect(body.dates[0].entryDate).toBe(MONDAY);
    expect(body.dates[83].entryDate).toBe('2027-02-07');
    for (const date of body.dates) {
      expect(Object.keys(date.categories).sort()).toEqual(['shuttle', 'terminal', 'valet']);
      expect(typeof date.soldOut).toBe('boolean');
    }
    // the past days of this week cannot be booked; next week can
    expect(body.dates.slice(0, 5).every((d) => Object.values(d.categories).every((c) => c === null))).toBe(true);
    const nextMonday = body.dates[7].categories;
    expect(nextMonday.shuttle).toEqual({ totalCents: expect.any(Number), tariffId: expect.any(Number) });
  });

  it('marks every date of a locked airport (Kassel) locked, without prices', async () => {
    const body = (await calendarJson('kassel')).body as Body;
    expect(body.dates.every((d) => d.locked && !d.soldOut)).toBe(true);
    expect(body.dates.every((d) => Object.values(d.categories).every((c) => c === null))).toBe(true);
  });

  it('moves a start date back to its Monday and takes the stay length', async () => {
    const body = (await calendarJson('frankfurt', '?days=3&from=2026-12-03')).body as Body;
    expect(body).toMatchObject({ days: 3, from: '2026-11-30' });
  });

  it('refuses an unknown airport with 404 and bad input with 422, translated, never 500', async () => {
    const unknown = await calendarJson('atlantis');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Diesen Flughafen kennen wir nicht.' });
    expect((await calendarJson('atlantis', '', 'en')).body).toEqual({ message: 'We do not know this airport.' });

    const bad = await calendarJson('frankfurt', '?days=0&from=2026-02-30', 'en');
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      message: expect.any(String),
      errors: {
        days: ['Please enter a length of stay from 1 to 30 days.'],
        from: ['Please enter a valid date (YYYY-MM-DD).'],
      },
    });
    for (const query of [
      '?days=31',
      '?days=abc',
      '?days=1&days=2',
      '?from=2026-11-15',
      '?from=2028-01-01',
      '?from=x',
    ]) {
      const res = await calendarJson('frankfurt', query);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors), query).toHaveLength(1);
    }
  });
});

describe('the page and the API', () => {
  it('show the same numbers, in German and in English', async () => {
    for (const lang of [undefined, 'en']) {
      const { page, status } = await pageLoader('frankfurt', '?tage=5&ab=2026-12-10', lang);
      expect(status).toBe(200);
      const api = (await calendarJson('frankfurt', '?days=5&from=2026-12-10', lang ?? 'de')).body as Body;
      expect(priceCalendarBody(page.calendar, page.airport.slug)).toEqual(api);
      expect(page.values).toEqual({ tage: '5', ab: '2026-12-07' });
    }
    const en = await pageLoader('frankfurt', '', 'en');
    expect(en.page.title).toMatch(/^Parking price calendar Frankfurt/);
  });

  it('page: an unknown airport is a 404, a bad query keeps what was typed with its message', async () => {
    await expect(pageLoader('atlantis')).rejects.toMatchObject({ init: { status: 404 } });
    const { page, status } = await pageLoader('frankfurt', '?tage=99&ab=gestern');
    expect(status).toBe(422);
    expect(page.values).toEqual({ tage: '99', ab: 'gestern' });
    expect(page.errors.tage).toBe('Bitte geben Sie eine Parkdauer von 1 bis 30 Tagen an.');
    expect(page.errors.ab).toBe('Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT).');
    expect(page.calendar.dates).toHaveLength(84); // this week's calendar below the form
  });

  it('every total is the tariffs page price for that stay (the checkout pricing), all 84 dates', async () => {
    const body = (await calendarJson('muenchen', '?days=8&from=2026-12-14')).body as Body;
    let priced = 0;
    for (const date of body.dates) {
      const entry = `${date.entryDate}T08:00`;
      const exit = `${addDays(date.entryDate, 7)}T18:00`;
      const search = await searchTariffs(test.ctx.db, { airport: 'muenchen', entry, exit }, { now: NOW, locale: 'de' });
      expect(search.days).toBe(8);
      for (const category of ['shuttle', 'valet', 'terminal'] as const) {
        const bookable = search.offers.filter(
          (o) => o.category === category && o.price && !o.soldOut && o.violations.length === 0,
        );
        const lowest = Math.min(...bookable.map((o) => o.price!.totalCents));
        const cell = date.categories[category];
        if (bookable.length === 0) {
          expect(cell, `${date.entryDate} ${category}`).toBeNull();
        } else {
          expect(cell?.totalCents, `${date.entryDate} ${category}`).toBe(lowest);
          expect(bookable.find((o) => o.tariffId === cell?.tariffId)?.price?.totalCents).toBe(lowest);
          priced += 1;
        }
      }
    }
    expect(priced).toBeGreaterThan(84);
  });
});

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('cache events', () => {
  it('a price list changed in the back office reaches a cached calendar at once', async () => {
    const before = (await calendarJson('frankfurt', '?days=2&from=2027-01-11')).body as Body;
    const date = before.dates.find((d) => d.categories.shuttle)!;
    const tariffId = date.categories.shuttle!.tariffId;
    const lists = await test.ctx.db.select().from(priceLists).where(eq(priceLists.tariffId, tariffId));
    const applies = lists.find((l) => l.validFrom === null)!;
    // cached: the second answer costs no calendar query
    expect(queriesOf(await calendarJson('frankfurt', '?days=2&from=2027-01-11'))).toBe(1); // the session's read
    const admin = await createStaffMember(test.ctx.db, { role: 'admin' });
    const actor = { staffId: admin.id, email: admin.email, name: admin.name, role: 'admin' as const, operator: null };
    // The default list two euros cheaper for two days: every date on it gets cheaper.
    const cells = applies.dayPrices.map((c, i) => ((i === 1 ? c - 200 : c) / 100).toFixed(2).replace('.', ','));
    await savePriceList(test.ctx, actor, tariffId, applies.id, {
      name: applies.name,
      dayPrices: cells,
      extraDayPrice: (applies.extraDayPrice / 100).toFixed(2).replace('.', ','),
      validFrom: '',
      validTo: '',
    });
    const after = (await calendarJson('frankfurt', '?days=2&from=2027-01-11')).body as Body;
    const changed = after.dates.find((d) => d.entryDate === date.entryDate)!;
    const seasonal = lists.some(
      (l) => l.validFrom !== null && l.validFrom <= date.entryDate && date.entryDate <= l.validTo!,
    );
    expect(seasonal).toBe(false); // the default list prices the first date after Christmas
    expect(changed.categories.shuttle).toEqual({ totalCents: date.categories.shuttle!.totalCents - 200, tariffId });
    expect(after).not.toEqual(before);
  });

  it('a booking that sells out a day marks it sold out in the cached calendar', async () => {
    const [ham] = await test.ctx.db.select().from(airports).where(eq(airports.slug, 'hamburg'));
    const own = await test.ctx.db
      .select()
      .from(tariffs)
      .where(and(eq(tariffs.airportId, ham.id), eq(tariffs.active, true)))
      .orderBy(tariffs.sort, tariffs.id);
    const day = '2026-12-10';
    // One space left on 10 December for the first tariff; the others closed that day (blackout).
    for (const [i, t] of own.entries()) {
      await test.ctx.db
        .insert(tariffDays)
        .values({ tariffId: t.id, day, booked: 0, capacity: i === 0 ? 1 : 0 })
        .onConflictDoUpdate({
          target: [tariffDays.tariffId, tariffDays.day],
          set: { booked: 0, capacity: sql`excluded.capacity` },
        });
    }
    await availabilityChanged(test.ctx.db, ham.id);
    const query = '?days=3&from=2026-12-07';
    const before = (await calendarJson('hamburg', query)).body as Body;
    const entry = before.dates.find((d) => d.entryDate === day)!;
    expect(entry.soldOut).toBe(false);
    expect(Object.values(entry.categories).filter(Boolean)).toEqual([
      { totalCents: expect.any(Number), tariffId: own[0].id },
    ]);
    expect(queriesOf(await calendarJson('hamburg', query))).toBe(1); // cached

    const stay = { entryTime: `${day}T08:00`, exitTime: '2026-12-12T18:00' };
    const cart = await client.post('checkout/cart', { airportId: ham.id, tariffId: own[0].id, ...stay });
    expect(cart.status).toBe(200);
    const booked = await client.post('checkout', checkoutBody({ ...stay, personCount: 1 }), {
      'Idempotency-Key': 'cal-1',
    });
    expect(booked.status).toBe(201);

    const after = (await calendarJson('hamburg', query)).body as Body;
    // the stays of three days that touch 10 December: entering on the 8th, 9th and 10th
    const soldOut = after.dates.filter((d) => d.soldOut).map((d) => d.entryDate);
    expect(soldOut).toEqual(['2026-12-08', '2026-12-09', '2026-12-10']);
    expect(after.dates.find((d) => d.entryDate === day)!.categories).toEqual({
      shuttle: null,
      valet: null,
      terminal: null,
    });
    const page = await pageLoader('hamburg', '?tage=3&ab=2026-12-07');
    expect(page.page.calendar.dates.find((d) => d.entryDate === day)!.status).toBe('sold_out');
  });
});

function queriesOf(res: { headers: Record<string, string> }): number {
  return Number(/desc="(\d+) queries"/.exec(res.headers['server-timing'])?.[1]);
}

describe('queries per calendar', () => {
  const load = (airport: string, days: string, from: string) =>
    withRequestTiming(async (timing) => {
      const result = await loadPriceCalendar(
        test.ctx.db,
        { airport, query: { days, from } },
        { now: NOW, locale: 'de' },
      );
      return { result, queries: timing.queries };
    });

  it('one query for 84 dates of any stay length; four with a cold catalogue; none when cached', async () => {
    await catalogueChanged(test.ctx.db);
    const cold = await load('frankfurt', '1', '2027-01-04');
    expect(cold.queries).toBeLessThanOrEqual(4);
    expect(cold.result.calendar.dates).toHaveLength(84);
    expect((await load('hamburg', '7', '2027-01-04')).queries).toBeLessThanOrEqual(3); // its tariffs, price lists
    const short = await load('frankfurt', '1', '2027-01-11');
    const long = await load('frankfurt', '30', '2027-01-11');
    const other = await load('hamburg', '30', '2027-01-11');
    expect([short.queries, long.queries, other.queries]).toEqual([1, 1, 1]);
    const cached = await load('frankfurt', '30', '2027-01-11');
    expect(cached.queries).toBe(0);
    expect(cached.result.calendar).toBe(long.result.calendar);
  });
});

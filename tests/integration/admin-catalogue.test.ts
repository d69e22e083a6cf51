/**
 * The back office's catalogue (issue 15 item 5) through its pages' loaders and actions: who may do what (admin;
 * support 403 for prices and capacity; the operator of the lot's company; another operator 404), the price
 * tables and seasons with their validation, a price change that leaves booked reservations' prices alone and
 * reaches the cached catalogue at once, the capacity refusal below the booked spaces with the days, lock and
 * unlock (the waiting notification mails go once), and the audit rows of every write.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  airports,
  auditLog,
  mailOutbox,
  parkingLots,
  priceLists,
  reservations,
  tariffDays,
  tariffs,
} from '../../database/schema.ts';
import * as cataloguePage from '../../app/routes/admin/catalogue.tsx';
import * as airportPage from '../../app/routes/admin/catalogue-airport.tsx';
import * as tariffPage from '../../app/routes/admin/catalogue-tariff.tsx';
import * as capacityPage from '../../app/routes/admin/catalogue-capacity.tsx';
import { loadTariffs } from '../../app/services/catalogue/catalog.server.ts';
import type { Session } from '../../server/session.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { createStaffMember, staffCookie } from '../fixtures/staff.ts';
import { ApiClient, createTestApp, routeContext, type TestApp } from './harness.ts';

const OWN = 'ParkDirekt Rhein-Main GmbH';
const OTHER = 'Airport Parkhaus Walldorf GmbH & Co. KG';
const start = new Date('2026-11-21T09:00:00Z');
const stay = { entryTime: '2026-12-07T08:00', exitTime: '2026-12-09T18:00' };

let test: TestApp;
let session: Session;
let fra: typeof airports.$inferSelect;
let tariff: typeof tariffs.$inferSelect;
const cookies: Record<'admin' | 'support' | 'own' | 'other', string> = { admin: '', support: '', own: '', other: '' };

beforeAll(async () => {
  test = await createTestApp({ now: start });
  session = (await test.ctx.sessions.load(undefined)) as Session;
  [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
  [tariff] = await test.ctx.db
    .select({ t: tariffs })
    .from(tariffs)
    .innerJoin(parkingLots, eq(parkingLots.id, tariffs.parkingLotId))
    .where(and(eq(parkingLots.operator, OWN), eq(tariffs.active, true)))
    .orderBy(tariffs.id)
    .limit(1)
    .then((rows) => rows.map((r) => r.t));
  const members = {
    admin: await createStaffMember(test.ctx.db, { role: 'admin' }),
    support: await createStaffMember(test.ctx.db, { role: 'support' }),
    own: await createStaffMember(test.ctx.db, { role: 'operator', operator: OWN }),
    other: await createStaffMember(test.ctx.db, { role: 'operator', operator: OTHER }),
  };
  for (const key of Object.keys(members) as (keyof typeof members)[]) {
    cookies[key] = await staffCookie(test.ctx.db, members[key].id, start);
  }
});
afterAll(() => test.close());

type Who = keyof typeof cookies;

function args(who: Who, path: string, params: Record<string, string>, form?: Record<string, string | string[]>) {
  let body: FormData | undefined;
  if (form) {
    body = new FormData();
    body.set('_csrf', session.csrfToken);
    for (const [key, value] of Object.entries(form)) {
      for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
    }
  }
  return {
    request: new Request(`http://localhost${path}`, {
      method: form ? 'POST' : 'GET',
      headers: { Cookie: cookies[who] },
      body,
    }),
    params,
    context: routeContext({ app: test.ctx, session, cspNonce: '', clientIp: '203.0.113.9' }),
  } as never;
}

/** The status of a loader's or action's answer (thrown or returned; a plain object is 200). */
async function statusOf(call: Promise<unknown>): Promise<number> {
  const answer = await call.catch((e: unknown) => e);
  if (answer instanceof Response) return answer.status;
  if (answer && typeof answer === 'object' && 'init' in answer) {
    return ((answer as { init?: { status?: number } }).init?.status ?? 200) as number;
  }
  if (answer instanceof Error) throw answer;
  return 200;
}

const tariffPath = () => `/admin/katalog/tarif/${tariff.id}`;
const tariffArgs = (who: Who, form?: Record<string, string | string[]>) =>
  args(who, tariffPath(), { tariffId: String(tariff.id) }, form);
const capacityArgs = (who: Who, form?: Record<string, string | string[]>, query = '') =>
  args(who, `${tariffPath()}/kapazitaet${query}`, { tariffId: String(tariff.id) }, form);

const tariffForm = (over: Record<string, string> = {}) => ({
  intent: 'tariff',
  nameDe: tariff.nameDe,
  nameEn: tariff.nameEn,
  active: 'on',
  capacity: String(tariff.capacity),
  leadTimeMinutes: String(tariff.leadTimeMinutes),
  maxStayDays: String(tariff.maxStayDays),
  bookingHorizonDays: String(tariff.bookingHorizonDays),
  freeCancellationHours: String(tariff.freeCancellationHours),
  ...over,
});

async function lastAudit(action: string) {
  const [row] = await test.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

async function book(): Promise<typeof reservations.$inferSelect> {
  const client = await new ApiClient(test).start();
  expect((await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...stay })).status).toBe(200);
  const res = await client.post('checkout', checkoutBody({ ...stay, paymentType: 'invoice' }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [row] = await test.ctx.db
    .select()
    .from(reservations)
    .where(eq(reservations.reference, res.body.reservation.reference));
  return row;
}

describe('catalogue: who may do what', () => {
  it('shows the catalogue to admin (all airports) and operators (their airports and lots only); support gets 403', async () => {
    const all = (await cataloguePage.loader(args('admin', '/admin/katalog', {}))) as unknown as {
      data: { airports: { slug: string; lots: { operator: string }[] }[]; canLock: boolean };
    };
    expect(all.data.airports.map((a) => a.slug)).toContain('kassel');
    expect(all.data.canLock).toBe(true);
    const own = (await cataloguePage.loader(args('own', '/admin/katalog', {}))) as unknown as typeof all;
    expect(own.data.airports.map((a) => a.slug)).toEqual(['frankfurt']);
    expect(own.data.airports[0].lots.every((l) => l.operator === OWN)).toBe(true);
    expect(own.data.canLock).toBe(false);
    expect(await statusOf(cataloguePage.loader(args('support', '/admin/katalog', {})))).toBe(403);
    expect(await statusOf(airportPage.loader(args('own', '/admin/katalog/muenchen', { airport: 'muenchen' })))).toBe(
      404,
    );
  });

  it("lets admin and the lot's operator open the tariff and capacity pages; another operator gets 404, support 403", async () => {
    for (const who of ['admin', 'own'] as const) {
      expect(await statusOf(tariffPage.loader(tariffArgs(who)))).toBe(200);
      expect(await statusOf(capacityPage.loader(capacityArgs(who)))).toBe(200);
    }
    expect(await statusOf(tariffPage.loader(tariffArgs('other')))).toBe(404);
    expect(await statusOf(capacityPage.loader(capacityArgs('other')))).toBe(404);
    expect(await statusOf(tariffPage.loader(tariffArgs('support')))).toBe(403);
    expect(await statusOf(capacityPage.loader(capacityArgs('support')))).toBe(403);
  });

  it('refuses writes of support (403), another operator (404) and operators on airports (403); nothing changes', async () => {
    const before = await test.ctx.db.select().from(tariffs).where(eq(tariffs.id, tariff.id));
    expect(await statusOf(tariffPage.action(tariffArgs('support', tariffForm({ nameDe: 'X' }))))).toBe(403);
    expect(await statusOf(tariffPage.action(tariffArgs('other', tariffForm({ nameDe: 'X' }))))).toBe(404);
    expect(
      await statusOf(
        capacityPage.action(capacityArgs('other', { from: '2026-12-01', to: '2026-12-01', mode: 'blackout' })),
      ),
    ).toBe(404);
    expect(
      await statusOf(
        capacityPage.action(capacityArgs('support', { from: '2026-12-01', to: '2026-12-01', mode: 'blackout' })),
      ),
    ).toBe(403);
    expect(
      await statusOf(cataloguePage.action(args('own', '/admin/katalog', {}, { intent: 'unlock', slug: 'kassel' }))),
    ).toBe(403);
    expect(
      await statusOf(
        airportPage.action(args('own', '/admin/katalog/frankfurt', { airport: 'frankfurt' }, { commentDe: 'x' })),
      ),
    ).toBe(403);
    expect(await test.ctx.db.select().from(tariffs).where(eq(tariffs.id, tariff.id))).toEqual(before);
  });

  it('refuses a post without the CSRF token (419)', async () => {
    const a = tariffArgs('admin', tariffForm()) as { request: Request };
    const form = new FormData();
    form.set('intent', 'tariff');
    const bad = {
      ...(a as object),
      request: new Request(a.request.url, { method: 'POST', headers: a.request.headers, body: form }),
    };
    expect(await statusOf(tariffPage.action(bad as never))).toBe(419);
  });
});

describe('catalogue: tariffs and price lists', () => {
  it("saves a tariff's main fields for its operator, with an audit row, and refuses bad values with field messages", async () => {
    const saved = await statusOf(tariffPage.action(tariffArgs('own', tariffForm({ maxStayDays: '45' }))));
    expect(saved).toBe(302);
    const [row] = await test.ctx.db.select().from(tariffs).where(eq(tariffs.id, tariff.id));
    expect(row.maxStayDays).toBe(45);
    const audit = await lastAudit('tariff.update');
    expect(audit).toMatchObject({ entity: 'tariff', entityId: String(tariff.id) });
    expect((audit.before as { maxStayDays: number }).maxStayDays).toBe(tariff.maxStayDays);
    expect((audit.after as { maxStayDays: number }).maxStayDays).toBe(45);

    const refused = (await tariffPage.action(
      tariffArgs('own', tariffForm({ maxStayDays: '0', nameEn: '' })),
    )) as unknown as { init: { status: number }; data: { errors: Record<string, string> } };
    expect(refused.init.status).toBe(422);
    expect(refused.data.errors).toEqual({
      nameEn: 'Bitte füllen Sie dieses Feld aus.',
      maxStayDays: 'Dieser Wert liegt außerhalb des erlaubten Bereichs.',
    });
    await test.ctx.db.update(tariffs).set({ maxStayDays: tariff.maxStayDays }).where(eq(tariffs.id, tariff.id));
  });

  it('changes the default prices: the cached catalogue shows them at once, a booked reservation keeps its prices', async () => {
    const reservation = await book();
    const cachedBefore = (await loadTariffs(test.ctx.db, fra.id)).find((t) => t.id === tariff.id)!;
    const [standard] = await test.ctx.db
      .select()
      .from(priceLists)
      .where(and(eq(priceLists.tariffId, tariff.id), sql`${priceLists.validFrom} is null`));
    const cells = ['11,11', '22,22', '33,33', '44,44', ''];
    const status = await statusOf(
      tariffPage.action(
        tariffArgs('admin', {
          intent: 'price_list',
          listId: String(standard.id),
          name: standard.name,
          dayPrices: cells,
          extraDayPrice: '9,90',
          validFrom: '',
          validTo: '',
        }),
      ),
    );
    expect(status).toBe(302);
    const cachedAfter = (await loadTariffs(test.ctx.db, fra.id)).find((t) => t.id === tariff.id)!;
    expect(cachedAfter).not.toBe(cachedBefore);
    expect(cachedAfter.priceLists.find((l) => l.validFrom === null)).toMatchObject({
      dayPrices: [1111, 2222, 3333, 4444],
      extraDayPrice: 990,
    });
    const [after] = await test.ctx.db.select().from(reservations).where(eq(reservations.id, reservation.id));
    expect(after).toEqual(reservation);
    const audit = await lastAudit('price_list.update');
    expect(audit.before).toMatchObject({ dayPrices: standard.dayPrices, extraDayPrice: standard.extraDayPrice });
    expect(audit.after).toMatchObject({ dayPrices: [1111, 2222, 3333, 4444], extraDayPrice: 990 });
    // Back to the seed's prices for the other tests.
    await test.ctx.db
      .update(priceLists)
      .set({ dayPrices: standard.dayPrices, extraDayPrice: standard.extraDayPrice })
      .where(eq(priceLists.id, standard.id));
  });

  it('refuses a price table with a gap, a falling total or a bad amount, naming the cells; nothing changes', async () => {
    const lists = await test.ctx.db.select().from(priceLists).where(eq(priceLists.tariffId, tariff.id));
    const standard = lists.find((l) => l.validFrom === null)!;
    const refused = (await tariffPage.action(
      tariffArgs('admin', {
        intent: 'price_list',
        listId: String(standard.id),
        name: 'Standard',
        dayPrices: ['10', '', '30', '29', '-1'],
        extraDayPrice: 'abc',
      }),
    )) as unknown as { init: { status: number }; data: { errors: Record<string, string>; cells: string[] } };
    expect(refused.init.status).toBe(422);
    expect(Object.keys(refused.data.errors).sort()).toEqual([
      'dayPrices.1',
      'dayPrices.3',
      'dayPrices.4',
      'extraDayPrice',
    ]);
    expect(refused.data.errors['dayPrices.3']).toBe('Der Gesamtpreis darf mit mehr Tagen nicht sinken.');
    expect(refused.data.cells).toEqual(['10', '', '30', '29', '-1']);
    expect(await test.ctx.db.select().from(priceLists).where(eq(priceLists.tariffId, tariff.id))).toEqual(lists);
  });

  it('adds a season, refuses an overlapping one with its name, and deletes it (default list not deletable)', async () => {
    const season = {
      intent: 'price_list',
      name: 'Testsaison',
      dayPrices: ['50', '60'],
      extraDayPrice: '10',
      validFrom: '2031-03-01',
      validTo: '2031-03-31',
    };
    expect(await statusOf(tariffPage.action(tariffArgs('own', season)))).toBe(302);
    const [added] = await test.ctx.db
      .select()
      .from(priceLists)
      .where(and(eq(priceLists.tariffId, tariff.id), eq(priceLists.name, 'Testsaison')));
    expect(added).toMatchObject({ validFrom: '2031-03-01', validTo: '2031-03-31', dayPrices: [5000, 6000] });
    expect(await lastAudit('price_list.create')).toMatchObject({ entityId: String(added.id), before: null });

    const overlap = (await tariffPage.action(
      tariffArgs('own', { ...season, name: 'Zweite', validFrom: '2031-03-31', validTo: '2031-04-15' }),
    )) as unknown as { init: { status: number }; data: { errors: Record<string, string>; message: string } };
    expect(overlap.init.status).toBe(422);
    expect(overlap.data.errors.validFrom).toBe(
      'Die Saison überschneidet sich mit: Testsaison (2031-03-01 – 2031-03-31).',
    );
    const noDates = (await tariffPage.action(
      tariffArgs('own', { ...season, name: 'Ohne', validTo: '' }),
    )) as unknown as { init: { status: number }; data: { errors: Record<string, string> } };
    expect(noDates.data.errors.validTo).toBe('Bitte füllen Sie dieses Feld aus.');
    // Editing the season itself does not clash with itself; touching ranges are fine.
    expect(
      await statusOf(
        tariffPage.action(tariffArgs('own', { ...season, listId: String(added.id), validTo: '2031-04-02' })),
      ),
    ).toBe(302);
    expect(
      await statusOf(
        tariffPage.action(
          tariffArgs('own', { ...season, name: 'Danach', validFrom: '2031-04-03', validTo: '2031-04-05' }),
        ),
      ),
    ).toBe(302);

    const standard = (await test.ctx.db.select().from(priceLists).where(eq(priceLists.tariffId, tariff.id))).find(
      (l) => l.validFrom === null,
    )!;
    const refused = (await tariffPage.action(
      tariffArgs('admin', { intent: 'delete_season', listId: String(standard.id) }),
    )) as unknown as { init: { status: number }; data: { message: string } };
    expect(refused.init.status).toBe(422);
    expect(refused.data.message).toBe('Die Standardpreisliste kann nicht gelöscht werden.');
    // Another operator cannot delete it; the own one can.
    expect(
      await statusOf(tariffPage.action(tariffArgs('other', { intent: 'delete_season', listId: String(added.id) }))),
    ).toBe(404);
    expect(
      await statusOf(tariffPage.action(tariffArgs('own', { intent: 'delete_season', listId: String(added.id) }))),
    ).toBe(302);
    expect(await test.ctx.db.select().from(priceLists).where(eq(priceLists.id, added.id))).toEqual([]);
    expect(await lastAudit('price_list.delete')).toMatchObject({ entityId: String(added.id), after: null });
    await test.ctx.db.delete(priceLists).where(and(eq(priceLists.tariffId, tariff.id), eq(priceLists.name, 'Danach')));
  });

  it('answers 404 for a price list of another tariff', async () => {
    const [foreign] = await test.ctx.db
      .select()
      .from(priceLists)
      .where(sql`${priceLists.tariffId} <> ${tariff.id}`)
      .limit(1);
    const status = await statusOf(
      tariffPage.action(
        tariffArgs('admin', {
          intent: 'price_list',
          listId: String(foreign.id),
          name: 'X',
          dayPrices: ['1'],
          extraDayPrice: '1',
        }),
      ),
    );
    expect(status).toBe(404);
  });
});

describe('catalogue: capacity', () => {
  it('refuses a reduction below the booked spaces, listing the days (translated), and changes nothing', async () => {
    const reservation = await book();
    const days = ['2026-12-07', '2026-12-08', '2026-12-09'];
    const booked = await test.ctx.db
      .select()
      .from(tariffDays)
      .where(and(eq(tariffDays.tariffId, tariff.id), inArray(tariffDays.day, days)));
    expect(booked.every((d) => d.booked >= 1)).toBe(true);

    const refused = (await capacityPage.action(
      capacityArgs('own', { from: '2026-12-06', to: '2026-12-08', mode: 'blackout' }, ''),
    )) as unknown as { init: { status: number }; data: { summary: string; conflicts: string[] } };
    expect(refused.init.status).toBe(409);
    // the field's message and the page's sentence above the form (the catalogue's extra of the kit's refusal)
    expect(refused.data.summary).toMatch(/mehr Plätze gebucht/);
    expect(refused.data.conflicts).toEqual([
      expect.stringMatching(/^2026-12-07: \d+ gebucht, neue Kapazität 0$/),
      expect.stringMatching(/^2026-12-08: \d+ gebucht, neue Kapazität 0$/),
    ]);
    const after = await test.ctx.db
      .select()
      .from(tariffDays)
      .where(and(eq(tariffDays.tariffId, tariff.id), inArray(tariffDays.day, days)));
    expect(after).toEqual(booked);

    // The tariff's daily capacity cannot fall below a booked day either.
    const tooSmall = (await tariffPage.action(tariffArgs('admin', tariffForm({ capacity: '0' })))) as unknown as {
      init: { status: number };
      data: { conflicts: string[] };
    };
    expect(tooSmall.init.status).toBe(409);
    expect(tooSmall.data.conflicts.length).toBeGreaterThanOrEqual(3);
    expect(reservation.status).toBe('confirmed');
  });

  it('shows four weeks from today for a start that is no date for PostgreSQL or too far out (no 500)', async () => {
    for (const von of ['0000-01-01', '9999-12-20', '0001-01-01']) {
      const view = (await capacityPage.loader(capacityArgs('admin', undefined, `?von=${von}`))) as unknown as {
        data: { from: string; today: string; days: unknown[] };
      };
      expect(view.data.from, von).toBe(view.data.today);
      expect(view.data.days.length, von).toBeGreaterThan(0);
    }
  });

  it('sets blackout days and overrides on free days (the search sees them), resets them, with audit rows', async () => {
    const status = await statusOf(
      capacityPage.action(capacityArgs('admin', { from: '2027-01-10', to: '2027-01-11', mode: 'blackout' })),
    );
    expect(status).toBe(302);
    const view = (await capacityPage.loader(capacityArgs('admin', undefined, '?von=2027-01-09'))) as unknown as {
      data: { days: { day: string; capacity: number; override: number | null }[] };
    };
    expect(view.data.days.slice(0, 3)).toEqual([
      { day: '2027-01-09', booked: 0, override: null, capacity: tariff.capacity },
      { day: '2027-01-10', booked: 0, override: 0, capacity: 0 },
      { day: '2027-01-11', booked: 0, override: 0, capacity: 0 },
    ]);
    expect(await lastAudit('tariff.capacity')).toMatchObject({
      entityId: String(tariff.id),
      before: { from: '2027-01-10', to: '2027-01-11', overrides: {} },
      after: { from: '2027-01-10', to: '2027-01-11', capacity: 0 },
    });
    // A stay over a blackout day is sold out for a customer.
    const client = await new ApiClient(test).start();
    const cart = await client.post('checkout/cart', {
      airportId: fra.id,
      tariffId: tariff.id,
      entryTime: '2027-01-09T08:00',
      exitTime: '2027-01-12T08:00',
    });
    expect(cart.status).toBe(409);

    expect(
      await statusOf(
        capacityPage.action(capacityArgs('own', { from: '2027-01-10', to: '2027-01-10', mode: 'set', capacity: '3' })),
      ),
    ).toBe(302);
    expect(
      await statusOf(capacityPage.action(capacityArgs('own', { from: '2027-01-11', to: '2027-01-11', mode: 'reset' }))),
    ).toBe(302);
    const rows = await test.ctx.db
      .select({ day: tariffDays.day, capacity: tariffDays.capacity })
      .from(tariffDays)
      .where(and(eq(tariffDays.tariffId, tariff.id), inArray(tariffDays.day, ['2027-01-10', '2027-01-11'])))
      .orderBy(tariffDays.day);
    expect(rows).toEqual([
      { day: '2027-01-10', capacity: 3 },
      { day: '2027-01-11', capacity: null },
    ]);
  });

  it('never lets a capacity change and concurrent bookings overbook a day (the day rows are locked in date order)', async () => {
    const times = { entryTime: '2027-02-10T08:00', exitTime: '2027-02-12T18:00' };
    const days = ['2027-02-10', '2027-02-11', '2027-02-12'];
    const clients = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const c = await new ApiClient(test).start();
        expect((await c.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...times })).status).toBe(200);
        return c;
      }),
    );
    const [change, ...bookings] = await Promise.all([
      statusOf(capacityPage.action(capacityArgs('admin', { from: days[0], to: days[2], mode: 'set', capacity: '3' }))),
      ...clients.map((c) =>
        c.post('checkout', checkoutBody({ ...times, paymentType: 'invoice' })).then((r) => r.status),
      ),
    ]);
    expect([302, 409]).toContain(change);
    expect(
      bookings.filter((status) => status !== 201 && status !== 409),
      JSON.stringify(bookings),
    ).toEqual([]);
    const rows = await test.ctx.db
      .select()
      .from(tariffDays)
      .where(and(eq(tariffDays.tariffId, tariff.id), inArray(tariffDays.day, days)));
    for (const row of rows) expect(row.booked).toBeLessThanOrEqual(row.capacity ?? tariff.capacity);
    const booked = bookings.filter((status) => status === 201).length;
    expect(rows.every((row) => row.booked === booked)).toBe(true);
    if (change === 302) expect(booked).toBeLessThanOrEqual(3);
    else expect(booked).toBeGreaterThan(3);
  });

  it('refuses past days and bad input with field messages', async () => {
    const refused = (await capacityPage.action(
      capacityArgs('admin', { from: '2026-11-20', to: '2026-11-19', mode: 'set', capacity: 'viele' }),
    )) as unknown as { init: { status: number }; data: { errors: Record<string, string> } };
    expect(refused.init.status).toBe(422);
    expect(refused.data.errors).toEqual({
      from: 'Vergangene Tage können nicht geändert werden.',
      to: 'Das Ende liegt vor dem Beginn.',
      capacity: 'Bitte geben Sie eine ganze Zahl an.',
    });
  });
});

describe('catalogue: airports', () => {
  it('unlocking Kassel in the back office sends each waiting notification once; lock and unlock again send none', async () => {
    const [kassel] = await test.ctx.db.select().from(airports).where(eq(airports.slug, 'kassel'));
    expect(kassel.status).toBe('locked');
    const email = `warten.${Date.now()}@example.org`;
    const client = await new ApiClient(test).start();
    const asked = await client.post('locked-airport-notification', {
      email,
      airportId: kassel.id,
      airportStatus: 'locked',
    });
    expect(asked.status).toBe(201);
    const post = (intent: string) =>
      cataloguePage.action(args('admin', '/admin/katalog', {}, { intent, slug: 'kassel' })) as Promise<Response>;

    const unlocked = await post('unlock');
    expect(unlocked.status).toBe(302);
    // back to the page with the notice as the session flash (issue 32: no `?ok=` query)
    expect(unlocked.headers.get('Location')).toBe('/admin/katalog');
    expect(session.get('flash')).toEqual({
      type: 'success',
      message: 'Der Flughafen ist entsperrt. Benachrichtigungen verschickt: 1.',
    });
    expect((await post('lock')).status).toBe(302);
    expect(session.get('flash')).toMatchObject({ message: 'Der Flughafen ist gesperrt.' });
    expect((await post('unlock')).headers.get('Location')).toBe('/admin/katalog');
    expect(session.get('flash')).toMatchObject({
      message: 'Der Flughafen ist entsperrt. Benachrichtigungen verschickt: 0.',
    });
    const mails = await test.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'airport_open'), eq(mailOutbox.to, email)));
    expect(mails).toHaveLength(1);
    const audits = await test.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'airport'), eq(auditLog.entityId, 'kassel')))
      .orderBy(auditLog.id);
    expect(audits.map((a) => [a.action, a.before, a.after])).toEqual([
      ['airport.unlock', { status: 'locked' }, { status: 'active', notified: 1 }],
      ['airport.lock', { status: 'active' }, { status: 'locked', notified: 0 }],
      ['airport.unlock', { status: 'locked' }, { status: 'active', notified: 0 }],
    ]);
    await post('lock');
    const [again] = await test.ctx.db.select().from(airports).where(eq(airports.slug, 'kassel'));
    expect(again.status).toBe('locked');
  });

  it("saves an airport's notice texts (admin), empty removes it, with the audit row", async () => {
    const path = '/admin/katalog/frankfurt';
    const saved = await statusOf(
      airportPage.action(
        args('admin', path, { airport: 'frankfurt' }, { commentDe: ' Baustelle am Terminal 1 ', commentEn: '' }),
      ),
    );
    expect(saved).toBe(302);
    const [row] = await test.ctx.db.select().from(airports).where(eq(airports.slug, 'frankfurt'));
    expect(row).toMatchObject({ commentDe: 'Baustelle am Terminal 1', commentEn: null });
    expect(await lastAudit('airport.comment')).toMatchObject({
      before: { commentDe: fra.commentDe, commentEn: fra.commentEn },
      after: { commentDe: 'Baustelle am Terminal 1', commentEn: null },
    });
    const tooLong = (await airportPage.action(
      args('admin', path, { airport: 'frankfurt' }, { commentDe: 'x'.repeat(2001), commentEn: '' }),
    )) as unknown as { init: { status: number }; data: { errors: Record<string, string> } };
    expect(tooLong.init.status).toBe(422);
    expect(tooLong.data.errors.commentDe).toBe('Dieser Text ist zu lang.');
    await test.ctx.db
      .update(airports)
      .set({ commentDe: fra.commentDe, commentEn: fra.commentEn })
      .where(eq(airports.id, fra.id));
  });
});

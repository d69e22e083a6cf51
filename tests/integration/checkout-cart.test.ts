import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, sessions, tariffDays, tariffs } from '../../database/schema.ts';
import { ApiClient, createTestApp, type TestApp } from './harness.ts';

let test: TestApp;
let fra: typeof airports.$inferSelect;
let fraTariffs: (typeof tariffs.$inferSelect)[];

beforeAll(async () => {
  test = await createTestApp({ now: new Date('2026-11-21T09:00:00Z') });
  [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
  fraTariffs = await test.ctx.db.select().from(tariffs).where(eq(tariffs.airportId, fra.id));
});
afterAll(() => test.close());

const stay = { entryTime: '2026-12-07T08:00', exitTime: '2026-12-14T18:00' };

describe('POST /api/checkout/cart', () => {
  it('stores the tariff and stay in the session and answers {cart, redirect}', async () => {
    const client = await new ApiClient(test).start();
    const tariff = fraTariffs[0];
    const res = await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...stay });
    expect(res.status).toBe(200);
    expect(res.body.redirect).toBe('/buchung');
    expect(res.body.cart).toMatchObject({ airportId: fra.id, tariffId: tariff.id, ...stay });
    expect(res.body.cart.price.billableDays).toBe(8);
    expect(res.body.cart.price.totalCents).toBeGreaterThan(0);

    const id = test.ctx.sessions.parseCookie(client.cookie)!;
    const [row] = await test.ctx.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row.data.cart).toEqual({ airportId: fra.id, tariffId: tariff.id, ...stay });
  });

  it('answers the English redirect for App-Language en', async () => {
    const client = await new ApiClient(test).start();
    const res = await client.post(
      'checkout/cart',
      { airportId: fra.id, tariffId: fraTariffs[0].id, ...stay },
      { 'App-Language': 'en' },
    );
    expect(res.status).toBe(200);
    expect(res.body.redirect).toBe('/en/buchung');
  });

  it('answers 422 with the field keys as sent', async () => {
    const client = await new ApiClient(test).start();
    const res = await client.post('checkout/cart', { airportId: 'x', entryTime: '7.12.2026' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['airportId', 'entryTime', 'exitTime', 'tariffId']);
    for (const list of Object.values(res.body.errors)) expect(list).toEqual([expect.any(String)]);
  });

  it('refuses a tariff of another airport', async () => {
    const [ham] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'HAM'));
    const [hamTariff] = await test.ctx.db.select().from(tariffs).where(eq(tariffs.airportId, ham.id));
    const client = await new ApiClient(test).start();
    const res = await client.post('checkout/cart', { airportId: fra.id, tariffId: hamTariff.id, ...stay });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('tariffId');
  });

  it('refuses an exit before the entry and an entry inside the lead time', async () => {
    const client = await new ApiClient(test).start();
    const reversed = await client.post('checkout/cart', {
      airportId: fra.id,
      tariffId: fraTariffs[0].id,
      entryTime: '2026-12-14T08:00',
      exitTime: '2026-12-07T08:00',
    });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors).toHaveProperty('exitTime');
    // now is 10:00 local; lead time is 2 h
    const soon = await client.post('checkout/cart', {
      airportId: fra.id,
      tariffId: fraTariffs[0].id,
      entryTime: '2026-11-21T11:00',
      exitTime: '2026-11-25T08:00',
    });
    expect(soon.status).toBe(422);
    expect(soon.body.errors).toHaveProperty('entryTime');
  });

  it('answers 409 for a locked airport', async () => {
    const [ksf] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'KSF'));
    const client = await new ApiClient(test).start();
    const res = await client.post('checkout/cart', { airportId: ksf.id, tariffId: fraTariffs[0].id, ...stay });
    expect(res.status).toBe(409);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('answers 409 when one day of the stay is at capacity', async () => {
    const tariff = fraTariffs[1] ?? fraTariffs[0];
    await test.ctx.db.insert(tariffDays).values({ tariffId: tariff.id, day: '2026-12-10', booked: tariff.capacity });
    try {
      const client = await new ApiClient(test).start();
      const res = await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...stay });
      expect(res.status).toBe(409);
      const other = await client.post('checkout/cart', {
        airportId: fra.id,
        tariffId: tariff.id,
        entryTime: '2026-12-11T08:00',
        exitTime: '2026-12-12T08:00',
      });
      expect(other.status).toBe(200);
    } finally {
      // the full day is this test's alone
      await test.ctx.db
        .delete(tariffDays)
        .where(and(eq(tariffDays.tariffId, tariff.id), eq(tariffDays.day, '2026-12-10')));
    }
  });
});

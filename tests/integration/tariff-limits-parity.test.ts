/**
 * The booking page and the server refuse a tariff limit with the same words: the client model's travel
 * validation and the server's `validateCheckoutStep` (on a real database) give the same message key, and so
 * the same text in both languages.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, tariffs } from '../../database/schema.ts';
import { clientStepErrors, initialFormState } from '../../app/components/checkout/checkout-model.ts';
import { translator } from '../../app/i18n.server.ts';
import { validateCheckoutStep } from '../../app/services/checkout/checkout.server.ts';
import { DEFAULT_STAY, travelFields } from '../fixtures/checkout-body.ts';
import { createTestApp, type TestApp } from './harness.ts';

let test: TestApp;
let tariff: typeof tariffs.$inferSelect;
let cart: { airportId: number; tariffId: number; entryTime: string; exitTime: string };

beforeAll(async () => {
  test = await createTestApp({ now: new Date('2026-11-21T09:00:00Z') });
  const [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
  const rows = await test.ctx.db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.airportId, fra.id), eq(tariffs.active, true)));
  // a tariff that refuses some bulky baggage, so all three limits can be broken
  tariff = rows.find((t) => !t.allowedBulkyBaggage.includes('bicycle'))!;
  cart = { airportId: fra.id, tariffId: tariff.id, ...DEFAULT_STAY };
});
afterAll(() => test.close());

/** The client's and the server's messages for the same travel input. */
async function bothSides(travel: { personCount: number; childrenSeat: number; bicycle?: boolean }) {
  const state = initialFormState(cart);
  state.checkout.travel = {
    ...state.checkout.travel,
    personCount: travel.personCount,
    childrenSeat: travel.childrenSeat,
  };
  state.checkout.travel.bulkyBaggage = { ...state.checkout.travel.bulkyBaggage, bicycle: Boolean(travel.bicycle) };
  const client = clientStepErrors('travel', state.checkout, tariff);
  const server = await validateCheckoutStep(test.ctx.db, {
    step: 'travel',
    body: travelFields({
      personCount: travel.personCount,
      childrenSeat: travel.childrenSeat,
      bulkyBaggage: travel.bicycle ? 'bicycle' : '',
    }),
    cart,
    now: test.ctx.now(),
  });
  return { client, server };
}

describe('tariff limits: the same message in the browser and on the server', () => {
  it('persons above the maximum', async () => {
    const { client, server } = await bothSides({ personCount: tariff.maxPersons + 1, childrenSeat: 0 });
    expect(client.personCount).toEqual(['validation.tariff.max_persons']);
    expect(server.personCount).toEqual(client.personCount);
    for (const locale of ['de', 'en'] as const) {
      const t = translator(locale);
      const text = t(client.personCount[0]);
      expect(text).not.toBe(client.personCount[0]);
      expect(server.personCount.map((k) => t(k))).toEqual([text]);
    }
  });

  it('child seats above the maximum', async () => {
    const { client, server } = await bothSides({
      personCount: tariff.maxPersons,
      childrenSeat: tariff.maxChildSeats + 1,
    });
    expect(client.childrenSeat).toEqual(['validation.tariff.max_child_seats']);
    expect(server.childrenSeat).toEqual(client.childrenSeat);
  });

  it('bulky baggage the tariff does not take', async () => {
    const { client, server } = await bothSides({ personCount: 1, childrenSeat: 0, bicycle: true });
    expect(client.bulkyBaggage).toEqual(['validation.tariff.bulky_baggage']);
    expect(server.bulkyBaggage).toEqual(client.bulkyBaggage);
  });

  it('nothing refused within the limits on either side', async () => {
    const { client, server } = await bothSides({ personCount: tariff.maxPersons, childrenSeat: 0 });
    expect(client).toEqual({});
    expect(server).toEqual({});
  });
});

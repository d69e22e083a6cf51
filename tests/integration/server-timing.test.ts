// Server-Timing (issue 11): every answer says what it cost (db, total; pages also render), and the tariffs page's
// loader runs a small, fixed number of queries however many tariffs and days the stay has.
import { catalogueChanged } from '../../app/services/cache-events.server.ts';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestTiming } from '../../database/request-timing.server.ts';
import { loader } from '../../app/routes/checkout-tariffs.tsx';
import { ApiClient, createTestApp, routeContext, type TestApp } from './harness.ts';

const NOW = new Date('2026-11-21T09:00:00Z');
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ now: NOW });
});
afterAll(() => test.close());

/** `name;dur=1.2;desc="…"` entries of a Server-Timing header, as name → duration (ms). */
function durations(header: string | undefined): Record<string, number> {
  const result: Record<string, number> = {};
  for (const entry of (header ?? '').split(',')) {
    const [name, ...params] = entry.trim().split(';');
    const dur = params.find((p) => p.startsWith('dur='));
    if (name && dur) result[name] = Number(dur.slice(4));
  }
  return result;
}

describe('Server-Timing header', () => {
  it('an API answer carries db and total durations', async () => {
    const client = await new ApiClient(test).start();
    const res = await client.get('auth/check'); // loads the session the first call stored
    expect(res.status).toBe(200);
    const timing = durations(res.headers['server-timing']);
    expect(Number.isFinite(timing.db)).toBe(true);
    expect(timing.db).toBeGreaterThan(0); // the session lookup queried the database
    expect(timing.total).toBeGreaterThanOrEqual(timing.db);
    expect(res.headers['server-timing']).toMatch(/db;dur=\d+\.\d;desc="\d+ queries"/);
  });

  it('answers without a database query say db 0', async () => {
    const res = await supertest(test.app).get('/healthz');
    expect(durations(res.headers['server-timing'])).toMatchObject({ db: 0 });
  });
});

async function tariffsLoader(entry: string, exit: string, airport = 'frankfurt') {
  const args = {
    request: new Request(`http://shop.test/buchung/tarife?airport=${airport}&entry=${entry}&exit=${exit}`),
    params: {},
    context: routeContext({
      app: test.ctx,
      session: await test.ctx.sessions.load(undefined),
      cspNonce: '',
      clientIp: '127.0.0.1',
    }),
  };
  return withRequestTiming(async (timing) => {
    const page = await loader(args as unknown as Parameters<typeof loader>[0]);
    return { page: page.data, queries: timing.queries };
  });
}

describe('checkout.tariffs loader queries', () => {
  it('stays small and independent of the number of days', async () => {
    // The catalogue is cached after the first page (issue 11): compare pages with the same, warm cache.
    await tariffsLoader('2026-12-20T08:00', '2026-12-21T18:00');
    const short = await tariffsLoader('2026-12-20T08:00', '2026-12-21T18:00');
    const long = await tariffsLoader('2026-12-20T08:00', '2027-01-19T18:00');
    expect(short.page.offers.length).toBeGreaterThan(1);
    expect(long.page.offers.length).toBe(short.page.offers.length);
    expect(long.queries).toBe(short.queries);
    expect(short.queries).toBeGreaterThan(0);
    // occupancy of all tariffs and days, the rating (airports, tariffs and price lists come from the cache)
    expect(short.queries).toBeLessThanOrEqual(2);
  });

  it('reads the catalogue once: a cold cache costs airports, tariffs and price lists on top', async () => {
    await catalogueChanged(test.ctx.db);
    const cold = await tariffsLoader('2026-12-20T08:00', '2026-12-21T18:00');
    const warm = await tariffsLoader('2026-12-20T08:00', '2026-12-21T18:00');
    expect(cold.queries).toBeLessThanOrEqual(5);
    expect(cold.queries - warm.queries).toBe(3);
  });

  it('does not grow with the number of tariffs', async () => {
    await tariffsLoader('2026-12-20T08:00', '2026-12-27T18:00');
    await tariffsLoader('2026-12-20T08:00', '2026-12-27T18:00', 'hamburg');
    const frankfurt = await tariffsLoader('2026-12-20T08:00', '2026-12-27T18:00');
    const hamburg = await tariffsLoader('2026-12-20T08:00', '2026-12-27T18:00', 'hamburg');
    expect(frankfurt.page.offers.length).not.toBe(hamburg.page.offers.length);
    expect(hamburg.queries).toBe(frankfurt.queries);
  });
});

describe('round trips of a booking (decision 0035)', () => {
  it('counts the rate-limit hit with the session read, and stores the session with the booking', async () => {
    const { checkoutBody } = await import('../fixtures/checkout-body.ts');
    const stay = { entryTime: '2026-12-07T08:00', exitTime: '2026-12-09T18:00' };
    const client = await new ApiClient(test).start();
    const [tariff] = (await test.ctx.db.query.tariffs.findMany()).filter((t) => t.active);
    const queries = (res: { headers: Record<string, string> }) =>
      Number(/desc="(\d+) queries"/.exec(res.headers['server-timing'])?.[1]);
    // warm: the catalogue is in memory after a first cart
    expect(
      (await client.post('checkout/cart', { airportId: tariff.airportId, tariffId: tariff.id, ...stay })).status,
    ).toBe(200);
    const cart = await client.post('checkout/cart', { airportId: tariff.airportId, tariffId: tariff.id, ...stay });
    expect(cart.status).toBe(200);
    // session with its hit, the stay's occupancy, the session's cart
    expect(queries(cart)).toBe(3);
    const booked = await client.post('checkout', checkoutBody(stay), { 'Idempotency-Key': 'round-trips' });
    expect(booked.status).toBe(201);
    // session with its hit, the booking with the session after it (the shared NOTIFY goes after the answer)
    expect(queries(booked)).toBeLessThanOrEqual(3);
    expect(queries(booked)).toBeGreaterThanOrEqual(2);
  });
});

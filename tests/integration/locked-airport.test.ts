import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, lockedAirportNotifications } from '../../database/schema.ts';
import { ApiClient, createTestApp, type TestApp } from './harness.ts';

let test: TestApp;
let ksf: typeof airports.$inferSelect;
let fra: typeof airports.$inferSelect;

beforeAll(async () => {
  test = await createTestApp();
  [ksf] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'KSF'));
  [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
});
afterAll(() => test.close());

describe('POST /api/locked-airport-notification', () => {
  it('stores a sign-up once and answers 201 {message} every time', async () => {
    const client = await new ApiClient(test).start();
    const body = { email: 'Anna.Schmidt@example.org', airportId: ksf.id, airportStatus: 'locked' };
    const first = await client.post('locked-airport-notification', body);
    const second = await client.post('locked-airport-notification', body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(first.body).toEqual({ message: expect.any(String) });
    const rows = await test.ctx.db
      .select()
      .from(lockedAirportNotifications)
      .where(eq(lockedAirportNotifications.airportId, ksf.id));
    expect(rows.map((r) => r.email)).toEqual(['anna.schmidt@example.org']);
  });

  it('answers 422 with the field keys as sent', async () => {
    const client = await new ApiClient(test).start();
    const res = await client.post('locked-airport-notification', { email: 'kein-mail', airportStatus: 'zu' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['airportId', 'airportStatus', 'email']);
  });

  it('answers 409 for an airport that can be booked', async () => {
    const client = await new ApiClient(test).start();
    const res = await client.post('locked-airport-notification', {
      email: 'a@example.org',
      airportId: fra.id,
      airportStatus: 'locked',
    });
    expect(res.status).toBe(409);
  });
});

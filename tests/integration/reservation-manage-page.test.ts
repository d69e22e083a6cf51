/**
 * The reservation page's manage forms without JavaScript (issue 12): the guest page's route action called as a
 * browser's form post would — CSRF, the two steps of a change (quote with a key, then the confirmation with the
 * hidden fields and the key), the bulky-baggage check boxes, the cancellation, and the loader's view.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, reservations, tariffs } from '../../database/schema.ts';
import { action, loader } from '../../app/routes/guest-reservation.tsx';
import type { Session } from '../../server/session.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { ApiClient, createTestApp, routeContext, type TestApp } from './harness.ts';

let test: TestApp;
let flag: string;
let tariff: typeof tariffs.$inferSelect;
let fra: typeof airports.$inferSelect;
const stay = { entryTime: '2026-12-20T08:00', exitTime: '2026-12-22T18:00' };

beforeAll(async () => {
  test = await createTestApp({ now: new Date('2026-11-21T09:00:00Z') });
  [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
  [tariff] = await test.ctx.db
    .select()
    .from(tariffs)
    .where(
      and(
        eq(tariffs.airportId, fra.id),
        eq(tariffs.active, true),
        sql`jsonb_array_length(${tariffs.allowedBulkyBaggage}) > 0`,
      ),
    )
    .orderBy(tariffs.id)
    .limit(1);
  flag = tariff.allowedBulkyBaggage[0];
});
afterAll(() => test.close());

type Answer = { data: Record<string, unknown> & { message: string | null }; init: { status?: number } | null };

const args = (session: Session, request: Request, reference: string) =>
  ({
    request,
    params: { reference },
    context: routeContext({ app: test.ctx, session, cspNonce: '', clientIp: '203.0.113.9' }),
  }) as never;

function post(reference: string, fields: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  }
  return new Request(`http://localhost/reservierung/${reference}`, { method: 'POST', body: form });
}

describe('guest reservation page: manage forms without JavaScript', () => {
  it('quotes, confirms a change with the hidden key, then cancels; CSRF is checked', async () => {
    const client = await new ApiClient(test).start();
    expect((await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...stay })).status).toBe(200);
    const booked = await client.post('checkout', checkoutBody({ ...stay, personCount: 1, licensePlate: 'F-AB 1234' }));
    expect(booked.status).toBe(201);
    const reference = booked.body.reservation.reference as string;
    const session = (await test.ctx.sessions.load(client.cookie)) as Session;
    const csrf = session.csrfToken;

    const forged = (await action(args(session, post(reference, { intent: 'cancel-confirm' }), reference))) as Answer;
    expect(forged.init?.status).toBe(419);

    const travel = {
      ...stay,
      exitTime: '2026-12-23T18:00',
      personCount: '1',
      childrenSeat: '0',
      licensePlate: 'F-AB 1234',
    };
    const quote = (await action(
      args(session, post(reference, { _csrf: csrf, intent: 'change-quote', ...travel, bulky: [flag] }), reference),
    )) as Answer;
    expect(quote.data.message).toBeNull();
    const changeQuote = quote.data.changeQuote as { key: string; days: unknown[]; difference: string };
    expect(changeQuote.days).toHaveLength(4);
    expect(changeQuote.key).toMatch(/^[0-9a-f-]{36}$/);
    expect((quote.data.values as Record<string, string>).bulkyBaggage).toBe(flag);
    const [unchanged] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference));
    expect(unchanged.exitLocal).toBe(stay.exitTime);

    const confirmFields = {
      _csrf: csrf,
      intent: 'change-confirm',
      ...travel,
      bulkyBaggage: flag,
      idempotencyKey: changeQuote.key,
    };
    const done = (await action(args(session, post(reference, confirmFields), reference))) as Answer;
    expect(done.data.done).toBe('changed');
    const [changed] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference));
    expect(changed.exitLocal).toBe('2026-12-23T18:00');
    expect(changed.bulkyBaggage).toBe(flag);
    // A second post of the same confirmation (reload, double click) replays: still one change.
    const replay = (await action(args(session, post(reference, confirmFields), reference))) as Answer;
    expect(replay.data.done).toBe('changed');

    const view = await loader(args(session, new Request(`http://localhost/reservierung/${reference}`), reference));
    const { manage } = view.data;
    expect(manage.open).toBe(true);
    expect(manage.travel.exitTime).toBe('2026-12-23T18:00');
    expect(manage.history.filter((h) => h.kind === 'changed')).toHaveLength(1);

    const cancelQuote = (await action(
      args(session, post(reference, { _csrf: csrf, intent: 'cancel-quote' }), reference),
    )) as Answer;
    expect((cancelQuote.data.cancelQuote as { documents: string }).documents).toContain(changed.invoiceNumber!);
    const cancelled = (await action(
      args(session, post(reference, { _csrf: csrf, intent: 'cancel-confirm' }), reference),
    )) as Answer;
    expect(cancelled.data.done).toBe('cancelled');
    const again = (await action(
      args(session, post(reference, { _csrf: csrf, intent: 'cancel-confirm' }), reference),
    )) as Answer;
    expect(again.init?.status).toBe(409);
    expect(again.data.message).toMatch(/storniert oder abgeschlossen/);
  });
});

/**
 * The price watch (issue 37 item 2) against the real outbox (`.eml` files of this file's own data directory):
 * `POST /api/price-watch` answers the same for a new, pending and confirmed watch (422 field keys as sent, an
 * unknown airport, a past or too long stay), the double opt-in link confirms and sets the baseline (the tariffs
 * page's cheapest total), the job mails a drop after staff lower a price list — once a day, never on a rise, with
 * the RFC 8058 headers —, the one-click POST ends the watch, the watch ends at its entry date, the page action works
 * without JavaScript, a customer's own booking is watched at its change price (the change quote keeps the lower
 * price), and watches are in the account's data export and deleted with the account.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, priceLists, priceWatches } from '../../database/schema.ts';
import { selectPriceList } from '../../app/domain/pricing.ts';
import type { StaffActor } from '../../app/domain/staff-roles.ts';
import { translator } from '../../app/i18n.server.ts';
import { action as pageAction } from '../../app/routes/price-watch.tsx';
import { savePriceList } from '../../app/services/backoffice/admin-catalogue.server.ts';
import { searchTariffs } from '../../app/services/checkout/tariffs-page.server.ts';
import { deliverPendingMail } from '../../app/services/mail/mail.server.ts';
import {
  confirmPriceWatch,
  runPriceWatchJob,
  watchOwnReservation,
} from '../../app/services/subscriptions/price-watch.server.ts';
import { subscriptionWorkSettled } from '../../app/services/subscriptions/subscription-work.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { parseEml, type ParsedMail } from '../fixtures/eml.ts';
import { createStaffMember } from '../fixtures/staff.ts';
import { ApiClient, createTestApp, frankfurtFirstTariff, routeContext, type TestApp } from './harness.ts';

const START = new Date('2026-11-21T09:00:00Z');
const STAY = { entryTime: '2026-12-10T08:00', exitTime: '2026-12-17T18:00' };
const de = translator('de');
let test: TestApp;
let dataDir: string;
let airportId: number;
let admin: StaffActor;
let counter = 0;
const newEmail = () => `sparfuchs.${++counter}@example.org`;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-price-watch-'));
  test = await createTestApp({ now: START, env: { DATA_DIR: dataDir } });
  airportId = (await frankfurtFirstTariff(test.ctx.db)).fra.id;
  const member = await createStaffMember(test.ctx.db, { role: 'admin' });
  admin = { staffId: member.id, email: member.email, name: '', role: 'admin', operator: null };
});
afterAll(async () => {
  await subscriptionWorkSettled();
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  test.setNow(START);
  await test.ctx.db.execute(sql`delete from rate_limits`);
});

/** Requests a watch through the API and waits for the background work (row stored, mail queued). */
async function watch(body: Record<string, unknown>, client?: ApiClient) {
  client ??= await new ApiClient(test).start();
  const res = await client.post('price-watch', body);
  await subscriptionWorkSettled();
  return res;
}

/** The delivered mails of a kind to an address, oldest first. */
async function mailsTo(email: string, kind: string): Promise<ParsedMail[]> {
  await deliverPendingMail(test.ctx, { limit: 50 });
  const rows = await test.ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, kind)))
    .orderBy(mailOutbox.id);
  const files = fs.readdirSync(path.join(dataDir, 'mail'));
  return rows.map((row) => {
    expect(row.status).toBe('sent');
    const file = files.find((f) => f.endsWith(`-${row.id}.eml`));
    return parseEml(fs.readFileSync(path.join(dataDir, 'mail', file!)));
  });
}

/** The token of the newest confirmation mail to `email`. */
async function confirmToken(email: string): Promise<string> {
  const mails = await mailsTo(email, 'price_watch_confirm');
  const match = /https?:\/\/\S+\/preisbeobachtung\/([A-Za-z0-9_-]{43})\b/.exec(mails.at(-1)!.text);
  expect(match, 'confirmation link in the mail').not.toBeNull();
  return match![1];
}

async function watchOf(email: string) {
  const [row] = await test.ctx.db.select().from(priceWatches).where(eq(priceWatches.email, email));
  return row;
}

/** The cheapest offer the tariffs page shows for the stay: its total and tariff. */
async function cheapestOffer(stay = STAY) {
  const page = await searchTariffs(
    test.ctx.db,
    { airport: 'frankfurt', entry: stay.entryTime, exit: stay.exitTime },
    { now: test.ctx.now(), locale: 'de' },
  );
  const offers = page.offers.filter((o) => o.price && !o.soldOut);
  offers.sort((a, b) => a.price!.totalCents - b.price!.totalCents);
  return { totalCents: offers[0].price!.totalCents, tariffId: offers[0].tariffId };
}

/** Staff scale the price list that prices `stay` at `tariffId` by `factor` (the back office's save). */
async function scalePrices(tariffId: number, factor: number, stay = STAY) {
  const lists = await test.ctx.db.select().from(priceLists).where(eq(priceLists.tariffId, tariffId));
  const list = selectPriceList(lists, stay.entryTime.slice(0, 10)) as (typeof lists)[number];
  const euro = (cents: number) => (Math.max(1, Math.round(cents * factor)) / 100).toFixed(2).replace('.', ',');
  await savePriceList(test.ctx, admin, tariffId, list.id, {
    name: list.name,
    dayPrices: list.dayPrices.map(euro),
    extraDayPrice: euro(list.extraDayPrice),
    validFrom: list.validFrom ?? '',
    validTo: list.validTo ?? '',
  });
  await subscriptionWorkSettled(); // the job the change started for the airport
}

/** A confirmed watch of `stay` for a new address. */
async function confirmedWatch(stay = STAY) {
  const email = newEmail();
  expect((await watch({ email, airportId, ...stay })).status).toBe(202);
  expect(await confirmPriceWatch(test.ctx, { token: await confirmToken(email) })).toBe('confirmed');
  return email;
}

describe('POST /api/price-watch', () => {
  it('answers 202 with the same body for a new, a pending and a confirmed watch; mails only while not confirmed', async () => {
    const email = newEmail();
    const asNew = await watch({ email: email.toUpperCase(), airportId, ...STAY });
    expect(asNew.status).toBe(202);
    expect(asNew.body).toEqual({ message: de('price_watch.accepted') });
    expect(await watchOf(email)).toMatchObject({ status: 'pending', entryLocal: STAY.entryTime, baselineCents: null });

    const asPending = await watch({ email, airportId, ...STAY });
    expect(asPending.body).toEqual(asNew.body);
    expect(await mailsTo(email, 'price_watch_confirm')).toHaveLength(2);
    expect(await confirmPriceWatch(test.ctx, { token: await confirmToken(email) })).toBe('confirmed');

    const asConfirmed = await watch({ email, airportId, ...STAY });
    expect(asConfirmed.status).toBe(202);
    expect(asConfirmed.body).toEqual(asNew.body);
    expect(await mailsTo(email, 'price_watch_confirm')).toHaveLength(2);
    expect((await watchOf(email)).status).toBe('confirmed');
  });

  it('refuses bad input with translated field messages (keys as sent), an unknown airport, a past or too long stay', async () => {
    const client = await new ApiClient(test).start();
    const bad = await client.post('price-watch', { email: 'kein-mail', airportId: 'x', entryTime: '10.12.2026' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['airportId', 'email', 'entryTime', 'exitTime']);
    expect(bad.body.errors.email).toEqual([de('validation.email')]);

    const unknown = await client.post('price-watch', { email: newEmail(), airportId: 99999, ...STAY });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ airportId: [de('price_watch.error.airport')] });

    const past = await client.post('price-watch', {
      email: newEmail(),
      airportId,
      entryTime: '2026-11-20T08:00',
      exitTime: '2026-11-25T08:00',
    });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual({ entryTime: [de('validation.stay.lead_time')] });
    const long = await client.post('price-watch', {
      email: newEmail(),
      airportId,
      ...STAY,
      exitTime: '2027-03-01T08:00',
    });
    expect(long.body.errors).toEqual({ exitTime: [de('validation.stay.max_stay')] });

    client.csrfToken = 'wrong';
    expect((await client.post('price-watch', { email: newEmail(), airportId, ...STAY })).status).toBe(419);
  });

  it('the confirmation sets the baseline to the tariffs page’s cheapest total; an expired link is refused and purged', async () => {
    const email = await confirmedWatch();
    const row = await watchOf(email);
    expect(row.baselineCents).toBe((await cheapestOffer()).totalCents);
    expect(row.confirmedAt).toEqual(START);

    const late = newEmail();
    await watch({ email: late, airportId, ...STAY });
    const token = await confirmToken(late);
    test.setNow(new Date(START.getTime() + 49 * 60 * 60 * 1000));
    expect(await confirmPriceWatch(test.ctx, { token })).toBe('expired');
    await runPriceWatchJob(test.ctx);
    expect(await watchOf(late)).toBeUndefined();
    expect(await confirmPriceWatch(test.ctx, { token: 'unknown-token' })).toBe('invalid');
  });
});

describe('the job', () => {
  it('mails once when staff lower a price list, not again the same day, not on a rise; one-click unsubscribe ends it', async () => {
    const stay = { entryTime: '2026-12-12T08:00', exitTime: '2026-12-15T18:00' };
    const email = await confirmedWatch(stay);
    const before = await cheapestOffer(stay);
    // Unchanged prices: nothing to tell.
    await runPriceWatchJob(test.ctx);
    expect(await mailsTo(email, 'price_watch_drop')).toHaveLength(0);

    await scalePrices(before.tariffId, 0.8, stay); // the back office's save runs the job for the airport
    const after = await cheapestOffer(stay);
    expect(after.totalCents).toBeLessThan(before.totalCents);
    const mails = await mailsTo(email, 'price_watch_drop');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const row = await watchOf(email);
    expect(row).toMatchObject({ lastMailedCents: after.totalCents, baselineCents: before.totalCents });
    expect(mail.text).toContain('http://localhost:3000/buchung/tarife?airport=frankfurt&entry=2026-12-12T08%3A00');
    expect(mail.text).toContain(`http://localhost:3000/preisbeobachtung/abmelden/${row.unsubscribeToken}`);
    expect(mail.headers['list-unsubscribe']).toBe(
      `<http://localhost:3000/unsubscribe/price-watch/${row.unsubscribeToken}>`,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // A second drop the same day waits; a rise never mails; the next day's drop below the last mail does.
    await scalePrices(before.tariffId, 0.8, stay);
    await runPriceWatchJob(test.ctx);
    expect(await mailsTo(email, 'price_watch_drop')).toHaveLength(1);
    test.setNow(new Date(START.getTime() + 24 * 60 * 60 * 1000));
    await scalePrices(before.tariffId, 2, stay);
    expect(await mailsTo(email, 'price_watch_drop')).toHaveLength(1);
    await scalePrices(before.tariffId, 0.25, stay);
    expect(await mailsTo(email, 'price_watch_drop')).toHaveLength(2);

    const oneClick = `/unsubscribe/price-watch/${row.unsubscribeToken}`;
    const get = await supertest(test.app).get(oneClick);
    expect(get.status).toBe(303);
    expect(get.headers.location).toBe(`/preisbeobachtung/abmelden/${row.unsubscribeToken}`);
    expect((await watchOf(email)).status).toBe('confirmed');
    const post = await supertest(test.app).post(oneClick).type('form').send('List-Unsubscribe=One-Click');
    expect(post.status).toBe(200);
    expect(await watchOf(email)).toBeUndefined();
    expect((await supertest(test.app).post(oneClick).type('form').send('List-Unsubscribe=One-Click')).status).toBe(404);
  });

  it('three runs at once still send one mail for a drop (the guarded claim)', async () => {
    const stay = { entryTime: '2026-12-05T08:00', exitTime: '2026-12-06T18:00' };
    const email = await confirmedWatch(stay);
    const { totalCents } = await cheapestOffer(stay);
    // as if the price had been 10 € higher at confirmation
    await test.ctx.db
      .update(priceWatches)
      .set({ baselineCents: totalCents + 1000 })
      .where(eq(priceWatches.email, email));
    const runs = await Promise.all([1, 2, 3].map(() => runPriceWatchJob(test.ctx)));
    expect(runs.reduce((sum, run) => sum + run.mailed, 0)).toBe(1);
    expect(await mailsTo(email, 'price_watch_drop')).toHaveLength(1);
  });

  it('ends a watch on its entry date', async () => {
    const stay = { entryTime: '2026-11-24T08:00', exitTime: '2026-11-26T18:00' };
    const email = await confirmedWatch(stay);
    test.setNow(new Date('2026-11-23T12:00:00Z'));
    await runPriceWatchJob(test.ctx);
    expect(await watchOf(email)).toBeDefined();
    test.setNow(new Date('2026-11-23T23:30:00Z')); // 00:30 on the 24th in Frankfurt
    expect((await runPriceWatchJob(test.ctx)).ended).toBeGreaterThanOrEqual(1);
    expect(await watchOf(email)).toBeUndefined();
  });
});

describe('the page action without JavaScript', () => {
  it('redirects back with the flash notice, the same as the API; a refused post shows its messages', async () => {
    const email = newEmail();
    const session = await test.ctx.sessions.load(undefined);
    const post = async (fields: Record<string, string>) => {
      const form = new FormData();
      form.set('_csrf', session.csrfToken);
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      const request = new Request('http://shop.test/preisbeobachtung', { method: 'POST', body: form });
      const context = routeContext({ app: test.ctx, session, cspNonce: '', clientIp: '198.51.100.8' });
      return pageAction({ request, params: {}, context } as unknown as Parameters<typeof pageAction>[0]);
    };
    const back = '/buchung/tarife?airport=frankfurt&entry=2026-12-10T08:00&exit=2026-12-17T18:00';
    const res = (await post({ email, airportId: String(airportId), ...STAY, returnTo: back })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(back);
    expect(session.get('flash')).toMatchObject({ type: 'success', message: de('price_watch.accepted') });
    await subscriptionWorkSettled();
    expect((await watchOf(email)).status).toBe('pending');

    const refused = (await post({ email: 'kaputt', airportId: String(airportId), ...STAY })) as unknown as {
      init: { status: number };
      data: { errors: Record<string, string>; values: Record<string, string> };
    };
    expect(refused.init.status).toBe(422);
    expect(refused.data.errors).toEqual({ email: de('validation.email') });
    expect(refused.data.values.entryTime).toBe(STAY.entryTime);
  });
});

describe('a customer’s own booking, the data export and the account deletion', () => {
  it('watches the change price of the own booking, links the mail to its change flow, whose quote keeps the lower price', async () => {
    const client = await new ApiClient(test).start();
    const email = newEmail();
    const password = 'Kirschbaum-Allee-7';
    const signup = await client.post('auth/signup', {
      gender: true,
      firstname: 'Max',
      lastname: 'Muster',
      email,
      password,
      passwordConfirmation: password,
      terms: true,
    });
    expect(signup.status).toBe(201);
    const stay = { entryTime: '2026-12-18T08:00', exitTime: '2026-12-21T18:00' };
    const { tariffId } = await cheapestOffer(stay);
    expect((await client.post('checkout/cart', { airportId, tariffId, ...stay })).status).toBe(200);
    const booked = await client.post('checkout', checkoutBody({ ...stay, personCount: 1, email, couponCode: '' }));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const reference = booked.body.reservation.reference as string;
    const bookedTotal = booked.body.reservation.totalCents as number;

    // Only the signed-in owner: another session gets the 404.
    const stranger = await test.ctx.sessions.load(undefined);
    await expect(watchOwnReservation(test.ctx, { session: stranger, reference, locale: 'de' })).rejects.toMatchObject({
      status: 404,
    });
    const session = await test.ctx.sessions.load(client.cookie);
    await watchOwnReservation(test.ctx, { session, reference, locale: 'de' });
    await subscriptionWorkSettled();
    const confirmMail = (await mailsTo(email, 'price_watch_confirm')).at(-1)!;
    expect(confirmMail.text).toContain(reference);
    expect(await confirmPriceWatch(test.ctx, { token: await confirmToken(email) })).toBe('confirmed');
    const row = await watchOf(email);
    expect(row.reservationId).not.toBeNull();
    expect(row.baselineCents).toBe(bookedTotal);

    await scalePrices(tariffId, 0.7, stay);
    const [mail] = await mailsTo(email, 'price_watch_drop');
    expect(mail.text).toContain(`http://localhost:3000/konto/reservierungen/${reference}`);
    const quote = await client.post(`reservations/${reference}/change`, {
      ...stay,
      personCount: 1,
      childrenSeat: 0,
      bulkyBaggage: '',
      licensePlate: 'F-AB 1234',
      dryRun: true,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.quote.new.totalCents).toBe((await watchOf(email)).lastMailedCents);
    expect(quote.body.quote.new.totalCents).toBeLessThan(bookedTotal);

    // Also a plain watch of the same address; both are in the export and go with the account.
    await watch({ email, airportId, ...STAY }, client);
    const exported = await client.get('account/export');
    expect(exported.status).toBe(200);
    expect(exported.body.priceWatches).toHaveLength(2);
    expect(JSON.stringify(exported.body.priceWatches)).not.toContain(row.unsubscribeToken);
    expect((await client.post('account/delete', { password })).status).toBe(200);
    expect(await test.ctx.db.select().from(priceWatches).where(eq(priceWatches.email, email))).toEqual([]);
  });
});

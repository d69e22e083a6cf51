/**
 * The other half of the locked-airport notification (issue 10): unlocking an airport sends exactly one mail per
 * request — when unlock runs twice, when several unlocks run at once (real concurrency on PostgreSQL), and
 * through the local admin endpoint, which refuses without the right token and from outside the loopback
 * interface. Unsubscribing (one-click) stops further airport mails to the address.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { airports, lockedAirportNotifications, mailOutbox } from '../../database/schema.ts';
import { setAirportStatus } from '../../app/services/catalogue/airport-status.server.ts';
import { parseEml } from '../fixtures/eml.ts';
import { ApiClient, createTestApp, type TestApp } from './harness.ts';

const TOKEN = 'admin-token-of-this-test-0123456789abcdef';
let test: TestApp;
let dataDir: string;
let kassel: typeof airports.$inferSelect;
let round = 0;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-unlock-'));
  test = await createTestApp({ env: { DATA_DIR: dataDir, PUBLIC_URL: 'https://shop.example' } });
  test.ctx.adminToken = TOKEN;
  [kassel] = await test.ctx.db.select().from(airports).where(eq(airports.slug, 'kassel'));
});
afterAll(async () => {
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await test.ctx.db.execute(sql`delete from rate_limits`);
  await test.ctx.db.update(airports).set({ status: 'locked' }).where(eq(airports.id, kassel.id));
});

/** `count` new addresses that ask (through the API) to hear when Kassel opens; the last one in English. */
async function subscribers(count: number): Promise<string[]> {
  round++;
  const emails = Array.from({ length: count }, (_, i) => `reisende.${round}.${i}@example.org`);
  for (const [i, email] of emails.entries()) {
    const client = await new ApiClient(test).start();
    const body = { email, airportId: kassel.id, airportStatus: 'locked' };
    const res = await client.post('locked-airport-notification', body, {
      'App-Language': i === count - 1 ? 'en' : 'de',
    });
    expect(res.status).toBe(201);
  }
  return emails;
}

/** Outbox rows of the airport mail per address. */
async function mailCounts(emails: string[]): Promise<Record<string, number>> {
  const rows = await test.ctx.db
    .select({ to: mailOutbox.to })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'airport_open'), inArray(mailOutbox.to, emails)));
  const counts = Object.fromEntries(emails.map((e) => [e, 0]));
  for (const row of rows) counts[row.to]++;
  return counts;
}

const once = (emails: string[]) => Object.fromEntries(emails.map((e) => [e, 1]));
const unlock = () => setAirportStatus(test.ctx, { slug: 'kassel', status: 'active' });

describe('unlocking an airport', () => {
  it('sends one mail per request in its language, with the airport link and the unsubscribe link and headers', async () => {
    const emails = await subscribers(2);
    expect(await unlock()).toEqual({ slug: 'kassel', status: 'active', changed: true, notified: 2 });
    expect(await unlock()).toEqual({ slug: 'kassel', status: 'active', changed: false, notified: 0 });
    expect(await mailCounts(emails)).toEqual(once(emails));

    const rows = await test.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'airport_open'), inArray(mailOutbox.to, emails)))
      .orderBy(mailOutbox.id);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    const files = fs.readdirSync(path.join(dataDir, 'mail'));
    const [german, english] = rows.map((row) =>
      parseEml(
        fs.readFileSync(
          path.join(
            dataDir,
            'mail',
            files.find((f) => f.endsWith(`-${row.id}.eml`))!,
          ),
        ),
      ),
    );
    expect(german.subject).toBe('Flughafen Kassel ist wieder buchbar – Parkplatz-Shop');
    expect(german.text).toContain('https://shop.example/parkplatz/kassel');
    expect(english.subject).toBe('Kassel Airport can be booked again – Parkplatz-Shop');
    expect(english.text).toContain('https://shop.example/en/parkplatz/kassel');
    const [request] = await test.ctx.db
      .select()
      .from(lockedAirportNotifications)
      .where(eq(lockedAirportNotifications.email, emails[0]));
    expect(request.notifiedAt).not.toBeNull();
    expect(german.text).toContain(`https://shop.example/benachrichtigung/abmelden/${request.unsubscribeToken}`);
    expect(german.headers['list-unsubscribe']).toBe(
      `<https://shop.example/unsubscribe/airport-alert/${request.unsubscribeToken}>`,
    );
    expect(german.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('locking changes the status and sends nothing; asking again after a notification asks again', async () => {
    const [email] = await subscribers(1);
    await unlock();
    const lock = await setAirportStatus(test.ctx, { slug: 'kassel', status: 'locked' });
    expect(lock).toEqual({ slug: 'kassel', status: 'locked', changed: true, notified: 0 });
    expect(await setAirportStatus(test.ctx, { slug: 'nowhere', status: 'active' })).toBeNull();
    const client = await new ApiClient(test).start();
    await client.post('locked-airport-notification', { email, airportId: kassel.id, airportStatus: 'locked' });
    expect((await unlock())?.notified).toBe(1);
    expect(await mailCounts([email])).toEqual({ [email]: 2 });
  });

  it('sends one mail per request when several unlocks run at the same time', async () => {
    const emails = await subscribers(6);
    const results = await Promise.all(Array.from({ length: 4 }, () => unlock()));
    expect(results.reduce((sum, r) => sum + (r?.notified ?? 0), 0)).toBe(6);
    expect(results.filter((r) => r?.changed)).toHaveLength(1);
    expect(await mailCounts(emails)).toEqual(once(emails));
  });

  it('sends one mail per request when two app instances (processes) unlock at once through the admin endpoint', async () => {
    const emails = await subscribers(4);
    const second = await createTestApp({ sharedWith: test, env: { DATA_DIR: dataDir } });
    second.ctx.adminToken = TOKEN;
    try {
      const call = (app: TestApp) =>
        supertest(app.app).post('/internal/airports/kassel/unlock').set('Authorization', `Bearer ${TOKEN}`);
      const answers = await Promise.all([call(test), call(second), call(test), call(second)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(answers.reduce((sum, a) => sum + a.body.notified, 0)).toBe(4);
      expect(await mailCounts(emails)).toEqual(once(emails));
    } finally {
      await second.close();
    }
  });

  it('sends nothing to an address that unsubscribed (one-click POST), for any airport', async () => {
    const [stays, leaves] = await subscribers(2);
    const [request] = await test.ctx.db
      .select()
      .from(lockedAirportNotifications)
      .where(eq(lockedAirportNotifications.email, leaves));
    const post = await supertest(test.app)
      .post(`/unsubscribe/airport-alert/${request.unsubscribeToken}`)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(post.status).toBe(200);
    expect((await unlock())?.notified).toBe(1);
    expect(await mailCounts([stays, leaves])).toEqual({ [stays]: 1, [leaves]: 0 });
    expect((await supertest(test.app).post('/unsubscribe/airport-alert/nope')).status).toBe(404);
  });
});

describe('the admin endpoint POST /internal/airports/:slug/:action', () => {
  const endpoint = '/internal/airports/kassel/unlock';

  it('refuses without a token and with a wrong one (401), and acts with the right one', async () => {
    expect((await supertest(test.app).post(endpoint)).status).toBe(401);
    expect((await supertest(test.app).post(endpoint).set('Authorization', 'Bearer wrong')).status).toBe(401);
    expect((await supertest(test.app).post(endpoint).set('Authorization', `Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await supertest(test.app).post(endpoint).set('Authorization', TOKEN)).status).toBe(401);
    const [row] = await test.ctx.db.select().from(airports).where(eq(airports.id, kassel.id));
    expect(row.status).toBe('locked');

    const ok = await supertest(test.app).post(endpoint).set('Authorization', `Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ slug: 'kassel', status: 'active', changed: true });
    const lock = await supertest(test.app)
      .post('/internal/airports/kassel/lock')
      .set('Authorization', `Bearer ${TOKEN}`);
    expect(lock.body).toMatchObject({ status: 'locked', changed: true, notified: 0 });
    const unknown = await supertest(test.app)
      .post('/internal/airports/atlantis/unlock')
      .set('Authorization', `Bearer ${TOKEN}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('unknown_airport');
    expect(
      (await supertest(test.app).post('/internal/airports/kassel/open').set('Authorization', `Bearer ${TOKEN}`)).status,
    ).toBe(404);
  });

  it('refuses everything when the server has no token', async () => {
    const second = await createTestApp({ sharedWith: test });
    try {
      expect((await supertest(second.app).post(endpoint).set('Authorization', 'Bearer ')).status).toBe(401);
      expect((await supertest(second.app).post(endpoint).set('Authorization', 'Bearer undefined')).status).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('is not there for a client outside the loopback interface, nor for a proxied request (404)', async () => {
    // The peer address as a remote client would have it (the socket's own property, not a header).
    const remote = express();
    remote.use((req, _res, next) => {
      Object.defineProperty(req.socket, 'remoteAddress', { value: '203.0.113.50', configurable: true });
      next();
    });
    remote.use(test.app);
    const fromOutside = await supertest(remote).post(endpoint).set('Authorization', `Bearer ${TOKEN}`);
    expect(fromOutside.status).toBe(404);
    const proxied = await supertest(test.app)
      .post(endpoint)
      .set('Authorization', `Bearer ${TOKEN}`)
      .set('X-Forwarded-For', '203.0.113.50');
    expect(proxied.status).toBe(404);
    const [row] = await test.ctx.db.select().from(airports).where(eq(airports.id, kassel.id));
    expect(row.status).toBe('locked');
  });

  it('is outside the /api rules: no X-Requested-With, no session cookie, no CSRF token needed', async () => {
    const res = await supertest(test.app).post(endpoint).set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

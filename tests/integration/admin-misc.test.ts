/**
 * The back office's dashboard, coupons, reviews and mail outbox (issue 15 items 2, 6, 7, 8): every role's allowed
 * and forbidden actions, the operator's scope, a disabled coupon refused at the checkout, a hidden review gone from
 * the public ratings and their averages, a failed mail retried, and the audit rows of every write.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  airports,
  auditLog,
  coupons,
  mailOutbox,
  parkingLots,
  reservations,
  reviews,
  tariffs,
} from '../../database/schema.ts';
import { translator } from '../../app/i18n.server.ts';
import { loader as dashboardLoader } from '../../app/routes/admin/dashboard.tsx';
import { action as couponsAction, loader as couponsLoader } from '../../app/routes/admin/coupons.tsx';
import { loader as couponUsesLoader } from '../../app/routes/admin/coupon-uses.tsx';
import { action as reviewsAction, loader as reviewsLoader } from '../../app/routes/admin/reviews.tsx';
import { action as mailsAction, loader as mailsLoader } from '../../app/routes/admin/mails.tsx';
import { startReviewImport } from '../../app/services/backoffice/admin-reviews.server.ts';
import { deliverPendingMail } from '../../app/services/mail/mail.server.ts';
import type { Dashboard } from '../../app/services/backoffice/admin-dashboard.server.ts';
import type { Session } from '../../server/session.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { createStaffMember, staffCookie } from '../fixtures/staff.ts';
import { ApiClient, createTestApp, routeContext, type TestApp } from './harness.ts';

const de = translator('de');
const start = new Date('2026-11-21T09:00:00Z');
const PARKDIREKT = 'ParkDirekt Rhein-Main GmbH';
const WALLDORF = 'Airport Parkhaus Walldorf GmbH & Co. KG';

let test: TestApp;
let dataDir: string;
let session: Session;
const cookies: Record<'admin' | 'support' | 'operator', string> = { admin: '', support: '', operator: '' };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-admin-misc-'));
  test = await createTestApp({ now: start, env: { DATA_DIR: dataDir } });
  session = (await test.ctx.sessions.load(undefined)) as Session;
  for (const role of ['admin', 'support', 'operator'] as const) {
    const member = await createStaffMember(test.ctx.db, { role, operator: role === 'operator' ? PARKDIREKT : null });
    cookies[role] = await staffCookie(test.ctx.db, member.id, start);
  }
});
afterAll(async () => {
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Loader arguments of a page request with `cookie`. */
function get(cookie: string, url: string, params: Record<string, string> = {}) {
  return {
    request: new Request(`http://localhost${url}`, { headers: { Cookie: cookie } }),
    params,
    context: routeContext({ app: test.ctx, session, cspNonce: '', clientIp: '203.0.113.9' }),
  } as never;
}

/** Action arguments of a form post with `cookie` (CSRF token of the page session unless given). */
function post(cookie: string, url: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  body.append('_csrf', session.csrfToken);
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  }
  return {
    request: new Request(`http://localhost${url}`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    }),
    params: {},
    context: routeContext({ app: test.ctx, session, cspNonce: '', clientIp: '203.0.113.9' }),
  } as never;
}

/** The status of what a loader or action threw or returned (`data()` or a Response). */
async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    const result = (await run()) as { init?: { status?: number } } | Response | null;
    if (result instanceof Response) return result.status;
    return result?.init?.status ?? 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    const e = error as { init?: { status?: number } };
    if (e?.init?.status) return e.init.status;
    throw error;
  }
}

async function loaded<T>(run: () => Promise<unknown>): Promise<T> {
  const result = (await run()) as { data: T };
  return result.data;
}

async function auditRows(action: string) {
  return test.ctx.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));
}

describe('permissions', () => {
  it('lets each role in where it may and refuses it (403) elsewhere', async () => {
    const pages = [
      { name: 'dashboard', run: (c: string) => dashboardLoader(get(c, '/admin')) },
      { name: 'coupons', run: (c: string) => couponsLoader(get(c, '/admin/gutscheine')) },
      { name: 'reviews', run: (c: string) => reviewsLoader(get(c, '/admin/bewertungen')) },
      { name: 'mails', run: (c: string) => mailsLoader(get(c, '/admin/mails')) },
    ];
    const allowed: Record<string, string[]> = {
      admin: ['dashboard', 'coupons', 'reviews', 'mails'],
      support: ['dashboard', 'mails'],
      operator: ['dashboard'],
    };
    for (const role of ['admin', 'support', 'operator'] as const) {
      for (const page of pages) {
        const status = await statusOf(() => page.run(cookies[role]));
        expect([role, page.name, status]).toEqual([role, page.name, allowed[role].includes(page.name) ? 200 : 403]);
      }
    }
  });

  it('refuses the writes of roles without the area, changing nothing', async () => {
    const [coupon] = await test.ctx.db.select().from(coupons).where(eq(coupons.code, 'WILLKOMMEN10'));
    const [review] = await test.ctx.db.select().from(reviews).limit(1);
    for (const role of ['support', 'operator'] as const) {
      const c = cookies[role];
      expect(
        await statusOf(() =>
          couponsAction(post(c, '/admin/gutscheine', { intent: 'disable', couponId: String(coupon.id) })),
        ),
      ).toBe(403);
      expect(
        await statusOf(() =>
          couponsAction(post(c, '/admin/gutscheine', { intent: 'create', code: 'HACK', kind: 'percent', value: '99' })),
        ),
      ).toBe(403);
      expect(
        await statusOf(() =>
          reviewsAction(post(c, '/admin/bewertungen', { intent: 'hide', reviewId: String(review.id) })),
        ),
      ).toBe(403);
    }
    const failed = await insertFailedMail();
    expect(
      await statusOf(() =>
        mailsAction(post(cookies.operator, '/admin/mails', { intent: 'retry', mailId: String(failed) })),
      ),
    ).toBe(403);
    expect((await test.ctx.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0].disabledAt).toBeNull();
    expect((await test.ctx.db.select().from(coupons).where(eq(coupons.code, 'HACK'))).length).toBe(0);
    expect((await test.ctx.db.select().from(reviews).where(eq(reviews.id, review.id)))[0].hiddenAt).toBeNull();
    expect((await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed)))[0].status).toBe('failed');
  });

  it('redirects to the sign-in without a staff session, and refuses a wrong CSRF token (419)', async () => {
    expect(await statusOf(() => mailsLoader(get('', '/admin/mails')))).toBe(302);
    const args = post(cookies.admin, '/admin/gutscheine', {
      intent: 'create',
      code: 'NOCSRF',
      kind: 'percent',
      value: '5',
    });
    const request = (args as unknown as { request: Request }).request;
    const body = (await request.clone().text()).replace(/^_csrf=[^&]*/, '_csrf=wrong');
    const forged = { ...(args as object), request: new Request(request, { body }) } as never;
    expect(await statusOf(() => couponsAction(forged))).toBe(419);
    expect((await test.ctx.db.select().from(coupons).where(eq(coupons.code, 'NOCSRF'))).length).toBe(0);
  });
});

describe('dashboard', () => {
  it("shows an operator its own company's lots only; another company's lot or airport is not found", async () => {
    const board = await loaded<Dashboard>(() => dashboardLoader(get(cookies.operator, '/admin')));
    expect(board.lots.length).toBeGreaterThan(0);
    expect(new Set(board.lots.map((l) => l.operator))).toEqual(new Set([PARKDIREKT]));
    expect(board.movements.map((m) => m.lotId).sort()).toEqual(board.lots.map((l) => l.id).sort());

    const [other] = await test.ctx.db.select().from(parkingLots).where(eq(parkingLots.operator, WALLDORF));
    expect(await statusOf(() => dashboardLoader(get(cookies.operator, `/admin?auswahl=parkplatz-${other.id}`)))).toBe(
      404,
    );
    const [ber] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'BER'));
    expect(await statusOf(() => dashboardLoader(get(cookies.operator, `/admin?auswahl=flughafen-${ber.id}`)))).toBe(
      404,
    );
    // admin and support see every lot
    const all = await loaded<Dashboard>(() => dashboardLoader(get(cookies.support, '/admin')));
    expect(all.lots.length).toBeGreaterThan(board.lots.length);
  });

  it('counts a new booking: latest list, arrivals, occupancy and revenue of its lot', async () => {
    const [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
    const [tariff] = await test.ctx.db
      .select({ id: tariffs.id, lotId: tariffs.parkingLotId, operator: parkingLots.operator })
      .from(tariffs)
      .innerJoin(parkingLots, eq(parkingLots.id, tariffs.parkingLotId))
      .where(and(eq(tariffs.airportId, fra.id), eq(tariffs.active, true), eq(parkingLots.operator, PARKDIREKT)))
      .orderBy(tariffs.id)
      .limit(1);
    // today (21 Nov, airport local) is too close for the lead time: arrive tomorrow at noon, leave on the 24th
    const stay = { entryTime: '2026-11-22T12:00', exitTime: '2026-11-24T10:00' };
    const before = await loaded<Dashboard>(() =>
      dashboardLoader(get(cookies.operator, `/admin?auswahl=parkplatz-${tariff.lotId}`)),
    );
    const client = await new ApiClient(test).start();
    expect((await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...stay })).status).toBe(200);
    const booked = await client.post('checkout', checkoutBody({ ...stay, paymentType: 'invoice' }), {
      'Idempotency-Key': crypto.randomUUID(),
    });
    expect(booked.status).toBe(201);
    const reference = booked.body.reservation.reference as string;
    const [row] = await test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference));

    const after = await loaded<Dashboard>(() =>
      dashboardLoader(get(cookies.operator, `/admin?auswahl=parkplatz-${tariff.lotId}`)),
    );
    expect(after.latest[0].reference).toBe(reference);
    expect(after.movements).toHaveLength(1);
    expect(after.movements[0].today).toBe('2026-11-21');
    expect(after.movements[0].arrivalsTomorrow).toBe(before.movements[0].arrivalsTomorrow + 1);
    const day = (b: Dashboard, d: string) => b.occupancy.find((o) => o.day === d)!.booked;
    expect(after.occupancy[0].day).toBe('2026-11-21');
    expect(after.occupancy).toHaveLength(60);
    for (const d of ['2026-11-22', '2026-11-23', '2026-11-24']) expect(day(after, d)).toBe(day(before, d) + 1);
    const month = (b: Dashboard) => b.revenue.find((m) => m.month === '2026-11')!;
    expect(month(after).invoicedCents).toBe(month(before).invoicedCents + row.totalCents);
    expect(after.revenue.at(-1)!.month).toBe('2026-11');

    // another operator's dashboard does not list it
    const walldorf = await createStaffMember(test.ctx.db, { role: 'operator', operator: WALLDORF });
    const walldorfCookie = await staffCookie(test.ctx.db, walldorf.id, start);
    const theirs = await loaded<Dashboard>(() => dashboardLoader(get(walldorfCookie, '/admin')));
    expect(theirs.latest.map((r) => r.reference)).not.toContain(reference);
  });
});

describe('coupons', () => {
  it('refuses invalid input with translated field messages and stores nothing', async () => {
    const before = await test.ctx.db.select({ n: sql<number>`count(*)::int` }).from(coupons);
    const answer = (await couponsAction(
      post(cookies.admin, '/admin/gutscheine', {
        intent: 'create',
        code: 'x y',
        kind: 'percent',
        value: '150',
        validFrom: '2026-12-10',
        validTo: '2026-12-01',
      }),
    )) as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(answer.init.status).toBe(422);
    expect(answer.data.errors).toEqual({
      code: de('admin.coupons.error.code_format'),
      value: de('admin.coupons.error.percent'),
      validTo: de('admin.coupons.error.to_before_from'),
    });
    const fixed = (await couponsAction(
      post(cookies.admin, '/admin/gutscheine', {
        intent: 'create',
        code: 'NULL-EURO',
        kind: 'fixed',
        value: '0',
        airportIds: ['1', '3'],
      }),
    )) as { data: { errors: Record<string, string>; values: Record<string, string> }; init: { status: number } };
    expect(fixed.data.errors).toEqual({ value: de('admin.coupons.error.fixed') });
    // The form comes back with the airports ticked as they were (every one, not the last only).
    expect(fixed.data.values.airportIds).toBe('1,3');
    // an existing code in another case
    const taken = (await couponsAction(
      post(cookies.admin, '/admin/gutscheine', { intent: 'create', code: 'willkommen10', kind: 'percent', value: '5' }),
    )) as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(taken.init.status).toBe(422);
    expect(taken.data.errors).toEqual({ code: de('admin.coupons.error.code_taken') });
    expect(await test.ctx.db.select({ n: sql<number>`count(*)::int` }).from(coupons)).toEqual(before);
  });

  it('creates a coupon (upper-cased, euros to cents, airports), with its audit row', async () => {
    const [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
    const answer = await couponsAction(
      post(cookies.admin, '/admin/gutscheine', {
        intent: 'create',
        code: 'Herbst-7',
        kind: 'fixed',
        value: '7,50',
        minDays: '2',
        usageLimit: '10',
        airportIds: [String(fra.id)],
      }),
    );
    expect(answer).toBeInstanceOf(Response);
    // back to the list with the notice as the session flash (issue 32: no `?erledigt=` query)
    expect((answer as Response).headers.get('Location')).toBe('/admin/gutscheine');
    expect(session.get('flash')).toEqual({ type: 'success', message: de('admin.coupons.done.created') });
    const [row] = await test.ctx.db.select().from(coupons).where(eq(coupons.code, 'HERBST-7'));
    expect(row).toMatchObject({ kind: 'fixed', value: 750, minDays: 2, usageLimit: 10, airportIds: [fra.id] });
    const [audit] = await auditRows('coupon.create');
    expect(audit).toMatchObject({ entity: 'coupon', entityId: String(row.id), before: null });
    expect(audit.after).toMatchObject({ code: 'HERBST-7', value: 750 });
  });

  it('disables a code: the checkout refuses it as unknown; enabled again it is accepted', async () => {
    const [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
    const [tariff] = await test.ctx.db
      .select()
      .from(tariffs)
      .where(and(eq(tariffs.airportId, fra.id), eq(tariffs.active, true)))
      .orderBy(tariffs.id)
      .limit(1);
    const stay = { entryTime: '2026-12-07T08:00', exitTime: '2026-12-14T18:00' };
    const client = await new ApiClient(test).start();
    expect((await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...stay })).status).toBe(200);
    const [coupon] = await test.ctx.db.select().from(coupons).where(eq(coupons.code, 'WILLKOMMEN10'));

    await couponsAction(post(cookies.admin, '/admin/gutscheine', { intent: 'disable', couponId: String(coupon.id) }));
    expect((await test.ctx.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0].disabledAt).toEqual(start);
    const [disabled] = await auditRows('coupon.disable');
    expect(disabled).toMatchObject({ entityId: String(coupon.id), before: { disabledAt: null } });
    expect(disabled.after).toEqual({ disabledAt: start.toISOString() });

    const quoted = await client.post('checkout/coupon', { couponCode: 'willkommen10', ...stay });
    expect(quoted.status).toBe(422);
    expect(quoted.body.errors).toEqual({ couponCode: [de('validation.coupon.unknown')] });
    const booking = await client.post('checkout', checkoutBody({ ...stay, couponCode: 'WILLKOMMEN10' }), {
      'Idempotency-Key': crypto.randomUUID(),
    });
    expect(booking.status).toBe(422);
    expect(booking.body.errors.couponCode).toEqual([de('validation.coupon.unknown')]);

    await couponsAction(post(cookies.admin, '/admin/gutscheine', { intent: 'enable', couponId: String(coupon.id) }));
    expect((await auditRows('coupon.enable')).length).toBe(1);
    const again = await client.post('checkout/coupon', { couponCode: 'willkommen10', ...stay });
    expect(again.status).toBe(200);
    const used = await client.post('checkout', checkoutBody({ ...stay, couponCode: 'WILLKOMMEN10' }), {
      'Idempotency-Key': crypto.randomUUID(),
    });
    expect(used.status).toBe(201);

    // its use: the reservation is listed on the coupon's page, and the list counts it
    const uses = await loaded<{ uses: { reference: string }[] }>(() =>
      couponUsesLoader(get(cookies.admin, `/admin/gutscheine/${coupon.id}`, { id: String(coupon.id) })),
    );
    expect(uses.uses.map((u) => u.reference)).toContain(used.body.reservation.reference);
    const list = await loaded<{ coupons: { code: string; reservations: number; usedCount: number }[] }>(() =>
      couponsLoader(get(cookies.admin, '/admin/gutscheine')),
    );
    expect(list.coupons.find((c) => c.code === 'WILLKOMMEN10')).toMatchObject({ reservations: 1, usedCount: 1 });
    expect(
      await statusOf(() => couponUsesLoader(get(cookies.admin, '/admin/gutscheine/999999', { id: '999999' }))),
    ).toBe(404);
  });
});

describe('reviews', () => {
  it('hides a review from the public ratings and their average, and shows it again; audit rows', async () => {
    const [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
    const ratingId = fra.ratingId!;
    const [low] = await test.ctx.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.ratingId, ratingId), isNull(reviews.hiddenAt)))
      .orderBy(reviews.rating, desc(reviews.submittedAt))
      .limit(1);
    const client = await new ApiClient(test).start();
    const shown = await client.get(`ekomi-ratings/${ratingId}/1`);
    expect(shown.status).toBe(200);
    const shop = await client.get('ekomi-ratings/eap-shop/1');

    await reviewsAction(post(cookies.admin, '/admin/bewertungen', { intent: 'hide', reviewId: String(low.id) }));
    const [row] = await test.ctx.db.select().from(reviews).where(eq(reviews.id, low.id));
    expect(row.hiddenAt).toEqual(start);
    expect(row.hiddenBy).not.toBeNull();

    const hidden = await client.get(`ekomi-ratings/${ratingId}/1`);
    expect(hidden.body.count).toBe(shown.body.count - 1);
    const [{ sum, n }] = await test.ctx.db
      .select({ sum: sql<number>`sum(${reviews.rating})::int`, n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(and(eq(reviews.ratingId, ratingId), isNull(reviews.hiddenAt)));
    expect(hidden.body.average).toBe(Math.round((sum / n) * 10) / 10);
    const pages = [];
    for (let p = 1; p <= hidden.body.lastPage; p++)
      pages.push(...(await client.get(`ekomi-ratings/${ratingId}/${p}`)).body.reviews);
    expect(pages.map((r: { id: number }) => r.id)).not.toContain(low.id);
    expect((await client.get('ekomi-ratings/eap-shop/1')).body.count).toBe(shop.body.count - 1);
    expect((await client.get(`ekomi-ratings/translate/${low.id}`)).status).toBe(404);
    const [audit] = await auditRows('review.hide');
    expect(audit).toMatchObject({ entity: 'review', entityId: String(low.id), before: { hiddenAt: null } });

    // the back office still lists it, flagged
    const list = await loaded<{ reviews: { id: number; hiddenByEmail: string | null }[] }>(() =>
      reviewsLoader(get(cookies.admin, '/admin/bewertungen?versteckt=1')),
    );
    expect(list.reviews.map((r) => r.id)).toEqual([low.id]);
    expect(list.reviews[0].hiddenByEmail).toMatch(/@staff\.example$/);

    await reviewsAction(post(cookies.admin, '/admin/bewertungen', { intent: 'unhide', reviewId: String(low.id) }));
    expect((await client.get(`ekomi-ratings/${ratingId}/1`)).body).toMatchObject({
      count: shown.body.count,
      average: shown.body.average,
    });
    expect((await auditRows('review.unhide')).length).toBe(1);
  });

  it('says clearly that there is no provider to import from, and maps a failing provider to a message', async () => {
    const answer = (await reviewsAction(post(cookies.admin, '/admin/bewertungen', { intent: 'import' }))) as {
      data: { message: string };
      init: { status: number };
    };
    expect(answer.init.status).toBe(409);
    expect(answer.data.message).toBe(de('admin.reviews.error.no_provider'));
    const admin = await createStaffMember(test.ctx.db, { role: 'admin' });
    const actor = { staffId: admin.id, email: admin.email, name: '', role: 'admin' as const, operator: null };
    const env = {
      ...test.ctx.env,
      EKOMI_INTERFACE_ID: '1',
      EKOMI_INTERFACE_PASSWORD: 'secret',
    };
    const failing = async () => new Response('no', { status: 500 });
    await expect(startReviewImport({ db: test.ctx.db, env, fetch: failing }, actor, start)).rejects.toMatchObject({
      status: 409,
      messageKey: 'admin.reviews.error.import_failed',
    });
    expect(await auditRows('reviews.import')).toEqual([]);
  });

  it('answers 404 for an unknown review', async () => {
    expect(
      await statusOf(() =>
        reviewsAction(post(cookies.admin, '/admin/bewertungen', { intent: 'hide', reviewId: '999999' })),
      ),
    ).toBe(404);
  });
});

let mailCounter = 0;
async function insertFailedMail(): Promise<number> {
  mailCounter++;
  const [row] = await test.ctx.db
    .insert(mailOutbox)
    .values({
      kind: 'contact_copy',
      locale: 'de',
      to: `kunde${mailCounter}@example.org`,
      subject: `Ihre Nachricht ${mailCounter}`,
      html: '<p>Hallo</p>',
      text: 'Hallo',
      status: 'failed',
      attempts: 8,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
    })
    .returning();
  return row.id;
}

describe('mail outbox', () => {
  it('lists mails newest first, filtered by status', async () => {
    const id = await insertFailedMail();
    const list = await loaded<{
      mails: { id: number; status: string; hasBody: boolean }[];
      counts: { failed: number };
    }>(() => mailsLoader(get(cookies.support, '/admin/mails?status=failed')));
    expect(list.mails[0]).toMatchObject({ id, status: 'failed', hasBody: true });
    expect(list.mails.every((m) => m.status === 'failed')).toBe(true);
    expect(list.counts.failed).toBeGreaterThanOrEqual(1);
  });

  it('retries a failed mail (support): pending and due, audited, then delivered', async () => {
    const id = await insertFailedMail();
    const answer = await mailsAction(post(cookies.support, '/admin/mails', { intent: 'retry', mailId: String(id) }));
    expect((answer as Response).status).toBe(302);
    const [audit] = await auditRows('mail.retry');
    expect(audit).toMatchObject({ entity: 'mail', entityId: String(id), before: { status: 'failed', attempts: 8 } });
    // delivered by the worker the retry kicked (or by this call, whichever claims it first)
    await deliverPendingMail(test.ctx);
    await vi.waitFor(async () => {
      const [row] = await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row.status).toBe('sent');
      expect(row.text).toBe('');
    });
  });

  it('refuses to retry a mail that has not failed (409) and an unknown one (404)', async () => {
    const [sent] = await test.ctx.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(inArray(mailOutbox.status, ['sent']))
      .limit(1);
    const answer = (await mailsAction(
      post(cookies.admin, '/admin/mails', { intent: 'retry', mailId: String(sent.id) }),
    )) as { data: { message: string }; init: { status: number } };
    expect(answer.init.status).toBe(409);
    expect(answer.data.message).toBe(de('admin.mails.error.not_failed'));
    expect(
      await statusOf(() => mailsAction(post(cookies.admin, '/admin/mails', { intent: 'retry', mailId: '999999' }))),
    ).toBe(404);
  });
});

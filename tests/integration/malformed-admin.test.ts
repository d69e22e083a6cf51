/**
 * Property-based tests of the back office (issue 14 over issue 15): malformed form posts to every `/admin` page
 * action, malformed query strings and path parameters on every `/admin` page, and malformed requests to every
 * `/api/admin` endpoint, each with a staff session of every role (admin, support, an operator), half signed in
 * (password given, no second factor), or none, and with broken or forged staff and customer cookies. Through the
 * real HTTP app with the page handler (the production build, as in `malformed-pages`). The answer
 * is never a 5xx; a refusal is a 4xx page (or JSON under `/api`) and leaves the shop's tables unchanged
 * (`recordWrites`). A request that happens to be valid may succeed (2xx, or a 3xx redirect).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, mailOutbox, parkingLots, reviews, tariffs } from '../../database/schema.ts';
import { inviteStaff } from '../../app/services/backoffice/staff-auth.server.ts';
import { createStaffMember, staffCookie } from '../fixtures/staff.ts';
import { createTestApp, type TestApp } from './harness.ts';
import {
  answerOf,
  buildWorld,
  cookieHeader,
  fuzzOptions,
  headerText,
  nastyString,
  pathSegment,
  rarely,
  recordWrites,
  type FuzzWorld,
  postForm,
  spoiledForm,
} from './fuzz.ts';
import { startPagesApp, type PagesApp } from './pages-app.ts';

/** Who sends the request: a signed-in member of a role, half signed in, nobody, or a new session per request. */
type Who = 'admin' | 'support' | 'operator' | 'half' | 'none' | 'fresh';
const SIGNED_IN: Who[] = ['admin', 'admin', 'admin', 'support', 'operator', 'half', 'none'];

/** A page action: its path (`:param` filled per run), a valid form to spoil, the fields it reads, its senders. */
type AdminAction = {
  path: string;
  fields: string[];
  base: (w: AdminWorld) => Record<string, string>;
  who?: Who[];
};

/** The shop's world plus the back office's: members, their cookies, ids of rows the forms name. */
type AdminWorld = FuzzWorld & {
  staffCookies: Record<Exclude<Who, 'none' | 'fresh'>, string>;
  adminId: number;
  otherStaffId: number;
  inviteToken: string;
  couponId: number;
  reviewId: number;
  mailId: number;
  tariff: typeof tariffs.$inferSelect;
};

const PASSWORD = 'Fuzz-Neu-Passwort-2026?';
const OPERATOR = 'ParkDirekt Rhein-Main GmbH';

const ACTIONS: AdminAction[] = [
  {
    path: '/admin/anmelden',
    fields: ['login', 'password', 'next'],
    base: () => ({ login: 'niemand@staff.example', password: 'falsch', next: '/admin/reservierungen' }),
  },
  { path: '/admin/anmelden/code', fields: ['code', 'next'], base: () => ({ code: '123456' }), who: ['half', 'none'] },
  { path: '/admin/anmelden/einrichten', fields: ['code'], base: () => ({ code: '123456' }), who: ['half', 'none'] },
  {
    path: '/admin/einrichten/:token',
    fields: ['name', 'email', 'password', 'passwordConfirmation'],
    base: () => ({
      name: 'Erika Admin',
      email: 'erika@staff.example',
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
    }),
  },
  {
    path: '/admin/einladung/:token',
    fields: ['password', 'passwordConfirmation'],
    base: () => ({ password: PASSWORD, passwordConfirmation: PASSWORD }),
  },
  // Signing out ends the staff session it runs in: only in a new one, so the other senders stay signed in.
  { path: '/admin/abmelden', fields: [], base: () => ({}), who: ['fresh', 'none'] },
  {
    path: '/admin/reservierungen/:reference',
    fields: ['intent', 'entryTime', 'exitTime', 'personCount', 'childrenSeat', 'licensePlate', 'bulkyBaggage'],
    // The confirmations are left out of the base (a valid one would change or cancel the world's booking).
    base: () => ({
      intent: 'change-quote',
      entryTime: '2026-12-07T08:00',
      exitTime: '2026-12-15T18:00',
      personCount: '2',
      childrenSeat: '0',
      licensePlate: 'F-AB 1234',
    }),
  },
  {
    path: '/admin/checkin',
    fields: ['intent', 'reference'],
    base: () => ({ intent: 'check-in', reference: 'GIBTSNICHT' }),
  },
  { path: '/admin/katalog', fields: ['intent', 'slug'], base: () => ({ intent: 'lock', slug: 'kassel' }) },
  {
    path: '/admin/katalog/:airport',
    fields: ['commentDe', 'commentEn'],
    base: () => ({ commentDe: 'Zufahrt über Tor 3.', commentEn: 'Access through gate 3.' }),
  },
  {
    path: '/admin/katalog/tarif/:tariffId',
    fields: [
      'intent',
      'nameDe',
      'nameEn',
      'active',
      'capacity',
      'leadTimeMinutes',
      'listId',
      'name',
      'dayPrices',
      'extraDayPrice',
      'validFrom',
      'validTo',
    ],
    base: (w) => ({
      intent: 'tariff',
      nameDe: w.tariff.nameDe,
      nameEn: w.tariff.nameEn,
      active: 'on',
      capacity: String(w.tariff.capacity),
      leadTimeMinutes: String(w.tariff.leadTimeMinutes),
    }),
  },
  {
    path: '/admin/katalog/tarif/:tariffId',
    fields: ['intent', 'listId', 'name', 'dayPrices', 'extraDayPrice', 'validFrom', 'validTo'],
    base: () => ({
      intent: 'price_list',
      name: 'Winter',
      dayPrices: '10,00',
      extraDayPrice: '9,00',
      validFrom: '2027-01-01',
      validTo: '2027-01-31',
    }),
  },
  {
    path: '/admin/katalog/tarif/:tariffId/kapazitaet',
    fields: ['from', 'to', 'mode', 'capacity'],
    base: () => ({ from: '2027-02-01', to: '2027-02-03', mode: 'set', capacity: '500' }),
  },
  {
    path: '/admin/mitarbeiter',
    fields: ['intent', 'id', 'email', 'name', 'role', 'operator'],
    base: () => ({ intent: 'invite', email: 'neu.fuzz@staff.example', name: 'Neu Fuzz', role: 'support' }),
  },
  {
    path: '/admin/mitarbeiter',
    fields: ['intent', 'id'],
    base: (w) => ({ intent: 'resend', id: String(w.otherStaffId) }),
  },
  {
    path: '/admin/gutscheine',
    fields: ['intent', 'code', 'kind', 'value', 'validFrom', 'validTo', 'minDays', 'usageLimit', 'airportIds'],
    base: (w) => ({
      intent: 'create',
      code: 'FUZZ10',
      kind: 'percent',
      value: '10',
      validFrom: '2026-12-01',
      validTo: '2027-03-31',
      minDays: '1',
      usageLimit: '100',
      airportIds: String(w.airportId),
    }),
  },
  {
    path: '/admin/gutscheine',
    fields: ['intent', 'couponId'],
    base: (w) => ({ intent: 'disable', couponId: String(w.couponId) }),
  },
  {
    path: '/admin/bewertungen',
    fields: ['intent', 'reviewId', 'back'],
    base: (w) => ({ intent: 'hide', reviewId: String(w.reviewId), back: '?seite=1' }),
  },
  {
    path: '/admin/mails',
    fields: ['intent', 'mailId', 'status'],
    base: (w) => ({ intent: 'retry', mailId: String(w.mailId), status: 'failed' }),
  },
  // Pages without an action: React Router's own 405.
  { path: '/admin', fields: ['q'], base: () => ({ q: 'x' }) },
  { path: '/admin/protokoll', fields: ['entity'], base: () => ({ entity: 'staff' }) },
];

/** Every back-office page (loaders): hostile query strings and path parameters go here. */
const PAGES = [
  '/admin',
  '/admin/reservierungen',
  '/admin/reservierungen/export.csv',
  '/admin/reservierungen/:reference',
  '/admin/reservierungen/:reference/dokumente/:file',
  '/admin/checkin',
  '/admin/katalog',
  '/admin/katalog/:airport',
  '/admin/katalog/tarif/:tariffId',
  '/admin/katalog/tarif/:tariffId/kapazitaet',
  '/admin/mitarbeiter',
  '/admin/protokoll',
  '/admin/gutscheine',
  '/admin/gutscheine/:id',
  '/admin/bewertungen',
  '/admin/mails',
  '/admin/anmelden',
  '/admin/anmelden/code',
  '/admin/anmelden/einrichten',
  '/admin/einrichten/:token',
  '/admin/einladung/:token',
];

/** The names the back office's loaders read from the query string (filters, pages, notices, the next page). */
const QUERY_KEYS = [
  'q',
  'status',
  'airport',
  'from',
  'to',
  'page',
  'dateField',
  'auswahl',
  'entity',
  'erledigt',
  'id',
  'neu',
  'seite',
  'versteckt',
  'vor',
  'von',
  'code',
  'count',
  'done',
  'next',
  'ok',
  'a[]',
  '__proto__',
  '%ZZ',
];

/** Query strings for the back office: its own keys with hostile values, repeated keys, percent garbage. */
const adminQuery: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.constantFrom(...QUERY_KEYS),
          fc.oneof(
            nastyString.map((v) => encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, '?'))),
            fc.constantFrom(
              '%ZZ',
              '%',
              '%00',
              '%ED%A0%80',
              '',
              '2147483648',
              '-1',
              '1e308',
              '2026-02-30',
              '0000-01-01',
              '9999-12-20',
              '9999-12-31',
              'exit',
              'paid',
              'FRA',
              '//evil.example',
              'https%3A%2F%2Fevil.example',
              '%2Fadmin%2F..%2F..%2Fkonto',
            ),
          ),
        ),
        { minLength: 1, maxLength: 6 },
      )
      .map((pairs) => '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&')),
  },
  { weight: 1, arbitrary: fc.constantFrom('?', '?&&&', '?=', `?q=${'x'.repeat(6000)}`, '?page=1&page=2&page=x') },
);

/** Stands for the sender's own cookies in a generated Cookie header. */
const SESSION_COOKIE = 'eap_session=OWN';
const STAFF_COOKIE = 'eap_staff=OWN';

/** Staff cookie headers: the sender's own, none, undecodable, huge, forged, doubled or prefixed. */
const staffCookieHeader: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 8, arbitrary: fc.constant(STAFF_COOKIE) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'eap_staff=a%ZZ',
      'eap_staff=%',
      'eap_staff=%00',
      'eap_staff=%ED%A0%80',
      'eap_staff=',
      'eap_staff',
      `eap_staff=${'A'.repeat(6000)}`,
      `eap_staff=${'%FF'.repeat(2000)}`,
      `${STAFF_COOKIE}x`,
      `${STAFF_COOKIE}; eap_staff=a%ZZ`,
      `eap_staff=a%ZZ; ${STAFF_COOKIE}`,
      `__Host-eap_staff=a%ZZ; ${STAFF_COOKIE}`,
      `__Host-${STAFF_COOKIE}`,
    ),
  },
  { weight: 1, arbitrary: headerText.map((v) => `eap_staff=${v}`) },
);

/** Path parameters: mostly the world's real ones, sometimes hostile. */
const paramsOf = (w: AdminWorld) =>
  fc.record({
    reference: fc.oneof({ weight: 4, arbitrary: fc.constant(w.reference) }, { weight: 1, arbitrary: pathSegment }),
    token: fc.oneof(fc.constant(w.inviteToken), fc.constant('a'.repeat(43)), pathSegment),
    file: fc.oneof(
      fc.constantFrom(`Parkschein-${w.reference}.pdf`, `Parkplatz-${w.reference}.ics`, 'Rechnung-RE-2026-000001.pdf'),
      pathSegment,
    ),
    airport: fc.oneof({ weight: 3, arbitrary: fc.constant('frankfurt') }, { weight: 1, arbitrary: pathSegment }),
    tariffId: fc.oneof(
      { weight: 2, arbitrary: fc.constant(String(w.tariff.id)) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('2147483648', '4294967297', '0', '-1', '1.5', '1e3', '9007199254740993'),
      },
      { weight: 1, arbitrary: pathSegment },
    ),
    id: fc.oneof(
      { weight: 2, arbitrary: fc.constant(String(w.couponId)) },
      { weight: 1, arbitrary: fc.constantFrom('2147483648', '4294967297', '0', '-1', '1.5') },
      { weight: 1, arbitrary: pathSegment },
    ),
  });

/** The common headers of one request: who, cookies, language, CSRF, origin, accept. */
const sender = (who: Who[]) =>
  fc.record({
    who: fc.constantFrom<Who>(...who),
    english: fc.boolean(),
    cookie: cookieHeader(SESSION_COOKIE),
    staffCookie: staffCookieHeader,
    csrf: fc.oneof(
      { weight: 8, arbitrary: fc.constant<'own' | 'none'>('own') },
      { weight: 1, arbitrary: fc.constant<'own' | 'none'>('none') },
      { weight: 1, arbitrary: nastyString.filter((s) => s.length < 500) },
    ),
    accept: fc.constantFrom('text/html', '*/*', 'application/json', undefined),
  });

/** One hostile back-office form post. */
const adminPost = (w: AdminWorld) =>
  fc.constantFrom(...ACTIONS).chain((action) =>
    fc.record({
      action: fc.constant(action),
      sender: sender(action.who ?? SIGNED_IN),
      params: paramsOf(w),
      query: adminQuery,
      form: spoiledForm(action.base(w), action.fields, ['2147483648', '4294967297']),
      encoding: fc.oneof(
        { weight: 6, arbitrary: fc.constant<'urlencoded' | 'multipart' | 'raw'>('urlencoded') },
        { weight: 2, arbitrary: fc.constant<'urlencoded' | 'multipart' | 'raw'>('multipart') },
        { weight: 1, arbitrary: fc.constant<'urlencoded' | 'multipart' | 'raw'>('raw') },
      ),
      raw: fc.oneof(
        fc.constantFrom('_csrf=%ZZ&intent=%', 'a=%00&b=%ED%A0%80', '--x--', '{"intent":"invite"}', '\0\0\0', '&&&==&'),
        nastyString,
      ),
      contentType: fc.oneof(
        { weight: 8, arbitrary: fc.constant<string | undefined>(undefined) },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            'application/json',
            'text/plain',
            'multipart/form-data',
            'multipart/form-data; boundary=x',
            'application/x-www-form-urlencoded; charset=utf-16',
            '',
          ),
        },
      ),
      contentEncoding: rarely(fc.constantFrom('gzip', 'deflate', 'br', 'x-unknown')),
      origin: rarely(fc.constantFrom('null', 'http://evil.example', 'http://shop.test', '%ZZ')),
    }),
  );
type AdminPost = ReturnType<typeof adminPost> extends fc.Arbitrary<infer T> ? T : never;

/** One hostile back-office page view. */
const adminGet = (w: AdminWorld) =>
  fc.record({
    page: fc.constantFrom(...PAGES),
    sender: sender(SIGNED_IN),
    params: paramsOf(w),
    query: adminQuery,
  });
type AdminGet = ReturnType<typeof adminGet> extends fc.Arbitrary<infer T> ? T : never;

/** One hostile `/api/admin` request (every path of the router, and one that is not there). */
const API_PATHS = ['GET me', 'GET checkin/lookup', 'POST checkin/lookup', 'POST me', 'GET no/such/endpoint'];
const apiRequest = () =>
  fc.record({
    endpoint: fc.constantFrom(...API_PATHS),
    sender: sender(SIGNED_IN),
    query: fc.oneof(
      adminQuery,
      fc
        .oneof(nastyString, fc.constantFrom('F-AB 1234', 'fab1234', '%ZZ', '2147483648'))
        .map((code) => `?code=${encodeURIComponent(code.replace(/[\uD800-\uDFFF]/g, '?'))}`),
    ),
    requestedWith: fc.oneof(
      { weight: 8, arbitrary: fc.constant<string | undefined>('XMLHttpRequest') },
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: headerText },
    ),
    language: fc.oneof(fc.constantFrom('de', 'en', undefined), headerText),
    body: fc.oneof(fc.constant(''), nastyString, fc.constant('{"code":"F-AB 1234"}')),
  });
type AdminApiRequest = ReturnType<typeof apiRequest> extends fc.Arbitrary<infer T> ? T : never;

let test: TestApp;
let pagesApp: PagesApp;
let app: PagesApp['app'];
let world: AdminWorld;
let writes: Awaited<ReturnType<typeof recordWrites>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-fuzz-admin-'));
  test = await createTestApp({ now: new Date(), env: { DATA_DIR: dataDir, TRUST_PROXY: 'loopback' } });
  // No page cache: every answer is rendered for its own request.
  pagesApp = await startPagesApp(test, { pageCacheSeconds: 0 });
  app = pagesApp.app;
  writes = await recordWrites(test, [pagesApp.hooks.mail.delegateMailDelivery]);
  world = await buildAdminWorld(await buildWorld(test));
  await writes.take();
  // The first render compiles the routes: before the clock of the first property run starts.
  await supertest(app)
    .get('/admin')
    .set({ Host: 'shop.test', Cookie: cookiesFor('admin', undefined, STAFF_COOKIE) });
}, 180_000);
afterAll(async () => {
  writes?.stop();
  await pagesApp?.close();
  await test?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Staff members of each role with their sessions, an open invitation, and a coupon, review and mail to name. */
async function buildAdminWorld(w: FuzzWorld): Promise<AdminWorld> {
  const db = test.ctx.db;
  const now = test.ctx.now();
  const admin = await createStaffMember(db, { role: 'admin' });
  const support = await createStaffMember(db, { role: 'support' });
  const operator = await createStaffMember(db, { role: 'operator', operator: OPERATOR });
  const { member: invited, url } = await inviteStaff(
    test.ctx,
    { staffId: admin.id },
    {
      body: { email: 'eingeladen.fuzz@staff.example', name: 'Eingeladen Fuzz', role: 'support', operator: '' },
      locale: 'de',
      deliverInBackground: false,
    },
  );
  const [tariff] = await db
    .select({ t: tariffs })
    .from(tariffs)
    .innerJoin(parkingLots, eq(parkingLots.id, tariffs.parkingLotId))
    .where(eq(parkingLots.operator, OPERATOR))
    .orderBy(tariffs.id)
    .limit(1)
    .then((rows) => rows.map((r) => r.t));
  const [coupon] = await db.select().from(coupons).limit(1);
  const [review] = await db.select().from(reviews).limit(1);
  const [mail] = await db.select().from(mailOutbox).limit(1);
  if (!tariff || !coupon || !review || !mail) throw new Error('the seed lacks a tariff, coupon, review or mail');
  return {
    ...w,
    staffCookies: {
      admin: await staffCookie(db, admin.id, now),
      support: await staffCookie(db, support.id, now),
      operator: await staffCookie(db, operator.id, now),
      half: await staffCookie(db, admin.id, now, { secondFactor: false }),
    },
    adminId: admin.id,
    otherStaffId: invited.id,
    inviteToken: url.split('/').pop()!,
    couponId: coupon.id,
    reviewId: review.id,
    mailId: mail.id,
    tariff,
  };
}

/** The Cookie header of a request: the generated customer and staff cookies with the sender's own filled in. */
function cookiesFor(who: Who, customer: string | undefined, staffHeader: string | undefined, fresh?: string): string {
  const own = who === 'none' ? 'eap_staff=' : who === 'fresh' ? (fresh ?? 'eap_staff=') : world.staffCookies[who];
  const parts = [
    customer?.replaceAll(SESSION_COOKIE, world.anonymous.cookie),
    staffHeader === undefined || who === 'none' ? undefined : staffHeader.replaceAll(STAFF_COOKIE, own),
  ];
  return parts.filter((p) => p !== undefined && p !== '').join('; ');
}

async function senderCookie(s: AdminPost['sender']): Promise<string> {
  const fresh = s.who === 'fresh' ? await staffCookie(test.ctx.db, world.adminId, test.ctx.now()) : undefined;
  if (fresh) await writes.take(); // the new session's own row is the test's write, not the request's
  return cookiesFor(s.who, s.cookie, s.staffCookie, fresh);
}

function csrfOf(s: AdminPost['sender']): string | undefined {
  return s.csrf === 'own' ? world.anonymous.csrfToken : s.csrf === 'none' ? undefined : s.csrf;
}

function fill(pattern: string, params: AdminPost['params']): string {
  return pattern.replace(/:(\w+)/g, (_m, name: keyof AdminPost['params']) => params[name]);
}

async function sendPost(r: AdminPost) {
  const token = csrfOf(r.sender);
  const fields: [string, string][] = [
    ...(token === undefined ? [] : ([['_csrf', token]] as [string, string][])),
    ...r.form.filter(([k]) => k !== '_csrf' || r.sender.csrf !== 'own'),
  ];
  const url = `${r.sender.english ? '/en' : ''}${fill(r.action.path, r.params)}${r.query}`;
  const cookie = await senderCookie(r.sender);
  return answerOf(postForm(app, url, fields, { ...r, accept: r.sender.accept }, cookie || undefined));
}

async function sendGet(r: AdminGet) {
  const url = `${r.sender.english ? '/en' : ''}${fill(r.page, r.params)}${r.query}`;
  let req = supertest(app).get(url).set('Host', 'shop.test');
  const cookie = await senderCookie(r.sender);
  if (cookie) req = req.set('Cookie', cookie);
  if (r.sender.accept) req = req.set('Accept', r.sender.accept);
  return answerOf(req);
}

async function sendApi(r: AdminApiRequest) {
  const [method, endpoint] = r.endpoint.split(' ');
  const url = `/api/admin/${endpoint}${r.query}`;
  let req = method === 'GET' ? supertest(app).get(url) : supertest(app).post(url);
  const headers: Record<string, string | undefined> = {
    Host: 'shop.test',
    Accept: r.sender.accept,
    'Content-Type': 'application/json',
    'X-Requested-With': r.requestedWith,
    // A header carries Latin-1 only (Node's client refuses the rest): the hostile token as a browser could send it.
    'X-CSRF-TOKEN': csrfOf(r.sender)?.replace(/[^\x20-\x7e\xa0-\xff]/g, '?'),
    'App-Language': r.language,
    Cookie: (await senderCookie(r.sender)) || undefined,
  };
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) req = req.set(name, value);
  if (method === 'POST' || r.body) req = req.serialize((raw: unknown) => raw as string).send(r.body);
  return answerOf(req);
}

/** A refusal's page: HTML (or the plain translated answer to an unreadable request, before any route). */
function expectRefusalPage(res: supertest.Response, where: string) {
  if (res.status === 431) return; // Node's HTTP parser: a request head over 16 KiB, before the app.
  expect(String(res.headers['content-type']), where).toMatch(/^text\/(html|plain)/);
  expect(res.text.length, where).toBeGreaterThan(0);
}

describe('the back office under malformed input (property-based, issue 14)', () => {
  it('every /admin page action answers a 4xx page (or 2xx/3xx), never 5xx, and a refusal changes nothing', async () => {
    const seen = new Map<string, Set<number>>();
    await fc.assert(
      fc.asyncProperty(adminPost(world), async (r) => {
        const res = await sendPost(r);
        const key = `${r.action.path} ${r.action.base(world).intent ?? ''}`;
        seen.set(key, (seen.get(key) ?? new Set()).add(res.status));
        const where = `POST ${key} (${r.sender.who}, ${r.encoding}) → ${res.status} ${(res.text ?? '').slice(0, 300)}`;
        expect(res.status, where).toBeLessThan(500);
        if (res.status >= 400) {
          expectRefusalPage(res, where);
          expect(await writes.take(), where).toEqual([]);
        } else {
          await writes.take();
        }
      }),
      fuzzOptions(300),
    );
    if (process.env.FUZZ_DEBUG) for (const [k, v] of seen) console.log(k, [...v].sort().join(' '));
    for (const action of ACTIONS) {
      const key = `${action.path} ${action.base(world).intent ?? ''}`;
      expect(seen.get(key), key).toBeDefined();
    }
  }, 300_000);

  it('every /admin page answers hostile query strings and path parameters with a page, never 5xx, writing nothing', async () => {
    const seen = new Map<string, Set<number>>();
    await fc.assert(
      fc.asyncProperty(adminGet(world), async (r) => {
        const res = await sendGet(r);
        seen.set(r.page, (seen.get(r.page) ?? new Set()).add(res.status));
        const where = `GET ${r.page}${r.query.slice(0, 200)} (${r.sender.who}) → ${res.status} ${(res.text ?? '').slice(0, 300)}`;
        expect(res.status, where).toBeLessThan(500);
        if (res.status >= 400) expectRefusalPage(res, where);
        // Reading writes nothing but the session rows (and the export's audit row, the one read that is audited).
        const written = await writes.take();
        const allowed = r.page.endsWith('export.csv') && res.status === 200 ? ['audit_log:INSERT'] : [];
        expect(
          written.filter((w) => !allowed.includes(w)),
          where,
        ).toEqual([]);
      }),
      fuzzOptions(150),
    );
    if (process.env.FUZZ_DEBUG) for (const [k, v] of seen) console.log(k, [...v].sort().join(' '));
    for (const page of PAGES) expect(seen.get(page), page).toBeDefined();
  }, 300_000);

  it('every /api/admin path answers 4xx JSON with a message (or 2xx), never 5xx, and writes nothing', async () => {
    const seen = new Map<string, Set<number>>();
    await fc.assert(
      fc.asyncProperty(apiRequest(), async (r) => {
        const res = await sendApi(r);
        seen.set(r.endpoint, (seen.get(r.endpoint) ?? new Set()).add(res.status));
        const where = `${r.endpoint}${r.query.slice(0, 200)} (${r.sender.who}) → ${res.status} ${(res.text ?? '').slice(0, 300)}`;
        expect(res.status, where).toBeLessThan(500);
        if (res.status >= 400 && res.status !== 431) {
          expect(String(res.headers['content-type']), where).toMatch(/^application\/json/);
          expect(typeof res.body?.message, where).toBe('string');
          expect(res.body.message.length, where).toBeGreaterThan(0);
          expect(res.body.message, where).not.toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
        }
        expect(await writes.take(), where).toEqual([]);
      }),
      fuzzOptions(150),
    );
    if (process.env.FUZZ_DEBUG) for (const [k, v] of seen) console.log(k, [...v].sort().join(' '));
    for (const endpoint of API_PATHS) expect(seen.get(endpoint), endpoint).toBeDefined();
  }, 300_000);
});

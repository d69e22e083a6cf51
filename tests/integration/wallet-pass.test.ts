/**
 * Issue 35 item 3 (decision 0055): the wallet passes, below the browser. With test certificates made here by
 * `openssl` (a CA standing in for Apple's WWDR, a Pass Type ID certificate it signed), a booking's `.pkpass` is a
 * ZIP whose `pass.json` says what the booking says, whose `manifest.json` holds the SHA-1 of every other file and
 * whose `signature` is a detached PKCS#7 over the manifest that verifies against the CA; the download follows the
 * documents' access rules; Apple's pass web service answers as its reference says; Google's save link carries a
 * JWT that verifies with the service account's public key. Without the settings there is no pass and no button.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { importSPKI, jwtVerify } from 'jose';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, reservationEvents, reservations, tariffs, users } from '../../database/schema.ts';
import { loader as walletLoader } from '../../app/routes/reservation-wallet.tsx';
import { reservationPanels } from '../../app/routes/helpers/reservation-page.server.ts';
import { grantGuestAccess } from '../../app/services/reservations/guest-access.server.ts';
import { findReservationByReference } from '../../app/services/reservations/reservations.server.ts';
import { pushChangedPasses } from '../../app/services/wallet/apple-web-service.server.ts';
import { passAuthenticationToken } from '../../app/services/wallet/wallet-pass.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import {
  makeWalletCertificates,
  TEST_GOOGLE_ISSUER_ID,
  TEST_PASS_TYPE_ID,
  TEST_TEAM_ID,
  type WalletTestCertificates,
} from '../fixtures/wallet-certificates.ts';
import { ApiClient, createTestApp, routeContext, type TestApp } from './harness.ts';

const stay = { entryTime: '2026-12-07T08:00', exitTime: '2026-12-14T18:00' };
const PUBLIC_URL = 'https://shop.test';

let dir: string;
let certs: WalletTestCertificates;
let test: TestApp;
let plain: TestApp;
let airportId: number;
let tariffId: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-wallet-'));
  certs = makeWalletCertificates(path.join(dir, 'certs'));
  const env = { DATA_DIR: dir, PUBLIC_URL, ...certs.appleEnv, ...certs.googleEnv };
  test = await createTestApp({ now: new Date('2026-11-21T09:00:00Z'), env });
  plain = await createTestApp({ now: new Date('2026-11-21T09:00:00Z'), env: { DATA_DIR: dir }, sharedWith: test });
  const [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
  airportId = fra.id;
  const [tariff] = await test.ctx.db.select().from(tariffs).where(eq(tariffs.airportId, fra.id)).orderBy(tariffs.id);
  tariffId = tariff.id;
});
afterAll(async () => {
  await plain?.close();
  await test?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Books as a guest (paid by invoice: confirmed at once) and returns the stored row. */
async function book() {
  const c = await new ApiClient(test).start();
  expect((await c.post('checkout/cart', { airportId, tariffId, ...stay })).status).toBe(200);
  const res = await c.post('checkout', checkoutBody({ ...stay, firstname: 'Jürgen', lastname: 'Weiß' }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [row] = await test.ctx.db
    .select()
    .from(reservations)
    .where(eq(reservations.reference, res.body.reservation.reference));
  return row;
}

type Session = Awaited<ReturnType<typeof test.ctx.sessions.load>>;

/** Calls the wallet route's loader like the server does; returns its answer or what it threw. */
async function loadPass(app: TestApp, base: string, reference: string, session?: Session): Promise<Response> {
  const args = {
    request: new Request(new URL(`${base}/${reference}/wallet.pkpass`, 'http://shop.test')),
    params: { reference },
    context: routeContext({
      app: app.ctx,
      session: session ?? (await app.ctx.sessions.load(undefined)),
      cspNonce: '',
      clientIp: '127.0.0.1',
    }),
  };
  try {
    return await walletLoader(args as never);
  } catch (thrown) {
    return thrown as Response;
  }
}

async function guestSession(reference: string) {
  const session = await test.ctx.sessions.load(undefined);
  grantGuestAccess(session, reference);
  return session;
}

/** The files of a `.pkpass`. */
async function unzipPass(answer: Response): Promise<Record<string, Buffer>> {
  const files = unzipSync(new Uint8Array(await answer.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes)]));
}

const authorization = (reference: string) =>
  `ApplePass ${passAuthenticationToken(test.ctx.env.SESSION_SECRET, TEST_PASS_TYPE_ID, reference)}`;
const service = '/api/wallet/apple/v1';

describe('the Apple Wallet pass (issue 35 item 3)', () => {
  it('is a signed .pkpass: pass.json fields, manifest hashes, a PKCS#7 signature that verifies', async () => {
    const row = await book();
    const answer = await loadPass(test, '/reservierung', row.reference, await guestSession(row.reference));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toBe('application/vnd.apple.pkpass');
    expect(answer.headers.get('Content-Disposition')).toBe(`attachment; filename="Parkschein-${row.reference}.pkpass"`);
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    const files = await unzipPass(answer);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['pass.json', 'manifest.json', 'signature', 'icon.png']));

    const pass = JSON.parse(files['pass.json'].toString('utf8'));
    expect(pass).toMatchObject({
      formatVersion: 1,
      serialNumber: row.reference,
      passTypeIdentifier: TEST_PASS_TYPE_ID,
      teamIdentifier: TEST_TEAM_ID,
      webServiceURL: `${PUBLIC_URL}/api/wallet/apple`,
      authenticationToken: passAuthenticationToken(test.ctx.env.SESSION_SECRET, TEST_PASS_TYPE_ID, row.reference),
      relevantDate: row.entryAt.toISOString(),
      voided: false,
    });
    expect(pass.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR', message: row.reference });
    expect(new Date(pass.expirationDate).getTime()).toBe(row.exitAt.getTime() + 24 * 3_600_000);
    expect(pass.locations[0].latitude).toBeCloseTo(50.0, 0);
    const fields = [...pass.generic.secondaryFields, ...pass.generic.primaryFields, ...pass.generic.backFields] as {
      key: string;
      label: string;
      value: string;
    }[];
    const value = (key: string) => fields.find((f) => f.key === key)?.value;
    expect(value('entry')).toMatch(/07\.12\.2026.*08:00/);
    expect(value('exit')).toMatch(/14\.12\.2026.*18:00/);
    expect(value('address')).toMatch(/\d{5} /);
    expect(value('phone')).toBeTruthy();
    expect(value('arrival')).toBeTruthy();
    expect(fields.find((f) => f.key === 'arrival')?.label).toBe('Anreise und Shuttle zum Terminal');

    const manifest = JSON.parse(files['manifest.json'].toString('utf8')) as Record<string, string>;
    const hashed = Object.keys(files).filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(hashed.sort());
    for (const name of hashed) {
      expect(manifest[name], name).toBe(crypto.createHash('sha1').update(files[name]).digest('hex'));
    }

    fs.writeFileSync(path.join(dir, 'manifest.json'), files['manifest.json']);
    fs.writeFileSync(path.join(dir, 'signature'), files.signature);
    // the detached signature over manifest.json, its chain checked against the test CA (our stand-in for WWDR)
    const verified = execFileSync(
      'openssl',
      [
        ...['smime', '-verify', '-binary', '-inform', 'DER', '-purpose', 'any'],
        ...['-in', path.join(dir, 'signature'), '-content', path.join(dir, 'manifest.json'), '-CAfile', certs.wwdr],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    expect(verified.toString('utf8')).toBe(files['manifest.json'].toString('utf8'));
    // a manifest changed after signing does not verify
    fs.writeFileSync(path.join(dir, 'manifest.json'), files['manifest.json'].toString('utf8').replace(/.$/, ' }'));
    expect(() =>
      execFileSync(
        'openssl',
        [
          ...['smime', '-verify', '-binary', '-inform', 'DER', '-purpose', 'any'],
          ...['-in', path.join(dir, 'signature'), '-content', path.join(dir, 'manifest.json'), '-CAfile', certs.wwdr],
        ],
        { stdio: 'pipe' },
      ),
    ).toThrow();
  });

  it('follows the documents access rules: guest with access, the owner; everyone else the same 404', async () => {
    const row = await book();
    const other = await book();
    const [owner] = await test.ctx.db
      .insert(users)
      .values({ email: 'wallet-owner@example.org', gender: 'true', firstname: 'O', lastname: 'W', passwordHash: null })
      .returning();
    await test.ctx.db.update(reservations).set({ userId: owner.id }).where(eq(reservations.id, row.id));
    const ownerSession = await test.ctx.sessions.load(undefined);
    ownerSession.set('userId', owner.id);
    expect((await loadPass(test, '/konto/reservierungen', row.reference, ownerSession)).status).toBe(200);
    expect((await loadPass(test, '/en/reservierung', row.reference, await guestSession(row.reference))).status).toBe(
      200,
    );

    const anonymous = await test.ctx.sessions.load(undefined);
    const otherGuest = await guestSession(other.reference);
    for (const session of [anonymous, otherGuest]) {
      const answer = await loadPass(test, '/reservierung', row.reference, session);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    }
    // the account's twin sends a signed-out visitor to the sign-in and another user to 404
    const signedOut = await loadPass(test, '/konto/reservierungen', row.reference, anonymous);
    expect(signedOut.status).toBe(302);
    const [someone] = await test.ctx.db
      .insert(users)
      .values({ email: 'wallet-other@example.org', gender: 'false', firstname: 'S', lastname: 'T', passwordHash: null })
      .returning();
    const stranger = await test.ctx.sessions.load(undefined);
    stranger.set('userId', someone.id);
    expect((await loadPass(test, '/konto/reservierungen', row.reference, stranger)).status).toBe(404);
  });

  it('has no pass for a reservation without a voucher (cancelled) and none when Apple Wallet is not configured', async () => {
    const row = await book();
    const session = await guestSession(row.reference);
    expect((await loadPass(plain, '/reservierung', row.reference, session)).status).toBe(404);
    const details = (await findReservationByReference(test.ctx.db, row.reference))!;
    expect((await reservationPanels(plain.ctx, details, 'de')).wallet).toEqual({ apple: false, googleSaveUrl: null });
    const shown = (await reservationPanels(test.ctx, details, 'de')).wallet;
    expect(shown.apple).toBe(true);
    expect(shown.googleSaveUrl).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);

    // a service account file that is not one: the page still shows, without Google's button (the error is logged)
    fs.writeFileSync(path.join(dir, 'broken.json'), '{"client_email": "x"}');
    const broken = await createTestApp({
      env: {
        DATA_DIR: dir,
        GOOGLE_WALLET_ISSUER_ID: '1',
        GOOGLE_WALLET_SERVICE_ACCOUNT: path.join(dir, 'broken.json'),
      },
      sharedWith: test,
    });
    expect((await reservationPanels(broken.ctx, details, 'de')).wallet).toEqual({ apple: false, googleSaveUrl: null });
    await broken.close();

    await test.ctx.db.update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, row.id));
    expect((await loadPass(test, '/reservierung', row.reference, session)).status).toBe(404);
    const cancelled = (await findReservationByReference(test.ctx.db, row.reference))!;
    expect((await reservationPanels(test.ctx, cancelled, 'de')).wallet).toEqual({ apple: false, googleSaveUrl: null });
  });
});

describe("Apple's pass web service", () => {
  it('registers, lists updated serials, serves the latest pass, unregisters: the statuses of the reference', async () => {
    const row = await book();
    const device = 'device-library-1';
    const registration = `${service}/devices/${device}/registrations/${TEST_PASS_TYPE_ID}/${row.reference}`;
    const http = supertest(test.app);

    // a wrong token, none, another pass's token, another pass type: 401
    expect((await http.post(registration).send({ pushToken: 'push-1' })).status).toBe(401);
    const other = await book();
    expect(
      (await http.post(registration).set('Authorization', authorization(other.reference)).send({ pushToken: 'p' }))
        .status,
    ).toBe(401);
    const foreignType = `${service}/devices/${device}/registrations/pass.other.type/${row.reference}`;
    expect(
      (await http.post(foreignType).set('Authorization', authorization(row.reference)).send({ pushToken: 'p' })).status,
    ).toBe(401);

    const register = () => http.post(registration).set('Authorization', authorization(row.reference));
    expect((await register().send({ pushToken: 'push-1' })).status).toBe(201);
    expect((await register().send({ pushToken: 'push-1b' })).status).toBe(200);
    expect((await register().send({})).status).toBe(400);
    // registered with the pass as it is: nothing to push yet
    expect(await pushChangedPasses(test.ctx, { push: async () => expect.fail('no change yet') })).toBe(0);

    const list = `${service}/devices/${device}/registrations/${TEST_PASS_TYPE_ID}`;
    const first = await http.get(list);
    expect(first.status).toBe(200);
    expect(first.body.serialNumbers).toEqual([row.reference]);
    expect(first.body.lastUpdated).toMatch(/^\d+$/);
    const unchanged = await http.get(list).query({ passesUpdatedSince: first.body.lastUpdated });
    expect(unchanged.status).toBe(204);
    expect((await http.get(`${service}/devices/unknown-device/registrations/${TEST_PASS_TYPE_ID}`)).status).toBe(204);

    const passUrl = `${service}/passes/${TEST_PASS_TYPE_ID}/${row.reference}`;
    expect((await http.get(passUrl)).status).toBe(401);
    const latest = await http.get(passUrl).set('Authorization', authorization(row.reference)).buffer(true);
    expect(latest.status).toBe(200);
    expect(latest.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const lastModified = latest.headers['last-modified'];
    expect(new Date(lastModified).getTime()).toBe(Math.floor(row.createdAt.getTime() / 1000) * 1000);
    const notModified = await http
      .get(passUrl)
      .set('Authorization', authorization(row.reference))
      .set('If-Modified-Since', lastModified);
    expect(notModified.status).toBe(304);

    // the reservation changes (here: cancelled a minute later): listed again, a new pass, voided
    const later = new Date(row.createdAt.getTime() + 60_000);
    await test.ctx.db.update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, row.id));
    await test.ctx.db.insert(reservationEvents).values({ reservationId: row.id, kind: 'cancelled', at: later });
    // a mail sent even later changes nothing the pass shows
    await test.ctx.db
      .insert(reservationEvents)
      .values({ reservationId: row.id, kind: 'mail_sent', at: new Date(later.getTime() + 60_000) });
    const changed = await http.get(list).query({ passesUpdatedSince: first.body.lastUpdated });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ serialNumbers: [row.reference], lastUpdated: String(later.getTime()) });
    const updated = await http
      .get(passUrl)
      .set('Authorization', authorization(row.reference))
      .set('If-Modified-Since', lastModified)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(updated.status).toBe(200);
    expect(new Date(updated.headers['last-modified']).getTime()).toBe(later.getTime());
    const files = unzipSync(new Uint8Array(updated.body as Buffer));
    expect(JSON.parse(Buffer.from(files['pass.json']).toString('utf8')).voided).toBe(true);

    // the push job tells the registered device once about the change (a recording port instead of APNs)
    const pushed: string[][] = [];
    const port = { push: async ({ pushTokens }: { pushTokens: string[] }) => void pushed.push(pushTokens) };
    expect(await pushChangedPasses(test.ctx, port)).toBe(1);
    expect(pushed).toEqual([['push-1b']]);
    expect(await pushChangedPasses(test.ctx, port)).toBe(0);
    expect(await pushChangedPasses(plain.ctx, port)).toBe(0);

    expect((await http.delete(registration)).status).toBe(401);
    expect((await http.delete(registration).set('Authorization', authorization(row.reference))).status).toBe(200);
    expect((await http.get(list)).status).toBe(204);
    expect((await http.post(`${service}/log`).send({ logs: ['a problem'] })).status).toBe(200);
  });

  it('answers 401 to everything when Apple Wallet is not configured', async () => {
    const row = await book();
    const http = supertest(plain.app);
    const registration = `${service}/devices/d/registrations/${TEST_PASS_TYPE_ID}/${row.reference}`;
    expect((await http.post(registration).set('Authorization', authorization(row.reference)).send({})).status).toBe(
      401,
    );
    const passUrl = `${service}/passes/${TEST_PASS_TYPE_ID}/${row.reference}`;
    expect((await http.get(passUrl).set('Authorization', authorization(row.reference))).status).toBe(401);
  });
});

describe('the Google Wallet save link', () => {
  it('carries an RS256 JWT of the service account with the reservation as a generic object', async () => {
    const row = await book();
    const details = (await findReservationByReference(test.ctx.db, row.reference))!;
    const { googleSaveUrl } = (await reservationPanels(test.ctx, details, 'de')).wallet;
    const jwt = googleSaveUrl!.replace('https://pay.google.com/gp/v/save/', '');
    const key = await importSPKI(certs.googlePublicKey, 'RS256');
    const { payload, protectedHeader } = await jwtVerify(jwt, key, {
      issuer: 'wallet@parkshop-test.iam.gserviceaccount.com',
      audience: 'google',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual([PUBLIC_URL]);
    const body = payload.payload as { genericClasses: { id: string }[]; genericObjects: Record<string, unknown>[] };
    expect(body.genericClasses[0].id).toBe(`${TEST_GOOGLE_ISSUER_ID}.parking_reservation`);
    expect(body.genericObjects[0]).toMatchObject({
      id: `${TEST_GOOGLE_ISSUER_ID}.${row.reference}`,
      classId: `${TEST_GOOGLE_ISSUER_ID}.parking_reservation`,
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: row.reference },
    });
    // a key of another pair does not verify it
    const { publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const stranger = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256');
    await expect(jwtVerify(jwt, stranger)).rejects.toThrow();
  });
});

/**
 * Proof of handover (issue 36, decision 0057): a valet check-in needs the four sides, the odometer photo and reading;
 * photos are re-encoded without EXIF location and stored in the local store (`DATA_DIR`) or an S3-compatible one;
 * oversize and non-image uploads are refused with a translated 4xx and nothing stored; another company's operator
 * gets 404; the customer's panel shows both records and the kilometres driven; photo links are signed and expire;
 * a staff view is audited; a dispute keeps the photos past 90 days until staff close it, then the purge deletes them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import exifr from 'exifr';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  handoverPhotos,
  handoverRecords,
  mailOutbox,
  parkingLots,
  reservations,
  tariffs,
} from '../../database/schema.ts';
import { action } from '../../app/routes/admin/checkin.tsx';
import { loader as reservationLoader } from '../../app/routes/admin/reservation.tsx';
import { closeHandoverDispute, purgeHandoverPhotos } from '../../app/services/backoffice/handover-records.server.ts';
import { handoverPanelOf, openHandoverDispute } from '../../app/services/handover/handover-view.server.ts';
import { createPhotoStore } from '../../app/services/handover/photo-store.server.ts';
import { findReservationByReference } from '../../app/services/reservations/reservations.server.ts';
import { grantGuestAccess } from '../../app/services/reservations/guest-access.server.ts';
import type { StaffActor } from '../../app/domain/staff-roles.ts';
import type { Session } from '../../server/session.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { deliveredMail } from '../fixtures/outbox.ts';
import { jpegWithGps } from '../fixtures/handover-images.ts';
import { startS3Server, type S3Fixture } from '../fixtures/s3-server.ts';
import { createStaffMember, staffCookie } from '../fixtures/staff.ts';
import { ApiClient, createTestApp, routeContext, type TestApp } from './harness.ts';

const START = new Date('2026-11-21T09:00:00Z');
const ENTRY = new Date('2026-12-20T07:30:00Z');
const EXIT = new Date('2026-12-22T16:30:00Z');
const DAY = 24 * 60 * 60 * 1000;

type Valet = { tariff: typeof tariffs.$inferSelect; operator: string };

/** One test shop: its app, its own data folder, staff and a staff page session. */
type Shop = {
  test: TestApp;
  dataDir: string;
  session: Session;
  valet: Valet;
  cookies: Record<string, string>;
  staff: Record<string, StaffActor>;
};

async function openShop(env: Record<string, string> = {}): Promise<Shop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'handover-'));
  const test = await createTestApp({ now: START, env: { DATA_DIR: dataDir, ...env } });
  const session = (await test.ctx.sessions.load(undefined)) as Session;
  const lots = await test.ctx.db
    .select({ tariff: tariffs, operator: parkingLots.operator })
    .from(tariffs)
    .innerJoin(parkingLots, eq(parkingLots.id, tariffs.parkingLotId))
    .where(and(eq(tariffs.category, 'valet'), eq(tariffs.active, true)))
    .orderBy(asc(tariffs.id));
  const valet = lots[0];
  const shop: Shop = { test, dataDir, session, valet, cookies: {}, staff: {} };
  const roles = [
    ['admin', 'admin', null],
    ['support', 'support', null],
    ['operator', 'operator', valet.operator],
    ['stranger', 'operator', 'Fremdbetrieb GmbH'],
  ] as const;
  for (const [name, role, operator] of roles) {
    const member = await createStaffMember(test.ctx.db, { role, operator, name: `Tina ${name}` });
    shop.staff[name] = { staffId: member.id, email: member.email, name: member.name, role, operator };
  }
  return shop;
}

async function signIn(shop: Shop) {
  for (const [name, actor] of Object.entries(shop.staff)) {
    shop.cookies[name] = await staffCookie(shop.test.ctx.db, actor.staffId, shop.test.ctx.now());
  }
}

/** Books the valet tariff for 20.–22.12.; returns the reference and the booking client (its session has access). */
async function book(shop: Shop): Promise<{ reference: string; client: ApiClient }> {
  shop.test.setNow(START);
  const stay = { entryTime: '2026-12-20T08:00', exitTime: '2026-12-22T18:00' };
  const client = await new ApiClient(shop.test).start();
  const { tariff } = shop.valet;
  expect(
    (await client.post('checkout/cart', { airportId: tariff.airportId, tariffId: tariff.id, ...stay })).status,
  ).toBe(200);
  const booked = await client.post('checkout', checkoutBody({ ...stay, personCount: 1 }));
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return { reference: booked.body.reservation.reference as string, client };
}

function args(shop: Shop, who: string, pathAndQuery: string, init: RequestInit = {}, params = {}) {
  return {
    request: new Request(`http://localhost${pathAndQuery}`, { ...init, headers: { Cookie: shop.cookies[who] ?? '' } }),
    params,
    context: routeContext({ app: shop.test.ctx, session: shop.session, cspNonce: '', clientIp: '203.0.113.9' }),
  } as never;
}

type Photos = Partial<Record<'photoFront' | 'photoBack' | 'photoLeft' | 'photoRight' | 'photoOdometer', Uint8Array>>;

/** Posts the check-in page's multipart form: `intent`, the readings and the photos; answers status and body. */
async function post(
  shop: Shop,
  who: string,
  intent: 'check-in' | 'check-out',
  reference: string,
  fields: Record<string, string>,
  photos: Photos = {},
  extra: Uint8Array[] = [],
) {
  const form = new FormData();
  form.append('_csrf', shop.session.csrfToken);
  form.append('intent', intent);
  form.append('reference', reference);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, bytes] of Object.entries(photos))
    form.append(name, new File([Buffer.from(bytes)], `${name}.jpg`, { type: 'image/jpeg' }));
  for (const bytes of extra)
    form.append('photoExtra', new File([Buffer.from(bytes)], 'extra.jpg', { type: 'image/jpeg' }));
  const answer = (await action(args(shop, who, `/admin/checkin?code=${reference}`, { method: 'POST', body: form }))) as
    Response | { init: { status: number }; data: { message: string | null; errors: Record<string, string> } };
  return answer instanceof Response
    ? { status: answer.status, errors: {} as Record<string, string>, message: null }
    : { status: answer.init.status, errors: answer.data.errors, message: answer.data.message };
}

async function allSides(): Promise<Photos> {
  const jpeg = await jpegWithGps(800, 600);
  return { photoFront: jpeg, photoBack: jpeg, photoLeft: jpeg, photoRight: jpeg, photoOdometer: jpeg };
}

async function storedRows(shop: Shop, reference: string) {
  const details = await findReservationByReference(shop.test.ctx.db, reference);
  const records = await shop.test.ctx.db
    .select()
    .from(handoverRecords)
    .where(eq(handoverRecords.reservationId, details!.reservation.id));
  const photos = records.length
    ? await shop.test.ctx.db
        .select()
        .from(handoverPhotos)
        .innerJoin(handoverRecords, eq(handoverRecords.id, handoverPhotos.recordId))
        .where(eq(handoverRecords.reservationId, details!.reservation.id))
    : [];
  return { details: details!, records, photos: photos.map((p) => p.handover_photos) };
}

function localFiles(shop: Shop): string[] {
  const dir = path.join(shop.dataDir, 'handover-photos');
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];
}

describe('handover in the local store', () => {
  let shop: Shop;
  let reference: string;

  beforeAll(async () => {
    shop = await openShop();
    ({ reference } = await book(shop));
    shop.test.setNow(ENTRY);
    await signIn(shop);
  });
  afterAll(async () => {
    await shop.test.close();
    fs.rmSync(shop.dataDir, { recursive: true, force: true });
  });

  it('refuses a valet check-in without the required photos and reading, and stores nothing', async () => {
    const refused = await post(shop, 'operator', 'check-in', reference, { fuelEighths: '6' });
    expect(refused.status).toBe(422);
    expect(refused.errors).toEqual({
      odometerKm: 'Bitte füllen Sie dieses Feld aus.',
      photoFront: 'Für diesen Tarif ist dieses Foto Pflicht.',
      photoBack: 'Für diesen Tarif ist dieses Foto Pflicht.',
      photoLeft: 'Für diesen Tarif ist dieses Foto Pflicht.',
      photoRight: 'Für diesen Tarif ist dieses Foto Pflicht.',
      photoOdometer: 'Für diesen Tarif ist dieses Foto Pflicht.',
    });
    const rows = await storedRows(shop, reference);
    expect(rows.records).toEqual([]);
    expect(rows.details.reservation.checkedInAt).toBeNull();
    expect(localFiles(shop)).toEqual([]);
  });

  it('refuses an oversize photo and a file that is no image with a translated 422, storing nothing', async () => {
    const sides = await allSides();
    const huge = new Uint8Array(16 * 1024 * 1024).fill(0xff);
    const tooLarge = await post(
      shop,
      'operator',
      'check-in',
      reference,
      { odometerKm: '12000' },
      { ...sides, photoLeft: huge },
    );
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.errors.photoLeft).toBe('Das Foto ist zu groß (höchstens 15 MB).');
    const text = new TextEncoder().encode('not a photo at all');
    const notImage = await post(
      shop,
      'operator',
      'check-in',
      reference,
      { odometerKm: '12000' },
      { ...sides, photoBack: text },
    );
    expect(notImage.status).toBe(422);
    expect(notImage.errors.photoBack).toBe('Die Datei ist kein Foto (JPEG, PNG oder WebP).');
    expect((await storedRows(shop, reference)).records).toEqual([]);
    expect(localFiles(shop)).toEqual([]);
  });

  it("answers another company's operator 404 and changes nothing", async () => {
    const answer = await post(shop, 'stranger', 'check-in', reference, { odometerKm: '1' }, await allSides()).catch(
      (error: unknown) => ({ status: (error as { init?: { status: number } }).init?.status ?? 0 }),
    );
    expect(answer.status).toBe(404);
    await expect(
      reservationLoader(args(shop, 'stranger', `/admin/reservierungen/${reference}`, {}, { reference })),
    ).rejects.toMatchObject({ init: { status: 404 } });
    expect(localFiles(shop)).toEqual([]);
  });

  it('checks a valet car in with photos and odometer: EXIF location gone, audited', async () => {
    const done = await post(
      shop,
      'operator',
      'check-in',
      reference,
      { odometerKm: '12.000', fuelEighths: '6', parkingSpace: 'V2 / 14', damageNotes: 'Kratzer Stoßstange hinten' },
      await allSides(),
      [await jpegWithGps(3000, 4000)],
    );
    expect(done.status).toBe(302);
    const rows = await storedRows(shop, reference);
    expect(rows.details.reservation.checkedInAt).not.toBeNull();
    expect(rows.records).toMatchObject([{ kind: 'entry', odometerKm: 12000, fuelEighths: 6, parkingSpace: 'V2 / 14' }]);
    expect(rows.photos.map((p) => p.label).sort()).toEqual(['back', 'extra', 'front', 'left', 'odometer', 'right']);
    expect(localFiles(shop)).toHaveLength(6);
    const big = rows.photos.find((p) => p.label === 'extra')!;
    expect(Math.max(big.width, big.height)).toBeLessThanOrEqual(2048);
    // read back from the store: no GPS, no EXIF at all
    const store = createPhotoStore({ DATA_DIR: shop.dataDir });
    for (const photo of rows.photos) {
      const file = await store.get(photo.storageKey);
      expect(file?.contentType).toBe('image/jpeg');
      expect(await exifr.gps(Buffer.from(file!.bytes)).catch(() => undefined)).toBeUndefined();
      expect(photo.storageKey).not.toContain(reference);
    }
    const audit = await shop.test.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'handover.photo_upload'));
    expect(audit).toHaveLength(6);
    expect(audit.every((row) => row.staffId === shop.staff.operator.staffId)).toBe(true);
  });

  it('refuses an exit odometer below the entry reading, then checks the car out with 12 km more', async () => {
    shop.test.setNow(EXIT);
    await signIn(shop);
    const below = await post(shop, 'operator', 'check-out', reference, { odometerKm: '11999' }, await allSides());
    expect(below.status).toBe(422);
    expect(below.errors.odometerKm).toBe(
      'Der Kilometerstand ist kleiner als bei der Einfahrt. Bitte prüfen Sie die Eingabe.',
    );
    const done = await post(
      shop,
      'operator',
      'check-out',
      reference,
      { odometerKm: '12012', fuelEighths: '5' },
      await allSides(),
    );
    expect(done.status).toBe(302);
    const { details } = await storedRows(shop, reference);
    const panel = await handoverPanelOf(shop.test.ctx, details, 'de', { customer: true });
    expect(panel).toMatchObject({ kmDriven: 12, fuelChange: '−1/8', canDispute: true });
    expect(panel?.entry?.photos).toHaveLength(6);
    expect(panel?.exit?.photos).toHaveLength(5);
    const mails = await shop.test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'checked_out'));
    expect(mails).toHaveLength(1);
    // the outbox keeps no body once sent: the delivered mail's text
    const mail = await deliveredMail(shop.test.ctx.db, shop.dataDir, details.reservation.id, 'checked_out');
    expect(mail.text).toContain('Gefahrene Kilometer: 12 km');
  });

  it('serves a photo only on a signed link that has not expired; a staff view is audited', async () => {
    const { details } = await storedRows(shop, reference);
    const customer = await handoverPanelOf(shop.test.ctx, details, 'de', { customer: true });
    const url = customer!.entry!.photos[0].url;
    const ok = await supertest(shop.test.app).get(url);
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toBe('image/jpeg');
    expect(ok.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect((await supertest(shop.test.app).get(url.replace(/sig=[^&]+/, 'sig=' + 'A'.repeat(43)))).status).toBe(404);
    expect((await supertest(shop.test.app).get(url.replace('v=customer', 'v=staff-1'))).status).toBe(404);
    expect((await supertest(shop.test.app).get(url.split('?')[0])).status).toBe(404);
    const views = () => shop.test.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'handover.photo_view'));
    expect(await views()).toHaveLength(0);
    const staffView = await handoverPanelOf(shop.test.ctx, details, 'de', { staffId: shop.staff.support.staffId });
    expect((await supertest(shop.test.app).get(staffView!.exit!.photos[0].url)).status).toBe(200);
    expect((await views()).map((row) => row.staffId)).toEqual([shop.staff.support.staffId]);
    shop.test.setNow(new Date(EXIT.getTime() + 16 * 60 * 1000));
    expect((await supertest(shop.test.app).get(url)).status).toBe(404);
  });

  it('keeps the photos past 90 days while a dispute is open, and purges them once staff closed it', async () => {
    shop.test.setNow(new Date(EXIT.getTime() + 2 * DAY));
    // the booking's session has expired by now (14 days): the guest comes back through the lookup
    const session = (await shop.test.ctx.sessions.load(undefined)) as Session;
    grantGuestAccess(session, reference);
    await expect(openHandoverDispute(shop.test.ctx, { session, reference, message: '  ' })).rejects.toMatchObject({
      status: 422,
    });
    await openHandoverDispute(shop.test.ctx, { session, reference, message: 'Neuer Kratzer an der Fahrertür.' });
    await expect(
      openHandoverDispute(shop.test.ctx, { session, reference, message: 'Noch einmal' }),
    ).rejects.toMatchObject({ status: 409 });
    const mails = await shop.test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'handover_dispute'));
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(shop.test.ctx.env.SHOP_EMAIL);
    // delivered with the message and the kept photos of both records attached
    const { details: disputed } = await storedRows(shop, reference);
    const mail = await deliveredMail(shop.test.ctx.db, shop.dataDir, disputed.reservation.id, 'handover_dispute');
    expect(mail.text).toContain('Neuer Kratzer an der Fahrertür.');
    const eml = fs
      .readdirSync(path.join(shop.dataDir, 'mail'))
      .filter((f) => f.endsWith(`-${mails[0].id}.eml`))
      .map((f) => fs.readFileSync(path.join(shop.dataDir, 'mail', f), 'utf8'))
      .join('');
    expect(eml.match(/filename="?Einfahrt-\w+-\d+\.jpg/g)).toHaveLength(6);
    expect(eml.match(/filename="?Ausfahrt-\w+-\d+\.jpg/g)).toHaveLength(5);
    const stranger = (await shop.test.ctx.sessions.load(undefined)) as Session;
    await expect(
      openHandoverDispute(shop.test.ctx, { session: stranger, reference, message: 'x' }),
    ).rejects.toMatchObject({ status: 404 });

    shop.test.setNow(new Date(EXIT.getTime() + 91 * DAY));
    expect(await purgeHandoverPhotos(shop.test.ctx)).toBe(0);
    expect(localFiles(shop)).toHaveLength(11);

    const { details } = await storedRows(shop, reference);
    await expect(closeHandoverDispute(shop.test.ctx, shop.staff.operator, details, { note: '' })).rejects.toMatchObject(
      {
        status: 404,
      },
    );
    await closeHandoverDispute(shop.test.ctx, shop.staff.support, details, { note: 'Vorschaden laut Einfahrtsfoto.' });
    expect(await purgeHandoverPhotos(shop.test.ctx)).toBe(11);
    expect(localFiles(shop)).toEqual([]);
    const rows = await storedRows(shop, reference);
    expect(rows.photos.every((p) => p.deletedAt !== null)).toBe(true);
    const deletions = await shop.test.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'handover.photo_delete'));
    expect(deletions).toHaveLength(11);
    const panel = await handoverPanelOf(shop.test.ctx, rows.details, 'de', { customer: true });
    expect(panel).toMatchObject({ kmDriven: 12, canDispute: false, entry: { photos: [], deletedPhotos: 6 } });
  });
});

describe('handover in an S3-compatible store', () => {
  let s3: S3Fixture;
  let shop: Shop;

  beforeAll(async () => {
    s3 = await startS3Server();
    shop = await openShop({
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
  });
  afterAll(async () => {
    await shop.test.close();
    await s3.stop();
    fs.rmSync(shop.dataDir, { recursive: true, force: true });
  });

  it('stores the photos in the bucket, serves them on the signed link, and the purge deletes them there', async () => {
    const { reference } = await book(shop);
    shop.test.setNow(ENTRY);
    await signIn(shop);
    expect((await post(shop, 'admin', 'check-in', reference, { odometerKm: '500' }, await allSides())).status).toBe(
      302,
    );
    shop.test.setNow(EXIT);
    await signIn(shop);
    expect((await post(shop, 'admin', 'check-out', reference, { odometerKm: '503' }, await allSides())).status).toBe(
      302,
    );
    expect(localFiles(shop)).toEqual([]);
    const rows = await storedRows(shop, reference);
    const bucket = createPhotoStore({
      DATA_DIR: shop.dataDir,
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
    expect(bucket.kind).toBe('s3');
    for (const photo of rows.photos) {
      const file = await bucket.get(photo.storageKey);
      expect(file, photo.storageKey).not.toBeNull();
      expect(await exifr.gps(Buffer.from(file!.bytes)).catch(() => undefined)).toBeUndefined();
    }
    const panel = await handoverPanelOf(shop.test.ctx, rows.details, 'de', { customer: true });
    expect(panel?.kmDriven).toBe(3);
    const served = await supertest(shop.test.app).get(panel!.exit!.photos[0].url);
    expect(served.status).toBe(200);
    expect(served.body.length).toBeGreaterThan(1000);

    shop.test.setNow(new Date(EXIT.getTime() + 91 * DAY));
    expect(await purgeHandoverPhotos(shop.test.ctx)).toBe(10);
    for (const photo of rows.photos) expect(await bucket.get(photo.storageKey)).toBeNull();
    expect(
      (await shop.test.ctx.db.select().from(reservations).where(eq(reservations.reference, reference)))[0].status,
    ).toBe('completed');
  });
});

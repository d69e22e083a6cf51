/**
 * The account area (issue 8): profile and saved billing address, password change, e-mail change with
 * verification, deletion by anonymisation, the data export, the account's reservations (another user's → null),
 * and a booking made while signed in belonging to the user.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { airports, reservations, sessions, tariffs, users } from '../../database/schema.ts';
import type { ReservationSummary } from '../../app/domain/account-view.ts';
import { findUserReservation, loadAccount } from '../../app/services/accounts/account.server.ts';
import { deliveredAccountMail } from '../fixtures/account-mail.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { insertReservation } from '../fixtures/reservation.ts';
import { ApiClient, createTestApp, type TestApp } from './harness.ts';

const START = new Date('2026-11-21T09:00:00Z');
const PASSWORD = 'Kirschbaum-Allee-7';
let test: TestApp;
let dataDir: string;
let counter = 0;

const newEmail = () => `konto.${++counter}@example.org`;

/** A client signed up with a new address; `user` is the sign-up's user view. */
async function signedUp() {
  const client = await new ApiClient(test).start();
  const email = newEmail();
  const res = await client.post('auth/signup', {
    gender: true,
    firstname: 'Max',
    lastname: 'Muster',
    email,
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    terms: true,
  });
  expect(res.status).toBe(201);
  return { client, email, user: res.body.user as { id: number; email: string } };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-account-'));
  test = await createTestApp({ now: START, env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  test.setNow(START);
  await test.ctx.db.execute(sql`delete from rate_limits`);
});

describe('signed-in only', () => {
  it('answers every account endpoint with 401 JSON without a signed-in session', async () => {
    const client = await new ApiClient(test).start();
    for (const p of ['account/profile', 'account/password', 'account/email', 'account/delete']) {
      const res = await client.post(p, {});
      expect(res.status, p).toBe(401);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
    expect((await client.get('account/export')).status).toBe(401);
  });
});

describe('account/profile', () => {
  it('saves the profile and the billing address, which loadAccount returns', async () => {
    const { client, user } = await signedUp();
    const res = await client.post('account/profile', {
      gender: 'd',
      firstname: 'Maxi',
      lastname: 'Muster',
      newsletter: true,
      street: 'Hauptstraße',
      streetNumber: '1',
      postcode: '60311',
      city: 'Frankfurt am Main',
      country: 'DE',
      company: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ gender: 'd', firstname: 'Maxi', newsletter: true });
    const account = await loadAccount(test.ctx, { userId: user.id, locale: 'de' });
    expect(account.billingAddress).toEqual({
      street: 'Hauptstraße',
      streetNumber: '1',
      postcode: '60311',
      city: 'Frankfurt am Main',
      country: 'DE',
    });
    // Without address fields the saved address stays.
    await client.post('account/profile', { gender: true, firstname: 'Max', lastname: 'Muster' });
    expect((await loadAccount(test.ctx, { userId: user.id, locale: 'de' })).billingAddress).not.toBeNull();

    const bad = await client.post('account/profile', { gender: 'x', firstname: '', lastname: 'M', country: 'XX' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['country', 'firstname', 'gender']);
  });
});

describe('account/password', () => {
  it('needs the current password, applies the rules and ends the other sessions', async () => {
    const { client, email } = await signedUp();
    const other = await new ApiClient(test).start();
    expect((await other.post('auth/signin', { login: email, password: PASSWORD })).status).toBe(200);
    const next = 'Neues-Passwort-2027';
    const wrong = await client.post('account/password', {
      currentPassword: 'falsch-falsch',
      password: next,
      passwordConfirmation: next,
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['currentPassword']);
    const weak = await client.post('account/password', {
      currentPassword: PASSWORD,
      password: '12345678',
      passwordConfirmation: '12345678',
    });
    expect(Object.keys(weak.body.errors)).toEqual(['password']);
    const ok = await client.post('account/password', {
      currentPassword: PASSWORD,
      password: next,
      passwordConfirmation: next,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: expect.any(String) });
    expect((await client.get('auth/me')).status).toBe(200);
    expect((await other.get('auth/me')).status).toBe(401);
    const fresh = await new ApiClient(test).start();
    expect((await fresh.post('auth/signin', { login: email, password: next })).status).toBe(200);
  });
});

describe('account/email', () => {
  it('changes the address only after the link to the new address is opened', async () => {
    const { client, email, user } = await signedUp();
    const taken = (await signedUp()).email;
    expect(Object.keys((await client.post('account/email', { password: PASSWORD, email: taken })).body.errors)).toEqual(
      ['email'],
    );
    expect(
      Object.keys((await client.post('account/email', { password: 'falsch-falsch', email: newEmail() })).body.errors),
    ).toEqual(['password']);
    expect((await client.post('account/email', { password: PASSWORD, email })).status).toBe(422);

    const next = newEmail();
    const guest = await insertReservation(test.ctx.db, { billingAddress: { firstname: 'Max', email: next } });
    const res = await client.post('account/email', { password: PASSWORD, email: next });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });
    expect((await client.get('auth/me')).body.user.email).toBe(email);

    const { token, link } = await deliveredAccountMail(test.ctx.db, dataDir, next, 'change_email');
    expect(link).toContain('/konto/bestaetigen/');
    const verified = await client.post('auth/verify-email', { token });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ email: next, emailVerified: true });
    const [row] = await test.ctx.db.select().from(reservations).where(eq(reservations.id, guest.row.id));
    expect(row.userId).toBe(user.id);
  });
});

describe('account/delete and account/export', () => {
  it('exports the user data as a JSON attachment', async () => {
    const { client, email, user } = await signedUp();
    await insertReservation(test.ctx.db, { userId: user.id });
    const res = await client.get('account/export');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="account-\d+\.json"$/);
    expect(res.body.account).toMatchObject({ email, firstname: 'Max' });
    expect(res.body.reservations).toHaveLength(1);
    expect(res.body.reservations[0]).not.toHaveProperty('guestTokenHash');
    expect(res.body.reservations[0].billingAddress).toBeDefined();
  });

  it('anonymises the account, keeps its reservations and signs out', async () => {
    const { client, email, user } = await signedUp();
    const booked = await insertReservation(test.ctx.db, { userId: user.id });
    expect((await client.post('account/delete', { password: 'falsch-falsch' })).status).toBe(422);
    expect((await client.post('account/delete', {})).status).toBe(422);
    const before = client.csrfToken;
    const res = await client.post('account/delete', { password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ csrfToken: expect.any(String) });
    expect(res.body.csrfToken).not.toBe(before);
    expect((await client.get('auth/me')).status).toBe(401);

    const [row] = await test.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      email: `deleted-${user.id}@invalid`,
      passwordHash: null,
      firstname: '',
      lastname: '',
      billingAddress: null,
      newsletter: false,
    });
    expect(row.deletedAt).not.toBeNull();
    expect(await test.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const [kept] = await test.ctx.db.select().from(reservations).where(eq(reservations.id, booked.row.id));
    expect(kept.billingAddress).toMatchObject({ firstname: 'Erika' });
    const fresh = await new ApiClient(test).start();
    expect((await fresh.post('auth/signin', { login: email, password: PASSWORD })).status).toBe(422);
    expect((await fresh.get(`database/check/${encodeURIComponent(email)}`)).body).toEqual({ exists: false });
    // The address is free for a new account.
    const again = await fresh.post('auth/signup', {
      gender: true,
      firstname: 'Max',
      lastname: 'Neu',
      email,
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      terms: true,
    });
    expect(again.status).toBe(201);
  });
});

describe('the account reservations', () => {
  it('splits upcoming and past, and finds only the own reservation (another user → null)', async () => {
    const a = await signedUp();
    const b = await signedUp();
    const upcoming = await insertReservation(test.ctx.db, { userId: a.user.id });
    const past = await insertReservation(test.ctx.db, {
      userId: a.user.id,
      entryLocal: '2026-10-01T08:00',
      exitLocal: '2026-10-05T08:00',
      entryAt: new Date('2026-10-01T06:00:00Z'),
      exitAt: new Date('2026-10-05T06:00:00Z'),
    });
    const account = await loadAccount(test.ctx, { userId: a.user.id, locale: 'de' });
    expect(account.upcoming.map((r) => r.reference)).toEqual([upcoming.row.reference]);
    expect(account.past.map((r) => r.reference)).toEqual([past.row.reference]);
    const expected: ReservationSummary = {
      reference: upcoming.row.reference,
      status: 'confirmed',
      airportName: expect.any(String),
      tariffName: expect.any(String),
      entry: expect.any(String),
      exit: expect.any(String),
      entryLocal: '2026-12-07T08:00',
      totalCents: upcoming.row.totalCents,
    };
    expect(account.upcoming[0]).toEqual(expected);

    const own = await findUserReservation(test.ctx, {
      userId: a.user.id,
      reference: upcoming.row.reference.toLowerCase(),
      locale: 'de',
    });
    expect(own?.reference).toBe(upcoming.row.reference);
    expect(
      await findUserReservation(test.ctx, { userId: b.user.id, reference: upcoming.row.reference, locale: 'de' }),
    ).toBeNull();
    expect(await findUserReservation(test.ctx, { userId: a.user.id, reference: 'nonsense', locale: 'de' })).toBeNull();
  });

  it('a booking made while signed in belongs to the user at once', async () => {
    const { client, user } = await signedUp();
    const [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
    const [tariff] = await test.ctx.db
      .select()
      .from(tariffs)
      .where(and(eq(tariffs.airportId, fra.id), eq(tariffs.active, true)))
      .orderBy(tariffs.id)
      .limit(1);
    const stay = { entryTime: '2026-12-07T08:00', exitTime: '2026-12-14T18:00' };
    expect((await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...stay })).status).toBe(200);
    const res = await client.post('checkout', checkoutBody({ ...stay, email: 'someone.else@example.org' }));
    expect(res.status).toBe(201);
    const [row] = await test.ctx.db
      .select()
      .from(reservations)
      .where(eq(reservations.reference, res.body.reservation.reference));
    expect(row.userId).toBe(user.id);
    const account = await loadAccount(test.ctx, { userId: user.id, locale: 'de' });
    expect(account.upcoming.map((r) => r.reference)).toContain(row.reference);
  });
});

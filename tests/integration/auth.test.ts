/**
 * Accounts API (issue 8, DESIGN §5): sign-up, sign-in, sign-out, me, lost and reset password, e-mail
 * verification, `database/check`, the time-outs and the rate limits — against the real outbox (`.eml` files of
 * this file's own data directory) and, for the limits, two app instances over one database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reservations, sessions, users } from '../../database/schema.ts';
import { AUTH_LIMITS, RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from '../../app/services/accounts/auth.server.ts';
import { SIGNED_IN_ABSOLUTE_MS, SIGNED_IN_IDLE_MS } from '../../server/session.server.ts';
import { accountMailRows, deliveredAccountMail } from '../fixtures/account-mail.ts';
import { insertReservation } from '../fixtures/reservation.ts';
import { ApiClient, createTestApp, type TestApp } from './harness.ts';

const START = new Date('2026-11-21T09:00:00Z');
const PASSWORD = 'Kirschbaum-Allee-7';
let test: TestApp;
let dataDir: string;
let counter = 0;

/** A fresh e-mail address per test. */
const newEmail = () => `kunde.${++counter}@example.org`;

function signUpBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    gender: false,
    firstname: 'Erika',
    lastname: 'Mustermann',
    email,
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    terms: true,
    ...overrides,
  };
}

/** A client signed up (and so signed in) with a new address. */
async function signedUp(app: TestApp = test) {
  const client = await new ApiClient(app).start();
  const email = newEmail();
  const res = await client.post('auth/signup', signUpBody(email));
  expect(res.status).toBe(201);
  return { client, email, user: res.body.user };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-auth-'));
  test = await createTestApp({ now: START, env: { DATA_DIR: dataDir } });
});
afterAll(() => test.close());
beforeEach(async () => {
  test.setNow(START);
  // Every request of this file comes from one IP: each test starts with fresh limit counters.
  await test.ctx.db.execute(sql`delete from rate_limits`);
});

describe('auth/check, auth/signup, auth/me', () => {
  it('signs up: 201 {user, csrfToken}, a new session id, an argon2id hash, a verification mail', async () => {
    const client = await new ApiClient(test).start();
    expect((await client.get('auth/check')).body).toEqual({ authenticated: false });
    const before = { cookie: client.cookie, token: client.csrfToken };
    const email = newEmail();
    const res = await client.post('auth/signup', signUpBody(email.toUpperCase(), { newsletter: true }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      user: {
        id: expect.any(Number),
        email,
        gender: false,
        firstname: 'Erika',
        lastname: 'Mustermann',
        emailVerified: false,
        newsletter: true,
      },
      csrfToken: expect.any(String),
    });
    expect(res.body.csrfToken).not.toBe(before.token);
    expect(client.cookie).not.toBe(before.cookie);
    expect((await client.get('auth/check')).body).toEqual({ authenticated: true });
    expect((await client.get('auth/me')).body).toEqual({ user: res.body.user });

    const [row] = await test.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row.passwordHash!.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    const { link, mail } = await deliveredAccountMail(test.ctx.db, dataDir, email, 'verify_email');
    expect(link).toMatch(/^http:\/\/localhost:3000\/konto\/bestaetigen\/[A-Za-z0-9_-]{43}$/); // PUBLIC_URL's default
    expect(mail.subject).toContain('E-Mail-Adresse');
  });

  it('links to /en/konto/… in English and uses PUBLIC_URL when set', async () => {
    const other = await createTestApp({
      sharedWith: test,
      now: START,
      env: { DATA_DIR: dataDir, PUBLIC_URL: 'https://parken.example' },
    });
    const client = await new ApiClient(other).start();
    const email = newEmail();
    expect((await client.post('auth/signup', signUpBody(email), { 'App-Language': 'en' })).status).toBe(201);
    const { link, mail } = await deliveredAccountMail(test.ctx.db, dataDir, email, 'verify_email');
    expect(link).toMatch(/^https:\/\/parken\.example\/en\/konto\/bestaetigen\//);
    expect(mail.subject).toContain('confirm');
  });

  it('refuses bad sign-ups with 422 field errors (keys as sent), a known e-mail on `email`', async () => {
    const client = await new ApiClient(test).start();
    const empty = await client.post('auth/signup', {});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors)).toEqual(
      expect.arrayContaining(['gender', 'firstname', 'lastname', 'email', 'password', 'terms']),
    );
    const common = await client.post(
      'auth/signup',
      signUpBody(newEmail(), { password: 'password1', passwordConfirmation: 'password1' }),
    );
    expect(common.status).toBe(422);
    expect(common.body.errors).toEqual({ password: [expect.stringContaining('verbreitet')] });

    const { email } = await signedUp();
    const again = await client.post('auth/signup', signUpBody(email.toUpperCase()));
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: expect.any(String), errors: { email: [expect.any(String)] } });
    const en = await client.post('auth/signup', signUpBody(email), { 'App-Language': 'en' });
    expect(en.body.errors.email[0]).toMatch(/already an account/);
  });

  it('answers auth/me with 401 JSON when not signed in', async () => {
    const client = await new ApiClient(test).start();
    const res = await client.get('auth/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: expect.any(String) });
  });
});

describe('auth/signin and auth/signout', () => {
  it('signs in with the e-mail in any case and rotates the session id', async () => {
    const { email } = await signedUp();
    const client = await new ApiClient(test).start();
    const before = client.csrfToken;
    const res = await client.post('auth/signin', { login: email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: expect.objectContaining({ email }), csrfToken: expect.any(String) });
    expect(res.body.csrfToken).not.toBe(before);
    expect((await client.get('auth/me')).status).toBe(200);
  });

  it('gives the same answer, byte for byte, for an unknown e-mail and a wrong password', async () => {
    const { email } = await signedUp();
    const client = await new ApiClient(test).start();
    const wrong = await client.post('auth/signin', { login: email, password: 'Falsches-Passwort-1' });
    const unknown = await client.post('auth/signin', { login: newEmail(), password: 'Falsches-Passwort-1' });
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(422);
    expect(unknown.text).toBe(wrong.text);
    expect(wrong.body).toEqual({ message: expect.any(String), errors: { login: [expect.any(String)] } });
    expect(wrong.body.errors.login).toHaveLength(1);
    // Both verify an argon2id hash: their times are of the same order (generous bounds for a shared CI box).
    const time = async (login: string) => {
      const t0 = performance.now();
      await client.post('auth/signin', { login, password: 'Falsches-Passwort-1' });
      return performance.now() - t0;
    };
    const known = await time(email);
    const missing = await time(newEmail());
    expect(missing).toBeGreaterThan(known / 4);
  });

  it('signs out only with the CSRF header (419 otherwise) and destroys the session row', async () => {
    const { client } = await signedUp();
    const id = test.ctx.sessions.parseCookie(client.cookie)!;
    const noToken = await supertest(test.app)
      .get('/api/auth/signout')
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('Cookie', client.cookie);
    expect(noToken.status).toBe(419);
    expect(noToken.body).toEqual({ message: expect.any(String) });
    const before = client.csrfToken;
    const res = await client.get('auth/signout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ csrfToken: expect.any(String) });
    expect(res.body.csrfToken).not.toBe(before);
    expect(await test.ctx.db.select().from(sessions).where(eq(sessions.id, id))).toEqual([]);
    expect((await client.get('auth/me')).status).toBe(401);
  });
});

describe('time-outs', () => {
  it('ends a signed-in session after 2 hours without a request', async () => {
    const { client } = await signedUp();
    test.setNow(new Date(START.getTime() + SIGNED_IN_IDLE_MS - 60_000));
    expect((await client.get('auth/me')).status).toBe(200);
    // The request above counted as activity: another 2 h minus a minute later it is still alive.
    test.setNow(new Date(START.getTime() + 2 * SIGNED_IN_IDLE_MS - 2 * 60_000));
    expect((await client.get('auth/me')).status).toBe(200);
    test.setNow(new Date(START.getTime() + 3 * SIGNED_IN_IDLE_MS));
    expect((await client.get('auth/me')).status).toBe(401);
    expect((await client.get('auth/check')).body).toEqual({ authenticated: false });
  });

  it('ends a signed-in session 30 days after the sign-in whatever the activity', async () => {
    const { client } = await signedUp();
    const id = test.ctx.sessions.parseCookie(client.cookie)!;
    const late = START.getTime() + SIGNED_IN_ABSOLUTE_MS + 1000;
    // Active until a minute ago (the idle time-out holds), signed in 30 days ago.
    await test.ctx.db
      .update(sessions)
      .set({
        data: sql`jsonb_set(${sessions.data}, '{lastSeenAt}', ${String(late - 60_000)}::jsonb)`,
        expiresAt: new Date(late + SIGNED_IN_IDLE_MS),
      })
      .where(eq(sessions.id, id));
    test.setNow(new Date(late));
    expect((await client.get('auth/me')).status).toBe(401);
  });
});

describe('lost and reset password', () => {
  it('answers lost-password identically for a known and an unknown e-mail; mails only the known one', async () => {
    const { email } = await signedUp();
    const client = await new ApiClient(test).start();
    const unknownEmail = newEmail();
    const known = await client.post('auth/lost-password', { email });
    const unknown = await client.post('auth/lost-password', { email: unknownEmail });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.text).toBe(known.text);
    expect(known.body).toEqual({ message: expect.any(String) });
    expect(await accountMailRows(test.ctx.db, unknownEmail, 'reset_password')).toEqual([]);
    const { link } = await deliveredAccountMail(test.ctx.db, dataDir, email, 'reset_password');
    expect(link).toMatch(/\/passwort\/[A-Za-z0-9_-]{43}$/);
    const malformed = await client.post('auth/lost-password', { email: 'nope' });
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.body.errors)).toEqual(['email']);
  });

  it('resets once with the mailed token, ends every session, and the old password stops working', async () => {
    const { client: first, email } = await signedUp();
    const second = await new ApiClient(test).start();
    expect((await second.post('auth/signin', { login: email, password: PASSWORD })).status).toBe(200);
    await new ApiClient(test).start().then((c) => c.post('auth/lost-password', { email }));
    const { token } = await deliveredAccountMail(test.ctx.db, dataDir, email, 'reset_password');

    const anon = await new ApiClient(test).start();
    const weak = await anon.post('auth/reset-password', {
      token,
      password: 'qwertyuiop',
      passwordConfirmation: 'qwertyuiop',
    });
    expect(weak.status).toBe(422);
    expect(Object.keys(weak.body.errors)).toEqual(['password']);

    const newPassword = 'Neues-Passwort-2027';
    const ok = await anon.post('auth/reset-password', {
      token,
      password: newPassword,
      passwordConfirmation: newPassword,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: expect.any(String) });
    expect((await first.get('auth/me')).status).toBe(401);
    expect((await second.get('auth/me')).status).toBe(401);
    const [row] = await test.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, email));
    expect(row.n).toBe(0);

    const again = await anon.post('auth/reset-password', {
      token,
      password: 'Noch-Eins-2028',
      passwordConfirmation: 'Noch-Eins-2028',
    });
    expect(again.status).toBe(422);
    expect(Object.keys(again.body.errors)).toEqual(['token']);

    const client = await new ApiClient(test).start();
    expect((await client.post('auth/signin', { login: email, password: PASSWORD })).status).toBe(422);
    expect((await client.post('auth/signin', { login: email, password: newPassword })).status).toBe(200);
  });

  it('refuses a reset token after 60 minutes', async () => {
    const { email } = await signedUp();
    const client = await new ApiClient(test).start();
    await client.post('auth/lost-password', { email });
    const { token } = await deliveredAccountMail(test.ctx.db, dataDir, email, 'reset_password');
    test.setNow(new Date(START.getTime() + RESET_TOKEN_TTL_MS + 1000));
    const res = await client.post('auth/reset-password', {
      token,
      password: 'Neues-Passwort-2027',
      passwordConfirmation: 'Neues-Passwort-2027',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['token']);
    const unknown = await client.post('auth/reset-password', {
      token: 'x'.repeat(43),
      password: 'Neues-Passwort-2027',
      passwordConfirmation: 'Neues-Passwort-2027',
    });
    expect(unknown.status).toBe(422);
  });
});

describe('e-mail verification and guest reservations', () => {
  it('attaches guest reservations with the address only after the verification', async () => {
    const email = newEmail();
    const guest = await insertReservation(test.ctx.db, {
      billingAddress: { firstname: 'Erika', lastname: 'M', email: email.toUpperCase() },
    });
    const client = await new ApiClient(test).start();
    const signup = await client.post('auth/signup', signUpBody(email));
    expect(signup.status).toBe(201);
    const owner = async () =>
      (await test.ctx.db.select().from(reservations).where(eq(reservations.id, guest.row.id)))[0].userId;
    expect(await owner()).toBeNull();

    const { token } = await deliveredAccountMail(test.ctx.db, dataDir, email, 'verify_email');
    const res = await client.post('auth/verify-email', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: expect.any(String),
      user: expect.objectContaining({ email, emailVerified: true }),
    });
    expect(await owner()).toBe(signup.body.user.id);

    const reused = await client.post('auth/verify-email', { token });
    expect(reused.status).toBe(422);
    expect(Object.keys(reused.body.errors)).toEqual(['token']);
    expect((await client.post('auth/verify-email', {})).status).toBe(422);
  });

  it('refuses a verification token after 7 days', async () => {
    const { email, client } = await signedUp();
    const { token } = await deliveredAccountMail(test.ctx.db, dataDir, email, 'verify_email');
    test.setNow(new Date(START.getTime() + VERIFY_TOKEN_TTL_MS + 1000));
    const res = await client.post('auth/verify-email', { token });
    expect(res.status).toBe(422);
  });
});

describe('database/check and the rate limits', () => {
  it('tells whether an account has the e-mail', async () => {
    const { email } = await signedUp();
    const client = await new ApiClient(test).start();
    expect((await client.get(`database/check/${encodeURIComponent(email.toUpperCase())}`)).body).toEqual({
      exists: true,
    });
    expect((await client.get(`database/check/${encodeURIComponent(newEmail())}`)).body).toEqual({ exists: false });
    expect((await client.get('database/check/not-an-email')).body).toEqual({ exists: false });
  });

  it('answers 429 with Retry-After once the per-IP limit of database/check is used up, across two app instances', async () => {
    const other = await createTestApp({ sharedWith: test, now: START, env: { DATA_DIR: dataDir } });
    const clients = [await new ApiClient(test).start(), await new ApiClient(other).start()];
    const { limit } = AUTH_LIMITS.emailCheckIp;
    for (let i = 0; i < limit; i++) {
      expect((await clients[i % 2].get(`database/check/a${i}%40example.org`)).status).toBe(200);
    }
    for (const client of clients) {
      const res = await client.get('database/check/b%40example.org');
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ message: expect.any(String) });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('limits sign-in attempts per account and address across two app instances, also for the right password', async () => {
    const { email } = await signedUp();
    const other = await createTestApp({ sharedWith: test, now: START, env: { DATA_DIR: dataDir } });
    const clients = [await new ApiClient(test).start(), await new ApiClient(other).start()];
    const { limit } = AUTH_LIMITS.signinAccount;
    // Parallel attempts cannot slip past: the counter is one atomic upsert per request.
    const results = await Promise.all(
      Array.from({ length: limit + 4 }, (_, i) =>
        clients[i % 2].post('auth/signin', { login: email, password: 'Falsches-Passwort-1' }),
      ),
    );
    expect(results.filter((r) => r.status === 422)).toHaveLength(limit);
    expect(results.filter((r) => r.status === 429)).toHaveLength(4);
    const blocked = await clients[1].post('auth/signin', { login: email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same IP is not blocked by this one.
    const { email: otherEmail } = await signedUp();
    expect((await clients[0].post('auth/signin', { login: otherEmail, password: PASSWORD })).status).toBe(200);
  });

  it('lets the owner in with the right password after ten failures from other addresses, not the attackers (issue 31 item 2)', async () => {
    const { email } = await signedUp();
    const proxied = await createTestApp({
      sharedWith: test,
      now: START,
      env: { DATA_DIR: dataDir, TRUST_PROXY: 'loopback' },
    });
    try {
      const client = await new ApiClient(proxied).start();
      const from = (address: string, password: string) =>
        client.post('auth/signin', { login: email, password }, { 'X-Forwarded-For': address });
      const { limit } = AUTH_LIMITS.signinAccount;
      // Ten wrong passwords, each from another address: every one is checked (422), the account is braked.
      for (let i = 1; i <= limit; i++) expect((await from(`203.0.113.${i}`, 'Falsches-Passwort-1')).status).toBe(422);
      // An address that failed is refused now, even with the right password.
      const refused = await from('203.0.113.1', PASSWORD);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The owner's address has no failure on the account: the right password signs in.
      const owner = await from('198.51.100.7', PASSWORD);
      expect(owner.status).toBe(200);
      expect(owner.body.user.email).toBe(email);
      // A new address gets one guess while braked, then is refused too (at most 10 + N guesses with N addresses).
      expect((await from('203.0.113.99', 'Falsches-Passwort-2')).status).toBe(422);
      expect((await from('203.0.113.99', PASSWORD)).status).toBe(429);
      // An IPv6 attacker counts by its /56: another address of the same network is refused as well.
      expect((await from('2001:db8:0:1::1', 'Falsches-Passwort-3')).status).toBe(422);
      expect((await from('2001:db8:0:1::2', PASSWORD)).status).toBe(429);
      // The owner, still without failures from its address, keeps getting in.
      expect((await from('198.51.100.7', PASSWORD)).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('limits sign-ups and lost-password requests per IP and per e-mail', async () => {
    const client = await new ApiClient(test).start();
    const { limit } = AUTH_LIMITS.signupIp;
    for (let i = 0; i < limit; i++) await client.post('auth/signup', {});
    expect((await client.post('auth/signup', signUpBody(newEmail()))).status).toBe(429);

    const email = newEmail();
    for (let i = 0; i < AUTH_LIMITS.lostPasswordEmail.limit; i++) {
      expect((await client.post('auth/lost-password', { email })).status).toBe(200);
    }
    const res = await client.post('auth/lost-password', { email });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect((await client.post('auth/lost-password', { email: newEmail() })).status).toBe(200);
  });
});

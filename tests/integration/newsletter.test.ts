/**
 * The newsletter (issue 10): `POST /api/newsletter` answers the same for a new, pending and subscribed address
 * (a malformed one is a 422), the double opt-in link is valid 48 hours, the confirmation stores the proof, the
 * no-JS page action and the account sign-up start the same double opt-in, and a newsletter mail can be left with
 * the RFC 8058 one-click POST — against the real outbox (`.eml` files of this file's own data directory).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, newsletterSubscribers, users } from '../../database/schema.ts';
import { translator } from '../../app/i18n.server.ts';
import { action as confirmAction } from '../../app/routes/subscription-link.tsx';
import { action as signupAction } from '../../app/routes/newsletter.tsx';
import { deliverPendingMail } from '../../app/services/mail/mail.server.ts';
import {
  NEWSLETTER_CONFIRM_TTL_MS,
  NEWSLETTER_LIMITS,
  confirmNewsletterSubscription,
  newsletterWorkSettled,
  sendNewsletterMail,
} from '../../app/services/subscriptions/newsletter.server.ts';
import { parseEml, type ParsedMail } from '../fixtures/eml.ts';
import { ApiClient, createTestApp, routeContext, type TestApp } from './harness.ts';

const START = new Date('2026-11-21T09:00:00Z');
const de = translator('de');
let test: TestApp;
let dataDir: string;
let counter = 0;
const newEmail = () => `leserin.${++counter}@example.org`;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-newsletter-'));
  test = await createTestApp({ now: START, env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await newsletterWorkSettled();
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  test.setNow(START);
  await test.ctx.db.execute(sql`delete from rate_limits`);
});

/** Signs up through the API and waits for the background work (row stored, mail queued and delivered). */
async function signUp(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const client = await new ApiClient(test).start();
  const res = await client.post('newsletter', body, headers);
  await newsletterWorkSettled();
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
  const mails = await mailsTo(email, 'newsletter_confirm');
  const match = /https?:\/\/\S+\/newsletter\/([A-Za-z0-9_-]{43})\b/.exec(mails.at(-1)!.text);
  expect(match, 'confirmation link in the mail').not.toBeNull();
  return match![1];
}

async function subscriber(email: string) {
  const [row] = await test.ctx.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return row;
}

describe('POST /api/newsletter: one answer for every address', () => {
  it('answers 202 with the same body for a new, a pending and a subscribed address; mails only when not subscribed', async () => {
    const email = newEmail();
    const asNew = await signUp({ email: email.toUpperCase(), firstname: 'Erika' });
    expect(asNew.status).toBe(202);
    expect(asNew.body).toEqual({ message: de('newsletter.accepted') });
    expect((await subscriber(email)).status).toBe('pending');

    const asPending = await signUp({ email });
    expect(asPending.status).toBe(202);
    expect(asPending.body).toEqual(asNew.body);
    // A second request sends a new link; the first one's token no longer works.
    expect(await mailsTo(email, 'newsletter_confirm')).toHaveLength(2);
    const token = await confirmToken(email);
    expect(await confirmNewsletterSubscription(test.ctx, { token, clientIp: '203.0.113.9' })).toBe('confirmed');

    const asSubscribed = await signUp({ email });
    expect(asSubscribed.status).toBe(202);
    expect(asSubscribed.body).toEqual(asNew.body);
    expect(asSubscribed.headers['content-type']).toBe(asNew.headers['content-type']);
    expect(await mailsTo(email, 'newsletter_confirm')).toHaveLength(2);
    expect((await subscriber(email)).status).toBe('confirmed');
  });

  it('answers 422 with the field keys as sent for a malformed address; 419 without the CSRF token', async () => {
    const client = await new ApiClient(test).start();
    const bad = await client.post('newsletter', { email: 'kein-mail', firstname: 'x'.repeat(101) });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ email: [de('validation.email')], firstname: [de('validation.too_long')] });
    client.csrfToken = 'wrong';
    expect((await client.post('newsletter', { email: newEmail() })).status).toBe(419);
  });

  it('mails the confirmation in the visitor language with a link valid 48 hours', async () => {
    const email = newEmail();
    await signUp({ email }, { 'App-Language': 'en' });
    const [mail] = await mailsTo(email, 'newsletter_confirm');
    expect(mail.subject).toBe('Please confirm your newsletter subscription – Parkplatz-Shop');
    expect(mail.text).toMatch(/https?:\/\/\S+\/en\/newsletter\/[A-Za-z0-9_-]{43}/);
    expect(mail.text).toContain('48 hours');
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
  });

  it('limits sign-ups per client IP (429 with Retry-After) and confirmation mails per address (silently)', async () => {
    const email = newEmail();
    const client = await new ApiClient(test).start();
    for (let i = 0; i < NEWSLETTER_LIMITS.ip.limit; i++) {
      expect((await client.post('newsletter', { email })).status).toBe(202);
    }
    const refused = await client.post('newsletter', { email });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await newsletterWorkSettled();
    expect(await mailsTo(email, 'newsletter_confirm')).toHaveLength(NEWSLETTER_LIMITS.email.limit);
  });
});

describe('the double opt-in link', () => {
  it('is valid for 48 hours and not a minute longer', async () => {
    const early = newEmail();
    const late = newEmail();
    await signUp({ email: early });
    await signUp({ email: late });
    test.setNow(new Date(START.getTime() + NEWSLETTER_CONFIRM_TTL_MS - 60_000));
    const confirm = async (email: string) =>
      confirmNewsletterSubscription(test.ctx, { token: await confirmToken(email), clientIp: '203.0.113.9' });
    expect(await confirm(early)).toBe('confirmed');
    test.setNow(new Date(START.getTime() + NEWSLETTER_CONFIRM_TTL_MS + 60_000));
    expect(await confirm(late)).toBe('expired');
    expect((await subscriber(late)).status).toBe('pending');
    expect(await confirmNewsletterSubscription(test.ctx, { token: 'x'.repeat(43), clientIp: '' })).toBe('invalid');
  });

  it('confirms on the page POST only, and stores the proof of consent and confirmation', async () => {
    const email = newEmail();
    await signUp({ email, firstname: 'Erika', lastname: 'Muster' }, { 'User-Agent': 'Testbrowser/1.0' });
    const token = await confirmToken(email);
    const before = await subscriber(email);
    expect(before).toMatchObject({
      status: 'pending',
      firstname: 'Erika',
      lastname: 'Muster',
      locale: 'de',
      consentSource: 'api',
      consentText: de('newsletter.consent'),
      consentIp: expect.stringMatching(/127\.0\.0\.1/),
      consentUserAgent: 'Testbrowser/1.0',
      confirmedAt: null,
    });
    expect(before.consentVersion).toMatch(/^api-de-[0-9a-f]{12}$/);
    expect(before.consentAt.toISOString()).toBe(START.toISOString());
    expect(before.confirmTokenHash).not.toContain(token);

    const later = new Date(START.getTime() + 3 * 60 * 60_000);
    test.setNow(later);
    const session = await test.ctx.sessions.load(undefined);
    const post = async (csrf: string) => {
      const form = new FormData();
      form.set('_csrf', csrf);
      const request = new Request(`http://shop.test/newsletter/${token}`, {
        method: 'POST',
        body: form,
        headers: { 'User-Agent': 'Mailclient/2.0' },
      });
      const context = routeContext({ app: test.ctx, session, cspNonce: '', clientIp: '198.51.100.7' });
      const args = { request, params: { token }, context };
      return (await confirmAction(args as unknown as Parameters<typeof confirmAction>[0])) as unknown as {
        data: { outcome?: { ok: boolean; message: string } };
        init: { status?: number };
      };
    };
    expect((await post('wrong')).init.status).toBe(419);
    expect((await subscriber(email)).status).toBe('pending');
    const answer = await post(session.csrfToken);
    expect(answer.data.outcome).toMatchObject({ ok: true, message: de('newsletter.confirm.done') });
    expect(await subscriber(email)).toMatchObject({
      status: 'confirmed',
      confirmedAt: later,
      confirmedIp: '198.51.100.7',
      confirmedUserAgent: 'Mailclient/2.0',
    });
    expect((await post(session.csrfToken)).data.outcome?.message).toBe(de('newsletter.confirm.already'));
  });

  it('the page action without JavaScript answers with the same flash and goes back where the form was', async () => {
    const email = newEmail();
    const session = await test.ctx.sessions.load(undefined);
    const form = new FormData();
    form.set('_csrf', session.csrfToken);
    form.set('email', email);
    form.set('source', 'footer');
    form.set('returnTo', '/parkplatz/hamburg?x=1');
    const request = new Request('http://shop.test/newsletter', { method: 'POST', body: form });
    const context = routeContext({ app: test.ctx, session, cspNonce: '', clientIp: '198.51.100.8' });
    const args = { request, params: {}, context };
    const res = (await signupAction(args as unknown as Parameters<typeof signupAction>[0])) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/parkplatz/hamburg?x=1');
    expect(session.get('flash')).toMatchObject({ type: 'success', message: de('newsletter.accepted') });
    await newsletterWorkSettled();
    expect(await subscriber(email)).toMatchObject({ status: 'pending', consentSource: 'footer' });
    expect((await subscriber(email)).consentVersion).toMatch(/^footer-de-/);

    form.set('returnTo', '//evil.example/');
    const other = new Request('http://shop.test/newsletter', { method: 'POST', body: form });
    const res2 = (await signupAction({ ...args, request: other } as unknown as Parameters<
      typeof signupAction
    >[0])) as Response;
    expect(res2.headers.get('Location')).toBe('/newsletter');
  });

  it('the account sign-up with the newsletter ticked starts the same double opt-in', async () => {
    const email = newEmail();
    const client = await new ApiClient(test).start();
    const password = 'Kirschbaum-Allee-7';
    const res = await client.post('auth/signup', {
      gender: false,
      firstname: 'Maxi',
      lastname: 'Muster',
      email,
      password,
      passwordConfirmation: password,
      newsletter: true,
      terms: true,
    });
    expect(res.status).toBe(201);
    await newsletterWorkSettled();
    const row = await subscriber(email);
    expect(row).toMatchObject({ status: 'pending', consentSource: 'signup', firstname: 'Maxi' });
    expect(row.consentText).toBe(de('auth.page.newsletter'));
    const token = await confirmToken(email);
    expect(await confirmNewsletterSubscription(test.ctx, { token, clientIp: '203.0.113.1' })).toBe('confirmed');
    const [user] = await test.ctx.db.select().from(users).where(eq(users.email, email));
    expect(user.newsletter).toBe(true);
  });
});

describe('newsletter mails and unsubscribing', () => {
  async function confirmedSubscriber() {
    const email = newEmail();
    await signUp({ email });
    await confirmNewsletterSubscription(test.ctx, { token: await confirmToken(email), clientIp: '203.0.113.2' });
    return email;
  }

  it('a newsletter mail carries the unsubscribe link and the one-click headers; the one-click POST unsubscribes', async () => {
    const email = await confirmedSubscriber();
    const sent = await sendNewsletterMail(test.ctx, {
      email,
      subject: 'Winterangebote',
      body: 'Erster Absatz.\n\nZweiter Absatz.',
    });
    expect(sent).toBe(true);
    const [mail] = await mailsTo(email, 'newsletter');
    expect(mail.subject).toBe('Winterangebote');
    expect(mail.text).toContain('Zweiter Absatz.');
    const header = mail.headers['list-unsubscribe'];
    expect(header).toMatch(/^<http:\/\/localhost:3000\/unsubscribe\/newsletter\/[A-Za-z0-9_-]{43}>$/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const { unsubscribeToken } = await subscriber(email);
    expect(mail.text).toContain(`http://localhost:3000/newsletter/abmelden/${unsubscribeToken}`);
    // the outbox keeps no token after delivery
    const [row] = await test.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, 'newsletter')))
      .orderBy(desc(mailOutbox.id));
    expect(row.headers).toBeNull();

    const oneClick = new URL(header.slice(1, -1)).pathname;
    // a GET (a person or a link scanner) changes nothing and leads to the page with the button
    const get = await supertest(test.app).get(oneClick);
    expect(get.status).toBe(303);
    expect(get.headers.location).toBe(`/newsletter/abmelden/${unsubscribeToken}`);
    expect((await subscriber(email)).status).toBe('confirmed');
    // the mail provider's POST: no cookie, no CSRF token, no X-Requested-With
    const post = await supertest(test.app).post(oneClick).type('form').send('List-Unsubscribe=One-Click');
    expect(post.status).toBe(200);
    expect(await subscriber(email)).toMatchObject({ status: 'unsubscribed', unsubscribedAt: START });
    expect((await supertest(test.app).post(oneClick).type('form').send('List-Unsubscribe=One-Click')).status).toBe(200);
    expect(await sendNewsletterMail(test.ctx, { email, subject: 'x', body: 'y' })).toBe(false);
    expect((await supertest(test.app).post('/unsubscribe/newsletter/unknown-token')).status).toBe(404);

    // signing up again starts a new double opt-in
    await signUp({ email });
    expect((await subscriber(email)).status).toBe('pending');
  });

  it('sends no newsletter to a pending address', async () => {
    const email = newEmail();
    await signUp({ email });
    expect(await sendNewsletterMail(test.ctx, { email, subject: 'x', body: 'y' })).toBe(false);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, rateLimits } from '../../database/schema.ts';
import { action } from '../../app/routes/contact.tsx';
import { translator } from '../../app/i18n.server.ts';
import { CONTACT_MAX_PER_IP, CONTACT_WINDOW_MS } from '../../app/services/content/contact.server.ts';
import { deliverPendingMail } from '../../app/services/mail/mail.server.ts';
import { listEml, parseEml } from '../fixtures/eml.ts';
import { ApiClient, createTestApp, routeContext, type TestApp } from './harness.ts';

let test: TestApp;
let dataDir: string;

const BODY = {
  topic: 'invoice',
  reference: '7k3q-zomd',
  name: 'Erika Mustermann',
  email: 'erika@example.org',
  message: 'Bitte stellen Sie die Rechnung auf meine Firma aus.\nDanke!',
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-contact-'));
  test = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await test.ctx.db.delete(rateLimits);
  await test.ctx.db.delete(mailOutbox).where(inArray(mailOutbox.kind, ['contact_message', 'contact_copy']));
});

const contactMails = () =>
  test.ctx.db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.kind, ['contact_message', 'contact_copy']));

describe('POST /api/contact', () => {
  it('answers 202 {message} and queues a mail to the shop (Reply-To = sender) and a copy to the sender', async () => {
    const client = await new ApiClient(test).start();
    const res = await client.post('contact', BODY, { 'App-Language': 'en' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: translator('en')('contact.success') });

    const rows = await contactMails();
    const toShop = rows.find((r) => r.kind === 'contact_message')!;
    const copy = rows.find((r) => r.kind === 'contact_copy')!;
    expect(rows).toHaveLength(2);
    expect(toShop).toMatchObject({ to: test.ctx.env.SHOP_EMAIL, replyTo: BODY.email, locale: 'de', status: 'pending' });
    expect(toShop.subject).toBe('Kontaktanfrage: Rechnung – Erika Mustermann (7K3QZ0MD)');
    expect(toShop.text).toContain('Danke!');
    expect(copy).toMatchObject({ to: BODY.email, replyTo: null, locale: 'en' });
    expect(copy.subject).toBe(`Your message to ${test.ctx.env.SHOP_NAME}`);
    expect(copy.text).toContain('Invoice');

    // delivered as .eml files: the shop's mail answers to the sender, the copy to the shop
    await deliverPendingMail({ ...test.ctx, env: { ...test.ctx.env, SMTP_URL: undefined } }, { limit: 10 });
    const mails = listEml(path.join(dataDir, 'mail')).map((file) => parseEml(fs.readFileSync(file)));
    const shopMail = mails.find((m) => m.headers['x-mail-kind'] === 'contact_message')!;
    const copyMail = mails.find((m) => m.headers['x-mail-kind'] === 'contact_copy')!;
    expect(shopMail.headers.to).toContain(test.ctx.env.SHOP_EMAIL);
    expect(shopMail.headers['reply-to']).toContain(BODY.email);
    expect(shopMail.html).toContain('Bitte stellen Sie die Rechnung auf meine Firma aus.<br>Danke!');
    expect(copyMail.headers.to).toContain(BODY.email);
    expect(copyMail.headers['reply-to']).toContain(test.ctx.env.SHOP_EMAIL);
  });

  it('answers 422 with translated field errors under the keys as sent, and queues nothing', async () => {
    const client = await new ApiClient(test).start();
    const res = await client.post('contact', {
      topic: 'spam',
      reference: 'UUUUUUUU',
      name: '',
      email: 'no-address',
      message: 'kurz',
    });
    expect(res.status).toBe(422);
    const de = translator('de');
    expect(res.body.message).toBe(de('validation.failed'));
    expect(res.body.errors).toEqual({
      topic: [de('validation.contact.topic')],
      reference: [de('validation.contact.reference')],
      name: [de('validation.required')],
      email: [de('validation.email')],
      message: [de('validation.contact.message_short')],
    });
    const tooLong = await client.post('contact', { ...BODY, message: 'x'.repeat(5001), name: 'A\nB' });
    expect(Object.keys(tooLong.body.errors).sort()).toEqual(['message', 'name']);
    expect(await contactMails()).toHaveLength(0);
    expect(await test.ctx.db.$count(rateLimits)).toBe(0);
  });

  it('accepts a message without a reference (absent, empty or null)', async () => {
    const client = await new ApiClient(test).start();
    const { reference: _omitted, ...withoutReference } = BODY;
    expect((await client.post('contact', withoutReference)).status).toBe(202);
    expect((await client.post('contact', { ...BODY, reference: '' })).status).toBe(202);
    expect((await client.post('contact', { ...BODY, reference: null })).status).toBe(202);
    const shopMails = (await contactMails()).filter((r) => r.kind === 'contact_message');
    expect(shopMails.map((r) => r.subject)).toEqual(Array(3).fill('Kontaktanfrage: Rechnung – Erika Mustermann'));
  });

  it('answers a filled honeypot with the same 202 but sends nothing', async () => {
    const client = await new ApiClient(test).start();
    const res = await client.post('contact', { ...BODY, website: 'https://spam.example' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: translator('de')('contact.success') });
    expect(await contactMails()).toHaveLength(0);
  });

  it('limits each client IP to 5 messages an hour: then 429 JSON with Retry-After', async () => {
    const client = await new ApiClient(test).start();
    for (let i = 0; i < CONTACT_MAX_PER_IP; i++) expect((await client.post('contact', BODY)).status).toBe(202);
    const refused = await client.post('contact', BODY);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    expect(refused.body).toEqual({ message: translator('de')('contact.error.too_many') });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_WINDOW_MS / 1000);
    expect(await contactMails()).toHaveLength(2 * CONTACT_MAX_PER_IP);
  });

  it('needs X-Requested-With (400) and the CSRF token (419)', async () => {
    const client = await new ApiClient(test).start();
    expect((await client.post('contact', BODY, { 'X-CSRF-TOKEN': 'wrong' })).status).toBe(419);
    expect((await client.post('contact', BODY, { 'X-Requested-With': '' })).status).toBe(400);
  });
});

describe('GET /api/faq', () => {
  it('lists the FAQ in the App-Language with slugs and categories', async () => {
    const client = await new ApiClient(test).start();
    const res = await client.get('faq', { 'App-Language': 'en' });
    expect(res.status).toBe(200);
    expect(res.body.entries.length).toBeGreaterThanOrEqual(30);
    expect(res.body.entries[0]).toEqual({
      slug: 'parkplatz-buchen',
      category: 'booking',
      question: 'How do I book a parking space?',
      answer: expect.stringContaining('three steps'),
      airport: null,
    });
    expect(res.body.entries.find((e: { slug: string }) => e.slug === 'frankfurt-terminals').airport).toBe(
      'Frankfurt Airport',
    );
  });
});

describe('contact.index action (no JavaScript)', () => {
  async function submit(fields: Record<string, string>, options: { csrf?: boolean; ip?: string } = {}) {
    const session = await test.ctx.sessions.load(undefined);
    const form = new FormData();
    form.set('_csrf', options.csrf === false ? 'wrong' : session.csrfToken);
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const request = new Request('http://shop.test/kontakt', { method: 'POST', body: form });
    const args = {
      request,
      params: {},
      context: routeContext({ app: test.ctx, session, cspNonce: '', clientIp: options.ip ?? '203.0.113.7' }),
    };
    const res = (await action(args as unknown as Parameters<typeof action>[0])) as unknown as {
      data: { errors: Record<string, string>; message: string | null; values: Record<string, string> };
      init: { status?: number; headers?: Record<string, string> };
    } & Response;
    return { res, session };
  }
  const de = translator('de');

  it('queues both mails and redirects back with a success flash (PRG)', async () => {
    const { res, session } = await submit({ ...BODY, website: '' });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/kontakt');
    expect(session.get('flash')).toEqual({
      type: 'success',
      title: de('contact.success_title'),
      message: de('contact.success'),
    });
    expect(await contactMails()).toHaveLength(2);
  });

  it('answers 419 without the CSRF token, 422 with field messages and the values to refill', async () => {
    const csrf = await submit(BODY, { csrf: false });
    expect(csrf.res.init.status).toBe(419);
    const invalid = await submit({ ...BODY, email: 'nope' });
    expect(invalid.res.init.status).toBe(422);
    expect(invalid.res.data.errors).toEqual({ email: de('validation.email') });
    expect(invalid.res.data.values.message.replace(/\r\n/g, '\n')).toBe(BODY.message);
    expect(await contactMails()).toHaveLength(0);
  });

  it('shares the per-IP limit with the API and answers 429 with Retry-After', async () => {
    for (let i = 0; i < CONTACT_MAX_PER_IP; i++) expect((await submit(BODY)).res.status).toBe(302);
    const refused = await submit(BODY);
    expect(refused.res.init.status).toBe(429);
    expect(Number(refused.res.init.headers?.['Retry-After'])).toBeGreaterThan(3500);
    // another IP still gets through
    expect((await submit(BODY, { ip: '203.0.113.8' })).res.status).toBe(302);
    const rows = await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'contact_message'));
    expect(rows).toHaveLength(CONTACT_MAX_PER_IP + 1);
  });
});

/**
 * Links in mails follow `PUBLIC_URL`, never the request's Host header (issue 14 item 7, decision 0027): a client
 * that forges `Host: evil.example` on a booking or a password reset must not receive (or make the shop send to
 * someone) a link to its own host carrying a guest token or a reset token.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, mailOutbox, tariffs } from '../../database/schema.ts';
import { checkoutBody, DEFAULT_STAY } from '../fixtures/checkout-body.ts';
import { parseEml } from '../fixtures/eml.ts';
import { ApiClient, createTestApp, type TestApp } from './harness.ts';

const FORGED = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' };
const PASSWORD = 'Host-Test-Passwort-2026!';

let test: TestApp;
let cart: Record<string, unknown>;
// Its own data directory: a delivered mail's text is in its .eml file there (the row's is emptied on delivery).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-public-url-'));

beforeAll(async () => {
  test = await createTestApp({ env: { PUBLIC_URL: 'https://parken.example/', DATA_DIR: dataDir } });
  const [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
  const [tariff] = await test.ctx.db.select().from(tariffs).where(eq(tariffs.airportId, fra.id)).limit(1);
  cart = { airportId: fra.id, tariffId: tariff.id, ...DEFAULT_STAY };
});
afterAll(async () => {
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The text and HTML of a mail row: from the row while queued, from its .eml file once delivered. */
function mailText(row: typeof mailOutbox.$inferSelect): string | null {
  if (row.status !== 'sent') return [row.text, row.html].join('\n');
  const dir = path.join(dataDir, 'mail');
  const file = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => f.endsWith(`-${row.id}.eml`)) : undefined;
  if (!file) return null;
  const parsed = parseEml(fs.readFileSync(path.join(dir, file)));
  return [parsed.text, parsed.html].join('\n');
}

/** Every absolute URL in a queued mail (text, HTML, the links drawn at delivery). */
async function linksOfMail(to: string, kind: string): Promise<string[]> {
  // The reset mail is queued after the answer (same timing with or without an account): wait for the row.
  for (let i = 0; i < 100; i++) {
    const rows = await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    const row = rows.find((r) => r.kind === kind);
    const body = row ? mailText(row) : null;
    if (row && body !== null) {
      const text = [body, JSON.stringify(row.payload ?? {}), row.baseUrl ?? ''].join('\n');
      return [...text.matchAll(/https?:\/\/[^\s"'<>)\\]+/g)].map((m) => m[0]);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

/** The links of the shop itself (not the W3C namespaces of the HTML). */
const shopLinks = (links: string[]) => links.filter((l) => !l.startsWith('http://www.w3.org/'));

describe('mail links with a forged Host header', () => {
  it('the booking confirmation links only to PUBLIC_URL', async () => {
    const client = await new ApiClient(test).start();
    expect((await client.post('checkout/cart', cart, FORGED)).status).toBe(200);
    const email = 'host.booking@example.org';
    const res = await client.post('checkout', checkoutBody({ email }), FORGED);
    expect(res.status).toBe(201);
    const links = shopLinks(await linksOfMail(email, 'reservation_confirmation'));
    expect(links.length).toBeGreaterThan(0);
    expect(links.some((l) => l.includes('/reservierung/'))).toBe(true); // the guest link is there
    for (const link of links) expect(link).toMatch(/^https:\/\/parken\.example(\/|$)/);
  });

  it('the password reset mail links only to PUBLIC_URL', async () => {
    const client = await new ApiClient(test).start();
    const email = 'host.reset@example.org';
    const signUp = await client.post('auth/signup', {
      gender: true,
      firstname: 'Max',
      lastname: 'Muster',
      email,
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      terms: true,
    });
    expect(signUp.status).toBe(201);
    const other = await new ApiClient(test).start();
    expect((await other.post('auth/lost-password', { email }, FORGED)).status).toBe(200);
    const links = shopLinks(await linksOfMail(email, 'reset_password'));
    expect(links.some((l) => /^https:\/\/parken\.example\/passwort\/[A-Za-z0-9_-]{43}$/.test(l))).toBe(true);
    for (const link of links) expect(link).toMatch(/^https:\/\/parken\.example(\/|$)/);
  });
});

describe('without PUBLIC_URL outside production', () => {
  it('links to http://localhost:<PORT>, not to the request host', async () => {
    const local = await createTestApp({ sharedWith: test, env: { PORT: '4567' } });
    expect(local.ctx.env.PUBLIC_URL).toBe('http://localhost:4567');
    const client = await new ApiClient(local).start();
    expect((await client.post('checkout/cart', cart, FORGED)).status).toBe(200);
    const email = 'host.local@example.org';
    expect((await client.post('checkout', checkoutBody({ email }), FORGED)).status).toBe(201);
    const links = shopLinks(await linksOfMail(email, 'reservation_confirmation'));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/^http:\/\/localhost:4567(\/|$)/);
  });
});

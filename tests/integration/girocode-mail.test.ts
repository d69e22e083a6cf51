/**
 * Issue 9 (invoice payment): the confirmation mail of an `invoice` booking carries the shop's bank details
 * and the GiroCode as an inline PNG; an `on_site` booking carries neither. Books through the API and reads
 * the real outbox `.eml` file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, reservations, tariffs } from '../../database/schema.ts';
import { formatMoney } from '../../app/domain/money.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { outboxRows } from '../fixtures/outbox.ts';
import { parseEml, type ParsedMail } from '../fixtures/eml.ts';
import { loadEnv } from '../../server/env.server.ts';
import { bankAccountOf, withGirocodeImage } from '../../app/services/documents/girocode.server.ts';
import {
  buildReservationView,
  findReservationByReference,
} from '../../app/services/reservations/reservations.server.ts';
import { ApiClient, createTestApp, type TestApp } from './harness.ts';

const stay = { entryTime: '2026-12-07T08:00', exitTime: '2026-12-14T18:00' };
const bank = { SHOP_IBAN: 'DE89 3704 0044 0532 0130 00', SHOP_BIC: 'COBADEFFXXX', SHOP_BANK_NAME: 'Testbank Köln' };

let test: TestApp;
let dataDir: string;
let tariffId: number;
let airportId: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-girocode-'));
  test = await createTestApp({ now: new Date('2026-11-21T09:00:00Z'), env: { DATA_DIR: dataDir, ...bank } });
  const [fra] = await test.ctx.db.select().from(airports).where(eq(airports.iata, 'FRA'));
  airportId = fra.id;
  const [tariff] = await test.ctx.db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.airportId, fra.id), eq(tariffs.active, true)))
    .orderBy(tariffs.id)
    .limit(1);
  tariffId = tariff.id;
});
afterAll(async () => {
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Books as a guest with `paymentType`; returns the stored reservation and the raw and parsed confirmation. */
async function book(paymentType: 'invoice' | 'on_site') {
  const c = await new ApiClient(test).start();
  expect((await c.post('checkout/cart', { airportId, tariffId, ...stay })).status).toBe(200);
  const res = await c.post('checkout', checkoutBody({ ...stay, paymentType }));
  expect(res.status).toBe(201);
  const [row] = await test.ctx.db
    .select()
    .from(reservations)
    .where(eq(reservations.reference, res.body.reservation.reference));
  const { raw, mail } = await delivered(row.id);
  return { row, raw, mail };
}

/** Waits for the reservation's confirmation to be sent and reads its `.eml` file. */
async function delivered(reservationId: number): Promise<{ raw: string; mail: ParsedMail }> {
  const until = Date.now() + 5000;
  for (;;) {
    const [out] = await outboxRows(test.ctx.db, reservationId);
    if (out?.status === 'sent') {
      const dir = path.join(dataDir, 'mail');
      const file = fs.readdirSync(dir).find((f) => f.endsWith(`-${out.id}.eml`))!;
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      return { raw, mail: parseEml(raw) };
    }
    if (Date.now() > until) throw new Error(`confirmation not delivered (${out?.status ?? 'no row'})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The base64 body of the MIME part with `Content-ID: <cid>`, decoded. */
function inlinePart(raw: string, cid: string): { headers: string; body: Buffer } | null {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const [headers, ...rest] = part.split(/\r?\n\r?\n/);
    if (new RegExp(`^Content-ID: <${cid}>`, 'im').test(headers)) {
      return { headers, body: Buffer.from(rest.join('').replace(/--[^\s]*--\s*$/, ''), 'base64') };
    }
  }
  return null;
}

describe('confirmation mail: bank details and GiroCode (issue 9)', () => {
  it('gives an invoice booking the IBAN, BIC, bank, holder, amount, reference and an inline GiroCode PNG', async () => {
    const { row, raw, mail } = await book('invoice');
    const amount = formatMoney(row.totalCents, 'de');
    const remittance = `${row.invoiceNumber} ${row.reference}`;
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('DE89 3704 0044 0532 0130 00');
      expect(part).toContain('COBADEFFXXX');
      expect(part).toContain('Testbank Köln');
      expect(part).toContain('Parkplatz-Shop');
      expect(part).toContain(amount);
      expect(part).toContain(remittance);
    }
    expect(mail.text).toContain('Verwendungszweck');
    expect(mail.html).toContain('src="cid:girocode@parkplatz-shop"');

    const png = inlinePart(raw, 'girocode@parkplatz-shop');
    expect(png).not.toBeNull();
    expect(png!.headers).toMatch(/Content-Type: image\/png/i);
    expect(png!.body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it('gives an on_site booking no bank details and no attachment', async () => {
    const { raw, mail } = await book('on_site');
    expect(mail.text).not.toContain('DE89 3704');
    expect(mail.html).not.toContain('cid:girocode');
    expect(raw).not.toMatch(/image\/png/i);
  });
});

describe('reservation page: bank details and GiroCode (issue 9)', () => {
  it('shows the account and an SVG GiroCode for invoice, nothing for on_site', async () => {
    const invoice = await book('invoice');
    const details = (await findReservationByReference(test.ctx.db, invoice.row.reference))!;
    const view = await withGirocodeImage(buildReservationView(details, 'en', bankAccountOf(test.ctx.env)));
    expect(view.bankTransfer).toMatchObject({
      holder: 'Parkplatz-Shop',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      bankName: 'Testbank Köln',
      remittance: `${invoice.row.invoiceNumber} ${invoice.row.reference}`,
    });
    expect(view.bankTransfer!.payload!.split('\n')[7]).toBe(
      `EUR${Math.floor(invoice.row.totalCents / 100)}.${String(invoice.row.totalCents % 100).padStart(2, '0')}`,
    );
    const url = view.bankTransfer!.qrDataUrl!;
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(url.split(',')[1], 'base64').toString('utf8')).toContain('<svg');

    const onSite = await book('on_site');
    const other = (await findReservationByReference(test.ctx.db, onSite.row.reference))!;
    expect(buildReservationView(other, 'de', bankAccountOf(test.ctx.env)).bankTransfer).toBeNull();
  });
});

describe('configuration: SHOP_IBAN and SHOP_BIC', () => {
  it('refuses a wrong IBAN check digit and a BIC of the wrong length; accepts the defaults', () => {
    const base = { SESSION_SECRET: 'x'.repeat(40), DATA_DIR: dataDir, PUBLIC_URL: 'https://parken.example' };
    expect(() => loadEnv({ ...base, SHOP_IBAN: 'DE03120300000000202051' })).toThrow(/SHOP_IBAN/);
    expect(() => loadEnv({ ...base, SHOP_BIC: 'BYLADEM10' })).toThrow(/SHOP_BIC/);
    expect(loadEnv(base)).toMatchObject({
      SHOP_IBAN: 'DE02120300000000202051',
      SHOP_BIC: 'BYLADEM1001',
      SHOP_BANK_NAME: 'Demo Bank',
    });
  });
});

/**
 * Issue 9 (documents), end to end below the browser: a booking made through the API gets a voucher PDF, an
 * invoice PDF and a calendar file — downloadable by its guest session and its owner only (everyone else: the
 * same 404), attached to the confirmation mail — and the PDFs say what the booking says: reference, invoice
 * number, amounts, umlauts, and QR codes that decode to the reference and the GiroCode payload.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, mailOutbox, reservations, tariffs, users } from '../../database/schema.ts';
import { formatMoney } from '../../app/domain/money.ts';
import { loader as pageLoader } from '../../app/routes/reservation-document-page.tsx';
import { loader as downloadLoader } from '../../app/routes/reservation-download.tsx';
import { loader as frameLoader } from '../../app/routes/reservation-frame.tsx';
import { grantGuestAccess } from '../../app/services/reservations/guest-access.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { parseEml } from '../fixtures/eml.ts';
import { pdfQrCodes, pdfText } from '../fixtures/pdf.ts';
import { ApiClient, createTestApp, routeContext, type TestApp } from './harness.ts';

const stay = { entryTime: '2026-12-07T08:00', exitTime: '2026-12-14T18:00' };
const bank = { SHOP_IBAN: 'DE89 3704 0044 0532 0130 00', SHOP_BIC: 'COBADEFFXXX', SHOP_BANK_NAME: 'Testbank Köln' };

let test: TestApp;
let dataDir: string;
let airportId: number;
let tariffId: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-documents-'));
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

/** Books as a guest (German billing name with umlauts) and returns the stored row. */
async function book(overrides: Record<string, unknown> = {}) {
  const c = await new ApiClient(test).start();
  expect((await c.post('checkout/cart', { airportId, tariffId, ...stay })).status).toBe(200);
  const body = checkoutBody({ ...stay, firstname: 'Jürgen', lastname: 'Weiß', city: 'Düsseldorf', ...overrides });
  const res = await c.post('checkout', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [row] = await test.ctx.db
    .select()
    .from(reservations)
    .where(eq(reservations.reference, res.body.reservation.reference));
  return row;
}

type Loader = (args: never) => Promise<unknown>;
type Session = Awaited<ReturnType<typeof test.ctx.sessions.load>>;

/** Calls a route loader like the server does; returns its answer or what it threw. */
async function load(loader: Loader, url: string, params: Record<string, string>, session?: Session) {
  const args = {
    request: new Request(new URL(url, 'http://shop.test')),
    params,
    context: routeContext({
      app: test.ctx,
      session: session ?? (await test.ctx.sessions.load(undefined)),
      cspNonce: '',
      clientIp: '127.0.0.1',
    }),
  };
  try {
    return await loader(args as never);
  } catch (thrown) {
    return thrown;
  }
}

async function guestSession(reference: string) {
  const session = await test.ctx.sessions.load(undefined);
  grantGuestAccess(session, reference);
  return session;
}

async function download(base: string, reference: string, file: string, session?: Session) {
  return load(downloadLoader as Loader, `${base}/${reference}/download/${file}`, { reference, file }, session);
}

/** Money as pdftotext prints it (a plain space where `Intl` puts a no-break space). */
const euro = (cents: number) => formatMoney(cents, 'de').replace(/\u00a0/g, ' ');

async function bodyOf(answer: unknown): Promise<Buffer> {
  expect(answer).toBeInstanceOf(Response);
  return Buffer.from(await (answer as Response).arrayBuffer());
}

describe('document downloads (issue 9)', () => {
  it('serves the voucher PDF with the reference as text and QR code, umlauts intact', async () => {
    const row = await book({ paymentType: 'on_site' });
    const session = await guestSession(row.reference);
    const answer = (await download(
      '/reservierung',
      row.reference,
      `Parkschein-${row.reference}.pdf`,
      session,
    )) as Response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toBe('application/pdf');
    expect(answer.headers.get('Content-Disposition')).toBe(`attachment; filename="Parkschein-${row.reference}.pdf"`);
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    const pdf = await bodyOf(answer);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain(row.reference);
    expect(text).toContain('Parkschein');
    expect(text).toContain('Frankfurt');
    expect(text).toContain(euro(row.totalCents));
    expect(text).toMatch(/07\.12\.2026.*08:00/);
    expect(await pdfQrCodes(pdf)).toContain(row.reference);
  });

  it('serves the invoice PDF: number, amounts, VAT, buyer with umlauts and a GiroCode for the transfer', async () => {
    const row = await book({ paymentType: 'invoice' });
    const session = await guestSession(row.reference);
    const file = `Rechnung-${row.invoiceNumber}.pdf`;
    const answer = (await download('/reservierung', row.reference, file, session)) as Response;
    expect(answer.headers.get('Content-Type')).toBe('application/pdf');
    expect(answer.headers.get('Content-Disposition')).toBe(`attachment; filename="${file}"`);
    const pdf = await bodyOf(answer);
    const text = await pdfText(pdf);
    expect(text).toContain(row.invoiceNumber!);
    expect(text).toContain(row.reference);
    expect(text).toContain('Jürgen Weiß');
    expect(text).toContain('Düsseldorf');
    expect(text).toContain(euro(row.totalCents));
    expect(text).toContain(euro(row.vatCents));
    expect(text).toContain(euro(row.totalCents - row.vatCents));
    expect(text).toContain('DE89 3704 0044 0532 0130 00');
    expect(text).toContain('Testbank Köln');
    const codes = await pdfQrCodes(pdf);
    const girocode = codes.find((c) => c.startsWith('BCD\n'));
    expect(girocode).toBeDefined();
    expect(girocode!.split('\n')).toContain(`${row.invoiceNumber} ${row.reference}`);

    // A re-download carries the same content (the stored snapshot renders it).
    const again = await bodyOf(await download('/reservierung', row.reference, file, session));
    expect(await pdfText(again)).toBe(text);
  });

  it('serves the calendar file', async () => {
    const row = await book();
    const session = await guestSession(row.reference);
    const answer = (await download(
      '/reservierung',
      row.reference,
      `Parkplatz-${row.reference}.ics`,
      session,
    )) as Response;
    expect(answer.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    const ics = (await bodyOf(answer)).toString('utf8');
    expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20261207T080000');
    expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20261214T180000');
  });

  it('gives a stranger, another guest and another user the same 404 for every document URL', async () => {
    const row = await book();
    const other = await book();
    const [owner] = await test.ctx.db
      .insert(users)
      .values({ email: 'owner@example.org', gender: 'true', firstname: 'O', lastname: 'W', passwordHash: null })
      .returning();
    await test.ctx.db.update(reservations).set({ userId: owner.id }).where(eq(reservations.id, row.id));
    const [stranger] = await test.ctx.db
      .insert(users)
      .values({ email: 'stranger@example.org', gender: 'false', firstname: 'S', lastname: 'T', passwordHash: null })
      .returning();

    const anonymous = await test.ctx.sessions.load(undefined);
    const otherGuest = await guestSession(other.reference);
    const otherUser = await test.ctx.sessions.load(undefined);
    otherUser.set('userId', stranger.id);
    const ref = row.reference;
    const files = [`Parkschein-${ref}.pdf`, `Rechnung-${row.invoiceNumber}.pdf`, `Parkplatz-${ref}.ics`];
    for (const session of [anonymous, otherGuest, otherUser]) {
      const answers: unknown[] = [];
      for (const base of ['/reservierung', '/konto/reservierungen']) {
        for (const file of files) answers.push(await download(base, ref, file, session));
        answers.push(await load(pageLoader as Loader, `${base}/${ref}/pdf`, { reference: ref }, session));
        answers.push(await load(pageLoader as Loader, `${base}/${ref}/rechnung`, { reference: ref }, session));
        for (const document of ['parkschein', row.invoiceNumber!]) {
          answers.push(
            await load(
              frameLoader as Loader,
              `${base}/${ref}/dokument/${document}`,
              { reference: ref, document },
              session,
            ),
          );
        }
      }
      for (const answer of answers) {
        if (answer instanceof Response && answer.status === 404) {
          // a download (a route without a page) refuses in words, not with the JSON `null`
          expect(answer.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
          expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
          expect(await answer.text()).toBe('Diese Seite gibt es nicht');
        } else if (answer instanceof Response) {
          // not signed in on an owner route: the sign-in page, never the document
          expect(session.get('userId')).toBeUndefined();
          expect(answer.status).toBe(302);
          expect(answer.headers.get('Location')).toMatch(/^\/anmelden\?redirect=/);
        } else {
          expect(answer).toMatchObject({ type: 'DataWithResponseInit', data: null, init: { status: 404 } });
        }
      }
    }
  });

  it('lets the owner fetch them under the account and answers unknown file names with 404', async () => {
    const row = await book();
    const [owner] = await test.ctx.db
      .insert(users)
      .values({ email: 'me@example.org', gender: 'd', firstname: 'M', lastname: 'E', passwordHash: null })
      .returning();
    await test.ctx.db.update(reservations).set({ userId: owner.id }).where(eq(reservations.id, row.id));
    const session = await test.ctx.sessions.load(undefined);
    session.set('userId', owner.id);
    const base = '/konto/reservierungen';
    const ok = (await download(base, row.reference, `Parkschein-${row.reference}.pdf`, session)) as Response;
    expect(ok.status).toBe(200);
    const page = await load(
      pageLoader as Loader,
      `${base}/${row.reference}/pdf`,
      { reference: row.reference },
      session,
    );
    expect(page).toMatchObject({
      data: { frame: { src: `${base}/${row.reference}/dokument/parkschein` } },
    });
    for (const file of [
      'Parkschein-ZZZZZZZZ.pdf',
      'Rechnung-RE-2026-999999.pdf',
      'x.pdf',
      `Parkschein-${row.reference}.PDF`,
    ]) {
      expect(((await download(base, row.reference, file, session)) as Response).status).toBe(404);
    }
  });
});

describe('confirmation mail attachments (issue 9)', () => {
  it('carries the voucher PDF, the invoice PDF and the .ics', async () => {
    const row = await book({ paymentType: 'invoice' });
    // The checkout kicked the delivery; wait for it (the real outbox writes an .eml file).
    const until = Date.now() + 10_000;
    let sent: typeof mailOutbox.$inferSelect | undefined;
    while (Date.now() < until) {
      [sent] = await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, row.id));
      if (sent?.status === 'sent') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(sent?.status, JSON.stringify({ ...sent, html: '', text: '' })).toBe('sent');
    const dir = path.join(dataDir, 'mail');
    const raw = fs.readFileSync(
      path.join(
        dir,
        fs.readdirSync(dir).find((f) => f.endsWith(`-${sent!.id}.eml`))!,
      ),
      'utf8',
    );
    expect(raw).toMatch(new RegExp(`Content-Type: application/pdf; name="?Parkschein-${row.reference}\\.pdf`));
    expect(raw).toMatch(new RegExp(`Content-Type: application/pdf; name="?Rechnung-${row.invoiceNumber}\\.pdf`));
    expect(raw).toMatch(
      new RegExp(`Content-Type: text/calendar; charset=utf-8; name="?Parkplatz-${row.reference}\\.ics`),
    );
    expect(raw).toMatch(/Content-Disposition: attachment/);
    expect(parseEml(raw).text).toContain('Im Anhang: Ihr Parkschein (PDF)');
  });
});

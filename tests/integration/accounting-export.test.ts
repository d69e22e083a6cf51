/**
 * The accountant's month (issue 34 item 5, decision 0053): bookings by invoice, online (demo provider), on site and
 * cancelled (credit note), a changed booking (its first invoice credited, a new one issued) and two bookings just
 * outside November in Berlin time; then November is exported through the route modules as the accountant — the
 * DATEV file (header line, 125 fields on every booking line, S − H = the month's invoices minus credit notes,
 * Windows-1252 bytes, CRLF), the plain CSV, the ZIP (every PDF and XRechnung once) — and each download is an audit
 * row. Support and operators get 403; the accountant gets 403 everywhere else in the back office.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, reservations, type airports, type tariffs } from '../../database/schema.ts';
import { DATEV_COLUMNS } from '../../app/domain/accounting.ts';
import { loader as pageLoader } from '../../app/routes/admin/accounting.tsx';
import { loader as downloadLoader } from '../../app/routes/admin/accounting-download.tsx';
import { loader as dashboardLoader } from '../../app/routes/admin/dashboard.tsx';
import { action as reservationAction } from '../../app/routes/admin/reservation.tsx';
import { loader as reservationsLoader } from '../../app/routes/admin/reservations.tsx';
import { action as staffAction } from '../../app/routes/admin/staff.tsx';
import { inviteStaff } from '../../app/services/backoffice/staff-auth.server.ts';
import { startOnlinePayment } from '../../app/services/payments/online-payment.server.ts';
import { configurePaymentProvider } from '../../app/services/payments/payment.server.ts';
import { providerFromConfig } from '../../app/services/payments/configure.server.ts';
import { completeDemoCheckout } from '../../app/services/payments/payment-demo.server.ts';
import type { Session } from '../../server/session.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { createStaffMember, staffCookie } from '../fixtures/staff.ts';
import { ApiClient, createTestApp, frankfurtFirstTariff, routeContext, type TestApp } from './harness.ts';

const MONTH = '2026-11';

let test: TestApp;
let dataDir: string;
let session: Session;
let fra: typeof airports.$inferSelect;
let tariff: typeof tariffs.$inferSelect;
const cookies: Record<string, string> = {};
let accountantId: number;
let cancelled: string;

/** Books a stay from `first` to `last` (December) and returns the reference and the client with guest access. */
async function book(first: string, last: string, fields: Record<string, unknown> = {}) {
  const stay = { entryTime: `${first}T08:00`, exitTime: `${last}T18:00` };
  const client = await new ApiClient(test).start();
  expect((await client.post('checkout/cart', { airportId: fra.id, tariffId: tariff.id, ...stay })).status).toBe(200);
  const res = await client.post('checkout', checkoutBody({ ...stay, personCount: 1, ...fields }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const reference = res.body.reservation.reference as string;
  if (fields.paymentType === 'online') {
    const url = (await startOnlinePayment(test.ctx, { reference, locale: 'de' }))!;
    await completeDemoCheckout(test.ctx, {
      sessionId: url.split('/').at(-1)!,
      outcome: 'pay',
      locale: 'de',
      sessionSecret: test.ctx.env.SESSION_SECRET,
    });
  }
  return { reference, client };
}

/** Route arguments of a GET (or a form post) to `url` as `who`. */
function args(who: string, url: string, params: Record<string, string> = {}, form?: Record<string, string>) {
  const init: RequestInit = form
    ? {
        method: 'POST',
        headers: { Cookie: cookies[who] ?? '', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: session.csrfToken, ...form }),
      }
    : { headers: { Cookie: cookies[who] ?? '' } };
  return {
    request: new Request(`http://localhost${url}`, init),
    params,
    context: routeContext({ app: test.ctx, session, cspNonce: '', clientIp: '203.0.113.9' }),
  } as never;
}

/** The status of what a loader or action answered or threw (a Response, `data()`, a redirect). */
async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    const result = (await run()) as { init?: { status?: number } } | Response | null;
    if (result instanceof Response) return result.status;
    return result?.init?.status ?? 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    const status = (error as { init?: { status?: number } })?.init?.status;
    if (status) return status;
    throw error;
  }
}

/** One download of November as `who`: the answer (a refusal is thrown as a plain-text Response). */
async function download(who: string, file: string, month = MONTH): Promise<Response> {
  return downloadLoader(args(who, `/admin/buchhaltung/${month}/${file}`, { month, file })).catch((thrown: unknown) => {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  });
}

/** The month's invoices minus credit notes (gross cents) and its documents, read straight from the table. */
async function novemberInDatabase() {
  // November in Berlin: 2026-11-01 00:00 CET = 2026-10-31T23:00Z up to 2026-12-01 00:00 CET = 2026-11-30T23:00Z
  const inMonth = sql`${invoices.issuedAt} >= '2026-10-31T23:00:00Z' and ${invoices.issuedAt} < '2026-11-30T23:00:00Z'`;
  const [sum] = await test.ctx.db
    .select({ cents: sql<number>`sum((${invoices.data}->'totals'->>'grossCents')::int)::int` })
    .from(invoices)
    .where(inMonth);
  const rows = await test.ctx.db.select({ number: invoices.number, kind: invoices.kind }).from(invoices).where(inMonth);
  return { grossCents: sum.cents, numbers: rows.map((r) => r.number), rows };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-accounting-'));
  test = await createTestApp({ now: new Date('2026-10-31T22:30:00Z'), env: { DATA_DIR: dataDir, PAYMENT_DEMO: '1' } });
  configurePaymentProvider(providerFromConfig(test.ctx.env));
  session = (await test.ctx.sessions.load(undefined)) as Session;
  ({ fra, tariff } = await frankfurtFirstTariff(test.ctx.db));
  const admin = await createStaffMember(test.ctx.db, { role: 'admin', name: 'Ada Admin' });
  // The accountant is invited like any member: an operator company posted with the role is dropped.
  const { member } = await inviteStaff(test.ctx, null, {
    body: { email: 'buchhaltung@kanzlei.example', name: 'Bärbel Buchhalterin', role: 'accountant', operator: 'x' },
    locale: 'de',
  });
  expect(member).toMatchObject({ role: 'accountant', operator: null });
  accountantId = member.id;
  const support = await createStaffMember(test.ctx.db, { role: 'support' });
  const operator = await createStaffMember(test.ctx.db, { role: 'operator', operator: 'ParkDirekt' });

  // 31 October, 23:30 in Berlin: October's
  await book('2026-12-01', '2026-12-02');
  // 1 November, 00:30 in Berlin: the month's first document
  test.setNow(new Date('2026-10-31T23:30:00Z'));
  await book('2026-12-03', '2026-12-05', { firstname: 'Jürgen', lastname: 'Größe', company: 'Straßen & Söhne' });
  test.setNow(new Date('2026-11-10T10:00:00Z'));
  await book('2026-12-06', '2026-12-08', { paymentType: 'online', lastname: 'Online' });
  const onSite = await book('2026-12-09', '2026-12-10', { paymentType: 'on_site', lastname: 'Storno' });
  cancelled = onSite.reference;
  expect((await onSite.client.post(`reservations/${cancelled}/cancel`, {})).status).toBe(200);
  const changed = await book('2026-12-11', '2026-12-12', { lastname: 'Umbucher' });
  const change = await changed.client.post(
    `reservations/${changed.reference}/change`,
    { entryTime: '2026-12-11T08:00', exitTime: '2026-12-15T18:00', personCount: 1, childrenSeat: 0, bulkyBaggage: '' },
    { 'Idempotency-Key': `change-${changed.reference}` },
  );
  expect(change.status, JSON.stringify(change.body)).toBe(200);
  // 1 December, 00:00 in Berlin: December's
  test.setNow(new Date('2026-11-30T23:00:00Z'));
  await book('2026-12-20', '2026-12-21');
  test.setNow(new Date('2026-12-02T08:15:30.250Z'));
  // signed in now (a staff session ends after its idle time)
  const members = { admin: admin.id, accountant: accountantId, support: support.id, operator: operator.id };
  for (const [who, id] of Object.entries(members)) cookies[who] = await staffCookie(test.ctx.db, id, test.ctx.now());
}, 60_000);

afterAll(async () => {
  configurePaymentProvider(null);
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the month in the database', () => {
  it('has invoices and credit notes, and documents just outside it', async () => {
    const { rows } = await novemberInDatabase();
    expect(rows.filter((r) => r.kind === 'invoice')).toHaveLength(5);
    expect(rows.filter((r) => r.kind === 'credit_note')).toHaveLength(2);
    expect(await test.ctx.db.$count(invoices)).toBe(9);
  });
});

describe('the DATEV Buchungsstapel', () => {
  let bytes: Uint8Array;
  let lines: string[];

  beforeAll(async () => {
    const response = await download('accountant', 'datev.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=windows-1252');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="EXTF_Buchungsstapel_2026-11.csv"');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    bytes = new Uint8Array(await response.arrayBuffer());
    lines = new TextDecoder('windows-1252').decode(bytes).split('\r\n');
  });

  it('is Windows-1252 with CRLF line ends', () => {
    const text = new TextDecoder('windows-1252').decode(bytes);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);
    expect(bytes[0]).toBe(0x22); // no byte-order mark: DATEV reads the first byte as the quote of "EXTF"
    // the customer "Straßen & Söhne": ß and ö as the single bytes 0xDF and 0xF6, never UTF-8's pairs (0xC3 …)
    const customer = Buffer.from([
      0x53, 0x74, 0x72, 0x61, 0xdf, 0x65, 0x6e, 0x20, 0x26, 0x20, 0x53, 0xf6, 0x68, 0x6e, 0x65,
    ]);
    expect(Buffer.from(bytes).indexOf(customer)).toBeGreaterThan(0);
    expect(Buffer.from(bytes).indexOf(Buffer.from([0xc3]))).toBe(-1);
    // the column names' umlauts too ("Gegenkonto (ohne BU-Schlüssel)")
    expect(lines[1]).toContain('Gegenkonto (ohne BU-Schlüssel)');
  });

  it('starts with the EXTF 700 header of the month', () => {
    const header = lines[0].split(';');
    expect(header).toHaveLength(31);
    expect(header.slice(0, 5)).toEqual(['"EXTF"', '700', '21', '"Buchungsstapel"', '13']);
    // created in Berlin time: 2 December 2026, 09:15:30.250
    expect(header[5]).toBe('20261202091530250');
    expect(header[7]).toBe('"RE"');
    expect(header[8]).toBe('"Bärbel Buchhalterin"');
    expect(header.slice(10, 16)).toEqual(['1001', '1', '20260101', '4', '20261101', '20261130']);
    expect(header[21]).toBe('"EUR"');
  });

  it('has the 125 column names, then one booking line of 125 fields per document', async () => {
    expect(lines[1].split(';')).toEqual([...DATEV_COLUMNS]);
    const bookings = lines.slice(2, -1);
    const { numbers } = await novemberInDatabase();
    expect(bookings).toHaveLength(numbers.length);
    for (const line of bookings) {
      // no field of these lines holds a `;` (a customer text with one would be quoted; none here)
      expect(line.split(';'), line).toHaveLength(125);
    }
    const documentNumbers = bookings.map((l) => l.split(';')[10].replace(/"/g, ''));
    expect(documentNumbers.sort()).toEqual([...numbers].sort());
    const first = bookings[0].split(';');
    expect(first.slice(6, 10)).toEqual(['10000', '8400', '""', '0111']);
    expect(first[13]).toMatch(/^"[0-9A-Z]{8} Straßen & Söhne"$/);
    expect(first[19]).toBe(`"Rechnung-${first[10].replace(/"/g, '')}.pdf"`);
  });

  it('sums to the month: S minus H = invoices minus credit notes', async () => {
    let cents = 0;
    let credits = 0;
    for (const line of lines.slice(2, -1)) {
      const [amount, flag] = line.split(';');
      expect(amount).toMatch(/^\d+,\d\d$/);
      const value = Number(amount.replace(',', '')); // "119,00" → 11900 cents, exactly
      if (flag === '"S"') cents += value;
      else {
        expect(flag).toBe('"H"');
        cents -= value;
        credits += 1;
      }
    }
    expect(credits).toBe(2);
    expect(cents).toBe((await novemberInDatabase()).grossCents);
    const page = (await pageLoader(args('accountant', `/admin/buchhaltung?monat=${MONTH}`))) as unknown as {
      data: { totals: { all: { grossCents: number; invoices: number; creditNotes: number } } };
    };
    expect(page.data.totals.all).toMatchObject({ grossCents: cents, invoices: 5, creditNotes: 2 });
  });
});

describe('the plain CSV', () => {
  it('is UTF-8 with a BOM, one line per document, amounts signed with a decimal comma', async () => {
    const response = await download('accountant', 'buchungen.csv');
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="Buchungen-2026-11.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'Datum;Belegnummer;Art;Reservierung;Kunde;Zahlungsart;Netto;USt-Satz %;USt;Brutto;Korrigiert Rechnung',
    );
    const rows = lines.slice(1).map((l) => l.split(';'));
    const { numbers, grossCents } = await novemberInDatabase();
    expect(rows.map((r) => r[1]).sort()).toEqual([...numbers].sort());
    const cents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
    expect(rows.reduce((sum, r) => sum + cents(r[9]), 0)).toBe(grossCents);
    for (const r of rows) expect(cents(r[6]) + cents(r[8])).toBe(cents(r[9]));
    const note = rows.find((r) => r[2] === 'Gutschrift' && r[3] === cancelled)!;
    expect(note[5]).toBe('Zahlung vor Ort');
    expect(note[9]).toMatch(/^-\d+,\d\d$/);
    expect(note[10]).toMatch(/^RE-2026-\d{6}$/);
    expect(rows.find((r) => r[4] === 'Straßen & Söhne')).toBeDefined();
  });

  it('reads in English with a decimal point under /en', async () => {
    const response = (await downloadLoader(
      args('accountant', `/en/admin/buchhaltung/${MONTH}/buchungen.csv`, {
        lang: 'en',
        month: MONTH,
        file: 'buchungen.csv',
      }),
    )) as unknown as Response;
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="Bookings-2026-11.csv"');
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toContain('Date;Document number;Kind');
    expect(lines[1]).toMatch(/;\d+\.\d\d;19;\d+\.\d\d;\d+\.\d\d;$/);
  });
});

describe('the ZIP of the documents', () => {
  it('holds every invoice and credit note once as PDF and once as XRechnung', async () => {
    const response = await download('accountant', 'belege.zip');
    expect(response.headers.get('Content-Type')).toBe('application/zip');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="Belege-2026-11.zip"');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const { numbers } = await novemberInDatabase();
    const expected = numbers.flatMap((n) => {
      const name = `${n.startsWith('RE-') ? 'Rechnung' : 'Gutschrift'}-${n}`;
      return [`${name}.pdf`, `${name}.xml`];
    });
    expect(Object.keys(files).sort()).toEqual(expected.sort());
    for (const [name, body] of Object.entries(files)) {
      const number = /-((?:RE|GS)-\d{4}-\d{6})\./.exec(name)![1];
      if (name.endsWith('.pdf')) expect(Buffer.from(body.slice(0, 5)).toString(), name).toBe('%PDF-');
      else expect(new TextDecoder().decode(body), name).toContain(number);
    }
  }, 60_000);
});

describe('the audit log and the guards', () => {
  it('records every download with the month and the kind', async () => {
    const rows = await test.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'accounting.export'), eq(auditLog.staffId, accountantId)));
    expect(rows.map((r) => [r.entity, r.entityId, (r.after as { kind: string }).kind]).sort()).toEqual(
      [
        ['accounting_month', MONTH, 'csv'],
        ['accounting_month', MONTH, 'csv'],
        ['accounting_month', MONTH, 'datev'],
        ['accounting_month', MONTH, 'zip'],
      ].sort(),
    );
    expect((rows[0].after as { documents: number }).documents).toBe(7);
  });

  it('lets the admin in, refuses support and operators (403), and answers 404 to an unknown month or file', async () => {
    expect(await statusOf(() => pageLoader(args('admin', '/admin/buchhaltung')))).toBe(200);
    expect((await download('admin', 'datev.csv')).status).toBe(200);
    for (const role of ['support', 'operator']) {
      expect(await statusOf(() => pageLoader(args(role, '/admin/buchhaltung'))), role).toBe(403);
      for (const file of ['datev.csv', 'buchungen.csv', 'belege.zip']) {
        const response = await download(role, file);
        expect([role, file, response.status]).toEqual([role, file, 403]);
        expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
      }
    }
    expect((await download('accountant', 'datev.csv', '2026-13')).status).toBe(404);
    expect((await download('accountant', 'rechnungen.pdf')).status).toBe(404);
    const audited = await test.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'accounting.export'));
    expect(audited).toHaveLength(5); // the accountant's four and the admin's one; refusals write none
  });

  it('sends the accountant from the dashboard to the month, and refuses every other page and write (403)', async () => {
    const home = await dashboardLoader(args('accountant', '/admin')).then(
      () => null,
      (thrown: unknown) => thrown as Response,
    );
    expect([home?.status, home?.headers.get('Location')]).toEqual([302, '/admin/buchhaltung']);
    expect(await statusOf(() => reservationsLoader(args('accountant', '/admin/reservierungen')))).toBe(403);
    const [row] = await test.ctx.db.select().from(reservations).where(eq(reservations.status, 'confirmed')).limit(1);
    const cancel = args(
      'accountant',
      `/admin/reservierungen/${row.reference}`,
      { reference: row.reference },
      {
        intent: 'cancel',
      },
    );
    expect(await statusOf(() => reservationAction(cancel))).toBe(403);
    const invite = { intent: 'invite', email: 'neu@staff.example', name: 'Neu', role: 'admin', operator: '' };
    expect(await statusOf(() => staffAction(args('accountant', '/admin/mitarbeiter', {}, invite)))).toBe(403);
    const [after] = await test.ctx.db.select().from(reservations).where(eq(reservations.id, row.id));
    expect(after.status).toBe('confirmed');
  });

  it('shows an empty month as empty, with the months to pick from', async () => {
    const page = (await pageLoader(args('accountant', '/admin/buchhaltung?monat=2026-09'))) as unknown as {
      data: { month: string; months: string[]; totals: { all: { count: number } } };
    };
    expect(page.data.month).toBe('2026-09');
    expect(page.data.totals.all.count).toBe(0);
    expect(page.data.months).toEqual(['2026-12', '2026-11', '2026-10']);
    const fallback = (await pageLoader(args('accountant', '/admin/buchhaltung?monat=November'))) as unknown as {
      data: { month: string };
    };
    expect(fallback.data.month).toBe('2026-12');
  });
});

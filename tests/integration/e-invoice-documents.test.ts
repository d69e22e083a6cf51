/**
 * The shop's own e-invoices (issue 34): real bookings through the API — a private customer paying by invoice and
 * their cancellation's credit note, a business with VAT ID and Leitweg-ID, a foreign business paying online, an
 * overstay's invoice — each document's XRechnung file and the `factur-x.xml` inside its PDF, checked against the CII
 * XML Schema, the EN 16931 rules and (the XRechnung files) the XRechnung rules; a tampered total and a missing seller
 * VAT ID fail. The hybrid PDF lists `factur-x.xml` (pdfdetach) and still reads back as before. The official rule files
 * come from outside the repository (tests/e-invoice-rules/VERSIONS.md); without them those checks are skipped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, type tariffs } from '../../database/schema.ts';
import type { InvoiceData } from '../../app/domain/documents.ts';
import type { StaffActor } from '../../app/domain/staff-roles.ts';
import { checkIn, checkOut } from '../../app/services/backoffice/admin-checkin.server.ts';
import { renderXRechnung } from '../../app/services/documents/e-invoice.server.ts';
import {
  listReservationDocuments,
  reservationDocumentFile,
} from '../../app/services/documents/reservation-documents.server.ts';
import { providerFromConfig } from '../../app/services/payments/configure.server.ts';
import { startOnlinePayment } from '../../app/services/payments/online-payment.server.ts';
import { configurePaymentProvider } from '../../app/services/payments/payment.server.ts';
import { completeDemoCheckout } from '../../app/services/payments/payment-demo.server.ts';
import { findReservationByReference } from '../../app/services/reservations/reservations.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { eInvoiceErrors, eInvoiceRulesFolder, validateEInvoices } from '../fixtures/e-invoice-validation.ts';
import { pdfAttachments, pdfText } from '../fixtures/pdf.ts';
import { createStaffMember } from '../fixtures/staff.ts';
import { ApiClient, createTestApp, frankfurtFirstTariff, type TestApp } from './harness.ts';

const NOW = new Date('2026-11-21T09:00:00Z');
const STAY = { entryTime: '2026-12-20T08:00', exitTime: '2026-12-22T18:00' };

let test: TestApp;
let dataDir: string;
let tariff: typeof tariffs.$inferSelect;
let admin: StaffActor;
/** Every document of the bookings below: its XRechnung and the XML embedded in its PDF. */
const documents: { name: string; data: InvoiceData; xml: string; facturX: string; pdf: Buffer }[] = [];

async function book(overrides: Record<string, unknown>, client?: ApiClient): Promise<string> {
  test.setNow(NOW);
  client ??= await new ApiClient(test).start();
  const cart = await client.post('checkout/cart', { airportId: tariff.airportId, tariffId: tariff.id, ...STAY });
  expect(cart.status).toBe(200);
  const booked = await client.post('checkout', checkoutBody({ ...STAY, personCount: 3, ...overrides }));
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const reference = booked.body.reservation.reference as string;
  if (overrides.paymentType === 'online') {
    const url = await startOnlinePayment(test.ctx, { reference, locale: 'de' });
    await completeDemoCheckout(test.ctx, {
      sessionId: url!.split('/').at(-1)!,
      outcome: 'pay',
      locale: 'de',
      sessionSecret: test.ctx.env.SESSION_SECRET,
    });
  }
  return reference;
}

/** Collects every invoice and credit note of `reference` with its files. */
async function collect(label: string, reference: string) {
  const details = (await findReservationByReference(test.ctx.db, reference))!;
  const listed = await listReservationDocuments(test.ctx, details);
  const all = [listed.invoice!, ...listed.creditNotes, ...listed.overstayInvoices];
  for (const doc of all) {
    const file = (fileName: string) =>
      reservationDocumentFile(test.ctx, details, { fileName, baseUrl: test.ctx.env.PUBLIC_URL });
    const pdf = (await file(doc.fileName))!.body as Buffer;
    const xml = String((await file(doc.xmlFileName))!.body);
    const { files } = await pdfAttachments(pdf);
    const [row] = await test.ctx.db.select().from(invoices).where(eq(invoices.number, doc.number));
    documents.push({
      name: `${label}-${doc.number}`,
      data: row.data as InvoiceData,
      xml,
      facturX: files['factur-x.xml']?.toString('utf8') ?? '',
      pdf,
    });
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-einvoice-'));
  test = await createTestApp({ now: NOW, env: { DATA_DIR: dataDir, PAYMENT_DEMO: '1' } });
  configurePaymentProvider(providerFromConfig(test.ctx.env));
  ({ tariff } = await frankfurtFirstTariff(test.ctx.db));
  const member = await createStaffMember(test.ctx.db, { role: 'admin' });
  admin = { staffId: member.id, email: member.email, name: '', role: 'admin', operator: null };

  // a private customer paying by invoice, then cancelling: invoice and credit note (type 381)
  const client = await new ApiClient(test).start();
  const privateCustomer = await book({ couponCode: '' }, client);
  expect((await client.post(`reservations/${privateCustomer}/cancel`, {})).status).toBe(200);
  await collect('private', privateCustomer);

  // a German authority: company, VAT ID and Leitweg-ID
  await collect(
    'b2b',
    await book({ company: 'Stadtverwaltung Musterstadt', vatId: 'DE 136 695 976', buyerReference: '991-33333TEST-33' }),
  );

  // a foreign business with a separate invoice address in Austria, paid online
  await collect(
    'foreign',
    await book({
      paymentType: 'online',
      billIsDifferent: true,
      billIsDifferentAddressGender: 'd',
      billIsDifferentAddressFirstname: 'Anna',
      billIsDifferentAddressLastname: 'Huber',
      billIsDifferentAddressCompany: 'Huber Transporte GmbH',
      billIsDifferentAddressStreet: 'Ringstraße',
      billIsDifferentAddressStreetNumber: '3',
      billIsDifferentAddressPostcode: '1010',
      billIsDifferentAddressCity: 'Wien',
      billIsDifferentAddressCountry: 'AT',
      billIsDifferentAddressVatId: 'ATU13585627',
      billIsDifferentAddressBuyerReference: 'PO 4711',
    }),
  );

  // an overstay: the car leaves two days late
  const late = await book({});
  test.setNow(new Date('2026-12-20T07:05:00Z'));
  await checkIn(test.ctx, admin, { reference: late, locale: 'de' });
  test.setNow(new Date('2026-12-24T09:30:00Z'));
  await checkOut(test.ctx, admin, { reference: late, locale: 'de' });
  await collect('overstay', late);
}, 120_000);

afterAll(async () => {
  configurePaymentProvider(null);
  await test.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the shop’s invoices and credit notes as e-invoices (issue 34)', () => {
  it('covers an invoice, a credit note, a business with VAT ID and Leitweg-ID, a foreign buyer and an overstay', () => {
    const kinds = documents.map((d) => `${d.data.kind}:${d.data.overstay ? 'overstay' : d.data.payment.type}`);
    expect(kinds).toEqual(
      expect.arrayContaining(['invoice:invoice', 'credit_note:invoice', 'invoice:online', 'invoice:overstay']),
    );
    const b2b = documents.find((d) => d.name.startsWith('b2b'))!;
    expect(b2b.xml).toContain('<ram:BuyerReference>991-33333TEST-33</ram:BuyerReference>');
    expect(b2b.xml).toContain('DE136695976');
    const foreign = documents.find((d) => d.name.startsWith('foreign'))!;
    expect(foreign.xml).toContain('ATU13585627');
    expect(foreign.xml).toMatch(/<ram:CountryID>AT<\/ram:CountryID>/);
    const credit = documents.find((d) => d.data.kind === 'credit_note')!;
    expect(credit.xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(credit.xml).toContain(`<ram:IssuerAssignedID>${credit.data.correctsNumber}</ram:IssuerAssignedID>`);
  });

  it('prints the buyer’s VAT ID and reference on the PDF, which lists factur-x.xml and still reads back', async () => {
    for (const doc of documents) {
      const { names } = await pdfAttachments(doc.pdf);
      expect(names, doc.name).toContain('factur-x.xml');
      expect(await pdfText(doc.pdf), doc.name).toContain(doc.data.number);
    }
    const b2b = documents.find((d) => d.name.startsWith('b2b'))!;
    const text = await pdfText(b2b.pdf);
    expect(text).toContain('USt-IdNr.: DE136695976');
    expect(text).toContain('Ihre Referenz: 991-33333TEST-33');
  });

  describe.skipIf(!eInvoiceRulesFolder())('against the official rules', { timeout: 120_000 }, () => {
    it('passes the CII schema, EN 16931 and XRechnung (the .xml) or EN 16931 (the PDF’s factur-x.xml)', async () => {
      const files = documents.flatMap((d) => [
        { name: `${d.name}.xml`, xml: d.xml, xrechnung: true },
        { name: `${d.name}-factur-x.xml`, xml: d.facturX, xrechnung: false },
      ]);
      const reports = await validateEInvoices(files, { xrechnung: true });
      for (const file of files) expect(eInvoiceErrors(reports[file.name]), file.name).toEqual([]);
    });

    it('fails them for a wrong total and for a missing seller VAT ID', async () => {
      const base = documents.find((d) => d.name.startsWith('b2b'))!.data;
      const wrongTotal = { ...base, totals: { ...base.totals, grossCents: base.totals.grossCents + 100 } };
      const noVatId = { ...base, seller: { ...base.seller, vatId: '' } };
      const reports = await validateEInvoices(
        [
          { name: 'wrong-total.xml', xml: await renderXRechnung(wrongTotal) },
          { name: 'no-vat-id.xml', xml: await renderXRechnung(noVatId) },
        ],
        { xrechnung: true },
      );
      const ids = (name: string) => reports[name].schematron.map((f) => f.id);
      expect(eInvoiceErrors(reports['wrong-total.xml'])).not.toEqual([]);
      expect(ids('wrong-total.xml').some((id) => /^BR-CO-1[0-9]$/.test(id))).toBe(true);
      expect(ids('no-vat-id.xml')).toEqual(expect.arrayContaining(['BR-S-02']));
    });
  });
});

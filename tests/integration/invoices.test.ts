/**
 * Issue 9 (invoice, credit note, calendar): a confirmed booking stores its invoice snapshot once; the stored
 * document renders the same after tariffs, names and shop data change; the database refuses to edit it; a
 * cancellation's credit note has its own gapless GS-number and mirrors the invoice; the calendar file has the
 * drop-off and pick-up in the airport's time zone at the car park's address.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, invoices, parkingLots, reservations, tariffs } from '../../database/schema.ts';
import { buildInvoiceView, type InvoiceData } from '../../app/domain/documents.ts';
import { reservationCalendar } from '../../app/services/documents/calendar.server.ts';
import { renderInvoicePdf } from '../../app/services/documents/invoice-pdf.server.ts';
import {
  findInvoiceDocuments,
  invoiceIssuerOf,
  issueCreditNote,
} from '../../app/services/documents/invoices.server.ts';
import { findReservationByReference } from '../../app/services/reservations/reservations.server.ts';
import { checkoutBody } from '../fixtures/checkout-body.ts';
import { sampleInvoiceData } from '../fixtures/documents.ts';
import { pdfText } from '../fixtures/pdf.ts';
import { insertReservation } from '../fixtures/reservation.ts';
import { ApiClient, createTestApp, type TestApp } from './harness.ts';

const stay = { entryTime: '2026-12-07T08:00', exitTime: '2026-12-14T18:00' };

let test: TestApp;
let airportId: number;
let tariffId: number;

beforeAll(async () => {
  test = await createTestApp({
    now: new Date('2026-11-21T09:00:00Z'),
    env: { SHOP_NAME: 'Parkplatz-Shop GmbH', SHOP_VAT_ID: 'DE999999999' },
  });
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
afterAll(() => test.close());

async function book(overrides: Record<string, unknown> = {}, language = 'de') {
  const c = await new ApiClient(test).start();
  expect((await c.post('checkout/cart', { airportId, tariffId, ...stay })).status).toBe(200);
  const res = await c.post('checkout', checkoutBody({ ...stay, ...overrides }), { 'App-Language': language });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (await findReservationByReference(test.ctx.db, res.body.reservation.reference))!;
}

const issuer = () => invoiceIssuerOf(test.ctx.env);

describe('invoice snapshot (issue 9)', () => {
  it('stores the invoice of a confirmed booking in the booking transaction, with §14 UStG content', async () => {
    const details = await book({ paymentType: 'invoice', firstname: 'Jürgen', lastname: 'Weiß' });
    const { invoice, creditNotes } = await findInvoiceDocuments(test.ctx.db, details, issuer());
    const r = details.reservation;
    expect(creditNotes).toEqual([]);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: r.invoiceNumber,
      reference: r.reference,
      locale: 'de',
      issueDate: '2026-11-21',
      seller: { name: 'Parkplatz-Shop GmbH', vatId: 'DE999999999' },
      service: { iata: 'FRA', entryLocal: stay.entryTime, exitLocal: stay.exitTime, billableDays: r.billableDays },
      totals: {
        grossCents: r.totalCents,
        vatCents: r.vatCents,
        netCents: r.totalCents - r.vatCents,
        vatRateBp: 1900,
      },
      payment: { type: 'invoice', dueDate: '2026-12-05', remittance: `${r.invoiceNumber} ${r.reference}` },
    });
    expect(invoice!.buyer.lines.join('\n')).toContain('Jürgen Weiß');
    expect(invoice!.lines.reduce((sum, l) => sum + l.cents, 0)).toBe(r.totalCents);
    expect(invoice!.payment.bank).toMatchObject({ holder: 'Parkplatz-Shop GmbH' });
  });

  it('renders from the stored data: later changes of tariff, lot, shop data and address do not touch it', async () => {
    const details = await book({ paymentType: 'on_site' });
    const before = (await findInvoiceDocuments(test.ctx.db, details, issuer())).invoice!;
    expect(before.payment).toMatchObject({ type: 'on_site', dueDate: null, bank: null });
    await test.ctx.db.update(tariffs).set({ nameDe: 'Umbenannt' }).where(eq(tariffs.id, tariffId));
    await test.ctx.db.update(parkingLots).set({ name: 'Anderer Name' }).where(eq(parkingLots.id, details.lot.id));
    await test.ctx.db
      .update(reservations)
      .set({ billingAddress: { ...details.reservation.billingAddress, lastname: 'Neuname' } })
      .where(eq(reservations.id, details.reservation.id));
    const otherIssuer = { ...issuer(), seller: { ...issuer().seller, name: 'Neue Firma' } };
    const fresh = (await findReservationByReference(test.ctx.db, details.reservation.reference))!;
    const after = (await findInvoiceDocuments(test.ctx.db, fresh, otherIssuer)).invoice;
    expect(after).toEqual(before);
  });

  it('refuses to update or delete an issued document (database trigger)', async () => {
    const details = await book();
    const id = details.reservation.id;
    await expect(
      test.ctx.db.update(invoices).set({ data: {} }).where(eq(invoices.reservationId, id)),
    ).rejects.toThrow();
    await expect(test.ctx.db.delete(invoices).where(eq(invoices.reservationId, id))).rejects.toThrow();
    const [row] = await test.ctx.db.select().from(invoices).where(eq(invoices.reservationId, id));
    expect((row.data as InvoiceData).number).toBe(details.reservation.invoiceNumber);
  });

  it('stores a snapshot once for a reservation confirmed before snapshots existed', async () => {
    const { row } = await insertReservation(test.ctx.db);
    const details = (await findReservationByReference(test.ctx.db, row.reference))!;
    const [first, second] = await Promise.all([
      findInvoiceDocuments(test.ctx.db, details, issuer()),
      findInvoiceDocuments(test.ctx.db, details, issuer()),
    ]);
    expect(first.invoice).toEqual(second.invoice);
    expect(first.invoice).toMatchObject({ number: row.invoiceNumber, issueDate: '2026-11-21' });
    const rows = await test.ctx.db.select().from(invoices).where(eq(invoices.reservationId, row.id));
    expect(rows).toHaveLength(1);
  });
});

describe('credit notes (issue 9, DESIGN §6)', () => {
  it('mirrors the invoice with negative amounts under a gapless GS-number, once per invoice', async () => {
    const a = await book({ paymentType: 'invoice' });
    const b = await book({ paymentType: 'invoice' });
    const now = new Date('2026-11-22T10:00:00Z');
    const noteA = await issueCreditNote(test.ctx.db, { reservationId: a.reservation.id, now });
    const again = await issueCreditNote(test.ctx.db, { reservationId: a.reservation.id, now });
    const noteB = await issueCreditNote(test.ctx.db, { reservationId: b.reservation.id, now });
    expect(again).toEqual(noteA);
    expect([noteA.number, noteB.number]).toEqual(['GS-2026-000001', 'GS-2026-000002']);
    expect(noteA).toMatchObject({
      kind: 'credit_note',
      correctsNumber: a.reservation.invoiceNumber,
      issueDate: '2026-11-22',
      totals: { grossCents: -a.reservation.totalCents, vatCents: -a.reservation.vatCents },
      payment: { dueDate: null, bank: null },
    });
    expect(noteA.lines.every((l) => l.cents <= 0)).toBe(true);
    const { invoice, creditNotes } = await findInvoiceDocuments(test.ctx.db, a, issuer());
    expect(invoice!.number).toBe(a.reservation.invoiceNumber);
    expect(creditNotes).toEqual([noteA]);
  });

  it('numbers credit notes gaplessly when cancellations race (PostgreSQL proves the lock)', async () => {
    const booked = await Promise.all(Array.from({ length: 6 }, () => book()));
    const now = new Date('2026-11-23T10:00:00Z');
    await Promise.all(booked.map((d) => issueCreditNote(test.ctx.db, { reservationId: d.reservation.id, now })));
    const rows = await test.ctx.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.kind, 'credit_note'))
      .orderBy(sql`${invoices.number}`);
    const numbers = rows.map((r) => r.number);
    expect(numbers).toEqual(numbers.map((_, i) => `GS-2026-${String(i + 1).padStart(6, '0')}`));
  });
});

/** The text of the document's PDF as pdftotext reads it, white space collapsed. */
async function pdfOf(data: InvoiceData): Promise<string> {
  return (await pdfText(await renderInvoicePdf(buildInvoiceView(data)))).replace(/\s+/g, ' ');
}

describe("the seller's legal details (issue 30 item 6, § 35a GmbHG)", () => {
  // the test app's configuration: SHOP_NAME 'Parkplatz-Shop GmbH', the other legal settings at their defaults
  const legal = {
    legalForm: 'GmbH',
    seat: 'Frankfurt am Main',
    registerCourt: 'Amtsgericht Frankfurt am Main',
    registerNumber: 'HRB 000000',
    managingDirectors: 'Erika Mustermann, Max Mustermann',
  };

  it('are stored with the invoice and printed on the invoice and credit note PDFs, in German', async () => {
    const details = await book({ paymentType: 'invoice' });
    const { invoice } = await findInvoiceDocuments(test.ctx.db, details, issuer());
    expect(invoice!.seller).toMatchObject({ name: 'Parkplatz-Shop GmbH', legal });
    const note = await issueCreditNote(test.ctx.db, {
      reservationId: details.reservation.id,
      now: new Date('2026-11-22T10:00:00Z'),
      issuer: issuer(),
    });
    for (const text of [await pdfOf(invoice!), await pdfOf(note)]) {
      for (const expected of [
        'Parkplatz-Shop GmbH',
        'Sitz der Gesellschaft: Frankfurt am Main',
        'Registergericht: Amtsgericht Frankfurt am Main',
        'Registernummer: HRB 000000',
        'Geschäftsführung: Erika Mustermann, Max Mustermann',
      ]) {
        expect(text).toContain(expected);
      }
    }
  });

  it("are printed in English on an English booking's invoice", async () => {
    const details = await book({ paymentType: 'on_site' }, 'en');
    const { invoice } = await findInvoiceDocuments(test.ctx.db, details, issuer());
    expect(invoice!.locale).toBe('en');
    const text = await pdfOf(invoice!);
    for (const expected of [
      'Registered office: Frankfurt am Main',
      'Register court: Amtsgericht Frankfurt am Main',
      'Register number: HRB 000000',
      'Managing directors: Erika Mustermann, Max Mustermann',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('an invoice stored without them prints as issued; the credit note issued now carries them', async () => {
    const { row } = await insertReservation(test.ctx.db);
    const { legal: _none, ...sellerBefore } = sampleInvoiceData().seller;
    const old = sampleInvoiceData({ number: row.invoiceNumber!, reference: row.reference, seller: sellerBefore });
    await test.ctx.db.insert(invoices).values({
      reservationId: row.id,
      kind: 'invoice',
      number: old.number,
      issuedAt: new Date(old.issuedAt),
      data: old,
    });
    const details = (await findReservationByReference(test.ctx.db, row.reference))!;
    const { invoice } = await findInvoiceDocuments(test.ctx.db, details, issuer());
    expect(invoice).toEqual(old);
    expect(await pdfOf(invoice!)).not.toMatch(/Registergericht|Sitz der Gesellschaft|Geschäftsführung/);

    const note = await issueCreditNote(test.ctx.db, {
      reservationId: row.id,
      now: new Date('2026-11-22T10:00:00Z'),
      issuer: issuer(),
    });
    expect(note.seller).toMatchObject({ name: 'Parkplatz-Shop GmbH', legal });
    expect(note.buyer).toEqual(old.buyer);
    expect(await pdfOf(note)).toContain('Registernummer: HRB 000000');
  });
});

describe('calendar file (issue 9, RFC 5545)', () => {
  it('has drop-off and pick-up in the airport time zone at the car park address, with reminders', async () => {
    const details = await book();
    const ics = reservationCalendar(details, {
      host: 'shop.example',
      manageUrl: 'https://shop.example/reservierung',
      now: new Date('2026-11-21T09:00:00Z'),
    });
    const unfolded = ics.replace(/\r\n[ \t]/g, '');
    const ref = details.reservation.reference;
    expect(unfolded).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(unfolded).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin');
    expect(unfolded).toContain(`UID:${ref}-entry@shop.example`);
    expect(unfolded).toContain('DTSTART;TZID=Europe/Berlin:20261207T080000');
    expect(unfolded).toContain(`UID:${ref}-exit@shop.example`);
    expect(unfolded).toContain('DTSTART;TZID=Europe/Berlin:20261214T180000');
    expect(unfolded).toContain('DTSTAMP:20261121T090000Z');
    expect(unfolded).toContain(`LOCATION:${details.lot.name}`);
    expect(unfolded).toContain(details.lot.street);
    expect(unfolded).toContain('SUMMARY:Fahrzeug abgeben');
    expect(unfolded).toContain('SUMMARY:Fahrzeug abholen');
    expect(unfolded.match(/BEGIN:VALARM/g)).toHaveLength(2);
    expect(unfolded).toContain(`Buchungsnummer: ${ref}`);
  });
});

import { describe, expect, it } from 'vitest';
import { buildInvoiceView, type InvoiceData } from '~/domain/documents.ts';
import { girocodePayload } from '~/domain/girocode.ts';
import { sampleCreditNoteData, sampleInvoiceData } from '../../../tests/fixtures/documents.ts';
import { pdfFonts, pdfInfo, pdfPageCount, pdfQrCodes, pdfText } from '../../../tests/fixtures/pdf.ts';
import { renderInvoicePdf } from './invoice-pdf.server.ts';

/** Collapses runs of spaces and line breaks, so a check does not depend on where a line wrapped. */
function flat(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/** The GiroCode payload the invoice service would attach for `data`. */
function payloadOf(data: InvoiceData): string {
  const bank = data.payment.bank!;
  return girocodePayload({
    bic: bank.bic,
    name: bank.holder,
    iban: bank.iban,
    amountCents: data.totals.grossCents,
    text: data.payment.remittance,
  });
}

describe('renderInvoicePdf', () => {
  it('prints the §14 UStG content of a German invoice with umlauts, ß and € intact', async () => {
    const data = sampleInvoiceData();
    const pdf = await renderInvoicePdf(buildInvoiceView(data, payloadOf(data)));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfPageCount(pdf)).toBe(1);
    const text = flat(await pdfText(pdf));
    for (const expected of [
      // seller with address and VAT id
      'Parkhafen Shop GmbH',
      'Hafenstraße 12',
      '60327 Frankfurt am Main',
      'USt-IdNr. DE123456789',
      'service@parkshop.example',
      // buyer
      'Herr Jürgen Weiß',
      'Große Straße 5',
      '40210 Düsseldorf',
      // number, dates, reference
      'Rechnung RE-2026-000123',
      'Rechnungsnummer RE-2026-000123',
      'Rechnungsdatum 24.11.2026',
      'Buchungsnummer 7K3M9QXA',
      // the information block sits beside the address: the period's second line follows an address line
      'Leistungszeitraum Di., 12.01.2027, 10:00 –',
      'Fr., 15.01.2027, 18:00',
      // service
      'Parken am Flughafen Düsseldorf (DUS)',
      'P Süd – Parkhaus an der Straße',
      'Shuttle Parken Süd',
      'D-ÖÄ 1234',
      // items and totals
      'Parken (4 Tage) 110,00 €',
      'Zusätzliche Personen 18,50 €',
      'Gutschein SOMMER-10 -10,05 €',
      'Nettobetrag 103,74 €',
      'zzgl. 19 % USt. 19,71 €',
      'Gesamtbetrag 123,45 €',
      'Gutscheincode: SOMMER-10',
      // payment
      'Bitte überweisen Sie 123,45 € bis zum 08.12.2026 auf folgendes Konto',
      'Kontoinhaber Parkhafen Shop GmbH',
      'IBAN DE02 1203 0000 0000 2020 51',
      'BIC BYLADEM1001',
      'Deutsche Kreditbank',
      'Verwendungszweck RE-2026-000123 7K3M9QXA',
      'Seite 1 von 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('carries the GiroCode with exactly the payload', async () => {
    const data = sampleInvoiceData();
    const payload = payloadOf(data);
    const pdf = await renderInvoicePdf(buildInvoiceView(data, payload));
    expect(await pdfQrCodes(pdf)).toEqual([payload]);
  });

  it('has no GiroCode when there is no payload', async () => {
    const pdf = await renderInvoicePdf(buildInvoiceView(sampleInvoiceData(), null));
    expect(await pdfQrCodes(pdf)).toEqual([]);
    expect(flat(await pdfText(pdf))).toContain('IBAN DE02 1203 0000 0000 2020 51');
  });

  it('embeds Liberation Sans and names itself in the document information', async () => {
    const pdf = await renderInvoicePdf(buildInvoiceView(sampleInvoiceData()));
    const fonts = await pdfFonts(pdf);
    expect(fonts.map((f) => f.name).sort()).toEqual(['LiberationSans', 'LiberationSans-Bold']);
    expect(fonts.every((f) => f.embedded)).toBe(true);
    const info = await pdfInfo(pdf);
    expect(info.Title).toBe('Rechnung RE-2026-000123');
    expect(info.Author).toBe('Parkhafen Shop GmbH');
  });

  it('prints a credit note with its title, the invoice it corrects and negative amounts, without a transfer', async () => {
    const pdf = await renderInvoicePdf(buildInvoiceView(sampleCreditNoteData()));
    const text = flat(await pdfText(pdf));
    for (const expected of [
      'Gutschrift GS-2026-000004',
      'zu Rechnung RE-2026-000123',
      'Gutschriftsnummer GS-2026-000004',
      'Datum der Gutschrift 01.12.2026',
      'Parken (4 Tage) -110,00 €',
      'Nettobetrag -103,74 €',
      'zzgl. 19 % USt. -19,71 €',
      'Gesamtbetrag -123,45 €',
      'Den Betrag von 123,45 € schreiben wir Ihnen gut.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Bitte überweisen');
    expect(text).not.toMatch(/Rechnung RE-2026-000123 Rechnungsnummer/);
    expect((await pdfInfo(pdf)).Title).toBe('Gutschrift GS-2026-000004');
    expect(await pdfQrCodes(pdf)).toEqual([]);
  });

  it('says how an invoice paid on site or online is settled, in English too', async () => {
    const onSite = sampleInvoiceData({
      locale: 'en',
      service: { ...sampleInvoiceData().service, airport: 'Düsseldorf Airport' },
      lines: [{ description: 'Parking (4 days)', cents: 12345 }],
      couponCode: null,
      payment: { type: 'on_site', label: 'Pay on site', dueDate: null, bank: null, remittance: 'RE-2026-000123' },
    });
    const text = flat(await pdfText(await renderInvoicePdf(buildInvoiceView(onSite))));
    for (const expected of [
      'Invoice RE-2026-000123',
      'Invoice number RE-2026-000123',
      'Invoice date 24/11/2026',
      'Service period Tue, 12/01/2027, 10:00 –',
      'Fri, 15/01/2027, 18:00',
      'Parking at Düsseldorf Airport (DUS)',
      'Parking (4 days) €123.45',
      'Net amount €103.74',
      'plus VAT at 19% €19.71',
      'Total amount €123.45',
      'Payment: Pay on site. You pay the amount at the car park.',
      'VAT ID DE123456789',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Coupon');
    expect(text).not.toContain('IBAN');

    const online = sampleInvoiceData({
      payment: { type: 'online', label: 'Kreditkarte', dueDate: null, bank: null, remittance: 'RE-2026-000123' },
    });
    expect(flat(await pdfText(await renderInvoicePdf(buildInvoiceView(online))))).toContain(
      'Zahlungsart: Kreditkarte. Der Betrag wurde bereits online bezahlt.',
    );
  });

  it('flows a long item list onto further pages with the header and footer repeated', async () => {
    const lines = Array.from({ length: 45 }, (_, i) => ({
      description: `Zusatzleistung Nr. ${i + 1} (Größe ß)`,
      cents: 100,
    }));
    const data = sampleInvoiceData({
      lines,
      totals: { grossCents: 4500, netCents: 3782, vatCents: 718, vatRateBp: 1900 },
    });
    const pdf = await renderInvoicePdf(buildInvoiceView(data, payloadOf(sampleInvoiceData())));
    const pages = await pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    const text = await pdfText(pdf);
    expect(text).toContain(`Seite ${pages} von ${pages}`);
    expect(text.split('Betrag (brutto)').length - 1).toBeGreaterThan(1);
    expect(flat(text)).toContain('Zusatzleistung Nr. 45 (Größe ß) 1,00 €');
    expect(text.split('USt-IdNr. DE123456789').length - 1).toBeGreaterThanOrEqual(pages);
  });

  it("prints the seller's legal form, seat, register entry and managing directors (§ 35a GmbHG), de and en", async () => {
    const de = flat(await pdfText(await renderInvoicePdf(buildInvoiceView(sampleInvoiceData()))));
    for (const expected of [
      'Parkhafen Shop GmbH',
      'Sitz der Gesellschaft: Frankfurt am Main',
      'Registergericht: Amtsgericht Frankfurt am Main',
      'Registernummer: HRB 000000',
      'Geschäftsführung: Erika Mustermann, Max Mustermann',
    ]) {
      expect(de).toContain(expected);
    }
    const note = flat(await pdfText(await renderInvoicePdf(buildInvoiceView(sampleCreditNoteData({ locale: 'en' })))));
    for (const expected of [
      'Parkhafen Shop GmbH',
      'Registered office: Frankfurt am Main',
      'Register court: Amtsgericht Frankfurt am Main',
      'Register number: HRB 000000',
      'Managing directors: Erika Mustermann, Max Mustermann',
    ]) {
      expect(note).toContain(expected);
    }
  });

  it('names the owner instead when there is no register entry, and prints an old snapshot as it was issued', async () => {
    const seller = sampleInvoiceData().seller;
    const soleTrader = sampleInvoiceData({
      seller: {
        ...seller,
        name: 'Parkservice Jana Beispielhaft',
        legal: {
          legalForm: '',
          seat: '',
          registerCourt: '',
          registerNumber: '',
          managingDirectors: 'Jana Beispielhaft',
        },
      },
    });
    const text = flat(await pdfText(await renderInvoicePdf(buildInvoiceView(soleTrader))));
    expect(text).toContain('Inhaber: Jana Beispielhaft');
    expect(text).toContain('Nicht im Handelsregister eingetragen');
    expect(text).not.toContain('Registergericht');
    expect(text).not.toContain('Sitz der Gesellschaft');

    const { legal: _none, ...before } = seller;
    const old = flat(await pdfText(await renderInvoicePdf(buildInvoiceView(sampleInvoiceData({ seller: before })))));
    expect(old).toContain('Parkhafen Shop GmbH');
    expect(old).toContain('Seite 1 von 1');
    expect(old).not.toMatch(/Registergericht|Sitz der Gesellschaft|Geschäftsführung|Inhaber/);
  });

  it('prints a reduced VAT rate as given', async () => {
    const data = sampleInvoiceData({ totals: { grossCents: 12345, netCents: 11484, vatCents: 861, vatRateBp: 750 } });
    const text = flat(await pdfText(await renderInvoicePdf(buildInvoiceView(data))));
    expect(text).toContain('zzgl. 7,5 % USt. 8,61 €');
  });
});

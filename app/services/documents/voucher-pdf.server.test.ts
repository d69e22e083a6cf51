import { describe, expect, it } from 'vitest';
import {
  SAMPLE_REFERENCE,
  sampleReservationView,
  sampleVoucherView,
  sampleVoucherViewEn,
} from '../../../tests/fixtures/documents.ts';
import { pdfFonts, pdfInfo, pdfPageCount, pdfQrCodes, pdfText } from '../../../tests/fixtures/pdf.ts';
import { renderVoucherPdf } from './voucher-pdf.server.ts';

/** Collapses runs of spaces and line breaks, so a check does not depend on where a line wrapped. */
function flat(text: string): string {
  return text.replace(/\s+/g, ' ');
}

describe('renderVoucherPdf', () => {
  it('renders a one-page German voucher with every detail, umlauts, ß and € intact', async () => {
    const pdf = await renderVoucherPdf(sampleVoucherView());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfPageCount(pdf)).toBe(1);
    const text = flat(await pdfText(pdf));
    for (const expected of [
      'Parkhafen Shop',
      'Parkschein',
      'Reservierungsnummer',
      SAMPLE_REFERENCE,
      'Flughafen Düsseldorf (DUS)',
      'P Süd – Parkhaus an der Straße',
      'Rhein-Parken GmbH & Co. KG',
      'Flughafenstraße 120',
      '40474 Düsseldorf',
      '+49 221 4710 199',
      'Täglich 04:00–24:00 Uhr',
      'Einfahrt Di., 12.01.2027, 10:00',
      'Ausfahrt Fr., 15.01.2027, 18:00',
      'Personen 3',
      'Kindersitze 1',
      'Kinderwagen, Golfbag',
      'D-ÖÄ 1234',
      'Flüge (hin / zurück) EW 9542 / EW 9543',
      'Zahlung vor Ort',
      'Am Parkplatz zu zahlen',
      'Gesamtpreis: 123,45 €',
      'Endpreis inklusive aller Gebühren: Am Parkplatz zahlen Sie genau 123,45 €, keine weiteren Gebühren.',
      'Planen Sie 30 Minuten Puffer ein.',
      'Haltestelle „Parken Süd“',
      'Kostenlose Stornierung bis Mo., 11.01.2027, 10:00',
      'https://parkshop.example/reservierung',
      'service@parkshop.example',
      '+49 69 90009 500',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('carries the reference as its only QR code', async () => {
    const pdf = await renderVoucherPdf(sampleVoucherView());
    expect(await pdfQrCodes(pdf)).toEqual([SAMPLE_REFERENCE]);
  });

  it('embeds Liberation Sans and names itself in the document information', async () => {
    const pdf = await renderVoucherPdf(sampleVoucherView());
    const fonts = await pdfFonts(pdf);
    expect(fonts.map((f) => f.name).sort()).toEqual(['LiberationSans', 'LiberationSans-Bold']);
    expect(fonts.every((f) => f.embedded)).toBe(true);
    const info = await pdfInfo(pdf);
    expect(info.Title).toBe(`Parkschein ${SAMPLE_REFERENCE}`);
    expect(info.Author).toBe('Parkhafen Shop');
  });

  it('speaks English for an English booking', async () => {
    const pdf = await renderVoucherPdf(sampleVoucherViewEn());
    const text = flat(await pdfText(pdf));
    for (const expected of [
      'Parking voucher',
      'Booking reference',
      'Entry Tue, 12/01/2027, 10:00',
      'Exit Fri, 15/01/2027, 18:00',
      'Licence plate',
      'To pay at the car park',
      'Total price: €123.45',
      'Manage your booking',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Parkschein');
    expect((await pdfInfo(pdf)).Title).toBe(`Parking voucher ${SAMPLE_REFERENCE}`);
  });

  it('says "keine" for missing plate and baggage and 0 € on site when nothing is due there', async () => {
    const reservation = sampleReservationView({
      licensePlate: '',
      bulkyBaggage: [],
      payment: { type: 'invoice', label: 'Rechnung', instructions: '' },
    });
    const view = sampleVoucherView({ reservation, dueOnSite: '0,00 €', dueOnSiteCents: 0 });
    const text = flat(await pdfText(await renderVoucherPdf(view)));
    expect(text).toContain('Sperrgepäck keine');
    expect(text).toContain('Kennzeichen keine');
    expect(text).toContain('Zahlungsart Rechnung');
    expect(text).toContain('Am Parkplatz zu zahlen 0,00 €');
    expect(text).toContain('Endpreis inklusive aller Gebühren: Am Parkplatz zahlen Sie nichts mehr (0,00 €).');
  });

  it('wraps long texts and five-line addresses and still fits one page', async () => {
    const long = 'Bitte folgen Sie der Beschilderung „Parken Süd“ über die Große Straße bis zur Schranke. '.repeat(4);
    const reservation = sampleReservationView({
      lot: {
        ...sampleReservationView().lot,
        addressLines: ['Parkhaus Süd, Ebene 2', 'Flughafenstraße 120', 'Tor 7', '40474 Düsseldorf', 'Deutschland'],
        arrivalInstructions: long,
        returnInstructions: long,
      },
    });
    const pdf = await renderVoucherPdf(sampleVoucherView({ reservation }));
    expect(await pdfPageCount(pdf)).toBe(1);
    const text = flat(await pdfText(pdf));
    expect(text).toContain('Tor 7');
    expect(text.split('bis zur Schranke.').length - 1).toBe(8);
    expect(await pdfQrCodes(pdf)).toEqual([SAMPLE_REFERENCE]);
  });

  it('flows very long instructions onto a second page with the footer on both', async () => {
    const long =
      'Fahren Sie langsam über die Zufahrt zur Schranke und halten Sie Ihre Reservierungsnummer bereit. '.repeat(20);
    const reservation = sampleReservationView({
      lot: { ...sampleReservationView().lot, arrivalInstructions: long, returnInstructions: long },
    });
    const pdf = await renderVoucherPdf(sampleVoucherView({ reservation }));
    expect(await pdfPageCount(pdf)).toBe(2);
    const text = await pdfText(pdf);
    expect(text).toContain('Seite 1 von 2');
    expect(text).toContain('Seite 2 von 2');
    expect(text.split('service@parkshop.example').length - 1).toBe(2);
  });

  it('splits an instruction text longer than a page across pages, losing nothing', async () => {
    const words = Array.from({ length: 900 }, (_, i) => `Wort${i + 1}`).join(' ');
    const reservation = sampleReservationView({ lot: { ...sampleReservationView().lot, arrivalInstructions: words } });
    const pdf = await renderVoucherPdf(sampleVoucherView({ reservation }));
    const pages = await pdfPageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    const text = flat(await pdfText(pdf));
    expect(text).toContain('Wort1 Wort2');
    expect(text).toContain('Wort899 Wort900');
    expect(text.match(/Wort\d+/g)).toHaveLength(900);
    expect(text).toContain(`Seite ${pages} von ${pages}`);
  });
});

describe('the large reference', () => {
  // Letter spacing on the large reference must stay below what pdftotext (and copy & paste) reads as a word
  // break, for wide and narrow letters alike: the car park's staff search for the reference as one word.
  it('extracts as one word for wide and narrow letters', async () => {
    for (const reference of ['3WHYA67S', 'WWWWMMMM', '1111IIII', 'T1W1M1J1']) {
      const view = sampleVoucherView({ qrPayload: reference, reservation: sampleReservationView({ reference }) });
      expect(await pdfText(await renderVoucherPdf(view)), reference).toContain(reference);
    }
  });
});

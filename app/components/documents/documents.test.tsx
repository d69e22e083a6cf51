import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '~/components/i18n-context.tsx';
import { buildInvoiceView, type InvoiceView } from '~/domain/documents.ts';
import type { Locale } from '~/i18n.ts';
import de from '../../../locales/de.json' with { type: 'json' };
import en from '../../../locales/en.json' with { type: 'json' };
import {
  SAMPLE_REFERENCE,
  sampleCreditNoteData,
  sampleInvoiceData,
  sampleVoucherView,
  sampleVoucherViewEn,
} from '../../../tests/fixtures/documents.ts';
import { InvoiceDocument } from './invoice-document.tsx';
import { VoucherDocument } from './voucher-document.tsx';

const QR = 'data:image/svg+xml;base64,PHN2Zy8+';

function render(node: React.ReactNode, locale: Locale = 'de'): string {
  return renderToStaticMarkup(
    <I18nProvider locale={locale} dictionary={locale === 'en' ? en : de}>
      {node}
    </I18nProvider>,
  );
}

/** The visible text: tags dropped, entities of the renderer decoded, whitespace collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/[\s\u00a0]+/g, ' ');
}

function count(html: string, pattern: RegExp): number {
  return html.match(pattern)?.length ?? 0;
}

describe('VoucherDocument', () => {
  it('shows the voucher with one h1, the reference as text and QR image, and labelled facts', () => {
    const html = render(<VoucherDocument view={sampleVoucherView({ qrDataUrl: QR })} />);
    expect(count(html, /<h1[ >]/g)).toBe(1);
    expect(html).toContain('data-framed-document');
    expect(html).toMatch(/<p[^>]*data-reference[^>]*>7K3M9QXA<\/p>/);
    expect(html).toContain(`alt="QR-Code mit der Reservierungsnummer ${SAMPLE_REFERENCE}"`);
    expect(html).toContain(`src="${QR}"`);
    expect(count(html, /<dl/g)).toBeGreaterThanOrEqual(4);
    const text = textOf(html);
    for (const expected of [
      'Parkschein',
      'Einfahrt Di., 12.01.2027, 10:00',
      'Ausfahrt Fr., 15.01.2027, 18:00',
      'Flughafen Düsseldorf (DUS)',
      'Rhein-Parken GmbH & Co. KG',
      'Flughafenstraße 120',
      'Sperrgepäck Kinderwagen, Golfbag',
      'Kennzeichen D-ÖÄ 1234',
      'Hinflug EW 9542',
      'Rückflug EW 9543',
      'Am Parkplatz zu zahlen 123,45 €',
      'Gesamtpreis 123,45 €',
      'Endpreis inklusive aller Gebühren: Am Parkplatz zahlen Sie genau 123,45 €, keine weiteren Gebühren.',
      'Planen Sie 30 Minuten Puffer ein.',
      'Kostenlose Stornierung bis Mo., 11.01.2027, 10:00',
      'service@parkshop.example',
    ]) {
      expect(text).toContain(expected);
    }
    expect(html).toContain('href="https://parkshop.example/reservierung"');
    expect(html).toContain('href="tel:+492214710199"');
  });

  it('leaves out the QR image without a data URL and says 0 € on site when nothing is due there', () => {
    const view = sampleVoucherView({ qrDataUrl: null, dueOnSite: '0,00 €', dueOnSiteCents: 0 });
    const html = render(<VoucherDocument view={view} />);
    expect(html).not.toContain('<img');
    expect(textOf(html)).toContain('Am Parkplatz zu zahlen 0,00 €');
    expect(textOf(html)).toContain('Endpreis inklusive aller Gebühren: Am Parkplatz zahlen Sie nichts mehr (0,00 €).');
  });

  it('uses the English labels in English', () => {
    const text = textOf(render(<VoucherDocument view={sampleVoucherViewEn()} />, 'en'));
    expect(text).toContain('Parking voucher');
    expect(text).toContain('To pay at the car park €123.45');
    expect(text).not.toContain('Parkschein');
  });
});

describe('InvoiceDocument', () => {
  const invoice = (payload: string | null = 'BCD\n002'): InvoiceView => buildInvoiceView(sampleInvoiceData(), payload);

  it('shows the invoice with one h1, a real table of items and totals, and the GiroCode', () => {
    const html = render(<InvoiceDocument view={invoice()} girocodeDataUrl={QR} />);
    expect(count(html, /<h1[ >]/g)).toBe(1);
    expect(textOf(/<h1[^>]*>.*?<\/h1>/.exec(html)![0]).trim()).toBe('Rechnung RE-2026-000123');
    expect(html).toContain('<caption class="sr-only">Rechnungspositionen</caption>');
    expect(count(html, /<th scope="col"/g)).toBe(2);
    expect(count(html, /<th scope="row"/g)).toBe(3);
    expect(html).toContain('data-girocode');
    expect(html).toContain('alt="GiroCode für die Überweisung von 123,45');
    const text = textOf(html);
    for (const expected of [
      'USt-IdNr. DE123456789',
      'Herr Jürgen Weiß Große Straße 5 40210 Düsseldorf',
      'Rechnungsnummer RE-2026-000123',
      'Rechnungsdatum 24.11.2026',
      'Buchungsnummer 7K3M9QXA',
      'Leistungszeitraum Di., 12.01.2027, 10:00 – Fr., 15.01.2027, 18:00',
      'Parken am Flughafen Düsseldorf (DUS)',
      'Gutschein SOMMER-10 -10,05 €',
      'Nettobetrag 103,74 €',
      'zzgl. 19 % USt. 19,71 €',
      'Gesamtbetrag 123,45 €',
      'Eingelöster Gutscheincode: SOMMER-10',
      'Bitte überweisen Sie 123,45 € bis zum 08.12.2026 auf folgendes Konto:',
      'IBAN DE02 1203 0000 0000 2020 51',
      'Verwendungszweck RE-2026-000123 7K3M9QXA',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('shows no GiroCode without a payload or without an image', () => {
    expect(render(<InvoiceDocument view={invoice(null)} girocodeDataUrl={QR} />)).not.toContain('<img');
    expect(render(<InvoiceDocument view={invoice()} girocodeDataUrl={null} />)).not.toContain('<img');
  });

  it('shows a credit note with the invoice it corrects, negative amounts and the credit sentence', () => {
    const html = render(<InvoiceDocument view={buildInvoiceView(sampleCreditNoteData())} girocodeDataUrl={null} />);
    expect(textOf(/<h1[^>]*>.*?<\/h1>/.exec(html)![0]).trim()).toBe('Gutschrift GS-2026-000004');
    const text = textOf(html);
    expect(text).toContain('zu Rechnung RE-2026-000123');
    expect(text).toContain('Ursprüngliche Rechnung RE-2026-000123');
    expect(text).toContain('Gesamtbetrag -123,45 €');
    expect(text).toContain('Den Betrag von 123,45 € schreiben wir Ihnen gut.');
    expect(text).not.toContain('IBAN');
  });

  it("shows the seller's seat, register entry and managing directors in the footer (§ 35a GmbHG), de and en", () => {
    const de = textOf(render(<InvoiceDocument view={invoice()} girocodeDataUrl={null} />));
    for (const expected of [
      'Sitz der Gesellschaft: Frankfurt am Main',
      'Registergericht: Amtsgericht Frankfurt am Main',
      'Registernummer: HRB 000000',
      'Geschäftsführung: Erika Mustermann, Max Mustermann',
    ]) {
      expect(de).toContain(expected);
    }
    const en = buildInvoiceView(sampleCreditNoteData({ locale: 'en' }));
    const text = textOf(render(<InvoiceDocument view={en} girocodeDataUrl={null} />, 'en'));
    expect(text).toContain('Parkhafen Shop GmbH');
    expect(text).toContain('Registered office: Frankfurt am Main');
    expect(text).toContain('Register court: Amtsgericht Frankfurt am Main');
    expect(text).toContain('Register number: HRB 000000');
    expect(text).toContain('Managing directors: Erika Mustermann, Max Mustermann');
  });

  it('shows an invoice issued before the legal details were stored as it was, without an empty line', () => {
    const { legal: _none, ...seller } = sampleInvoiceData().seller;
    const html = render(
      <InvoiceDocument view={buildInvoiceView(sampleInvoiceData({ seller }))} girocodeDataUrl={null} />,
    );
    expect(textOf(html)).not.toMatch(/Registergericht|Sitz der Gesellschaft|Geschäftsführung/);
    expect(html).not.toContain('data-seller-legal');
  });
});

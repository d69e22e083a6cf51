import { describe, expect, it } from 'vitest';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { lookup } from '../i18n.ts';
import { sampleCreditNoteData, sampleInvoiceData } from '../../tests/fixtures/documents.ts';
import {
  dueOnSiteCents,
  invoicePaymentText,
  invoiceTitle,
  invoiceTransferAccount,
  sellerLegalLines,
  voucherAllInText,
} from './document-texts.ts';
import { buildInvoiceView } from './documents.ts';

const tDe = (key: string, params?: Record<string, string | number>) => lookup(de, {}, key, params);
const tEn = (key: string, params?: Record<string, string | number>) => lookup(en, {}, key, params);

describe('document texts', () => {
  it('has every document.* key in German and English, none empty', () => {
    const keys = (dict: Record<string, string>) => Object.keys(dict).filter((k) => k.startsWith('document.'));
    expect(keys(de).sort()).toEqual(keys(en).sort());
    expect(keys(de).length).toBeGreaterThan(50);
    for (const key of keys(de)) {
      expect((de as Record<string, string>)[key].trim(), key).not.toBe('');
      expect((en as Record<string, string>)[key].trim(), key).not.toBe('');
    }
  });

  it('titles invoices and credit notes', () => {
    expect(invoiceTitle({ kind: 'invoice' }, tDe)).toBe('Rechnung');
    expect(invoiceTitle({ kind: 'credit_note' }, tDe)).toBe('Gutschrift');
    expect(invoiceTitle({ kind: 'invoice' }, tEn)).toBe('Invoice');
    expect(invoiceTitle({ kind: 'credit_note' }, tEn)).toBe('Credit note');
  });

  it('asks for a transfer by the due date when the invoice names an account', () => {
    const view = buildInvoiceView(sampleInvoiceData());
    expect(invoicePaymentText(view, tDe)).toBe(
      'Bitte überweisen Sie 123,45\u00a0€ bis zum 08.12.2026 auf folgendes Konto:',
    );
    const undated = { ...view, payment: { ...view.payment, dueDate: null } };
    expect(invoicePaymentText(undated, tDe)).toBe('Bitte überweisen Sie 123,45\u00a0€ auf folgendes Konto:');
  });

  it('names the payment type for invoices settled otherwise', () => {
    const base = buildInvoiceView(sampleInvoiceData());
    const paid = (type: string, label: string) => ({ ...base, payment: { ...base.payment, type, label, bank: null } });
    expect(invoicePaymentText(paid('on_site', 'Zahlung vor Ort'), tDe)).toBe(
      'Zahlungsart: Zahlung vor Ort. Sie bezahlen den Betrag direkt am Parkplatz.',
    );
    expect(invoicePaymentText(paid('online', 'Card'), tEn)).toBe(
      'Payment: Card. The amount has already been paid online.',
    );
    expect(invoicePaymentText(paid('invoice', 'Rechnung'), tDe)).toBe('Zahlungsart: Rechnung.');
    // bank details on another payment type ask for nothing
    const onSiteWithBank = { ...base, payment: { ...base.payment, type: 'on_site', label: 'Zahlung vor Ort' } };
    expect(invoiceTransferAccount(onSiteWithBank)).toBeNull();
    expect(invoicePaymentText(onSiteWithBank, tDe)).toContain('Sie bezahlen den Betrag direkt am Parkplatz.');
    expect(invoiceTransferAccount(base)).toEqual(base.payment.bank);
  });

  it('credits the amount of a credit note as a positive figure', () => {
    const view = buildInvoiceView(sampleCreditNoteData());
    expect(invoicePaymentText(view, tDe)).toBe(
      'Den Betrag von 123,45\u00a0€ schreiben wir Ihnen gut. Bereits gezahlte Beträge erstatten wir auf dem ursprünglichen Zahlungsweg (Rechnung).',
    );
    // a credit note never asks for a transfer, even if the snapshot carried an account
    const withBank = { ...view, payment: { ...view.payment, bank: sampleInvoiceData().payment.bank } };
    expect(invoicePaymentText(withBank, tDe)).toContain('schreiben wir Ihnen gut');
  });

  it('states the refund through the payment provider on the credit note of an online payment (issue 13)', () => {
    const invoice = sampleInvoiceData();
    const data = sampleCreditNoteData({
      payment: {
        ...invoice.payment,
        type: 'online',
        label: 'Online-Zahlung',
        dueDate: null,
        bank: null,
        refundCents: 12345,
      },
    });
    const view = buildInvoiceView(data);
    expect(view.payment.refund).toBe('123,45 €');
    expect(invoicePaymentText(view, tDe)).toBe(
      'Den Betrag von 123,45 € erstatten wir über den ursprünglichen Zahlungsweg (Online-Zahlung); die Erstattung ist veranlasst.',
    );
    expect(invoicePaymentText(buildInvoiceView({ ...data, locale: 'en' }), tEn)).toContain(
      'the refund has been requested',
    );
    expect(buildInvoiceView(sampleCreditNoteData()).payment.refund).toBeNull();
  });
});

describe('voucher: all-in price, nothing due on site unless paid there (issue 12 item 3)', () => {
  it('is the total for on_site and 0 otherwise', () => {
    expect(dueOnSiteCents('on_site', 12345)).toBe(12345);
    expect(dueOnSiteCents('invoice', 12345)).toBe(0);
    expect(dueOnSiteCents('online', 12345)).toBe(0);
    expect(dueOnSiteCents('on_site', -5)).toBe(0);
  });

  it('states the promise with the amount, in both languages', () => {
    expect(voucherAllInText('0,00 €', 0, tDe)).toBe(
      'Endpreis inklusive aller Gebühren: Am Parkplatz zahlen Sie nichts mehr (0,00 €).',
    );
    expect(voucherAllInText('€123.45', 12345, tEn)).toBe(
      'All-in price, no fees on site: at the car park you pay exactly €123.45, nothing more.',
    );
  });
});

describe('sellerLegalLines (issue 30 item 6, § 35a GmbHG)', () => {
  const seller = buildInvoiceView(sampleInvoiceData()).seller;

  it('names seat, register court and number and the managing directors, in German and English', () => {
    expect(sellerLegalLines(seller, tDe)).toEqual({
      seat: 'Sitz der Gesellschaft: Frankfurt am Main',
      register: [
        'Registergericht: Amtsgericht Frankfurt am Main',
        'Registernummer: HRB 000000',
        'Geschäftsführung: Erika Mustermann, Max Mustermann',
      ],
    });
    expect(sellerLegalLines(seller, tEn)).toEqual({
      seat: 'Registered office: Frankfurt am Main',
      register: [
        'Register court: Amtsgericht Frankfurt am Main',
        'Register number: HRB 000000',
        'Managing directors: Erika Mustermann, Max Mustermann',
      ],
    });
  });

  it('names the owner and the missing register entry without one, and nothing for an old snapshot', () => {
    const legal = {
      legalForm: '',
      seat: '',
      registerCourt: '',
      registerNumber: '',
      managingDirectors: 'Jana Beispielhaft',
    };
    expect(sellerLegalLines({ legal }, tDe)).toEqual({
      seat: null,
      register: ['Inhaber: Jana Beispielhaft', 'Nicht im Handelsregister eingetragen'],
    });
    expect(sellerLegalLines({ legal }, tEn).register).toEqual([
      'Owner: Jana Beispielhaft',
      'Not entered in the commercial register',
    ]);
    expect(sellerLegalLines({ legal: null }, tDe)).toEqual({ seat: null, register: [] });
  });
});

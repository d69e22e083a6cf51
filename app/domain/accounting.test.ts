import { describe, expect, it } from 'vitest';
import {
  accountingDocumentOf,
  accountingTotals,
  currentAccountingMonth,
  datevAmount,
  datevBookingLine,
  datevBuchungsstapel,
  DATEV_COLUMNS,
  DATEV_HEADER_FIELDS,
  datevField,
  datevHeaderLine,
  datevText,
  datevTimestamp,
  DatevVatRateError,
  encodeWindows1252,
  isDatevAccount,
  monthBounds,
  parseAccountingMonth,
  pickableMonths,
  type AccountingDocument,
  type DatevSettings,
} from './accounting.ts';
import type { InvoiceData } from './documents.ts';

const SETTINGS: DatevSettings = {
  consultantNumber: 1001,
  clientNumber: 1,
  accountLength: 4,
  revenueAccount: '8400',
  revenueVatRateBp: 1900,
  debitorAccount: '10000',
  fiscalYearStartMonth: 1,
};

function doc(overrides: Partial<AccountingDocument> = {}): AccountingDocument {
  return {
    kind: 'invoice',
    number: 'RE-2026-000007',
    correctsNumber: null,
    issueDate: '2026-11-03',
    reference: 'K7M2Q9XA',
    customer: 'Jürgen Öztürk',
    paymentType: 'invoice',
    grossCents: 11900,
    netCents: 10000,
    vatCents: 1900,
    vatRateBp: 1900,
    fileName: 'Rechnung-RE-2026-000007.pdf',
    ...overrides,
  };
}

/** A line's fields, honouring quotes (a `;` or `""` inside a quoted field). */
function fieldsOf(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i += 1;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') {
          i += 1;
          break;
        } else value += line[i++];
      }
      out.push(`"${value}"`);
      i += 1; // the `;`
    } else {
      const end = line.indexOf(';', i);
      out.push(line.slice(i, end === -1 ? line.length : end));
      i = end === -1 ? line.length + 1 : end + 1;
    }
  }
  return out;
}

describe('the month', () => {
  it('reads YYYY-MM and nothing else', () => {
    expect(parseAccountingMonth('2026-11')).toBe('2026-11');
    expect(parseAccountingMonth('2026-01')).toBe('2026-01');
    for (const bad of [
      '2026-13',
      '2026-00',
      '2026-1',
      '26-11',
      '1999-12',
      '2100-01',
      ' 2026-11',
      '2026-11-01',
      202611,
    ]) {
      expect(parseAccountingMonth(bad), String(bad)).toBeNull();
    }
  });

  it('is bounded by midnight in Berlin, in winter and in summer time', () => {
    expect(monthBounds('2026-11', 'Europe/Berlin')).toEqual({
      from: new Date('2026-10-31T23:00:00Z'),
      to: new Date('2026-11-30T23:00:00Z'),
      firstDay: '2026-11-01',
      lastDay: '2026-11-30',
    });
    // October starts in summer time (UTC+2) and ends in winter time (UTC+1)
    const october = monthBounds('2026-10', 'Europe/Berlin');
    expect(october.from.toISOString()).toBe('2026-09-30T22:00:00.000Z');
    expect(october.to.toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(monthBounds('2028-02', 'Europe/Berlin').lastDay).toBe('2028-02-29');
    expect(monthBounds('2026-12', 'Europe/Berlin').to.toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(() => monthBounds('2026-13', 'Europe/Berlin')).toThrow(RangeError);
  });

  it('is the current month in Berlin', () => {
    expect(currentAccountingMonth(new Date('2026-11-30T22:59:59Z'), 'Europe/Berlin')).toBe('2026-11');
    expect(currentAccountingMonth(new Date('2026-11-30T23:00:00Z'), 'Europe/Berlin')).toBe('2026-12');
  });

  it('offers the months from the first document to now, newest first', () => {
    expect(pickableMonths('2026-10', '2027-01')).toEqual(['2027-01', '2026-12', '2026-11', '2026-10']);
    expect(pickableMonths(null, '2026-11')).toEqual(['2026-11']);
    expect(pickableMonths('2027-03', '2026-11')).toEqual(['2026-11']);
    expect(pickableMonths('2000-01', '2026-11')).toHaveLength(120);
  });
});

describe('the totals', () => {
  it('are invoices minus credit notes, per VAT rate and per payment type', () => {
    const totals = accountingTotals([
      doc(),
      doc({ number: 'RE-2026-000008', paymentType: 'online', grossCents: 5950, netCents: 5000, vatCents: 950 }),
      doc({
        kind: 'credit_note',
        number: 'GS-2026-000001',
        correctsNumber: 'RE-2026-000008',
        paymentType: 'online',
        grossCents: -5950,
        netCents: -5000,
        vatCents: -950,
      }),
      doc({
        number: 'RE-2026-000009',
        paymentType: 'overstay',
        grossCents: 1070,
        netCents: 1000,
        vatCents: 70,
        vatRateBp: 700,
      }),
    ]);
    expect(totals.all).toEqual({
      count: 4,
      invoices: 3,
      creditNotes: 1,
      grossCents: 12970,
      netCents: 11000,
      vatCents: 1970,
    });
    expect(totals.byVatRate).toEqual([
      { vatRateBp: 1900, count: 3, grossCents: 11900, netCents: 10000, vatCents: 1900 },
      { vatRateBp: 700, count: 1, grossCents: 1070, netCents: 1000, vatCents: 70 },
    ]);
    expect(totals.byPaymentType.map((t) => [t.paymentType, t.grossCents])).toEqual([
      ['invoice', 11900],
      ['online', 0],
      ['overstay', 1070],
    ]);
  });

  it('are zero for an empty month', () => {
    expect(accountingTotals([])).toEqual({
      all: { count: 0, invoices: 0, creditNotes: 0, grossCents: 0, netCents: 0, vatCents: 0 },
      byVatRate: [],
      byPaymentType: [],
    });
  });

  it('reads a document from its snapshot', () => {
    const data = {
      kind: 'credit_note',
      number: 'GS-2026-000002',
      correctsNumber: 'RE-2026-000003',
      issueDate: '2026-11-30',
      reference: 'ABCDEFGH',
      buyer: { lines: ['Erika Muster', 'Weg 1'], party: { name: 'Muster GmbH' } },
      payment: { type: 'on_site' },
      totals: { grossCents: -100, netCents: -84, vatCents: -16, vatRateBp: 1900 },
    } as unknown as InvoiceData;
    expect(accountingDocumentOf(data, 'Gutschrift-GS-2026-000002.pdf')).toMatchObject({
      kind: 'credit_note',
      customer: 'Muster GmbH',
      paymentType: 'on_site',
      grossCents: -100,
      fileName: 'Gutschrift-GS-2026-000002.pdf',
    });
    const old = { ...data, buyer: { lines: ['Erika Muster'] } } as unknown as InvoiceData;
    expect(accountingDocumentOf(old, 'x.pdf').customer).toBe('Erika Muster');
  });
});

describe('DATEV fields', () => {
  it('writes amounts with a decimal comma, without sign or grouping, exactly', () => {
    expect(datevAmount(11900)).toBe('119,00');
    expect(datevAmount(-5)).toBe('0,05');
    expect(datevAmount(123456789)).toBe('1234567,89');
    expect(datevAmount(-1999)).toBe('19,99');
    expect(() => datevAmount(1.5)).toThrow(RangeError);
  });

  it('quotes text fields, doubles quotes inside, leaves other fields bare', () => {
    expect(datevField('Park "Süd"; Tor 2', true)).toBe('"Park ""Süd""; Tor 2"');
    expect(datevField('', true)).toBe('""');
    expect(datevField(null, true)).toBe('""');
    expect(datevField(8400, false)).toBe('8400');
    expect(datevField(null, false)).toBe('');
  });

  it('takes line breaks and tabs out of texts and cuts them to the field length', () => {
    expect(datevText('Erika\r\nMuster\t GmbH ', 60)).toBe('Erika Muster GmbH');
    expect(datevText('x'.repeat(70), 60)).toHaveLength(60);
    expect(datevText('Ä'.repeat(70), 60)).toBe('Ä'.repeat(60));
  });

  it('checks account numbers against the account length', () => {
    expect(isDatevAccount('8400', 4, 'ledger')).toBe(true);
    expect(isDatevAccount('10000', 4, 'ledger')).toBe(false);
    expect(isDatevAccount('10000', 4, 'any')).toBe(true);
    expect(isDatevAccount('100000', 4, 'any')).toBe(false);
    expect(isDatevAccount('0', 4, 'any')).toBe(false);
    expect(isDatevAccount('84a0', 4, 'ledger')).toBe(false);
  });

  it('stamps the creation in local time to the millisecond', () => {
    expect(datevTimestamp(new Date('2026-11-21T09:05:07.042Z'), 'Europe/Berlin')).toBe('20261121100507042');
    expect(datevTimestamp(new Date('2026-07-01T22:30:00.000Z'), 'Europe/Berlin')).toBe('20260702003000000');
  });
});

describe('the DATEV Buchungsstapel', () => {
  const header = {
    settings: SETTINGS,
    month: '2026-11',
    firstDay: '2026-11-01',
    lastDay: '2026-11-30',
    created: '20261201083000123',
    exportedBy: 'Anna Buchhalterin aus Frankfurt am Main',
  };

  it('has the EXTF 700 header of 31 fields', () => {
    const fields = fieldsOf(datevHeaderLine(header));
    expect(fields).toHaveLength(DATEV_HEADER_FIELDS);
    expect(fields.slice(0, 17)).toEqual([
      '"EXTF"',
      '700',
      '21',
      '"Buchungsstapel"',
      '13',
      '20261201083000123',
      '',
      '"RE"',
      '"Anna Buchhalterin aus Fra"',
      '""',
      '1001',
      '1',
      '20260101',
      '4',
      '20261101',
      '20261130',
      '"Ausgangsrechnungen 2026-11"',
    ]);
    expect(fields.slice(18, 22)).toEqual(['1', '0', '0', '"EUR"']);
  });

  it('names 125 columns', () => {
    expect(DATEV_COLUMNS).toHaveLength(125);
    expect(new Set(DATEV_COLUMNS).size).toBe(125);
    expect(DATEV_COLUMNS.slice(0, 2)).toEqual(['Umsatz (ohne Soll/Haben-Kz)', 'Soll/Haben-Kennzeichen']);
    expect(DATEV_COLUMNS[19]).toBe('Beleglink');
    expect(DATEV_COLUMNS[113]).toBe('Festschreibung');
    expect(DATEV_COLUMNS[124]).toBe('Abw. Skontokonto');
  });

  it('books an invoice as S on the debitor against the revenue account', () => {
    const fields = fieldsOf(datevBookingLine(doc(), SETTINGS, 'Rechnung'));
    expect(fields).toHaveLength(125);
    expect(fields.slice(0, 14)).toEqual([
      '119,00',
      '"S"',
      '"EUR"',
      '',
      '',
      '""',
      '10000',
      '8400',
      '""',
      '0311',
      '"RE-2026-000007"',
      '""',
      '',
      '"K7M2Q9XA Jürgen Öztürk"',
    ]);
    expect(fields[19]).toBe('"Rechnung-RE-2026-000007.pdf"');
    expect(fields.slice(20, 26)).toEqual(['"Reservierung"', '"K7M2Q9XA"', '"Zahlungsart"', '"Rechnung"', '""', '""']);
  });

  it('books a credit note as H and names the invoice it corrects', () => {
    const note = doc({
      kind: 'credit_note',
      number: 'GS-2026-000001',
      correctsNumber: 'RE-2026-000007',
      grossCents: -11900,
      fileName: 'Gutschrift-GS-2026-000001.pdf',
      customer: 'Firma "Park; Fly"\nGmbH',
    });
    const fields = fieldsOf(datevBookingLine(note, SETTINGS));
    expect(fields).toHaveLength(125);
    expect(fields.slice(0, 2)).toEqual(['119,00', '"H"']);
    expect(fields[10]).toBe('"GS-2026-000001"');
    expect(fields[13]).toBe('"K7M2Q9XA Firma "Park; Fly" GmbH"');
    expect(fields.slice(23, 26)).toEqual(['"invoice"', '"Korrigiert Rechnung"', '"RE-2026-000007"']);
  });

  it('refuses a VAT rate the revenue account does not derive, and a zero amount', () => {
    expect(() => datevBookingLine(doc({ vatRateBp: 700 }), SETTINGS)).toThrow(DatevVatRateError);
    expect(() => datevBookingLine(doc({ grossCents: 0 }), SETTINGS)).toThrow(RangeError);
  });

  it('is header, columns and one CRLF line per document with an amount', () => {
    const text = datevBuchungsstapel({
      ...header,
      docs: [
        doc(),
        doc({ number: 'RE-2026-000008', grossCents: 0 }),
        doc({ number: 'GS-2026-000001', grossCents: -100 }),
      ],
      paymentLabels: { invoice: 'Rechnung' },
    });
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines).toHaveLength(4);
    expect(lines[0].startsWith('"EXTF";700;21;"Buchungsstapel";13;')).toBe(true);
    expect(lines[1]).toBe(DATEV_COLUMNS.join(';'));
    expect(lines.slice(2).map((l) => fieldsOf(l)[10])).toEqual(['"RE-2026-000007"', '"GS-2026-000001"']);
    expect(text).not.toMatch(/[^\r]\n/);
  });
});

describe('Windows-1252', () => {
  it('writes umlauts, ß and the euro sign as their single bytes', () => {
    expect([...encodeWindows1252('Öl ä ß €')]).toEqual([0xd6, 0x6c, 0x20, 0xe4, 0x20, 0xdf, 0x20, 0x80]);
  });

  it('agrees with the WHATWG decoder on every byte it writes', () => {
    const decoder = new TextDecoder('windows-1252');
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(encodeWindows1252(decoder.decode(all))).toEqual(all);
    const text = 'Straße „Süd“ – 19 % … Œuvre ™';
    expect(decoder.decode(encodeWindows1252(text))).toBe(text);
  });

  it('falls back to the base letter, else a question mark', () => {
    expect(new TextDecoder('windows-1252').decode(encodeWindows1252('Győr Łódź 東京'))).toBe('Gyor ?ódz ??');
  });
});

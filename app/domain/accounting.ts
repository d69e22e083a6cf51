/**
 * The accountant's month (issue 34 item 5, decision 0053): pure rules of the back office's `/admin/buchhaltung` —
 * which month is asked for, the month's documents as the books see them, their totals per VAT rate and per payment
 * type, and the DATEV "Buchungsstapel" (EXTF format 700, category 21, format version 13) with its Windows-1252
 * encoding. Amounts are integer euro cents; a credit note's are negative (as its snapshot stores them).
 */
import { instantToLocal, localToInstant } from './local-time.ts';
import type { InvoiceData, InvoiceKind } from './documents.ts';

/** A month of the books, `YYYY-MM` (e.g. `2026-11`). */
export type AccountingMonth = string;

/**
 * The month in `raw` (`YYYY-MM`, years 2000–2099: the DATEV header's dates and the `RE-YYYY` numbers have four
 * digits, and the shop issued nothing before 2000), or null for anything else.
 */
export function parseAccountingMonth(raw: unknown): AccountingMonth | null {
  if (typeof raw !== 'string') return null;
  return /^20\d{2}-(0[1-9]|1[0-2])$/.test(raw) ? raw : null;
}

/** The month `now` falls in, in `timeZone` (the page's default month). */
export function currentAccountingMonth(now: Date, timeZone: string): AccountingMonth {
  return instantToLocal(now, timeZone).slice(0, 7);
}

/** The month `offset` months after `month` (negative: before). */
function shiftMonth(month: AccountingMonth, offset: number): AccountingMonth {
  const [year, m] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The instants that bound `month` in `timeZone`: from its first day 00:00 (inclusive) to the next month's first day
 * 00:00 (exclusive), and its first and last calendar day (`YYYY-MM-DD`). A document belongs to the month its
 * `issued_at` falls in, in the shop's time zone — the same day its snapshot's `issueDate` names.
 * @throws RangeError for a month that {@link parseAccountingMonth} refuses.
 */
export function monthBounds(
  month: AccountingMonth,
  timeZone: string,
): { from: Date; to: Date; firstDay: string; lastDay: string } {
  if (parseAccountingMonth(month) === null) throw new RangeError(`not a month: ${month}`);
  const next = shiftMonth(month, 1);
  const to = localToInstant(`${next}-01T00:00`, timeZone);
  const [year, m] = month.split('-').map(Number);
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return {
    from: localToInstant(`${month}-01T00:00`, timeZone),
    to,
    firstDay: `${month}-01`,
    lastDay: `${month}-${String(days).padStart(2, '0')}`,
  };
}

/**
 * The months the month picker offers: from `first` (the month of the oldest document; null when there is none) to
 * `current`, newest first, at most `limit` (the last ten years by default: what § 147 AO keeps).
 */
export function pickableMonths(
  first: AccountingMonth | null,
  current: AccountingMonth,
  limit = 120,
): AccountingMonth[] {
  const months: AccountingMonth[] = [];
  for (let month = current; months.length < limit; month = shiftMonth(month, -1)) {
    months.push(month);
    if (first === null || month <= first) break;
  }
  return months;
}

/** One invoice or credit note of the month, as the books see it (from its immutable snapshot). */
export type AccountingDocument = {
  kind: InvoiceKind;
  /** `RE-YYYY-NNNNNN` or `GS-YYYY-NNNNNN` */
  number: string;
  /** a credit note's corrected invoice; null for an invoice */
  correctsNumber: string | null;
  /** `YYYY-MM-DD`, the shop's time zone */
  issueDate: string;
  /** the reservation's reference */
  reference: string;
  /** the buyer: company, else the person's name */
  customer: string;
  /** `invoice`, `on_site`, `online`, `overstay` (the snapshot's `payment.type`) */
  paymentType: string;
  /** gross, net and VAT in cents (negative on a credit note) and the rate in basis points (1900 = 19 %) */
  grossCents: number;
  netCents: number;
  vatCents: number;
  vatRateBp: number;
  /** the PDF's file name (`Rechnung-RE-….pdf`), as the ZIP and the DATEV document link name it */
  fileName: string;
};

/**
 * The book entry of a stored snapshot. `fileName` is the PDF's name as the documents service gives it (the rule
 * lives there). The buyer is the snapshot's fields when it has them, else its first printed line.
 */
export function accountingDocumentOf(data: InvoiceData, fileName: string): AccountingDocument {
  return {
    kind: data.kind,
    number: data.number,
    correctsNumber: data.correctsNumber,
    issueDate: data.issueDate,
    reference: data.reference,
    customer: data.buyer.party?.name || data.buyer.lines[0] || '',
    paymentType: data.payment.type,
    grossCents: data.totals.grossCents,
    netCents: data.totals.netCents,
    vatCents: data.totals.vatCents,
    vatRateBp: data.totals.vatRateBp,
    fileName,
  };
}

/** Sums of a group of documents: how many, and gross, net and VAT in cents (invoices minus credit notes). */
export type AmountSums = { count: number; grossCents: number; netCents: number; vatCents: number };

/** What the page shows of a month: the whole, and the sums per VAT rate and per payment type. */
export type AccountingTotals = {
  all: AmountSums & { invoices: number; creditNotes: number };
  /** highest rate first */
  byVatRate: (AmountSums & { vatRateBp: number })[];
  /** invoice, on site, online, overstay, then any other type by name */
  byPaymentType: (AmountSums & { paymentType: string })[];
};

const PAYMENT_ORDER = ['invoice', 'on_site', 'online', 'overstay'];

/**
 * The name key of a payment type (`admin.accounting.payment.<key>`): the four types the shop has, `other` for any
 * type a snapshot may carry that has no name of its own.
 */
export function accountingPaymentKey(type: string): string {
  return PAYMENT_ORDER.includes(type) ? type : 'other';
}

function add(sums: AmountSums, doc: AccountingDocument): void {
  sums.count += 1;
  sums.grossCents += doc.grossCents;
  sums.netCents += doc.netCents;
  sums.vatCents += doc.vatCents;
}

/**
 * The month's totals: invoices minus credit notes (the credit notes' amounts are negative already), as a whole, per
 * VAT rate and per payment type. Source: issue 34 item 5 ("totals per VAT rate and per payment type").
 */
export function accountingTotals(docs: readonly AccountingDocument[]): AccountingTotals {
  const empty = (): AmountSums => ({ count: 0, grossCents: 0, netCents: 0, vatCents: 0 });
  const all = { ...empty(), invoices: 0, creditNotes: 0 };
  const rates = new Map<number, AmountSums>();
  const types = new Map<string, AmountSums>();
  for (const doc of docs) {
    add(all, doc);
    if (doc.kind === 'invoice') all.invoices += 1;
    else all.creditNotes += 1;
    if (!rates.has(doc.vatRateBp)) rates.set(doc.vatRateBp, empty());
    add(rates.get(doc.vatRateBp)!, doc);
    if (!types.has(doc.paymentType)) types.set(doc.paymentType, empty());
    add(types.get(doc.paymentType)!, doc);
  }
  const rank = (type: string) => {
    const i = PAYMENT_ORDER.indexOf(type);
    return i === -1 ? PAYMENT_ORDER.length : i;
  };
  return {
    all,
    byVatRate: [...rates].sort(([a], [b]) => b - a).map(([vatRateBp, sums]) => ({ vatRateBp, ...sums })),
    byPaymentType: [...types]
      .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
      .map(([paymentType, sums]) => ({ paymentType, ...sums })),
  };
}

/** What the page says about the month's DATEV file. */
export type AccountingMonthNotes = {
  /** false when a document has a VAT rate the revenue account does not derive: the DATEV file is refused */
  bookable: boolean;
  /** documents of 0,00 € (DATEV books no zero amount: they are in the CSV and the ZIP only) */
  zeroAmounts: number;
  /** the consultant and client numbers are still the placeholders of the defaults */
  placeholders: boolean;
};

/**
 * The DATEV settings (environment, README "Configuration"): consultant (Berater, 1001–9999999) and client (Mandant,
 * 1–99999) numbers, the length of the general ledger accounts (Sachkontenlänge, 4–8), the revenue account (an
 * automatic account of the VAT rate {@link DatevSettings.revenueVatRateBp}, SKR03 8400 "Erlöse 19 % USt": DATEV
 * derives the VAT itself, so no BU key and no VAT account appear in the file), and the account the customer's side is
 * booked on (a collective debitor, SKR03 10000, or any other personal or ledger account).
 */
export type DatevSettings = {
  consultantNumber: number;
  clientNumber: number;
  accountLength: number;
  revenueAccount: string;
  revenueVatRateBp: number;
  debitorAccount: string;
  /** the fiscal year's first month (1 = January: the shop's fiscal year is the calendar year) */
  fiscalYearStartMonth: number;
};

/**
 * Whether `account` can stand in a DATEV file with ledger accounts of `length` digits: a ledger account has 1 to
 * `length` digits, a personal account (debitor, creditor) `length + 1`; never 0.
 */
export function isDatevAccount(account: string, length: number, kind: 'ledger' | 'any'): boolean {
  const max = kind === 'ledger' ? length : length + 1;
  return /^\d+$/.test(account) && account.length <= max && Number(account) > 0;
}

/**
 * The 125 columns of the booking lines of EXTF format version 13 (format 700, category 21), in order, as DATEV names
 * them in the line after the header. Source: DATEV's "Formatbeschreibung Buchungsstapel" (developer.datev.de; not
 * reachable from here: taken from its published column list as third-party exporters reproduce it, decision 0053).
 */
export const DATEV_COLUMNS: readonly string[] = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...Array.from({ length: 8 }, (_, i) => [`Beleginfo - Art ${i + 1}`, `Beleginfo - Inhalt ${i + 1}`]).flat(),
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  // DATEV writes the content's name without the space before the dash
  ...Array.from({ length: 20 }, (_, i) => [
    `Zusatzinformation - Art ${i + 1}`,
    `Zusatzinformation- Inhalt ${i + 1}`,
  ]).flat(),
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Land (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Buchungs GUID',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Land u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
];

/** The number of fields of the EXTF 700 header line. */
export const DATEV_HEADER_FIELDS = 31;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The booking line's text fields (1-based): written in double quotes, also when empty (`""`); every other field
 * (amounts, accounts, dates, flags) stands bare and is empty when not given. Source: the field types of the format
 * description (decision 0053).
 */
const TEXT_COLUMNS = new Set([
  ...[2, 3, 6, 9, 11, 12, 14, 16, 20, 37, 38, 40, 42, 91, 95, 96, 98, 102, 103, 105, 107, 109, 110, 112],
  ...[118, 120, 121, 123],
  ...range(21, 36),
  ...range(48, 87),
]);

/** The header line's text fields (1-based), quoted like the booking lines' text fields. */
const HEADER_TEXT_FIELDS = new Set([1, 4, 8, 9, 10, 17, 18, 22, 24, 27, 30, 31]);

/**
 * A text for a DATEV field: control characters (line breaks, tabs) become spaces, runs of spaces one, cut to
 * `maxLength` characters (DATEV refuses longer fields, e.g. 60 for the Buchungstext).
 */
export function datevText(value: string, maxLength: number): string {
  const clean = value
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...clean].slice(0, maxLength).join('').trim();
}

/** One field of a line: a text field in double quotes (a quote inside doubled), anything else bare. */
export function datevField(value: string | number | null, text: boolean): string {
  const plain = value === null ? '' : String(value);
  return text ? `"${plain.replace(/"/g, '""')}"` : plain;
}

/** Fields joined with `;`, each quoted or bare by its 1-based position in `textFields`. */
function datevLine(values: readonly (string | number | null)[], textFields: ReadonlySet<number>): string {
  return values.map((value, i) => datevField(value, textFields.has(i + 1))).join(';');
}

/**
 * An amount for the "Umsatz" field: the absolute value in euros with a decimal comma and two decimals, no grouping
 * (`11900` → `119,00`, `-5` → `0,05`). Integer arithmetic: no floating-point rounding. The sign goes to the S/H flag.
 * @throws RangeError when `cents` is not an integer.
 */
export function datevAmount(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  const abs = Math.abs(cents);
  return `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The header's "created" field for `now`: `YYYYMMDDHHMMSSFFF` in `timeZone`. Seconds and milliseconds are the same
 * in every zone whose offset is whole minutes (all of Europe's), so they are read from the instant itself.
 */
export function datevTimestamp(now: Date, timeZone: string): string {
  const local = instantToLocal(now, timeZone).replace(/[-T:]/g, '');
  return `${local}${String(now.getUTCSeconds()).padStart(2, '0')}${String(now.getUTCMilliseconds()).padStart(3, '0')}`;
}

/** `YYYY-MM-DD` → `YYYYMMDD` (the header's dates). */
const compactDate = (day: string) => day.replace(/-/g, '');

/**
 * The header line (31 fields): "EXTF", format 700, category 21 "Buchungsstapel", format version 13, created
 * (`YYYYMMDDHHMMSSFFF`, local time), origin "RE", exported by, consultant, client, fiscal year start, account length,
 * the month's first and last day, a description, booking type 1 (financial accounting), accounting purpose 0, not
 * locked (0: the tax adviser reviews and locks), currency EUR; the chart of accounts is left empty (DATEV takes the
 * client's own; the defaults are SKR03's). Source: DATEV format description, header "Version 700" (decision 0053).
 *
 * @param input.created - `YYYYMMDDHHMMSSFFF` of the moment of export in the shop's time zone.
 * @param input.exportedBy - the user's name (cut to 25 characters).
 */
export function datevHeaderLine(input: {
  settings: DatevSettings;
  month: AccountingMonth;
  firstDay: string;
  lastDay: string;
  created: string;
  exportedBy: string;
}): string {
  const { settings, month } = input;
  const fiscalYearStart = `${month.slice(0, 4)}${String(settings.fiscalYearStartMonth).padStart(2, '0')}01`;
  const fields: (string | number | null)[] = [
    'EXTF',
    700,
    21,
    'Buchungsstapel',
    13,
    input.created,
    null, // imported: written by DATEV
    'RE',
    datevText(input.exportedBy, 25),
    '', // imported by: written by DATEV
    settings.consultantNumber,
    settings.clientNumber,
    fiscalYearStart,
    settings.accountLength,
    compactDate(input.firstDay),
    compactDate(input.lastDay),
    datevText(`Ausgangsrechnungen ${month}`, 30),
    '', // dictation code
    1, // Buchungstyp: Finanzbuchführung
    0, // Rechnungslegungszweck: unabhängig
    0, // Festschreibung: none
    'EUR',
    null,
    '', // derivative flag
    null,
    null,
    '', // chart of accounts: the client's own
    null, // industry solution
    null,
    '',
    '', // application information
  ];
  return datevLine(fields, HEADER_TEXT_FIELDS);
}

/** The line after the header: the 125 column names, bare. */
function datevColumnLine(): string {
  return DATEV_COLUMNS.join(';');
}

/**
 * A document the DATEV file cannot book as configured: its VAT rate is not the one the revenue account (an automatic
 * account) derives. The caller refuses the download rather than write a wrong booking.
 */
export class DatevVatRateError extends Error {
  constructor(
    readonly number: string,
    readonly vatRateBp: number,
  ) {
    super(`${number}: VAT rate ${vatRateBp} bp has no revenue account`);
  }
}

/**
 * The booking line (125 fields) of one document: the gross amount (positive) with S for an invoice (the customer's
 * account is debited) and H for a credit note (credited); account = the debitor account, contra account = the revenue
 * account (automatic: no BU key), document date `DDMM` (the year is the header's), Belegfeld 1 = the document's
 * number, Buchungstext = reference and customer (60 characters), Beleglink = the PDF's file name (as in the month's
 * ZIP), and as document information the reservation, the payment type and a credit note's corrected invoice.
 *
 * @param paymentLabel - the payment type's German name (the snapshot's type id when not given).
 * @throws DatevVatRateError when the document's rate is not `settings.revenueVatRateBp`.
 * @throws RangeError for a zero amount (DATEV refuses it; the caller leaves such documents out).
 * Source: DATEV format description Buchungsstapel, format version 13 (decision 0053).
 */
export function datevBookingLine(doc: AccountingDocument, settings: DatevSettings, paymentLabel?: string): string {
  if (doc.vatRateBp !== settings.revenueVatRateBp) throw new DatevVatRateError(doc.number, doc.vatRateBp);
  if (doc.grossCents === 0) throw new RangeError(`${doc.number}: DATEV books no zero amount`);
  const fields: (string | number | null)[] = Array.from({ length: DATEV_COLUMNS.length }, () => null);
  const set = (column: number, value: string | number) => (fields[column - 1] = value);
  set(1, datevAmount(doc.grossCents));
  set(2, doc.grossCents > 0 ? 'S' : 'H');
  set(3, 'EUR');
  set(7, settings.debitorAccount);
  set(8, settings.revenueAccount);
  set(10, `${doc.issueDate.slice(8, 10)}${doc.issueDate.slice(5, 7)}`);
  set(11, datevText(doc.number, 36));
  set(14, datevText(`${doc.reference} ${doc.customer}`, 60));
  set(20, datevText(doc.fileName, 210));
  set(21, 'Reservierung');
  set(22, datevText(doc.reference, 210));
  set(23, 'Zahlungsart');
  set(24, datevText(paymentLabel ?? doc.paymentType, 210));
  if (doc.correctsNumber) {
    set(25, 'Korrigiert Rechnung');
    set(26, datevText(doc.correctsNumber, 210));
  }
  return datevLine(fields, TEXT_COLUMNS);
}

/**
 * The whole Buchungsstapel as text: header, column names, one booking line per document with an amount (a document
 * of 0,00 € — a booking paid fully with a coupon — is left out: DATEV refuses zero amounts; it stays in the CSV and
 * the ZIP), every line ended by CRLF. Encode it with {@link encodeWindows1252}.
 * @param input.paymentLabels - payment type id → its German name (Beleginfo).
 * @throws DatevVatRateError as {@link datevBookingLine}.
 */
export function datevBuchungsstapel(
  input: Parameters<typeof datevHeaderLine>[0] & {
    docs: readonly AccountingDocument[];
    paymentLabels: Readonly<Record<string, string>>;
  },
): string {
  const lines = [datevHeaderLine(input), datevColumnLine()];
  for (const doc of input.docs) {
    if (doc.grossCents !== 0) lines.push(datevBookingLine(doc, input.settings, input.paymentLabels[doc.paymentType]));
  }
  return lines.map((line) => `${line}\r\n`).join('');
}

/** Windows-1252's bytes 0x80–0x9F (the rest of its first 256 code points are Latin-1's): the characters there. */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

const CP1252 = new Map<string, number>();
for (let byte = 0; byte < 256; byte++) {
  CP1252.set(byte >= 0x80 && byte < 0xa0 ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte), byte);
}

/**
 * `text` in Windows-1252, the code page DATEV reads its import files in: every character it has maps to its byte
 * (the full table, not only the umlauts); another letter with a diacritic falls back to its base letter (`ő` → `o`,
 * `ł` stays `?`), anything else becomes `?`. Source: DATEV format description (ANSI/Windows-1252), decision 0053.
 */
export function encodeWindows1252(text: string): Uint8Array<ArrayBuffer> {
  const bytes: number[] = [];
  for (const char of text) {
    let byte = CP1252.get(char);
    if (byte === undefined) {
      const base = char.normalize('NFD').replace(/\p{M}+/gu, '');
      byte = base.length === 1 ? CP1252.get(base) : undefined;
    }
    bytes.push(byte ?? 0x3f);
  }
  return Uint8Array.from(bytes);
}

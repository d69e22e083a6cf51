/**
 * The customer's documents of a reservation (issue 9): the parking voucher, the invoice and the credit note.
 *
 * - An invoice or credit note is stored once, when it is issued, as {@link InvoiceData} (JSON in the
 *   `invoices` table): seller, buyer, service, line items and totals as they were then. Every later rendering
 *   (HTML frame, PDF, re-download) reads that snapshot and never today's tariff, address or configuration —
 *   §14 UStG invoices must not change once issued; a cancellation issues a credit note instead (§14c UStG,
 *   DESIGN §6).
 * - {@link buildInvoiceView} turns the snapshot into display strings, so the HTML document and the PDF print
 *   the same words and amounts.
 * - The voucher is rendered from the live reservation view (it shows the booking as it stands).
 */
import type { Locale } from '../i18n.ts';
import { formatLocalDateTime } from './date-format.ts';
import { formatIban } from './girocode.ts';
import { formatMoney } from './money.ts';
import type { BankAccount, ReservationView } from './reservation-view.ts';
import { dateTimeFormat, numberFormat } from './intl-cache.ts';

/**
 * What the reservation pages list (`listReservationDocuments` returns it, the document links show it): the voucher
 * (null when not valid), invoice, credit notes, calendar file.
 */
export type ReservationDocuments = {
  voucher: { fileName: string } | null;
  /** `xmlFileName`: the XRechnung beside each PDF (issue 34 item 2) */
  invoice: { number: string; fileName: string; xmlFileName: string; locale: Locale } | null;
  creditNotes: { number: string; fileName: string; xmlFileName: string }[];
  /** invoices of an overstay billed at check-out (issue 33 item 4) */
  overstayInvoices: { number: string; fileName: string; xmlFileName: string }[];
  calendar: { fileName: string } | null;
};

/** `invoice` (RE-YYYY-NNNNNN) or `credit_note` (GS-YYYY-NNNNNN); DESIGN §6. */
export type InvoiceKind = 'invoice' | 'credit_note';

/** Days a customer paying by invoice has to pay (DESIGN §6 Payment types: "pay within 14 days"). */
export const INVOICE_PAYMENT_DAYS = 14;

/**
 * The immutable content of an issued invoice or credit note, stored as JSON (`invoices.data`). Money in integer
 * euro cents, gross unless named net; a credit note stores the credited amounts as negative cents. Times are
 * the airport's local wall-clock times `YYYY-MM-DDTHH:mm`; dates `YYYY-MM-DD` in the shop's time zone.
 * Texts (line descriptions, names) are stored in the document's language, as printed.
 * Source: §14 Abs. 4 UStG (mandatory content), DESIGN §6 (Invoice), issue 9.
 */
export type InvoiceData = {
  version: 1;
  kind: InvoiceKind;
  /** `RE-YYYY-NNNNNN` or `GS-YYYY-NNNNNN` */
  number: string;
  /** for a credit note: the invoice it corrects; else null */
  correctsNumber: string | null;
  locale: Locale;
  /** ISO instant of issue */
  issuedAt: string;
  /** issue date `YYYY-MM-DD` (shop time zone) */
  issueDate: string;
  /** the reservation's reference (to quote with a payment) */
  reference: string;
  /**
   * the seller as configured when issued (`SHOP_NAME` with `SHOP_LEGAL_FORM`, `SHOP_ADDRESS`, `SHOP_VAT_ID`, …);
   * `legal` since issue 30 (absent in snapshots issued before: they print without it, as they were issued)
   */
  seller: {
    name: string;
    address: string;
    vatId: string;
    email: string;
    phone: string;
    legal?: SellerLegalDetails;
  };
  /**
   * the buyer: the separate invoice address when given, else the billing address; `lines` one entry per printed
   * line; `party` the same address in fields for the e-invoice (issue 34; absent in snapshots issued before it)
   */
  buyer: { lines: string[]; party?: BuyerParty };
  /** what was sold: parking at this airport's lot under this tariff for this stay (the service period) */
  service: {
    airport: string;
    iata: string;
    lot: string;
    tariff: string;
    /** `YYYY-MM-DDTHH:mm`, airport local time */
    entryLocal: string;
    exitLocal: string;
    billableDays: number;
    licensePlate: string;
  };
  /**
   * an overstay's own invoice (issue 33 item 4): the extra days and when the car left (airport local time); then
   * `service` runs from the booked exit to that exit and `billableDays` counts the extra days. Absent otherwise.
   */
  overstay?: { extraDays: number; exitLocal: string };
  /** the amounts that make up the total (parking, persons, child seats, discount), gross cents */
  lines: { description: string; cents: number }[];
  /** coupon code of the discount line, if any */
  couponCode: string | null;
  totals: { grossCents: number; netCents: number; vatCents: number; /** 1900 = 19 % */ vatRateBp: number };
  payment: {
    /** payment type id (`invoice`, `on_site`, `online`) */
    type: string;
    /** the payment type's name as printed */
    label: string;
    /** for `invoice`: pay by this date `YYYY-MM-DD` (issue date + {@link INVOICE_PAYMENT_DAYS}); else null */
    dueDate: string | null;
    /** for `invoice` with an amount due: the account to pay to; else null */
    bank: BankAccount | null;
    /** remittance text to quote: `<invoice number> <reference>` */
    remittance: string;
    /**
     * credit note of a booking paid online (issue 13): the amount refunded through the payment provider, gross
     * cents; absent otherwise
     */
    refundCents?: number;
  };
};

/**
 * The buyer of an invoice in fields (issue 34, EN 16931 BG-7): the company, else the person's name; the contact
 * person; street with number, postcode, town, country (ISO 3166 alpha-2); the e-mail address (the billing
 * address's); the VAT ID (BT-48) and the buyer reference (BT-10, e.g. a Leitweg-ID), `''` when none.
 */
export type BuyerParty = {
  name: string;
  contact: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  email: string;
  vatId: string;
  buyerReference: string;
};

/**
 * What § 35a GmbHG (business letters) and § 14 Abs. 4 UStG ask of the seller beyond name and address, from the
 * settings the Impressum uses: legal form (also part of the seller's name), seat (Sitz der Gesellschaft, a town),
 * register court and number (both empty: no register entry) and the managing directors (names, comma-separated).
 * Source: § 35a GmbHG, § 80 AktG, § 37a HGB, § 15b GewO; issue 30 item 6; decision 0045.
 */
type SellerLegalDetails = {
  legalForm: string;
  seat: string;
  registerCourt: string;
  registerNumber: string;
  managingDirectors: string;
};

/**
 * An invoice or credit note as display strings (from {@link buildInvoiceView}); the HTML document and the PDF
 * render exactly these, with their labels from the translations (`document.invoice.*`).
 */
export type InvoiceView = {
  locale: Locale;
  kind: InvoiceKind;
  number: string;
  correctsNumber: string | null;
  reference: string;
  /** e.g. `24.11.2026` */
  issueDate: string;
  /** service period, e.g. `12.01.2027, 10:00 – 15.01.2027, 18:00` */
  servicePeriod: string;
  seller: {
    name: string;
    addressLines: string[];
    vatId: string;
    email: string;
    phone: string;
    /** the company-law details as stored, or null for a snapshot issued without them */
    legal: SellerLegalDetails | null;
  };
  buyerLines: string[];
  service: { airport: string; iata: string; lot: string; tariff: string; billableDays: number; licensePlate: string };
  lines: { description: string; amount: string; cents: number }[];
  couponCode: string | null;
  net: string;
  /** VAT rate as printed, e.g. `19` (or `7,5`) */
  vatRate: string;
  vat: string;
  gross: string;
  grossCents: number;
  payment: {
    type: string;
    label: string;
    /** e.g. `08.12.2026`, or null */
    dueDate: string | null;
    bank: { holder: string; iban: string; bic: string; bankName: string } | null;
    remittance: string;
    /** EPC069-12 payload for the GiroCode (set by the service that knows the payload rules), or null */
    girocodePayload: string | null;
    /** the refund through the payment provider, formatted (credit note of an online payment), or null */
    refund: string | null;
  };
};

/**
 * What the parking voucher shows: the reservation as it stands (airport, lot with address, phone, arrival and
 * return instructions, entry and exit time in the airport's local time, persons, child seats, bulky baggage,
 * licence plate, payment, all-in price, cancellation terms) plus what only the voucher needs.
 * Source: issue 9 (voucher content).
 */
export type VoucherView = {
  reservation: ReservationView;
  /** the QR code's content: the reservation reference, exactly */
  qrPayload: string;
  /** the QR code as an SVG `data:` URL for the HTML document (drawn by the service), or null */
  qrDataUrl: string | null;
  /** absolute URL of the self-service page (reservation lookup; never the secret guest link) */
  manageUrl: string;
  /** amount to pay at the car park, formatted: the total for payment type `on_site`, else `0,00 €` (issue 12 item 3) */
  dueOnSite: string;
  /** the same in cents (0 unless `on_site`) */
  dueOnSiteCents: number;
  /** the shop, for the footer and questions */
  shop: { name: string; email: string; phone: string };
};

/** `2026-12-08` → the locale's short date (`08.12.2026` / `08/12/2026`), without time-zone shifts. */
function formatIsoDate(isoDate: string, locale: Locale): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return dateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** `1900` → `19`, `750` → `7,5` (de) / `7.5` (en). */
function vatRateText(rateBp: number, locale: Locale): string {
  return numberFormat(locale, { maximumFractionDigits: 2 }).format(rateBp / 100);
}

/**
 * Display strings of a stored invoice or credit note, in the document's own language (`data.locale`).
 *
 * @param data - the stored snapshot (money in cents; credit notes negative).
 * @param girocodePayload - the EPC069-12 payload when the document asks for a transfer, else null.
 * @returns the view; amounts via `formatMoney`, dates in the locale's short form.
 * @throws RangeError when a stored amount is not an integer (corrupt snapshot).
 * Source: §14 Abs. 4 UStG, issue 9.
 */
export function buildInvoiceView(data: InvoiceData, girocodePayload: string | null = null): InvoiceView {
  const loc = data.locale;
  const money = (cents: number) => formatMoney(cents, loc);
  const bank = data.payment.bank;
  return {
    locale: loc,
    kind: data.kind,
    number: data.number,
    correctsNumber: data.correctsNumber,
    reference: data.reference,
    issueDate: formatIsoDate(data.issueDate, loc),
    servicePeriod: `${formatLocalDateTime(data.service.entryLocal, loc)} – ${formatLocalDateTime(data.service.exitLocal, loc)}`,
    seller: {
      name: data.seller.name,
      addressLines: data.seller.address
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      vatId: data.seller.vatId,
      email: data.seller.email,
      phone: data.seller.phone,
      legal: data.seller.legal ? { ...data.seller.legal } : null,
    },
    buyerLines: data.buyer.lines,
    service: {
      airport: data.service.airport,
      iata: data.service.iata,
      lot: data.service.lot,
      tariff: data.service.tariff,
      billableDays: data.service.billableDays,
      licensePlate: data.service.licensePlate,
    },
    lines: data.lines.map((l) => ({ description: l.description, amount: money(l.cents), cents: l.cents })),
    couponCode: data.couponCode,
    net: money(data.totals.netCents),
    vatRate: vatRateText(data.totals.vatRateBp, loc),
    vat: money(data.totals.vatCents),
    gross: money(data.totals.grossCents),
    grossCents: data.totals.grossCents,
    payment: {
      type: data.payment.type,
      label: data.payment.label,
      dueDate: data.payment.dueDate ? formatIsoDate(data.payment.dueDate, loc) : null,
      bank: bank ? { holder: bank.holder, iban: formatIban(bank.iban), bic: bank.bic, bankName: bank.bankName } : null,
      remittance: data.payment.remittance,
      girocodePayload,
      refund: data.payment.refundCents ? money(data.payment.refundCents) : null,
    },
  };
}

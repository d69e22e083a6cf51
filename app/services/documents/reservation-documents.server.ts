/**
 * The documents of a reservation (issue 9): which ones it has, their views for the framed HTML documents, and
 * the files to download or attach — the voucher PDF `Parkschein-<reference>.pdf`, the invoice and credit-note
 * PDFs `Rechnung-RE-….pdf` / `Gutschrift-GS-….pdf` (from their stored snapshots; hybrid Factur-X PDFs with the
 * EN 16931 data embedded, issue 34) with their XRechnung files `….xml`, and the calendar file
 * `Parkplatz-<reference>.ics`. Access is decided before: every function here assumes the caller may see the
 * reservation (route helpers answer 404 otherwise).
 */
import { dueOnSiteCents } from '~/domain/document-texts.ts';
import { buildInvoiceView, type InvoiceData, type InvoiceView, type VoucherView } from '~/domain/documents.ts';
import { girocodePayload } from '~/domain/girocode.ts';
import { formatMoney } from '~/domain/money.ts';
import type { ArrivalPassView } from '~/domain/reservation-view.ts';
import { localePath, toLocale, type Locale } from '~/i18n.ts';
import { qrCodeSvgDataUrl } from './girocode.server.ts';
import { findInvoiceDocuments, invoiceIssuerOf } from './invoices.server.ts';
import {
  buildReservationView,
  invoiceBuyerParty,
  type ReservationDetails,
} from '../reservations/reservations.server.ts';
import type { ServiceContext } from '../service-context.ts';
import type { ReservationDocuments } from '~/domain/documents.ts';

/** A downloadable document of a reservation. */
export type DocumentFile = { body: Buffer | string; contentType: string; fileName: string };

/** `Parkschein-<reference>.pdf` (issue 9: "a sensible file name"). */
export function voucherFileName(reference: string): string {
  return `Parkschein-${reference}.pdf`;
}

/** `Rechnung-RE-2026-000001.pdf` or `Gutschrift-GS-2026-000001.pdf`. */
export function invoiceFileName(data: Pick<InvoiceData, 'kind' | 'number'>): string {
  return `${data.kind === 'invoice' ? 'Rechnung' : 'Gutschrift'}-${data.number}.pdf`;
}

/**
 * `Rechnung-RE-2026-000001.xml` or `Gutschrift-GS-2026-000001.xml`: the XRechnung beside each PDF (issue 34 item 2).
 * The same rule as `xmlFileName` of `e-invoice.server.ts`, kept here so listing documents does not load the library.
 */
export function xmlName(data: Pick<InvoiceData, 'kind' | 'number'>): string {
  return invoiceFileName(data).replace(/\.pdf$/, '.xml');
}

/** `Parkplatz-<reference>.ics`. */
function calendarFileName(reference: string): string {
  return `Parkplatz-${reference}.ics`;
}

/**
 * A voucher is valid only for a booking that stands: confirmed (or already completed). A reservation waiting
 * for its online payment or a cancelled one has none (a car park must not accept it).
 */
export function hasVoucher(details: ReservationDetails): boolean {
  return details.reservation.status === 'confirmed' || details.reservation.status === 'completed';
}

/**
 * The documents a reservation has now. Reads (and for reservations confirmed before snapshots existed, writes
 * once) the stored invoice snapshots.
 * @throws on database errors only.
 * Source: issue 9.
 */
export async function listReservationDocuments(
  ctx: ServiceContext,
  details: ReservationDetails,
): Promise<ReservationDocuments> {
  const { invoice, creditNotes, overstayInvoices } = await findInvoiceDocuments(
    ctx.db,
    details,
    invoiceIssuerOf(ctx.env),
  );
  const reference = details.reservation.reference;
  const valid = hasVoucher(details);
  return {
    voucher: valid ? { fileName: voucherFileName(reference) } : null,
    invoice: invoice
      ? {
          number: invoice.number,
          fileName: invoiceFileName(invoice),
          xmlFileName: xmlName(invoice),
          locale: invoice.locale,
        }
      : null,
    creditNotes: creditNotes.map((c) => ({ number: c.number, fileName: invoiceFileName(c), xmlFileName: xmlName(c) })),
    overstayInvoices: overstayInvoices.map((o) => ({
      number: o.number,
      fileName: invoiceFileName(o),
      xmlFileName: xmlName(o),
    })),
    calendar: valid ? { fileName: calendarFileName(reference) } : null,
  };
}

/**
 * The self-service address printed on the voucher and in the calendar: the reservation lookup page (never the
 * secret guest link — a voucher is shown to car-park staff).
 * @param baseUrl - the shop's origin (`PUBLIC_URL`, else the request's).
 */
function manageUrlOf(baseUrl: string, locale: Locale): string {
  return new URL(localePath(locale, '/reservierung'), baseUrl).href;
}

/** The content of the voucher's QR code, which car-park staff scan at check-in: the reference itself. */
function voucherQrPayload(reference: string): string {
  return reference;
}

/**
 * What the reservation pages show first (issue 30 item 5, decision 0044): reference, the voucher's QR code (the
 * same content as on the voucher, drawn as SVG on the server: no script in the browser), entry and exit in airport
 * local time and the car park's address and phone, in `locale`.
 * @returns the pass; `qrDataUrl` is null when the reservation has no valid voucher (pending payment, cancelled).
 * @throws Error from `qrcode` only (cannot happen for an 8-character reference).
 */
export async function buildArrivalPass(details: ReservationDetails, locale: Locale): Promise<ArrivalPassView> {
  const view = buildReservationView(details, locale);
  const { name, addressLines, phone, mapUrl } = view.lot;
  return {
    reference: view.reference,
    status: view.status,
    statusLabel: view.statusLabel,
    entry: view.entry,
    exit: view.exit,
    airport: view.airport,
    lot: { name, addressLines, phone, mapUrl },
    qrDataUrl: hasVoucher(details) ? await qrCodeSvgDataUrl(voucherQrPayload(view.reference)) : null,
  };
}

/**
 * The voucher's view in `locale`; its QR code content is the reference (`qrDataUrl` stays null: the framed
 * HTML voucher draws it with `qrCodeSvgDataUrl`, the PDF draws its own vector code).
 * @returns null when the reservation has no valid voucher (pending payment, cancelled).
 * @throws never for a stored reservation.
 * Source: issue 9 (voucher content).
 */
export function buildVoucherView(
  ctx: ServiceContext,
  details: ReservationDetails,
  input: { locale: Locale; baseUrl: string },
): VoucherView | null {
  if (!hasVoucher(details)) return null;
  const r = details.reservation;
  // The voucher shows no bank transfer: the view needs no account and no GiroCode image.
  const reservation = buildReservationView(details, input.locale, undefined, {
    delayFreeHours: ctx.env.FLIGHT_DELAY_FREE_HOURS,
  });
  return {
    reservation,
    qrPayload: voucherQrPayload(r.reference),
    // drawn only where an <img> shows it (the framed HTML voucher); the PDF draws the code itself
    qrDataUrl: null,
    manageUrl: manageUrlOf(input.baseUrl, input.locale),
    dueOnSite: formatMoney(dueOnSiteCents(r.paymentType, r.totalCents), input.locale),
    dueOnSiteCents: dueOnSiteCents(r.paymentType, r.totalCents),
    shop: { name: ctx.env.SHOP_NAME, email: ctx.env.SHOP_EMAIL, phone: ctx.env.SHOP_PHONE },
  };
}

/**
 * The display view of a stored invoice or credit note, with the GiroCode payload when it asks for a transfer
 * (stored bank account, gross amount, remittance text; null when the payload would break EPC069-12 limits).
 * @throws RangeError for a corrupt snapshot (non-integer cents).
 * Source: issue 9, EPC069-12.
 */
function invoiceViewOf(data: InvoiceData): InvoiceView {
  const bank = data.payment.bank;
  let payload: string | null = null;
  if (data.kind === 'invoice' && bank && data.totals.grossCents > 0) {
    try {
      payload = girocodePayload({
        bic: bank.bic,
        name: bank.holder,
        iban: bank.iban,
        amountCents: data.totals.grossCents,
        text: data.payment.remittance,
      });
    } catch {
      payload = null;
    }
  }
  return buildInvoiceView(data, payload);
}

/**
 * The stored snapshot of a reservation's invoice (`number` omitted or the invoice's number), credit note or overstay
 * invoice (`number` = its number); null when it has no such document.
 * @throws on database errors only.
 */
async function findInvoiceData(
  ctx: ServiceContext,
  details: ReservationDetails,
  number?: string,
): Promise<InvoiceData | null> {
  const { invoice, creditNotes, overstayInvoices } = await findInvoiceDocuments(
    ctx.db,
    details,
    invoiceIssuerOf(ctx.env),
  );
  if (number === undefined) return invoice;
  return [invoice, ...creditNotes, ...overstayInvoices].find((d) => d?.number === number) ?? null;
}

/**
 * The stored invoice (`number` omitted or the invoice's number), credit note or overstay invoice (`number` = its
 * number) of a reservation, as a view; null when it has no such document.
 * @throws on database errors only.
 */
export async function findInvoiceView(
  ctx: ServiceContext,
  details: ReservationDetails,
  number?: string,
): Promise<InvoiceView | null> {
  const data = await findInvoiceData(ctx, details, number);
  return data ? invoiceViewOf(data) : null;
}

/**
 * The file named `fileName` of a reservation, rendered now: the voucher PDF and the calendar in `locale`
 * (default: the booking's language), invoices and credit notes from their stored snapshots (always in the
 * language they were issued in, identical on every download).
 *
 * @param input.fileName - exactly one of the names {@link listReservationDocuments} offers.
 * @param input.baseUrl - the shop's origin for the self-service link.
 * @returns the file, or null for any other name (the caller answers 404).
 * @throws on database or rendering errors.
 * Source: issue 9 (download PDF link with a sensible file name; `.ics` download).
 */
export async function reservationDocumentFile(
  ctx: ServiceContext,
  details: ReservationDetails,
  input: { fileName: string; baseUrl: string; locale?: Locale },
): Promise<DocumentFile | null> {
  const r = details.reservation;
  const locale = toLocale(input.locale ?? r.locale);
  const { fileName } = input;
  // The renderers (pdfkit with its fonts, qrcode, ical-generator: ≈ 30 MB of one process's memory) load on the
  // first document, not at start: a web worker that never serves a download does not carry them (issue 11).
  if (fileName === voucherFileName(r.reference)) {
    const view = buildVoucherView(ctx, details, { locale, baseUrl: input.baseUrl });
    if (!view) return null;
    const { renderVoucherPdf } = await import('./voucher-pdf.server.ts');
    return { body: await renderVoucherPdf(view), contentType: 'application/pdf', fileName };
  }
  if (fileName === calendarFileName(r.reference)) {
    if (!hasVoucher(details)) return null;
    const { reservationCalendar } = await import('./calendar.server.ts');
    const manageUrl = manageUrlOf(input.baseUrl, locale);
    const body = reservationCalendar(details, {
      host: new URL(input.baseUrl).hostname,
      manageUrl,
      now: ctx.now(),
      locale,
    });
    return { body, contentType: 'text/calendar; charset=utf-8', fileName };
  }
  const match = /^(?:Rechnung|Gutschrift)-((?:RE|GS)-\d{4}-\d{6})\.(pdf|xml)$/.exec(fileName);
  if (!match) return null;
  const data = await findInvoiceData(ctx, details, match[1]);
  if (!data) return null;
  const format = match[2] === 'xml' ? 'xml' : 'pdf';
  if ((format === 'xml' ? xmlName(data) : invoiceFileName(data)) !== fileName) return null;
  return invoiceSnapshotFile(details, data, format);
}

/**
 * The Factur-X PDF (`Rechnung-RE-….pdf`) or the XRechnung (`….xml`) of one stored snapshot of `details`' reservation —
 * any of its documents, also an invoice a later change superseded (the accountant's month, issue 34 item 5, needs
 * every document issued; the reservation's pages offer only the current ones).
 * @throws on rendering errors.
 */
export async function invoiceSnapshotFile(
  details: Pick<ReservationDetails, 'reservation'>,
  data: InvoiceData,
  format: 'pdf' | 'xml',
): Promise<DocumentFile> {
  // Snapshots issued before the buyer was stored in fields take the reservation's address as it is now.
  const buyer = invoiceBuyerParty(details.reservation);
  const { facturXPdf, renderXRechnung } = await import('./e-invoice.server.ts');
  if (format === 'xml') {
    const body = await renderXRechnung(data, buyer);
    return { body, contentType: 'application/xml; charset=utf-8', fileName: xmlName(data) };
  }
  const { renderInvoicePdf } = await import('./invoice-pdf.server.ts');
  const pdf = await renderInvoicePdf(invoiceViewOf(data));
  return { body: await facturXPdf(data, pdf, buyer), contentType: 'application/pdf', fileName: invoiceFileName(data) };
}

/**
 * The invoice or credit note as a PDF (issue 9): an A4 business letter after DIN 5008 (form B, simplified) with
 * the content §14 Abs. 4 UStG asks for — seller with address and VAT id, buyer, number, issue date, service and
 * service period, the amounts with net, VAT rate and VAT, gross — and how to pay (bank account and GiroCode for
 * payment by invoice). The HTML twin is `app/components/documents/invoice-document.tsx`; both take their labels
 * from `document.invoice.*` and print the strings of `InvoiceView` (`buildInvoiceView`) as they are.
 */
import { invoicePaymentText, invoiceTitle, invoiceTransferAccount, sellerLegalLines } from '~/domain/document-texts.ts';
import type { InvoiceView } from '~/domain/documents.ts';
import { translator, type Translate } from '~/i18n.server.ts';
import { A4, COLORS, MM, PdfLayout } from './pdf-layout.server.ts';

// DIN 5008 form B: left margin 25 mm, right 20 mm; address field 45 mm from the top (return line in its
// top zone, the recipient from 62.7 mm); information block from 50 mm at 125 mm from the left; subject ~98 mm.
const MARGINS = { top: 18 * MM, right: 20 * MM, bottom: 26 * MM, left: 25 * MM };
const ADDRESS_TOP = 45 * MM;
const RECIPIENT_TOP = 62.7 * MM;
const ADDRESS_WIDTH = 80 * MM;
const INFO_X = 125 * MM;
const INFO_TOP = 50 * MM;
const SUBJECT_TOP = 98.5 * MM;
const GIROCODE_SIZE = 32 * MM;

/**
 * Renders the invoice or credit note of `view` in `view.locale`.
 *
 * @param view - from `buildInvoiceView` (amounts already formatted; a credit note's are negative). When
 *   `payment.girocodePayload` is set the GiroCode is drawn beside the bank details as a vector QR code
 *   (error correction M, content exactly the payload).
 * @returns the PDF (A4, fonts embedded, compressed; Title e.g. `Rechnung RE-2026-000123`, Author the seller).
 *   Long item lists flow onto further pages; the footer (seller, address, VAT id, seat, register entry, managing
 *   directors, page x of y) is on each.
 * @throws Error when the font files are missing (`assets/fonts`), or from `qrcode` for an oversized payload.
 * Source: §14 Abs. 4 UStG (mandatory content), §14c UStG / DESIGN §6 (credit notes), § 35a GmbHG (business
 *   letters; issue 30 item 6), DIN 5008 (layout), EPC069-12 (GiroCode), issue 9.
 */
export async function renderInvoicePdf(view: InvoiceView): Promise<Buffer> {
  const t = translator(view.locale);
  const title = invoiceTitle(view, t);
  const pdf = new PdfLayout(
    { title: `${title} ${view.number}`, author: view.seller.name, subject: view.reference, locale: view.locale },
    MARGINS,
  );
  // The content stops above the footer, however many lines the seller's address takes.
  pdf.margins.bottom = Math.max(MARGINS.bottom, FOOTER_BOTTOM + footerHeight(pdf, view, t) + 8 * MM);

  const letterBottom = drawLetterhead(pdf, view, t);
  pdf.y = Math.max(SUBJECT_TOP, letterBottom + 8 * MM);

  pdf.text(`${title} ${view.number}`, { size: 15, bold: true, gapAfter: 2 });
  if (view.kind === 'credit_note' && view.correctsNumber) {
    pdf.text(t('document.invoice.corrects', { number: view.correctsNumber }), { size: 10.5, bold: true, gapAfter: 2 });
  }
  pdf.space(5 * MM);
  pdf.text(t(`document.invoice.intro.${view.kind}`), { size: 10, gapAfter: 5 * MM });

  drawService(pdf, view, t);
  drawItems(pdf, view, t);
  drawPayment(pdf, view, t);

  return pdf.finish((page, pages) => drawFooter(pdf, view, t, page, pages));
}

/**
 * Page 1 above the subject: the seller's name as letterhead, the seller's address and contact details on the
 * right, the return line and the buyer's address in the address field, the information block.
 * @returns the lowest y used.
 */
function drawLetterhead(pdf: PdfLayout, view: InvoiceView, t: Translate): number {
  const seller = view.seller;
  const rightWidth = pdf.right - INFO_X;

  // Fold and punch marks on the left edge (DIN 5008: 105 mm, 210 mm; hole 148.5 mm).
  for (const [y, length] of [
    [105 * MM, 4 * MM],
    [148.5 * MM, 6 * MM],
    [210 * MM, 4 * MM],
  ]) {
    pdf.rule(y, 4 * MM, 4 * MM + length, COLORS.muted, 0.5);
  }

  pdf.textAt(seller.name, pdf.left, MARGINS.top, INFO_X - pdf.left - 6 * MM, {
    size: 16,
    bold: true,
    color: COLORS.accent,
  });
  const contact = [
    ...seller.addressLines,
    `${t('document.common.phone')}: ${seller.phone}`,
    `${t('document.common.email')}: ${seller.email}`,
    `${t('document.common.vat_id')} ${seller.vatId}`,
  ].join('\n');
  const contactBottom =
    MARGINS.top + pdf.textAt(contact, INFO_X, MARGINS.top, rightWidth, { size: 8.5, color: COLORS.muted, lineGap: 1 });

  // Address field: return line (small, underlined by a hairline), then the recipient.
  const returnLine = [seller.name, ...seller.addressLines].join(' · ');
  const returnHeight = pdf.measure(returnLine, ADDRESS_WIDTH, { size: 7 });
  const returnTop = RECIPIENT_TOP - 3 * MM - returnHeight;
  pdf.textAt(returnLine, pdf.left, Math.max(ADDRESS_TOP, returnTop), ADDRESS_WIDTH, { size: 7, color: COLORS.muted });
  pdf.rule(RECIPIENT_TOP - 2 * MM, pdf.left, pdf.left + ADDRESS_WIDTH, COLORS.line, 0.5);
  const recipientBottom =
    RECIPIENT_TOP + pdf.textAt(view.buyerLines.join('\n'), pdf.left, RECIPIENT_TOP, ADDRESS_WIDTH, { size: 10.5 });

  // Information block.
  const infoTop = Math.max(INFO_TOP, contactBottom + 6 * MM);
  const rows: [string, string][] = [
    [t(`document.invoice.field.number.${view.kind}`), view.number],
    [t('document.invoice.field.corrects'), view.kind === 'credit_note' ? (view.correctsNumber ?? '') : ''],
    [t(`document.invoice.field.issue_date.${view.kind}`), view.issueDate],
    [t('document.invoice.field.reference'), view.reference],
    [t('document.invoice.field.service_period'), view.servicePeriod.replace(' – ', ' –\n')],
  ];
  const infoBottom =
    infoTop + pdf.keyValuesAt(rows, INFO_X, infoTop, rightWidth, { labelWidth: 30 * MM, size: 8.5, rowGap: 2.5 });

  return Math.max(recipientBottom, infoBottom);
}

/** What was sold: parking at the airport, car park, tariff, days charged, licence plate. */
function drawService(pdf: PdfLayout, view: InvoiceView, t: Translate): void {
  const s = view.service;
  const rows: [string, string][] = [
    [
      t('document.invoice.service.heading'),
      t('document.invoice.service.description', { airport: s.airport, iata: s.iata }),
    ],
    [t('document.invoice.service.lot'), s.lot],
    [t('document.invoice.service.tariff'), s.tariff],
    [t('document.invoice.service.days'), String(s.billableDays)],
    [t('document.invoice.service.license_plate'), s.licensePlate],
  ];
  const options = { labelWidth: 40 * MM, size: 9.5 };
  const height = pdf.measureKeyValues(rows, pdf.width, options);
  pdf.ensureSpace(height);
  pdf.y += pdf.keyValuesAt(rows, pdf.left, pdf.y, pdf.width, options) + 5 * MM;
}

/** The line items, then net, VAT and gross; the coupon code below when no line names it. */
function drawItems(pdf: PdfLayout, view: InvoiceView, t: Translate): void {
  const amountWidth = 38 * MM;
  pdf.table(
    [
      { header: t('document.invoice.table.description'), width: pdf.width - amountWidth },
      { header: t('document.invoice.table.amount'), width: amountWidth, align: 'right' },
    ],
    [
      ...view.lines.map((l) => ({ cells: [l.description, l.amount] })),
      { cells: [t('document.invoice.net'), view.net], ruleAbove: true },
      { cells: [t('document.invoice.vat', { rate: view.vatRate }), view.vat] },
      { cells: [t('document.invoice.gross'), view.gross], bold: true, ruleAbove: true, size: 11 },
    ],
    // the totals stay together, with the last item above them
    { keepLast: 4 },
  );
  pdf.rule(pdf.y, pdf.left, pdf.right, COLORS.ink, 0.75);
  pdf.rule(pdf.y + 1.5, pdf.left, pdf.right, COLORS.ink, 0.75);
  pdf.space(3 * MM);
  if (view.couponCode) {
    pdf.text(t('document.invoice.coupon', { code: view.couponCode }), { size: 9, color: COLORS.muted });
  }
  pdf.space(5 * MM);
}

/** How the amount is settled: bank transfer with account and GiroCode, a sentence, or the credit. */
function drawPayment(pdf: PdfLayout, view: InvoiceView, t: Translate): void {
  const sentence = invoicePaymentText(view, t);
  const bank = invoiceTransferAccount(view);
  const payload = bank ? view.payment.girocodePayload : null;
  const rows: [string, string][] = bank
    ? [
        [t('document.invoice.bank.holder'), bank.holder],
        [t('document.invoice.bank.iban'), bank.iban],
        [t('document.invoice.bank.bic'), bank.bic],
        [t('document.invoice.bank.bank'), bank.bankName],
        [t('document.invoice.bank.remittance'), view.payment.remittance],
      ]
    : [];
  const qrBlock = payload ? GIROCODE_SIZE : 0;
  const rowsWidth = pdf.width - (payload ? GIROCODE_SIZE + 8 * MM : 0);
  const kv = { labelWidth: 40 * MM, size: 9.5 };
  const hint = t('document.invoice.girocode_hint');
  const hintHeight = payload ? pdf.measure(hint, rowsWidth, { size: 8 }) + 4 : 0;
  const bodyHeight = Math.max(qrBlock, pdf.measureKeyValues(rows, rowsWidth, kv) + hintHeight);
  pdf.heading(t('document.invoice.payment.heading'), {
    keepWith: pdf.measure(sentence, pdf.width, { size: 10 }) + 4 + bodyHeight,
  });
  pdf.text(sentence, { size: 10, gapAfter: 3 * MM });
  if (!bank) {
    pdf.space(4 * MM);
    return;
  }
  const top = pdf.y;
  let y = top + pdf.keyValuesAt(rows, pdf.left, top, rowsWidth, { ...kv, boldValues: true });
  if (payload) {
    pdf.qr(payload, pdf.right - GIROCODE_SIZE, top - 2 * MM, GIROCODE_SIZE, { level: 'M', quietModules: 4 });
    y += 4 + pdf.textAt(hint, pdf.left, y + 4, rowsWidth, { size: 8, color: COLORS.muted });
  }
  pdf.y = Math.max(y, top + qrBlock) + 6 * MM;
}

/**
 * The footer's three columns: seller, address and seat | phone, e-mail, VAT id and page x of y | register court and
 * number and managing directors (§ 35a GmbHG; without a register entry the owners).
 */
function footerColumns(view: InvoiceView, t: Translate, page: number, pages: number): string[] {
  const seller = view.seller;
  const legal = sellerLegalLines(seller, t);
  return [
    [seller.name, seller.addressLines.join(', '), ...(legal.seat ? [legal.seat] : [])].join('\n'),
    [
      `${t('document.common.phone')}: ${seller.phone}`,
      `${t('document.common.email')}: ${seller.email}`,
      `${t('document.common.vat_id')} ${seller.vatId}`,
      t('document.common.page', { page, pages }),
    ].join('\n'),
    legal.register.join('\n'),
  ];
}

const FOOTER_STYLE = { size: 7, color: COLORS.muted, lineGap: 0.8 };
const FOOTER_BOTTOM = 10 * MM;
/** Shares of the text width: the register column is the widest, so court and directors rarely wrap. */
const FOOTER_SHARES = [0.32, 0.27, 0.41];
const FOOTER_GAP = 4 * MM;

/** Left edge and width (points) of footer column `i`. */
function footerColumn(pdf: PdfLayout, i: number): { x: number; width: number } {
  const before = FOOTER_SHARES.slice(0, i).reduce((sum, share) => sum + share, 0);
  const last = i === FOOTER_SHARES.length - 1;
  return { x: pdf.left + before * pdf.width, width: FOOTER_SHARES[i] * pdf.width - (last ? 0 : FOOTER_GAP) };
}

/** Height of the footer (points): its tallest column. */
function footerHeight(pdf: PdfLayout, view: InvoiceView, t: Translate): number {
  return Math.max(
    ...footerColumns(view, t, 9, 9).map((text, i) => pdf.measure(text, footerColumn(pdf, i).width, FOOTER_STYLE)),
  );
}

/** Seller, address, contact, VAT id, company-law lines and page x of y at the foot of the page, above a hairline. */
function drawFooter(pdf: PdfLayout, view: InvoiceView, t: Translate, page: number, pages: number): void {
  const top = A4.height - FOOTER_BOTTOM - footerHeight(pdf, view, t);
  pdf.rule(top - 3 * MM);
  footerColumns(view, t, page, pages).forEach((text, i) => {
    const { x, width } = footerColumn(pdf, i);
    pdf.textAt(text, x, top, width, { ...FOOTER_STYLE, align: i === FOOTER_SHARES.length - 1 ? 'right' : 'left' });
  });
}

/**
 * The parking voucher as a PDF (issue 9): one A4 page in the booking's language with the reference as large
 * text and as a QR code, the times, the car park and how to get there and back, the booking's details, price
 * and payment, the cancellation terms and the self-service link. The HTML twin is
 * `app/components/documents/voucher-document.tsx`; both take their labels from `document.voucher.*`.
 */
import { voucherAllInText } from '~/domain/document-texts.ts';
import type { VoucherView } from '~/domain/documents.ts';
import { translator } from '~/i18n.server.ts';
import { A4, COLORS, MM, PdfLayout, type TextStyle } from './pdf-layout.server.ts';

const MARGINS = { top: 16 * MM, right: 18 * MM, bottom: 24 * MM, left: 18 * MM };
const QR_SIZE = 38 * MM;
/** Gap between two columns, and the height of a column heading with its rule (points). */
const COLUMN_GAP = 8 * MM;
const COLUMN_HEADING = 22;

/**
 * Renders the voucher of `view` in `view.reservation.locale`.
 *
 * @param view - from the voucher service; `qrPayload` is the reference (8 characters), drawn as a vector QR code
 *   (error correction M, quiet zone 4 modules).
 * @returns the PDF (A4, fonts embedded, compressed; Title `Parkschein <reference>`, Author the shop's name).
 *   Normally one page; very long lot texts flow onto a second page, with the footer on each.
 * @throws Error when the font files are missing (`assets/fonts`).
 * Source: issue 9 (voucher content).
 */
export async function renderVoucherPdf(view: VoucherView): Promise<Buffer> {
  const r = view.reservation;
  const t = translator(r.locale);
  const pdf = new PdfLayout(
    {
      title: t('document.voucher.meta_title', { reference: r.reference }),
      author: view.shop.name,
      subject: t('document.voucher.subject', { airport: r.airport.name, entry: r.entry, exit: r.exit }),
      locale: r.locale,
    },
    MARGINS,
  );

  // Letterhead: shop name and title.
  pdf.text(view.shop.name, { size: 11, bold: true, color: COLORS.accent, gapAfter: 2 });
  pdf.text(t('document.voucher.title'), { size: 24, bold: true, gapAfter: 3 });
  pdf.text(t('document.voucher.intro'), { size: 9.5, color: COLORS.muted, gapAfter: 10 });

  drawHero(pdf, view);
  drawDetails(pdf, view);

  for (const [title, body] of [
    [t('document.voucher.section.arrival'), r.lot.arrivalInstructions],
    [t('document.voucher.section.return'), r.lot.returnInstructions],
  ]) {
    if (!body) continue;
    pdf.heading(title, { keepWith: Math.min(60, pdf.measure(body, pdf.width, { size: 9.5 })) });
    pdf.text(body, { size: 9.5, gapAfter: 4 * MM });
  }
  drawColumns(pdf, [
    {
      title: t('document.voucher.section.cancellation'),
      paragraphs: [{ text: r.cancellation, style: { size: 9.5 } }],
    },
    {
      title: t('document.voucher.section.manage'),
      paragraphs: [
        { text: t('document.voucher.manage_text'), style: { size: 9.5 } },
        { text: view.manageUrl, style: { size: 9.5, color: COLORS.accent, link: view.manageUrl, underline: true } },
      ],
    },
  ]);

  return pdf.finish((page, pages) => {
    const top = A4.height - MARGINS.bottom + 8 * MM;
    pdf.rule(top - 3 * MM);
    pdf.textAt(t('document.voucher.footer_questions'), pdf.left, top, pdf.width, {
      size: 8,
      color: COLORS.muted,
    });
    const contact = [view.shop.name, view.shop.email, view.shop.phone].filter(Boolean).join('  ·  ');
    pdf.textAt(contact, pdf.left, top + 11, pdf.width * 0.8, { size: 8, bold: true });
    if (pages > 1) {
      pdf.textAt(t('document.common.page', { page, pages }), pdf.left, top + 11, pdf.width, {
        size: 8,
        color: COLORS.muted,
        align: 'right',
      });
    }
  });
}

/** The framed box: reference (large) and QR code, entry and exit time. */
function drawHero(pdf: PdfLayout, view: VoucherView): void {
  const r = view.reservation;
  const t = translator(r.locale);
  const pad = 5 * MM;
  const top = pdf.y;
  const qrX = pdf.right - pad - QR_SIZE;
  const textWidth = qrX - pdf.left - 2 * pad;
  const x = pdf.left + pad;

  const hintHeight = pdf.measure(t('document.voucher.qr_hint'), QR_SIZE, { size: 7 });
  const timeRows: [string, string][] = [
    [t('document.voucher.field.entry'), r.entry],
    [t('document.voucher.field.exit'), r.exit],
  ];
  const height = Math.max(QR_SIZE + 2 + hintHeight, 58 + pdf.measureKeyValues(timeRows, textWidth) + 10) + 2 * pad;
  pdf.ensureSpace(height);

  pdf.doc
    .save()
    .roundedRect(pdf.left, top, pdf.width, height, 8)
    .fillAndStroke(COLORS.accentSoft, COLORS.accent)
    .restore();

  let y = top + pad;
  y += pdf.textAt(t('document.voucher.reference'), x, y, textWidth, { size: 9, color: COLORS.muted }) + 2;
  y += pdf.textAt(r.reference, x, y, textWidth, { size: 30, bold: true, characterSpacing: 1.5 }) + 8;
  pdf.keyValuesAt(timeRows, x, y, textWidth, { labelWidth: 24 * MM, size: 12, boldValues: true, rowGap: 5 });

  pdf.qr(view.qrPayload, qrX, top + pad, QR_SIZE, { level: 'M', quietModules: 4 });
  pdf.textAt(t('document.voucher.qr_hint'), qrX, top + pad + QR_SIZE + 2, QR_SIZE, {
    size: 7,
    color: COLORS.muted,
    align: 'center',
  });
  pdf.y = top + height + 4 * MM;
}

/** Two columns: airport and car park | the booking, price and payment. */
function drawDetails(pdf: PdfLayout, view: VoucherView): void {
  const r = view.reservation;
  const t = translator(r.locale);
  const colWidth = (pdf.width - COLUMN_GAP) / 2;
  const rightX = pdf.left + colWidth + COLUMN_GAP;
  const none = t('document.voucher.none');

  const lotLines = [r.lot.operator, ...r.lot.addressLines].filter(Boolean).join('\n');
  const lotRows: [string, string][] = [
    [t('document.voucher.field.phone'), r.lot.phone],
    [t('document.voucher.field.opening_hours'), r.lot.openingHours],
  ];
  const bookingRows: [string, string][] = [
    [t('document.voucher.field.tariff'), r.tariff.name],
    [t('document.voucher.field.duration'), r.daysLabel],
    [t('document.voucher.field.persons'), String(r.personCount)],
    [t('document.voucher.field.child_seats'), String(r.childrenSeat)],
    [t('document.voucher.field.bulky_baggage'), r.bulkyBaggage.length ? r.bulkyBaggage.join(', ') : none],
    [t('document.voucher.field.license_plate'), r.licensePlate || none],
    // the flight numbers in one row, only when given (issue 12 item 5; the voucher stays one page)
    ...flightRow(r, t),
  ];
  const priceRows: [string, string][] = [
    [t('document.voucher.field.payment'), r.payment.label],
    [t('document.voucher.field.due_on_site'), view.dueOnSite],
  ];
  const kv = { labelWidth: 28 * MM, size: 9.5 };
  const kvRight = { labelWidth: 38 * MM, size: 9.5 };

  const airportLine = `${r.airport.name} (${r.airport.iata})`;
  const leftHeight =
    COLUMN_HEADING +
    pdf.measure(airportLine, colWidth, { size: 10.5, bold: true }) +
    3 +
    pdf.measure(r.lot.name, colWidth, { size: 10.5, bold: true }) +
    2 +
    pdf.measure(lotLines, colWidth, { size: 9.5 }) +
    6 +
    pdf.measureKeyValues(lotRows, colWidth, kv);
  const totalLine = `${r.total.label}: ${r.total.amount}`;
  const allIn = voucherAllInText(view.dueOnSite, view.dueOnSiteCents, t);
  const rightHeight =
    2 * COLUMN_HEADING +
    pdf.measureKeyValues(bookingRows, colWidth, kvRight) +
    6 +
    pdf.measureKeyValues(priceRows, colWidth, kvRight) +
    6 +
    pdf.measure(totalLine, colWidth, { size: 12, bold: true }) +
    2 +
    pdf.measure(`${r.vat.label}: ${r.vat.amount}`, colWidth, { size: 8 }) +
    4 +
    pdf.measure(allIn, colWidth, { size: 9, bold: true });
  pdf.ensureSpace(Math.max(leftHeight, rightHeight));
  const top = pdf.y;

  const heading = (text: string, x: number, y: number) => columnHeading(pdf, text, x, y, colWidth);

  // Left: airport and car park.
  let y = top + heading(t('document.voucher.section.lot'), pdf.left, top);
  y += pdf.textAt(airportLine, pdf.left, y, colWidth, { size: 10.5, bold: true }) + 3;
  y += pdf.textAt(r.lot.name, pdf.left, y, colWidth, { size: 10.5, bold: true }) + 2;
  y += pdf.textAt(lotLines, pdf.left, y, colWidth, { size: 9.5 }) + 6;
  y += pdf.keyValuesAt(lotRows, pdf.left, y, colWidth, kv);
  const leftBottom = y;

  // Right: the booking, then price and payment.
  y = top + heading(t('document.voucher.section.booking'), rightX, top);
  y += pdf.keyValuesAt(bookingRows, rightX, y, colWidth, kvRight) + 6;
  y += heading(t('document.voucher.section.price'), rightX, y);
  y += pdf.keyValuesAt(priceRows, rightX, y, colWidth, kvRight) + 6;
  y += pdf.textAt(totalLine, rightX, y, colWidth, { size: 12, bold: true }) + 2;
  y += pdf.textAt(`${r.vat.label}: ${r.vat.amount}`, rightX, y, colWidth, { size: 8, color: COLORS.muted }) + 4;
  y += pdf.textAt(allIn, rightX, y, colWidth, { size: 9, bold: true, color: COLORS.success });

  pdf.y = Math.max(leftBottom, y) + 5 * MM;
}

/** A titled column of paragraphs for {@link drawColumns}. */
type Column = { title: string; paragraphs: { text: string; style: TextStyle }[] };

/** A column heading (accent, with a hairline below) at (`x`, `y`); returns its height. */
function columnHeading(pdf: PdfLayout, text: string, x: number, y: number, width: number): number {
  pdf.textAt(text, x, y, width, { size: 11, bold: true, color: COLORS.accent });
  pdf.rule(y + 15, x, x + width);
  return COLUMN_HEADING;
}

/** Two titled columns side by side at the cursor, kept on one page; the cursor moves below the taller one. */
function drawColumns(pdf: PdfLayout, columns: [Column, Column]): void {
  const width = (pdf.width - COLUMN_GAP) / 2;
  const heights = columns.map(
    (c) => COLUMN_HEADING + c.paragraphs.reduce((sum, p) => sum + pdf.measure(p.text, width, p.style) + 2, 0),
  );
  pdf.ensureSpace(Math.max(...heights));
  const top = pdf.y;
  let bottom = top;
  columns.forEach((column, i) => {
    const x = pdf.left + i * (width + COLUMN_GAP);
    let y = top + columnHeading(pdf, column.title, x, top, width);
    for (const p of column.paragraphs) y += pdf.textAt(p.text, x, y, width, p.style) + 2;
    bottom = Math.max(bottom, y);
  });
  pdf.y = bottom + 4 * MM;
}

/** `EW 9542 / EW 9543` (a dash for the one not given) as one row "Flüge (hin / zurück)", or no row. */
function flightRow(
  r: VoucherView['reservation'],
  t: (key: string, params?: Record<string, string | number>) => string,
): [string, string][] {
  if (!r.outboundFlightNumber && !r.returnFlightNumber) return [];
  return [[t('document.voucher.field.flights'), `${r.outboundFlightNumber || '–'} / ${r.returnFlightNumber || '–'}`]];
}

/**
 * The PDF toolkit of the customer's documents (issue 9): an A4 page with margins and metadata, the embedded
 * Liberation Sans fonts, wrapped text blocks, label/value rows, a table, vector QR codes, a footer on every page,
 * and the finished file as a Buffer. Built on pdfkit; the voucher (`voucher-pdf.server.ts`) and the invoice
 * (`invoice-pdf.server.ts`) only decide what goes where.
 *
 * Units are PDF points (1/72 inch) unless named `…Mm`; the y axis points down from the top of the page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { intlLocale } from '~/domain/localized.ts';
import type { Locale } from '~/i18n.ts';

/** Points per millimetre. */
export const MM = 72 / 25.4;

/** A4 portrait in points (ISO 216: 210 × 297 mm). */
export const A4 = { width: 595.28, height: 841.89 } as const;

/** The site's palette (`app/app.css` `@theme`), so the PDF looks like the shop. */
export const COLORS = {
  ink: '#14202e',
  muted: '#4a5a6b',
  line: '#d9e0e8',
  accent: '#0b5cad',
  accentSoft: '#e6f0fa',
  success: '#1f7a3f',
  white: '#ffffff',
  black: '#000000',
} as const;

const FONT_FILES = { regular: 'LiberationSans-Regular.ttf', bold: 'LiberationSans-Bold.ttf' } as const;
const FONT_DIR = path.join('assets', 'fonts');

/**
 * The directory holding the shipped fonts (`assets/fonts`): the first ancestor of this module's directory that
 * has it, else `<cwd>/assets/fonts`. The module sits at `app/services/documents/` in the sources (dev server,
 * vitest) and is bundled into `build/server/…` in the production build; both lie below the project root, which
 * holds `assets/fonts`, so the walk finds it wherever the process was started.
 *
 * @returns an absolute directory path (not checked further; reading a font reports a missing file).
 */
function fontDirectory(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, FONT_DIR);
    if (fs.existsSync(path.join(candidate, FONT_FILES.regular))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(process.cwd(), FONT_DIR);
    dir = parent;
  }
}

/** The two fonts, read and parsed once per process (see {@link fonts}). */
let fontCache: { regular: fontkit.Font; bold: fontkit.Font } | null = null;

/**
 * Parses one shipped TrueType file with fontkit.
 * @throws Error when the file is missing or is a font collection rather than one font.
 */
function parseFont(file: string): fontkit.Font {
  const font = fontkit.create(fs.readFileSync(file));
  if (!('layout' in font)) throw new Error(`${file}: a font collection, expected one TrueType font`);
  return font;
}

/**
 * The Liberation Sans regular and bold fonts (SIL Open Font License, `assets/fonts/`, about 270 kB), parsed once
 * per process and shared by every document. pdfkit (≥ 0.16) accepts a fontkit font instead of the file's bytes;
 * given the bytes it would parse the font again for each document, and the tables fontkit decodes lazily (cmap,
 * glyph outlines, metrics, GSUB/GPOS) would be decoded again too: that was about a third of a voucher's render
 * time (decision 0039). Each document still embeds its own subset of the glyphs it uses.
 * @throws Error (ENOENT) when the fonts are missing from the deployment.
 */
function fonts(): { regular: fontkit.Font; bold: fontkit.Font } {
  if (!fontCache) {
    const dir = fontDirectory();
    fontCache = {
      regular: parseFont(path.join(dir, FONT_FILES.regular)),
      bold: parseFont(path.join(dir, FONT_FILES.bold)),
    };
  }
  return fontCache;
}

/** Document information: title (e.g. `Parkschein 7K3M9QXA`), author (the shop), subject, language. */
export type PdfMeta = { title: string; author: string; subject?: string; locale: Locale };

/** Page margins in points; `bottom` is where the content stops (the footer sits below it). */
export type PdfMargins = { top: number; right: number; bottom: number; left: number };

/** Options of a text block; sizes in points. */
export type TextStyle = {
  size?: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'right' | 'center';
  /** extra space between lines */
  lineGap?: number;
  characterSpacing?: number;
  /** a URL: the text becomes a link */
  link?: string;
  underline?: boolean;
};

/** One column of {@link PdfLayout.table}: header text, width in points, alignment of its cells. */
export type TableColumn = { header: string; width: number; align?: 'left' | 'right' };

/** One row of {@link PdfLayout.table}: its cells in column order; `bold` for totals, `ruleAbove` for a line. */
export type TableRow = { cells: string[]; bold?: boolean; ruleAbove?: boolean; size?: number };

const DEFAULT_SIZE = 10;
const DEFAULT_LINE_GAP = 1.5;

/**
 * A document being laid out top to bottom with a cursor `y` between `margins.top` and the content bottom;
 * blocks that do not fit on the page start a new one ({@link ensureSpace}). Create it, draw, then
 * {@link finish} (which adds the footer to every page and returns the PDF).
 */
export class PdfLayout {
  /** the pdfkit document (for drawing the helpers do not cover) */
  readonly doc: PDFKit.PDFDocument;
  /** the page margins (points) */
  readonly margins: PdfMargins;
  /** the cursor: top of the next block, points from the top of the page */
  y: number;

  /**
   * Opens an A4 document with compressed streams, the document information of `meta` (Title, Author, Subject,
   * Lang; the viewer shows the title) and the two fonts registered as `regular` and `bold`.
   * @throws Error when the font files cannot be read.
   */
  constructor(meta: PdfMeta, margins: PdfMargins) {
    const { regular, bold } = fonts();
    this.margins = { ...margins };
    this.doc = new PDFDocument({
      // No default font: pdfkit's (Helvetica) would parse its AFM metrics for every document; ours is set below.
      font: null as unknown as string,
      size: 'A4',
      compress: true,
      bufferPages: true,
      autoFirstPage: true,
      margins,
      lang: intlLocale(meta.locale),
      displayTitle: true,
      info: {
        Title: meta.title,
        Author: meta.author,
        Subject: meta.subject,
        Creator: meta.author,
      },
    });
    // pdfkit's types list only file names and bytes; a fontkit font is accepted as well (see `fonts`).
    this.doc.registerFont('regular', regular as unknown as Buffer);
    this.doc.registerFont('bold', bold as unknown as Buffer);
    this.doc.font('regular');
    this.y = margins.top;
  }

  /** Left edge of the content (points). */
  get left(): number {
    return this.margins.left;
  }

  /** Right edge of the content (points). */
  get right(): number {
    return A4.width - this.margins.right;
  }

  /** Width of the content (points). */
  get width(): number {
    return this.right - this.left;
  }

  /** Lowest y the content may reach on a page. */
  get bottom(): number {
    return A4.height - this.margins.bottom;
  }

  private style(style: TextStyle): void {
    this.doc
      .font(style.bold ? 'bold' : 'regular')
      .fontSize(style.size ?? DEFAULT_SIZE)
      .fillColor(style.color ?? COLORS.ink);
  }

  private options(width: number, style: TextStyle): PDFKit.Mixins.TextOptions {
    return {
      width,
      align: style.align ?? 'left',
      lineGap: style.lineGap ?? DEFAULT_LINE_GAP,
      characterSpacing: style.characterSpacing,
      link: style.link,
      underline: style.underline,
    };
  }

  /** Height in points `text` takes when wrapped to `width` in `style`. */
  measure(text: string, width: number, style: TextStyle = {}): number {
    if (!text) return 0;
    this.style(style);
    return this.doc.heightOfString(text, this.options(width, style));
  }

  /** Width in points of `text` on one line in `style`. */
  textWidth(text: string, style: TextStyle = {}): number {
    this.style(style);
    return this.doc.widthOfString(text, { characterSpacing: style.characterSpacing });
  }

  /**
   * Draws `text` wrapped to `width` with its top at (`x`, `y`), without moving the cursor or breaking the page.
   * @returns the height drawn (points).
   */
  textAt(text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    if (!text) return 0;
    const height = this.measure(text, width, style);
    // pdfkit starts a new page when text crosses the bottom margin; blocks are placed by this class instead.
    const bottomMargin = this.doc.page.margins.bottom;
    this.doc.page.margins.bottom = 0;
    this.doc.text(text, x, y, this.options(width, style));
    this.doc.page.margins.bottom = bottomMargin;
    return height;
  }

  /**
   * Draws a text block at the cursor (full content width unless `x`/`width` say otherwise) and moves the cursor
   * below it plus `gapAfter`. A block that does not fit starts a new page when it is at most a third of a page
   * high; a longer one is split across pages where it reaches the content bottom.
   * @returns the height drawn on the last page (points).
   */
  text(text: string, style: TextStyle & { x?: number; width?: number; gapAfter?: number } = {}): number {
    if (!text) return 0;
    const x = style.x ?? this.left;
    const width = style.width ?? this.right - x;
    const height = this.measure(text, width, style);
    const pageHeight = this.bottom - this.margins.top;
    if (this.y + height > this.bottom && height > pageHeight / 3) return this.flow(text, x, width, style);
    this.ensureSpace(height);
    this.textAt(text, x, this.y, width, style);
    this.y += height + (style.gapAfter ?? 0);
    return height;
  }

  /** {@link text} for a long block: pdfkit wraps it onto new pages at the content bottom. */
  private flow(text: string, x: number, width: number, style: TextStyle & { gapAfter?: number }): number {
    const doc = this.doc;
    const bottomMargin = A4.height - this.bottom;
    const onPage = () => {
      doc.page.margins.bottom = bottomMargin;
    };
    onPage();
    doc.on('pageAdded', onPage);
    this.style(style);
    const startPage = doc.bufferedPageRange().count;
    doc.text(text, x, this.y, this.options(width, style));
    doc.off('pageAdded', onPage);
    const top = doc.bufferedPageRange().count > startPage ? this.margins.top : this.y;
    this.y = doc.y + (style.gapAfter ?? 0);
    return doc.y - top;
  }

  /** Starts a new page when `height` points do not fit between the cursor and the content bottom. */
  ensureSpace(height: number): void {
    if (this.y + height <= this.bottom || this.y <= this.margins.top) return;
    this.doc.addPage();
    this.y = this.margins.top;
  }

  /** Moves the cursor down by `points`. */
  space(points: number): void {
    this.y += points;
  }

  /** A horizontal hairline from `x1` to `x2` at `y` (default: across the content at the cursor). */
  rule(y = this.y, x1 = this.left, x2 = this.right, color: string = COLORS.line, lineWidth = 0.75): void {
    this.doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(lineWidth).strokeColor(color).stroke().restore();
  }

  /**
   * A section heading at the cursor (bold, with a hairline below) that stays with at least `keepWith` points of
   * what follows (no heading alone at the foot of a page).
   */
  heading(text: string, { size = 11, keepWith = 40 }: { size?: number; keepWith?: number } = {}): void {
    const height = this.measure(text, this.width, { size, bold: true });
    this.ensureSpace(height + 6 + keepWith);
    this.textAt(text, this.left, this.y, this.width, { size, bold: true, color: COLORS.accent });
    this.y += height + 2;
    this.rule();
    this.y += 5;
  }

  /**
   * Label/value rows at (`x`, `y`): labels in a column of `labelWidth`, values wrapped in the rest of `width`;
   * empty values are left out. Does not move the cursor or break the page.
   * @returns the height drawn (points).
   */
  keyValuesAt(
    rows: [string, string][],
    x: number,
    y: number,
    width: number,
    {
      labelWidth = width * 0.38,
      size = 9.5,
      rowGap = 3,
      boldValues = false,
    }: { labelWidth?: number; size?: number; rowGap?: number; boldValues?: boolean } = {},
  ): number {
    let top = y;
    const valueX = x + labelWidth;
    const valueWidth = width - labelWidth;
    for (const [label, value] of rows) {
      if (!value) continue;
      const labelHeight = this.textAt(label, x, top, labelWidth - 6, { size, color: COLORS.muted });
      const valueHeight = this.textAt(value, valueX, top, valueWidth, { size, bold: boldValues });
      top += Math.max(labelHeight, valueHeight) + rowGap;
    }
    return Math.max(0, top - y - rowGap);
  }

  /** Height {@link keyValuesAt} would take for the same arguments (points). */
  measureKeyValues(
    rows: [string, string][],
    width: number,
    { labelWidth = width * 0.38, size = 9.5, rowGap = 3 }: { labelWidth?: number; size?: number; rowGap?: number } = {},
  ): number {
    let height = 0;
    let count = 0;
    for (const [label, value] of rows) {
      if (!value) continue;
      height += Math.max(
        this.measure(label, labelWidth - 6, { size }),
        this.measure(value, width - labelWidth, { size }),
      );
      count++;
    }
    return count ? height + (count - 1) * rowGap : 0;
  }

  /**
   * A table at the cursor across the columns' widths from `x` (default: the content's left edge): a bold header
   * row with a rule below, then the rows; cells wrap. A row that does not fit starts a new page, where the
   * header is repeated; the last `keepLast` rows (totals) stay together on one page.
   */
  table(
    columns: TableColumn[],
    rows: TableRow[],
    { x = this.left, size = 9.5, keepLast = 0 }: { x?: number; size?: number; keepLast?: number } = {},
  ) {
    const padY = 3;
    const gutter = 8;
    const totalWidth = columns.reduce((sum, c) => sum + c.width, 0);
    const cellWidth = (i: number) => columns[i].width - (i < columns.length - 1 ? gutter : 0);
    const header = () => {
      const height = Math.max(...columns.map((c, i) => this.measure(c.header, cellWidth(i), { size, bold: true })));
      let cx = x;
      columns.forEach((c, i) => {
        this.textAt(c.header, cx, this.y + padY, cellWidth(i), {
          size,
          bold: true,
          color: COLORS.muted,
          align: c.align,
        });
        cx += c.width;
      });
      this.y += height + 2 * padY;
      this.rule(this.y, x, x + totalWidth, COLORS.ink, 0.75);
    };
    this.ensureSpace(3 * (size + 2 * padY));
    header();
    const rowHeight = (row: TableRow) =>
      Math.max(
        ...row.cells.map((text, i) => this.measure(text, cellWidth(i), { size: row.size ?? size, bold: row.bold })),
      );
    rows.forEach((row, index) => {
      const style = { size: row.size ?? size, bold: row.bold };
      const height = rowHeight(row);
      const together =
        keepLast > 0 && index === rows.length - keepLast
          ? rows.slice(index).reduce((sum, r) => sum + rowHeight(r) + 2 * padY, 0)
          : height + 2 * padY;
      if (this.y + together > this.bottom) {
        this.doc.addPage();
        this.y = this.margins.top;
        header();
      }
      if (row.ruleAbove) this.rule(this.y, x, x + totalWidth, COLORS.ink, 0.75);
      let cx = x;
      row.cells.forEach((text, i) => {
        this.textAt(text, cx, this.y + padY, cellWidth(i), { ...style, align: columns[i].align });
        cx += columns[i].width;
      });
      this.y += height + 2 * padY;
    });
  }

  /**
   * A QR code of `payload` as vector squares (no raster image): `size` points wide including a quiet zone of
   * `quietModules` modules (white background), top left at (`x`, `y`). Error correction `level` (default M,
   * as EPC069-12 requires for a GiroCode).
   * @throws Error from `qrcode` when the payload does not fit a QR code.
   * Source: ISO/IEC 18004 (quiet zone 4 modules), EPC069-12.
   */
  qr(
    payload: string,
    x: number,
    y: number,
    size: number,
    { level = 'M', quietModules = 4 }: { level?: 'L' | 'M' | 'Q' | 'H'; quietModules?: number } = {},
  ): void {
    const { modules } = QRCode.create(payload, { errorCorrectionLevel: level });
    const n = modules.size;
    const m = size / (n + 2 * quietModules);
    const doc = this.doc;
    doc.save();
    doc.rect(x, y, size, size).fill(COLORS.white);
    const x0 = x + quietModules * m;
    const y0 = y + quietModules * m;
    // One rectangle per horizontal run of dark modules, all filled at once: a small, exact path.
    for (let row = 0; row < n; row++) {
      let col = 0;
      while (col < n) {
        if (!modules.data[row * n + col]) {
          col++;
          continue;
        }
        const start = col;
        while (col < n && modules.data[row * n + col]) col++;
        doc.rect(x0 + start * m, y0 + row * m, (col - start) * m, m);
      }
    }
    doc.fill(COLORS.black);
    doc.restore();
  }

  /**
   * Draws `footer` on every page (after the content, so it knows the page count), then ends the document.
   * The footer draws below the content bottom; page breaks are off while it runs.
   * @param footer - called with the 1-based page number and the page count.
   * @returns the PDF file.
   */
  async finish(footer: (page: number, pages: number) => void): Promise<Buffer> {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      const bottomMargin = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      footer(i - start + 1, count);
      this.doc.page.margins.bottom = bottomMargin;
    }
    return pdfBuffer(this.doc);
  }
}

/**
 * Ends `doc` and collects its output stream.
 * @returns the complete PDF file; rejects when the stream errors.
 */
function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

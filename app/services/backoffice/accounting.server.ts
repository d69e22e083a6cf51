/**
 * The accountant's month (issue 34 item 5, decision 0053): every invoice and credit note issued in a month (by
 * `issued_at` in the shop's time zone), their totals, and the three downloads — the DATEV "Buchungsstapel" (EXTF 700,
 * Windows-1252, CRLF), a plain CSV of the same lines (UTF-8 with BOM) and a ZIP of every PDF and XRechnung. Read
 * only: the documents are the immutable snapshots (`invoices.data`); each download is an audit row
 * (`accounting.export`, the month and the kind). Amounts are integer euro cents.
 */
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, gte, lt, min } from 'drizzle-orm';
import { ZipDeflate, Zip } from 'fflate';
import type { Database } from '#database/client.server.ts';
import { invoices, reservations } from '#database/schema.ts';
import { SHOP_TIME_ZONE } from '~/constants.ts';
import {
  accountingDocumentOf,
  accountingPaymentKey,
  accountingTotals,
  currentAccountingMonth,
  datevBuchungsstapel,
  datevTimestamp,
  DatevVatRateError,
  encodeWindows1252,
  monthBounds,
  pickableMonths,
  type AccountingDocument,
  type AccountingMonth,
  type AccountingMonthNotes,
  type AccountingTotals,
  type DatevSettings,
} from '~/domain/accounting.ts';
import type { InvoiceData } from '~/domain/documents.ts';
import { numberFormat } from '~/domain/intl-cache.ts';
import { VAT_RATE_BP } from '~/domain/pricing.ts';
import { safeCsvCell } from '~/domain/reservation-search.ts';
import type { StaffActor } from '~/domain/staff-roles.ts';
import { translator } from '~/i18n.server.ts';
import type { Locale } from '~/i18n.ts';
import { invoiceFileName, invoiceSnapshotFile } from '../documents/reservation-documents.server.ts';
import { RequestError } from '../request-error.server.ts';
import type { ServiceContext } from '../service-context.ts';
import { recordAudit } from './audit-log.server.ts';

/** The DATEV settings as the environment names them (README "Configuration", `server/env.server.ts`). */
type DatevConfig = {
  DATEV_CONSULTANT_NUMBER: number;
  DATEV_CLIENT_NUMBER: number;
  DATEV_ACCOUNT_LENGTH: number;
  DATEV_REVENUE_ACCOUNT: string;
  DATEV_DEBITOR_ACCOUNT: string;
};

/** What the accountant's month needs of the application: a service context whose settings include DATEV's. */
export type AccountingContext = Pick<ServiceContext, 'db' | 'now' | 'logger'> & {
  env: ServiceContext['env'] & DatevConfig;
};

/** One download of a month: the DATEV file, the plain CSV or the documents' ZIP. */
export type AccountingExport = 'datev' | 'csv' | 'zip';

/** The settings of the DATEV file, from the environment (fiscal year = calendar year; revenue account for 19 %). */
function datevSettingsOf(env: DatevConfig): DatevSettings {
  return {
    consultantNumber: env.DATEV_CONSULTANT_NUMBER,
    clientNumber: env.DATEV_CLIENT_NUMBER,
    accountLength: env.DATEV_ACCOUNT_LENGTH,
    revenueAccount: env.DATEV_REVENUE_ACCOUNT,
    revenueVatRateBp: VAT_RATE_BP,
    debitorAccount: env.DATEV_DEBITOR_ACCOUNT,
    fiscalYearStartMonth: 1,
  };
}

/** A stored document of the month: its row's reservation and its snapshot. */
type MonthRow = { reservationId: number; data: InvoiceData };

/** The month's invoices and credit notes, in the order they were issued (number as the tie-break). */
async function monthRows(db: Database, month: AccountingMonth): Promise<MonthRow[]> {
  const { from, to } = monthBounds(month, SHOP_TIME_ZONE);
  const rows = await db
    .select({ reservationId: invoices.reservationId, data: invoices.data })
    .from(invoices)
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
  return rows.map((r) => ({ reservationId: r.reservationId, data: r.data as InvoiceData }));
}

const documentsOf = (rows: readonly MonthRow[]): AccountingDocument[] =>
  rows.map((r) => accountingDocumentOf(r.data, invoiceFileName(r.data)));

/** What the page shows of a month. */
export type AccountingMonthView = {
  month: AccountingMonth;
  /** the months the picker offers, newest first (the oldest document's to the current one) */
  months: AccountingMonth[];
  totals: AccountingTotals;
  datev: AccountingMonthNotes;
};

/**
 * The page of `month`: its totals (invoices minus credit notes, per VAT rate and per payment type), the months to
 * pick from, and what the DATEV file will make of it.
 * @throws RangeError for a month `parseAccountingMonth` refuses (the route parses first); database errors.
 * Source: issue 34 item 5.
 */
export async function loadAccountingMonth(
  ctx: AccountingContext,
  month: AccountingMonth,
): Promise<AccountingMonthView> {
  const [rows, [first]] = await Promise.all([
    monthRows(ctx.db, month),
    ctx.db.select({ at: min(invoices.issuedAt) }).from(invoices),
  ]);
  const docs = documentsOf(rows);
  const current = currentAccountingMonth(ctx.now(), SHOP_TIME_ZONE);
  const oldest = first?.at ? currentAccountingMonth(new Date(first.at), SHOP_TIME_ZONE) : null;
  return {
    month,
    months: pickableMonths(oldest, current),
    totals: accountingTotals(docs),
    datev: {
      bookable: docs.every((d) => d.vatRateBp === VAT_RATE_BP),
      zeroAmounts: docs.filter((d) => d.grossCents === 0).length,
      placeholders: ctx.env.DATEV_CONSULTANT_NUMBER === 1001 && ctx.env.DATEV_CLIENT_NUMBER === 1,
    },
  };
}

/** A download: the bytes (or a stream of them, for the ZIP), the type and the suggested file name. */
export type AccountingFile = {
  body: Uint8Array<ArrayBuffer> | string | ReadableStream<Uint8Array>;
  contentType: string;
  fileName: string;
};

/** The payment type's name in the books, in `locale`. */
function paymentLabel(type: string, locale: Locale): string {
  return translator(locale)(`admin.accounting.payment.${accountingPaymentKey(type)}`);
}

/**
 * The DATEV Buchungsstapel of the month in Windows-1252: `EXTF_Buchungsstapel_<month>.csv` (DATEV's import looks for
 * the `EXTF_` prefix).
 * @throws RequestError 409 `admin.accounting.error.vat_rate` when a document's VAT rate is not the revenue account's.
 */
function datevFile(
  ctx: AccountingContext,
  actor: StaffActor,
  month: AccountingMonth,
  rows: MonthRow[],
): AccountingFile {
  const { firstDay, lastDay } = monthBounds(month, SHOP_TIME_ZONE);
  const docs = documentsOf(rows);
  let text: string;
  try {
    text = datevBuchungsstapel({
      settings: datevSettingsOf(ctx.env),
      month,
      firstDay,
      lastDay,
      created: datevTimestamp(ctx.now(), SHOP_TIME_ZONE),
      exportedBy: actor.name || actor.email,
      docs,
      // DATEV is German: the document information names the payment type in German, whatever the page's language
      paymentLabels: Object.fromEntries(docs.map((d) => [d.paymentType, paymentLabel(d.paymentType, 'de')])),
    });
  } catch (error) {
    if (error instanceof DatevVatRateError) throw new RequestError(409, 'admin.accounting.error.vat_rate');
    throw error;
  }
  return {
    body: encodeWindows1252(text),
    contentType: 'text/csv; charset=windows-1252',
    fileName: `EXTF_Buchungsstapel_${month}.csv`,
  };
}

/**
 * The plain CSV of the same lines, for a spreadsheet: UTF-8 with a byte-order mark, `;` between cells, CRLF, amounts
 * signed with the page language's decimal mark (German `-119,00`, English `-119.00`) and no grouping, like the
 * reservations' export (decision 0029); text cells formula-safe. Columns: date, number, kind, reference, customer,
 * payment type, net, VAT rate (%), VAT, gross, the invoice a credit note corrects.
 */
function plainCsvFile(month: AccountingMonth, rows: MonthRow[], locale: Locale): AccountingFile {
  const t = translator(locale);
  const amount = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
  const rate = numberFormat(locale, { maximumFractionDigits: 2, useGrouping: false });
  const header = ['date', 'number', 'kind', 'reference', 'customer', 'payment', 'net', 'vat_rate', 'vat', 'gross']
    .concat('corrects')
    .map((key) => safeCsvCell(t(`admin.accounting.csv.${key}`)));
  const body = documentsOf(rows).map((d) => [
    d.issueDate,
    safeCsvCell(d.number),
    t(`admin.accounting.kind.${d.kind}`),
    safeCsvCell(d.reference),
    safeCsvCell(d.customer),
    safeCsvCell(paymentLabel(d.paymentType, locale)),
    amount.format(d.netCents / 100),
    rate.format(d.vatRateBp / 100),
    amount.format(d.vatCents / 100),
    amount.format(d.grossCents / 100),
    safeCsvCell(d.correctsNumber ?? ''),
  ]);
  const csv = stringify([header, ...body], { delimiter: ';', record_delimiter: 'windows' });
  return {
    body: `\uFEFF${csv}`,
    contentType: 'text/csv; charset=utf-8',
    fileName: t('admin.accounting.file.csv', { month }),
  };
}

/**
 * The ZIP of the month's documents: each invoice and credit note once as its Factur-X PDF and once as its XRechnung,
 * under the names the shop gives them, dated with their issue. Streamed: one document is rendered (≈ 0.1–0.3 s for
 * the PDF) and written out before the next, so a long month neither waits for its last PDF before the first byte nor
 * holds the archive in memory. Every entry is deflated (a stored entry of a streamed ZIP needs a data descriptor some
 * readers refuse).
 */
function zipFile(ctx: AccountingContext, month: AccountingMonth, rows: MonthRow[], locale: Locale): AccountingFile {
  const pending = [...rows];
  let zip: Zip;
  const add = (name: string, body: Buffer | string, issuedAt: string, level: 1 | 6) => {
    const entry = new ZipDeflate(name, { level });
    entry.mtime = new Date(issuedAt);
    zip.add(entry);
    entry.push(typeof body === 'string' ? new TextEncoder().encode(body) : new Uint8Array(body), true);
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    async pull() {
      const next = pending.shift();
      if (!next) return zip.end();
      try {
        const [reservation] = await ctx.db.select().from(reservations).where(eq(reservations.id, next.reservationId));
        const details = { reservation };
        const pdf = await invoiceSnapshotFile(details, next.data, 'pdf');
        // a PDF's streams are compressed already: the fastest level
        add(pdf.fileName, pdf.body, next.data.issuedAt, 1);
        const xml = await invoiceSnapshotFile(details, next.data, 'xml');
        add(xml.fileName, xml.body, next.data.issuedAt, 6);
      } catch (err) {
        ctx.logger.error({ err, month, number: next.data.number }, 'accounting: a document of the ZIP failed');
        zip.terminate();
        throw err;
      }
    },
    cancel() {
      zip.terminate();
    },
  });
  return {
    body,
    contentType: 'application/zip',
    fileName: translator(locale)('admin.accounting.file.zip', { month }),
  };
}

/**
 * One download of `month` for `actor` (the route checked the permission `accounting`): the DATEV file, the plain CSV
 * or the ZIP of the documents; the audit row (`accounting.export`, entity `accounting_month`, the month, the kind and
 * the number of documents) is written before the file is handed out.
 *
 * @param input.locale - the page's language (the CSV's header and decimal mark, the file names; DATEV is German).
 * @throws RequestError 409 `admin.accounting.error.vat_rate` (DATEV only); RangeError for a malformed month; database
 *   errors. The ZIP's stream errors when a document cannot be rendered (logged).
 * Source: issue 34 item 5 ("every download is in the audit log").
 */
export async function exportAccountingMonth(
  ctx: AccountingContext,
  actor: StaffActor,
  input: { month: AccountingMonth; kind: AccountingExport; locale: Locale },
): Promise<AccountingFile> {
  const { month, kind, locale } = input;
  const rows = await monthRows(ctx.db, month);
  const file =
    kind === 'datev'
      ? datevFile(ctx, actor, month, rows)
      : kind === 'csv'
        ? plainCsvFile(month, rows, locale)
        : zipFile(ctx, month, rows, locale);
  await recordAudit(
    ctx.db,
    actor,
    {
      action: 'accounting.export',
      entity: 'accounting_month',
      entityId: month,
      after: { kind, documents: rows.length },
    },
    ctx.now(),
  );
  return file;
}

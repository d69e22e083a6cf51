/**
 * Invoices and credit notes (issue 9, DESIGN §6 Invoice): numbering, the immutable snapshot each document
 * renders from, and reading them back.
 *
 * - An invoice number `RE-YYYY-NNNNNN` is drawn inside the booking transaction when the reservation is
 *   confirmed, and in the same transaction its {@link InvoiceData} is stored (`invoices`): a rollback gives the
 *   number back, so the sequence stays gapless per year.
 * - Issued documents never change (a database trigger refuses UPDATE and DELETE); a cancellation issues a
 *   credit note `GS-YYYY-NNNNNN` (own gapless sequence) that mirrors the invoice with negative amounts.
 */
import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { creditNoteCounters, invoiceCounters, invoices, reservations } from '#database/schema.ts';
import { SHOP_TIME_ZONE } from '~/constants.ts';
import { INVOICE_PAYMENT_DAYS, type InvoiceData, type InvoiceKind } from '~/domain/documents.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { companyName } from '~/domain/legal-identity.ts';
import { addDaysToDate, todayInZone } from '~/domain/local-time.ts';
import { localized } from '~/domain/localized.ts';
import { priceBreakdownLines } from '~/domain/price-breakdown.ts';
import { splitVat } from '~/domain/pricing.ts';
import { formatCreditNoteNumber, formatInvoiceNumber } from '~/domain/reference.ts';
import type { BankAccount } from '~/domain/reservation-view.ts';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { bankAccountOf } from './girocode.server.ts';
import { invoiceBuyerLines, invoiceBuyerParty, type ReservationDetails } from '../reservations/reservations.server.ts';
import type { MailConfig } from '../service-context.ts';

/** Who issues invoices: the seller's data and bank account as configured now (`SHOP_*`). */
export type InvoiceIssuer = { seller: InvoiceData['seller']; bank: BankAccount };

/**
 * The issuer from the configuration: the company name (`SHOP_NAME` with `SHOP_LEGAL_FORM`, as the Impressum
 * writes it), `SHOP_ADDRESS`, `SHOP_VAT_ID`, `SHOP_EMAIL`, `SHOP_PHONE`, the company-law details (seat
 * `SHOP_SEAT`, `SHOP_REGISTER_COURT`, `SHOP_REGISTER_NUMBER`, `SHOP_MANAGING_DIRECTORS`) and the account
 * `SHOP_IBAN`/`SHOP_BIC`/`SHOP_BANK_NAME` (holder `SHOP_NAME`).
 * Source: DESIGN §10 (shop data from configuration), issue 9; § 35a GmbHG, issue 30 item 6 (legal details).
 */
export function invoiceIssuerOf(env: MailConfig): InvoiceIssuer {
  return {
    seller: {
      name: companyName(env.SHOP_NAME, env.SHOP_LEGAL_FORM),
      address: env.SHOP_ADDRESS,
      vatId: env.SHOP_VAT_ID,
      email: env.SHOP_EMAIL,
      phone: env.SHOP_PHONE,
      legal: {
        legalForm: env.SHOP_LEGAL_FORM,
        seat: env.SHOP_SEAT,
        registerCourt: env.SHOP_REGISTER_COURT,
        registerNumber: env.SHOP_REGISTER_NUMBER,
        managingDirectors: env.SHOP_MANAGING_DIRECTORS,
      },
    },
    bank: bankAccountOf(env),
  };
}

/** The calendar year of `now` in the shop's time zone (numbering restarts each year). */
function yearOf(now: Date): number {
  return Number(todayInZone(now, SHOP_TIME_ZONE).slice(0, 4));
}

/**
 * The next number of `kind` for the year of `now` (shop time zone): `RE-YYYY-NNNNNN` or `GS-YYYY-NNNNNN`.
 * The counter row stays locked until the transaction ends and a rollback gives the number back: call it in the
 * transaction that stores the document, so the sequence is gapless per year.
 *
 * @param tx - the transaction that will store the document.
 * @throws RangeError past 999 999 documents a year; database errors pass through.
 * Source: DESIGN §6 (Invoice: gapless per year; credit notes gapless per year like invoices).
 */
async function nextDocumentNumber(tx: Database, kind: InvoiceKind, now: Date): Promise<string> {
  const year = yearOf(now);
  const table = kind === 'invoice' ? invoiceCounters : creditNoteCounters;
  const [counter] = await tx
    .insert(table)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: table.year, set: { last: sql`${table.last} + 1` } })
    .returning({ last: table.last });
  return kind === 'invoice' ? formatInvoiceNumber(year, counter.last) : formatCreditNoteNumber(year, counter.last);
}

/**
 * The invoice snapshot of a confirmed reservation, in the reservation's language: seller and bank from
 * `issuer`, buyer from the invoice (else billing) address, the service (airport, lot, tariff, stay in airport
 * local time), the breakdown lines (gross cents), totals (net = gross − VAT), payment terms (`invoice`: due
 * {@link INVOICE_PAYMENT_DAYS} days after issue, with the account when an amount is due).
 *
 * @param details - the reservation with airport, tariff and lot; `reservation.invoiceNumber` must be set.
 * @param now - instant of issue.
 * @throws Error when the reservation has no invoice number.
 * Source: §14 Abs. 4 UStG, DESIGN §6 (Invoice, Payment types), issue 9.
 */
function buildInvoiceData(details: ReservationDetails, issuer: InvoiceIssuer, now: Date): InvoiceData {
  const { reservation: r, airport, tariff, lot } = details;
  if (!r.invoiceNumber) throw new Error(`reservation ${r.reference} has no invoice number`);
  const locale = toLocale(r.locale);
  const t = translator(locale);
  const issueDate = todayInZone(now, SHOP_TIME_ZONE);
  const breakdown = priceBreakdownLines(r, locale);
  const paymentKey = ['invoice', 'on_site', 'online'].includes(r.paymentType) ? r.paymentType : 'other';
  const transfer = r.paymentType === 'invoice' && r.totalCents > 0;
  return {
    version: 1,
    kind: 'invoice',
    number: r.invoiceNumber,
    correctsNumber: null,
    locale,
    issuedAt: now.toISOString(),
    issueDate,
    reference: r.reference,
    seller: structuredClone(issuer.seller),
    buyer: { lines: invoiceBuyerLines(r, locale), party: invoiceBuyerParty(r) },
    service: {
      airport: localized(airport, 'name', locale),
      iata: airport.iata,
      lot: lot.name,
      tariff: localized(tariff, 'name', locale),
      entryLocal: r.entryLocal,
      exitLocal: r.exitLocal,
      billableDays: r.billableDays,
      licensePlate: r.licensePlate,
    },
    lines: breakdown.lines.map((l) => ({ description: t(l.labelKey, l.labelParams), cents: l.cents })),
    couponCode: r.couponCode,
    totals: {
      grossCents: r.totalCents,
      netCents: r.totalCents - r.vatCents,
      vatCents: r.vatCents,
      vatRateBp: r.vatRateBp,
    },
    payment: {
      type: r.paymentType,
      label: t(`reservation.payment.${paymentKey}`),
      dueDate: transfer ? addDaysToDate(issueDate, INVOICE_PAYMENT_DAYS) : null,
      bank: transfer ? { ...issuer.bank } : null,
      remittance: [r.invoiceNumber, r.reference].join(' '),
    },
  };
}

/**
 * The snapshot of an invoice whose number is still to be drawn (by the statement that stores it): the numbering
 * year and number prefix of `now` (shop time zone), a one-off placeholder token standing for the number, and the
 * snapshot as JSON text with that token wherever the number goes. No customer text can contain the token by
 * chance (96 random bits); the statement replaces it by the number it drew (`replace(json, placeholder, number)`).
 *
 * @param details - the reservation with airport, tariff and lot; its `invoiceNumber` is ignored.
 * @param now - instant of issue.
 * Source: DESIGN §6 (Invoice), issue 9 (snapshot), issue 11 (the number drawn in the storing statement).
 */
export function unnumberedInvoice(
  details: ReservationDetails,
  issuer: InvoiceIssuer,
  now: Date,
): { year: number; prefix: string; placeholder: string; json: string } {
  const year = yearOf(now);
  const placeholder = `{invoice-number-${crypto.randomBytes(12).toString('hex')}}`;
  const data = buildInvoiceData(
    { ...details, reservation: { ...details.reservation, invoiceNumber: placeholder } },
    issuer,
    now,
  );
  return { year, prefix: `RE-${year}-`, placeholder, json: JSON.stringify(data) };
}

/**
 * Issues the invoice of a just-confirmed reservation in the caller's transaction, in one statement: draws the
 * next number of the year (the counter row stays locked until the transaction ends), writes it to the
 * reservation and stores the invoice's snapshot. The booking calls it last, right before its commit (issue 11):
 * every booking waits for the counter row in turn, so it is held for one statement and the commit only.
 *
 * The snapshot is built here with a one-off placeholder for the number, which the statement replaces by the
 * number it drew (`RE-YYYY-NNNNNN`, formatted in SQL; checked against {@link formatInvoiceNumber}).
 *
 * @param tx - the booking transaction (it inserted the reservation without a number).
 * @param details - the reservation with airport, tariff and lot; its `invoiceNumber` is ignored.
 * @param now - instant of issue (numbering year in the shop's time zone).
 * @returns the invoice number.
 * @throws RangeError past 999 999 invoices a year; database errors pass through (the caller rolls back, which
 *   gives the number back).
 * Source: DESIGN §6 (Invoice: gapless per year, assigned once on confirmation, immutable afterwards), issue 11.
 */
export async function issueInvoice(
  tx: Database,
  details: ReservationDetails,
  issuer: InvoiceIssuer,
  now: Date,
): Promise<string> {
  const { year, prefix, placeholder, json } = unnumberedInvoice(details, issuer, now);
  // Both drivers (node-postgres, PGlite) answer raw statements with `{ rows }`.
  const result = (await tx.execute(sql`
    with counter as (
      insert into ${invoiceCounters} (year, last) values (${year}, 1)
      on conflict (year) do update set last = ${invoiceCounters.last} + 1
      returning last
    ), numbered as (
      select last, ${prefix}::text || lpad(last::text, 6, '0') as number from counter where last <= 999999
    ), reservation as (
      update ${reservations} set invoice_number = numbered.number from numbered
      where ${reservations.id} = ${details.reservation.id}
    ), invoice as (
      insert into ${invoices} (reservation_id, kind, number, issued_at, data)
      select ${details.reservation.id}, 'invoice', number, ${now.toISOString()}::timestamptz,
             replace(${json}::text, ${placeholder}::text, number)::jsonb
      from numbered
    )
    select last, number from numbered`)) as unknown as { rows: { last: number; number: string }[] };
  const [row] = result.rows;
  // No row: the counter passed 999 999 (the statement stored nothing with it; the rollback undoes the count).
  if (!row) throw new RangeError(`no invoice number left in ${year}`);
  if (row.number !== formatInvoiceNumber(year, row.last)) throw new Error(`invoice number ${row.number} malformed`);
  return row.number;
}

/**
 * Issues the invoice of an overstay (issue 33 item 4, decision 0051) in the caller's transaction (the check-out's):
 * the next number of the gapless `RE-` series and its own snapshot — the booking's seller and buyer, the service from
 * the booked exit to the car's real exit (`billableDays` = the extra days), one line for the extra days at the
 * tariff's price (`overstayOf`), VAT at the booking's rate worked out of the gross amount, payable now (payment type
 * `overstay`: at the car park or through the payment link). The reservation keeps its own invoice number.
 *
 * @param input.extraDays - calendar days beyond the booked stay (≥ 1).
 * @param input.amountCents - their price, gross cents (> 0).
 * @param input.exitLocal - when the car left, airport local `YYYY-MM-DDTHH:mm`.
 * @returns the invoice's snapshot.
 * @throws RangeError for a non-positive amount or day count, or past 999 999 invoices a year; database errors pass
 *   through (the caller rolls back, which gives the number back).
 * Source: §14 Abs. 4 UStG, DESIGN §6 (Invoice: gapless per year), issue 33 item 4.
 */
export async function issueOverstayInvoice(
  tx: Database,
  details: ReservationDetails,
  input: { extraDays: number; amountCents: number; exitLocal: string; issuer: InvoiceIssuer; now: Date },
): Promise<InvoiceData> {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0 || input.extraDays < 1) {
    throw new RangeError(`an overstay invoice needs a positive amount and days, got ${input.amountCents}`);
  }
  const r = details.reservation;
  const number = await nextDocumentNumber(tx, 'invoice', input.now);
  const locale = toLocale(r.locale);
  const t = translator(locale);
  const booking = buildInvoiceData(
    { ...details, reservation: { ...r, invoiceNumber: r.invoiceNumber ?? number } },
    input.issuer,
    input.now,
  );
  const { netCents, vatCents } = splitVat(input.amountCents, r.vatRateBp);
  const data: InvoiceData = {
    ...booking,
    number,
    overstay: { extraDays: input.extraDays, exitLocal: input.exitLocal },
    service: { ...booking.service, entryLocal: r.exitLocal, exitLocal: input.exitLocal, billableDays: input.extraDays },
    lines: [
      {
        description: t('invoice.line.overstay', {
          days: input.extraDays,
          exit: formatLocalDateTime(input.exitLocal, locale),
        }),
        cents: input.amountCents,
      },
    ],
    couponCode: null,
    totals: { grossCents: input.amountCents, netCents, vatCents, vatRateBp: r.vatRateBp },
    payment: {
      type: 'overstay',
      label: t('reservation.payment.overstay'),
      dueDate: null,
      bank: null,
      remittance: [number, r.reference].join(' '),
    },
  };
  await tx.insert(invoices).values({ reservationId: r.id, kind: 'invoice', number, issuedAt: input.now, data });
  return data;
}

/**
 * The invoice and credit notes of a reservation, oldest first. A reservation confirmed before snapshots were
 * stored (its number assigned, no row yet) gets its snapshot now, from its confirmation time and the issuer
 * given — once: a concurrent second call stores nothing (`ON CONFLICT DO NOTHING`) and reads the first one's.
 *
 * @returns `invoice` (null while the reservation has no invoice number), `creditNotes` and `overstayInvoices`
 *   (maybe empty).
 * @throws on database errors only.
 * Source: issue 9 (a re-download carries the same content).
 */
export async function findInvoiceDocuments(
  db: Database,
  details: ReservationDetails,
  issuer: InvoiceIssuer,
): Promise<{ invoice: InvoiceData | null; creditNotes: InvoiceData[]; overstayInvoices: InvoiceData[] }> {
  const r = details.reservation;
  let rows = await db.select().from(invoices).where(eq(invoices.reservationId, r.id)).orderBy(asc(invoices.id));
  if (r.invoiceNumber && !rows.some((row) => row.kind === 'invoice')) {
    const issuedAt = r.confirmedAt ?? r.createdAt;
    const data = buildInvoiceData(details, issuer, issuedAt);
    await db
      .insert(invoices)
      .values({ reservationId: r.id, kind: 'invoice', number: data.number, issuedAt, data })
      .onConflictDoNothing({ target: invoices.number });
    rows = await db.select().from(invoices).where(eq(invoices.reservationId, r.id)).orderBy(asc(invoices.id));
  }
  // A changed booking (issue 12) has several invoices: the current one is the number on the reservation; an
  // overstay (issue 33 item 4) has one of its own beside it.
  const isOverstay = (row: (typeof rows)[number]) => (row.data as InvoiceData).overstay !== undefined;
  const issued = rows.filter((row) => row.kind === 'invoice' && !isOverstay(row));
  const invoice = issued.find((row) => row.number === r.invoiceNumber) ?? issued.at(-1);
  return {
    invoice: invoice ? (invoice.data as InvoiceData) : null,
    creditNotes: rows.filter((row) => row.kind === 'credit_note').map((row) => row.data as InvoiceData),
    overstayInvoices: rows.filter(isOverstay).map((row) => row.data as InvoiceData),
  };
}

/**
 * Issues the credit note that cancels a reservation's current invoice (the number on the reservation): a new
 * number `GS-YYYY-NNNNNN` and a snapshot that copies the invoice (buyer, service, lines) with every amount negated,
 * naming the invoice it corrects. The seller is `input.issuer`'s when given — the credit note is a business letter
 * of its own day (§ 35a GmbHG), so it carries the legal details even when the invoice was issued without them —
 * else the invoice's. Idempotent: when the invoice already has a credit note, that one is returned and nothing is
 * issued. Runs in its own transaction (or the caller's, e.g. the cancellation's).
 *
 * @param input.reservationId - the reservation whose invoice is cancelled.
 * @param input.now - instant of issue (numbering year in the shop's time zone).
 * @param input.refundCents - the amount refunded through the online payment provider (issue 13), stated on the
 *   credit note; omitted when not paid online.
 * @param input.issuer - the seller as configured now (`invoiceIssuerOf(env)`); omitted: the invoice's seller.
 * @returns the credit note's snapshot.
 * @throws Error when the reservation has no stored invoice; database errors pass through.
 * Source: DESIGN §6 (Cancellation: credit notes GS-YYYY-NNNNNN, never an edited invoice), §14c UStG.
 */
export async function issueCreditNote(
  db: Database,
  input: { reservationId: number; now: Date; refundCents?: number; issuer?: InvoiceIssuer },
): Promise<InvoiceData> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    // Lock the reservation row: two cancellations of one booking wait here and the second sees the first's note.
    const [locked] = await tx
      .select({ id: reservations.id, invoiceNumber: reservations.invoiceNumber })
      .from(reservations)
      .where(eq(reservations.id, input.reservationId))
      .for('update');
    const rows = await tx.select().from(invoices).where(eq(invoices.reservationId, input.reservationId));
    // The reservation's current invoice: a changed booking (issue 12) keeps its earlier, credited invoices.
    const invoiceRow = rows.find((row) => row.kind === 'invoice' && row.number === locked?.invoiceNumber);
    if (!invoiceRow) throw new Error(`reservation ${input.reservationId} has no stored invoice`);
    const invoice = invoiceRow.data as InvoiceData;
    const existing = rows.find(
      (row) => row.kind === 'credit_note' && (row.data as InvoiceData).correctsNumber === invoice.number,
    );
    if (existing) return existing.data as InvoiceData;

    const number = await nextDocumentNumber(tx, 'credit_note', input.now);
    const data = creditNoteFor(invoice, number, input.now, input.refundCents);
    return storeCreditNote(tx, input, number, data);
  });
}

/** Stores a credit note's snapshot under `number` (the seller as configured now when `issuer` is given). */
async function storeCreditNote(
  tx: Database,
  input: { reservationId: number; now: Date; issuer?: InvoiceIssuer },
  number: string,
  data: InvoiceData,
): Promise<InvoiceData> {
  if (input.issuer) data.seller = structuredClone(input.issuer.seller);
  await tx
    .insert(invoices)
    .values({ reservationId: input.reservationId, kind: 'credit_note', number, issuedAt: input.now, data });
  return data;
}

/**
 * Issues a partial credit note of the reservation's current invoice (issue 33 item 5, decision 0051): a goodwill
 * credit of `amountCents` (gross, 0 < amount < the invoice's total) on one line `description`, VAT at the invoice's
 * rate worked back out of the gross amount; same parties, service and gapless `GS-` series as a full credit note.
 * Runs in the caller's transaction (which holds the reservation's row lock).
 *
 * @param input.refundCents - what goes back through the online payment provider, stated on the note; omitted when not
 *   paid online.
 * @returns the credit note's snapshot.
 * @throws RangeError when the amount is not below the invoice's total and above 0; Error when the reservation has
 *   no stored invoice; database errors pass through.
 * Source: §14c UStG (a credit note corrects an issued invoice), §17 UStG (the consideration reduced afterwards),
 * DESIGN §6 (credit notes GS-YYYY-NNNNNN).
 */
export async function issuePartialCreditNote(
  tx: Database,
  input: {
    reservationId: number;
    invoiceNumber: string;
    now: Date;
    amountCents: number;
    description: string;
    refundCents?: number;
    issuer?: InvoiceIssuer;
  },
): Promise<InvoiceData> {
  const [invoiceRow] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.reservationId, input.reservationId), eq(invoices.number, input.invoiceNumber)));
  if (!invoiceRow) throw new Error(`reservation ${input.reservationId} has no stored invoice ${input.invoiceNumber}`);
  const invoice = invoiceRow.data as InvoiceData;
  if (
    !Number.isInteger(input.amountCents) ||
    input.amountCents <= 0 ||
    input.amountCents >= invoice.totals.grossCents
  ) {
    throw new RangeError(
      `a partial credit note needs 0 < amount < ${invoice.totals.grossCents}, got ${input.amountCents}`,
    );
  }
  const number = await nextDocumentNumber(tx, 'credit_note', input.now);
  const rate = invoice.totals.vatRateBp;
  const vatCents = Math.round((input.amountCents * rate) / (10_000 + rate));
  const data: InvoiceData = {
    ...creditNoteFor(invoice, number, input.now, input.refundCents),
    lines: [{ description: input.description, cents: -input.amountCents }],
    totals: {
      grossCents: -input.amountCents,
      netCents: -(input.amountCents - vatCents),
      vatCents: -vatCents,
      vatRateBp: rate,
    },
  };
  return storeCreditNote(tx, input, number, data);
}

/** The credit note mirroring `invoice`: same parties and service, amounts negated, nothing to transfer. */
function creditNoteFor(invoice: InvoiceData, number: string, now: Date, refundCents?: number): InvoiceData {
  const neg = (cents: number) => (cents === 0 ? 0 : -cents);
  return {
    ...invoice,
    kind: 'credit_note',
    number,
    correctsNumber: invoice.number,
    issuedAt: now.toISOString(),
    issueDate: todayInZone(now, SHOP_TIME_ZONE),
    lines: invoice.lines.map((l) => ({ ...l, cents: neg(l.cents) })),
    totals: {
      grossCents: neg(invoice.totals.grossCents),
      netCents: neg(invoice.totals.netCents),
      vatCents: neg(invoice.totals.vatCents),
      vatRateBp: invoice.totals.vatRateBp,
    },
    payment: {
      ...invoice.payment,
      dueDate: null,
      bank: null,
      remittance: [number, invoice.reference].join(' '),
      ...(refundCents ? { refundCents } : {}),
    },
  };
}

/**
 * The back office's reservations (issue 15 item 3): search with paging and the CSV export of the same filter, the
 * detail view (booking, customer, price, payment, documents, history), cancel or change on the customer's behalf
 * through the customer's own services (`reservation-manage.server.ts`: same rules, same 24-hour free period, same
 * documents and mails), and sending the confirmation mail again. Every write records an audit row in its own
 * transaction. An operator sees only the reservations of its company's lots; anything else is "not found" (404).
 * Amounts are integer euro cents, gross; stay times airport local `YYYY-MM-DDTHH:mm`.
 */
import { stringify } from 'csv-stringify/sync';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import {
  airports,
  flightDelays,
  invoices,
  overstayCharges,
  parkingLots,
  payments,
  refunds,
  reservations,
  tariffs,
  type ReservationStatus,
} from '#database/schema.ts';
import type { DetailField as Field, ReservationDetailTexts } from '~/domain/reservation-detail-view.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { instantToLocal } from '~/domain/local-time.ts';
import { intlLocale, localized } from '~/domain/localized.ts';
import { formatMoney } from '~/domain/money.ts';
import { priceBreakdownLines } from '~/domain/price-breakdown.ts';
import { normalizeReference } from '~/domain/reference.ts';
import { plateKey, RESERVATION_PAGE_SIZE, safeCsvCell, type ReservationFilter } from '~/domain/reservation-search.ts';
import { operatorScope, type StaffActor } from '~/domain/staff-roles.ts';
import { translator } from '~/i18n.server.ts';
import { toLocale, type Locale } from '~/i18n.ts';
import { recordAudit } from './audit-log.server.ts';
import { createGuestToken } from '../reservations/guest-access.server.ts';
import { kickMailDelivery, queueReservationConfirmation } from '../mail/mail.server.ts';
import {
  cancelReservation,
  changeReservation,
  historyKind,
  manageState,
  reservationHistory,
  type CancelAnswer,
  type ChangeAnswer,
} from '../reservations/reservation-manage.server.ts';
import type { OnBehalf } from '../reservations/booking-writes.server.ts';
import { RequestError } from '../request-error.server.ts';
import { hasVoucher, invoiceFileName, voucherFileName, xmlName } from '../documents/reservation-documents.server.ts';
import {
  buildGuestAccessUrl,
  reservationDetailsQuery,
  BOOKED_AT,
  type ReservationDetails,
} from '../reservations/reservations.server.ts';
import type { ServiceContext } from '../service-context.ts';

/**
 * Why a back-office reservation action was refused: 404 `api.error.not_found` (unknown or outside an operator's
 * lots), 409 `admin.reservations.error.not_confirmed` (resend of an unconfirmed booking); the manage services'
 * own refusals pass through unchanged. Source: issue 15 item 3, DESIGN §5.
 */
class AdminReservationError extends RequestError {}

/** Most rows one CSV export holds (a larger result asks for a narrower filter). */
const CSV_MAX_ROWS = 10_000;

/** A row of the list. */
type ReservationListRow = {
  reference: string;
  status: ReservationStatus;
  airport: string;
  lot: string;
  tariff: string;
  entry: string;
  exit: string;
  name: string;
  /** null for an operator (it sees no contact data) */
  email: string | null;
  licensePlate: string;
  totalCents: number;
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
  /** the return flight when late or cancelled (issue 35): status and new landing, airport local time */
  flight: { status: 'delayed' | 'cancelled'; flightNumber: string; arrival: string | null } | null;
};

/** A page of the list. */
export type ReservationPage = { rows: ReservationListRow[]; total: number; page: number; pages: number };

/** The conditions of `filter` and the actor's scope. */
function whereOf(actor: StaffActor, filter: ReservationFilter): SQL | undefined {
  const conditions: SQL[] = [];
  const scope = operatorScope(actor);
  if (scope !== null) conditions.push(eq(parkingLots.operator, scope));
  if (filter.status) conditions.push(eq(reservations.status, filter.status));
  if (filter.airport) conditions.push(eq(airports.iata, filter.airport));
  const column = filter.dateField === 'exit' ? reservations.exitLocal : reservations.entryLocal;
  if (filter.from) conditions.push(sql`${column} >= ${filter.from}`);
  if (filter.to) conditions.push(sql`${column} <= ${`${filter.to}T23:59`}`);
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const text: SQL[] = [
      ilike(sql`${reservations.billingAddress}->>'email'`, like),
      ilike(
        sql`concat_ws(' ', ${reservations.billingAddress}->>'firstname', ${reservations.billingAddress}->>'lastname')`,
        like,
      ),
    ];
    const reference = normalizeReference(filter.q);
    if (reference) text.push(eq(reservations.reference, reference));
    const plate = plateKey(filter.q);
    if (plate.length >= 2) {
      text.push(
        sql`upper(regexp_replace(${reservations.licensePlate}, '[^0-9A-Za-zÄÖÜäöü]', '', 'g')) like ${`%${plate}%`}`,
      );
    }
    // An operator never finds a booking by its e-mail address (it sees none): the name, plate and reference only.
    if (scope !== null) text.shift();
    conditions.push(or(...text) as SQL);
  }
  return conditions.length ? and(...conditions) : undefined;
}

function listQuery(db: Database) {
  return db
    .select({
      reference: reservations.reference,
      status: reservations.status,
      airport: airports.iata,
      lot: parkingLots.name,
      tariffDe: tariffs.nameDe,
      tariffEn: tariffs.nameEn,
      entry: reservations.entryLocal,
      exit: reservations.exitLocal,
      billing: reservations.billingAddress,
      licensePlate: reservations.licensePlate,
      totalCents: reservations.totalCents,
      personCount: reservations.personCount,
      childrenSeat: reservations.childrenSeat,
      paymentType: reservations.paymentType,
      createdAt: reservations.createdAt,
      checkedInAt: reservations.checkedInAt,
      checkedOutAt: reservations.checkedOutAt,
      flightStatus: flightDelays.status,
      flightNumber: flightDelays.flightNumber,
      flightArrival: flightDelays.arrivalLocal,
    })
    .from(reservations)
    .innerJoin(airports, BOOKED_AT.airport)
    .innerJoin(tariffs, BOOKED_AT.tariff)
    .innerJoin(parkingLots, BOOKED_AT.lot)
    .leftJoin(flightDelays, eq(flightDelays.reservationId, reservations.id));
}

type ListRecord = Awaited<ReturnType<ReturnType<typeof listQuery>['execute']>>[number];

function nameOf(billing: Record<string, unknown>): string {
  return [billing.firstname, billing.lastname].filter((v) => typeof v === 'string' && v).join(' ');
}

function rowOf(actor: StaffActor, record: ListRecord, locale: Locale): ReservationListRow {
  return {
    reference: record.reference,
    status: record.status,
    airport: record.airport,
    lot: record.lot,
    tariff: localized(record, 'tariff', locale),
    entry: record.entry,
    exit: record.exit,
    name: nameOf(record.billing),
    email: operatorScope(actor) === null ? String(record.billing.email ?? '') : null,
    licensePlate: record.licensePlate,
    totalCents: record.totalCents,
    checkedInAt: record.checkedInAt,
    checkedOutAt: record.checkedOutAt,
    flight:
      record.flightStatus === 'delayed' || record.flightStatus === 'cancelled'
        ? { status: record.flightStatus, flightNumber: record.flightNumber ?? '', arrival: record.flightArrival }
        : null,
  };
}

/**
 * One page of the reservations matching `filter` that `actor` may see (an operator: its company's lots),
 * newest entry first, {@link RESERVATION_PAGE_SIZE} per page.
 *
 * @returns the rows, the number of matches and of pages (at least 1).
 * @throws on database errors only.
 * Source: issue 15 item 3 (search by reference, name, e-mail, licence plate, date range, status; paged).
 */
export async function searchReservations(
  db: Database,
  actor: StaffActor,
  filter: ReservationFilter,
  locale: Locale,
): Promise<ReservationPage> {
  const where = whereOf(actor, filter);
  const [{ total }] = await db
    .select({ total: count() })
    .from(reservations)
    .innerJoin(airports, BOOKED_AT.airport)
    .innerJoin(tariffs, BOOKED_AT.tariff)
    .innerJoin(parkingLots, BOOKED_AT.lot)
    .where(where);
  const pages = Math.max(1, Math.ceil(total / RESERVATION_PAGE_SIZE));
  const page = Math.min(filter.page, pages);
  const records = await listQuery(db)
    .where(where)
    .orderBy(desc(reservations.entryLocal), desc(reservations.id))
    .limit(RESERVATION_PAGE_SIZE)
    .offset((page - 1) * RESERVATION_PAGE_SIZE);
  return { rows: records.map((r) => rowOf(actor, r, locale)), total, page, pages };
}

/** The airports an actor may filter by (an operator: those of its lots), by IATA code. */
export async function airportChoices(db: Database, actor: StaffActor): Promise<{ iata: string; name: string }[]> {
  const scope = operatorScope(actor);
  const rows = await db
    .selectDistinct({ iata: airports.iata, name: airports.nameDe })
    .from(airports)
    .innerJoin(parkingLots, eq(parkingLots.airportId, airports.id))
    .where(scope === null ? undefined : eq(parkingLots.operator, scope))
    .orderBy(asc(airports.iata));
  return rows;
}

/**
 * The CSV export of every reservation matching `filter` that `actor` may see (no paging, at most
 * {@link CSV_MAX_ROWS}), for Excel: UTF-8 with a byte-order mark, `;` between cells (what a German Excel splits
 * on), CRLF line ends, amounts as numbers with the locale's decimal mark, every text cell formula-safe
 * ({@link safeCsvCell}). An operator's export has no e-mail column.
 *
 * @returns the file's text (BOM included) and the number of rows.
 * @throws on database errors only.
 * Source: issue 15 item 3 (CSV export of a filtered list), decision record 0029 (back-office reservations).
 */
export async function exportReservationsCsv(
  db: Database,
  actor: StaffActor,
  filter: ReservationFilter,
  locale: Locale,
): Promise<{ csv: string; rows: number }> {
  const t = translator(locale);
  const records = await listQuery(db)
    .where(whereOf(actor, filter))
    .orderBy(desc(reservations.entryLocal), desc(reservations.id))
    .limit(CSV_MAX_ROWS);
  const withEmail = operatorScope(actor) === null;
  const header = [
    'reference',
    'status',
    'airport',
    'lot',
    'tariff',
    'entry',
    'exit',
    'name',
    ...(withEmail ? ['email'] : []),
    'license_plate',
    'persons',
    'child_seats',
    'payment',
    'total',
    'checked_in',
    'checked_out',
    'booked_at',
  ].map((key) => t(`admin.reservations.csv.${key}`));
  // The spreadsheet's decimal mark of the language (German 12,50, English 12.50), no grouping.
  const amount = new Intl.NumberFormat(intlLocale(locale), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
  const decimal = (cents: number) => amount.format(cents / 100);
  const instant = (value: Date | null) => (value ? value.toISOString() : '');
  const body = records.map((r) => {
    const row = rowOf(actor, r, locale);
    return [
      row.reference,
      t(`reservation.status.${row.status}`),
      row.airport,
      row.lot,
      row.tariff,
      row.entry.replace('T', ' '),
      row.exit.replace('T', ' '),
      row.name,
      ...(withEmail ? [row.email ?? ''] : []),
      row.licensePlate,
      String(r.personCount),
      String(r.childrenSeat),
      r.paymentType,
      decimal(row.totalCents),
      instant(row.checkedInAt),
      instant(row.checkedOutAt),
      instant(r.createdAt),
    ].map(safeCsvCell);
  });
  const csv = stringify([header.map(safeCsvCell), ...body], { delimiter: ';', record_delimiter: 'windows' });
  return { csv: `\uFEFF${csv}`, rows: body.length };
}

/**
 * The reservation `reference` when `actor` may see it: its details, else 404 (unknown, malformed, or outside an
 * operator's lots — the same answer).
 *
 * @throws AdminReservationError 404 `api.error.not_found`.
 * Source: issue 15 (an operator sees no other operator's reservation: 404).
 */
export async function staffReservation(
  db: Database,
  actor: StaffActor,
  reference: string,
): Promise<ReservationDetails> {
  const canonical = normalizeReference(reference);
  if (!canonical) throw new AdminReservationError(404, 'api.error.not_found');
  const [row] = await reservationDetailsQuery(db).where(eq(reservations.reference, canonical)).limit(1);
  const scope = operatorScope(actor);
  if (!row || (scope !== null && row.lot.operator !== scope)) {
    throw new AdminReservationError(404, 'api.error.not_found');
  }
  return row;
}

/** The detail page's view of a reservation (`~/domain/reservation-detail-view.ts`, its status typed). */
export type ReservationDetailView = ReservationDetailTexts & { status: ReservationStatus };

/**
 * The detail view of `details` for `actor` in `locale`. An operator gets what the barrier needs (name, plate,
 * times, tariff, persons, child seats, bulky baggage, flights, price and check-in state) but no e-mail, phone or
 * address, and cannot send mails (decision record 0029).
 *
 * @throws on database errors only.
 * Source: issue 15 item 3 (detail view with the history).
 */
export async function reservationDetailView(
  ctx: ServiceContext,
  actor: StaffActor,
  details: ReservationDetails,
  locale: Locale,
): Promise<ReservationDetailView> {
  const t = translator(locale);
  const r = details.reservation;
  const tz = details.airport.timeZone;
  const money = (cents: number) => formatMoney(cents, locale);
  const when = (instant: Date | null) => (instant ? formatLocalDateTime(instantToLocal(instant, tz), locale) : null);
  const operator = operatorScope(actor) !== null;
  const billing = r.billingAddress;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const booking: Field[] = [
    {
      label: t('admin.reservations.field.airport'),
      value: `${localized(details.airport, 'name', locale)} (${details.airport.iata})`,
    },
    { label: t('admin.reservations.field.lot'), value: `${details.lot.name} · ${details.lot.operator}` },
    { label: t('admin.reservations.field.tariff'), value: localized(details.tariff, 'name', locale) },
    { label: t('admin.reservations.field.entry'), value: formatLocalDateTime(r.entryLocal, locale) },
    { label: t('admin.reservations.field.exit'), value: formatLocalDateTime(r.exitLocal, locale) },
    { label: t('admin.reservations.field.name'), value: nameOf(billing) },
    { label: t('admin.reservations.field.plate'), value: r.licensePlate || '–' },
    { label: t('admin.reservations.field.persons'), value: String(r.personCount) },
    { label: t('admin.reservations.field.child_seats'), value: String(r.childrenSeat) },
    {
      label: t('admin.reservations.field.bulky'),
      value: r.bulkyBaggage
        ? r.bulkyBaggage
            .split(';')
            .map((flag) => t(`reservation.bulky.${flag}`))
            .join(', ')
        : '–',
    },
    {
      label: t('admin.reservations.field.flights'),
      value: [r.outboundFlightNumber, r.returnFlightNumber].filter(Boolean).join(' / ') || '–',
    },
  ];
  const customer: Field[] | null = operator
    ? null
    : [
        { label: t('admin.reservations.field.email'), value: str(billing.email) },
        {
          label: t('admin.reservations.field.phone'),
          value: [str(billing.phonePrefix), str(billing.phoneNumber)].filter(Boolean).join(' ') || '–',
        },
        ...(str(billing.company)
          ? [{ label: t('admin.reservations.field.company'), value: str(billing.company) }]
          : []),
        {
          label: t('admin.reservations.field.address'),
          value: [
            `${str(billing.street)} ${str(billing.streetNumber)}`.trim(),
            `${str(billing.postcode)} ${str(billing.city)}`.trim(),
            str(billing.country),
          ]
            .filter(Boolean)
            .join(', '),
        },
        {
          label: t('admin.reservations.field.account'),
          value: r.userId ? t('admin.reservations.account.yes') : t('admin.reservations.account.guest'),
        },
        { label: t('admin.reservations.field.locale'), value: r.locale },
      ];
  const breakdown = priceBreakdownLines(
    {
      billableDays: r.billableDays,
      parkingCents: r.parkingCents,
      personsCents: r.personsCents,
      childSeatsCents: r.childSeatsCents,
      discountCents: r.discountCents,
      totalCents: r.totalCents,
      vatCents: r.vatCents,
      vatRateBp: r.vatRateBp,
      childrenSeat: r.childrenSeat,
      couponCode: r.couponCode,
    },
    locale,
  );
  const price: Field[] = [...breakdown.lines, breakdown.total, breakdown.vat].map((line) => ({
    label: t(line.labelKey, line.labelParams),
    value: money(line.cents),
  }));
  const paymentRows = await ctx.db
    .select()
    .from(payments)
    .where(eq(payments.reservationId, r.id))
    .orderBy(asc(payments.attempt));
  const refundRows = await ctx.db
    .select()
    .from(refunds)
    .where(eq(refunds.reservationId, r.id))
    .orderBy(asc(refunds.id));
  const payment: Field[] = [
    { label: t('admin.reservations.field.payment_type'), value: t(`admin.reservations.payment.${r.paymentType}`) },
    ...paymentRows.map((p) => ({
      label: t('admin.reservations.field.payment_attempt', { attempt: p.attempt }),
      value: [
        `${p.provider}: ${t(`admin.reservations.payment_status.${p.status}`)} ${money(p.amountCents)}`,
        ...refundRows
          .filter((refund) => refund.paymentId === p.id)
          .map((refund) => t('admin.reservations.refund', { amount: money(refund.amountCents) })),
      ]
        .filter(Boolean)
        .join(' · '),
    })),
  ];
  // the overstay billed at check-out (issue 33 item 4), read here: overstay.server.ts depends on this module
  const [overstay] = await ctx.db.select().from(overstayCharges).where(eq(overstayCharges.reservationId, r.id));
  if (overstay) {
    payment.push({
      label: t('admin.overstay.title'),
      value: [
        overstay.invoiceNumber,
        money(overstay.amountCents),
        overstay.paidMethod && overstay.paidAt
          ? t(`admin.overstay.paid.${overstay.paidMethod}`, { when: when(overstay.paidAt) ?? '' })
          : t('admin.overstay.open'),
      ].join(' · '),
    });
  }
  const documentRows = await ctx.db
    .select({ kind: invoices.kind, number: invoices.number, issuedAt: invoices.issuedAt })
    .from(invoices)
    .where(eq(invoices.reservationId, r.id))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  const events = await reservationHistory(ctx.db, r.id);
  const state = manageState(details, ctx.now());
  return {
    reference: r.reference,
    status: r.status,
    statusLabel: t(`reservation.status.${r.status}`),
    booking,
    customer,
    price,
    payment,
    documents: [
      ...(hasVoucher(details)
        ? [
            {
              kind: t('admin.reservations.document.voucher'),
              number: r.reference,
              issued: '',
              fileName: voucherFileName(r.reference),
            },
          ]
        : []),
      ...documentRows.flatMap((d) => [
        {
          kind: t(`admin.reservations.document.${d.kind}`),
          number: d.number,
          issued: when(d.issuedAt) ?? '',
          fileName: invoiceFileName(d),
        },
        // the XRechnung of each (issue 34 item 2)
        { kind: t('admin.reservations.document.xml'), number: d.number, issued: '', fileName: xmlName(d) },
      ]),
    ],
    history: events.map((e) => {
      const by = e.data.staff as OnBehalf | undefined;
      return {
        kind: e.kind,
        label: historyLabel(e, locale),
        when: when(new Date(e.at)) ?? '',
        by: by ? t('admin.reservations.history.by', { name: by.name, role: t(`admin.role.${by.role}`) }) : null,
      };
    }),
    checkedIn: when(r.checkedInAt),
    checkedOut: when(r.checkedOutAt),
    manage: {
      open: state.open,
      deadline: formatLocalDateTime(state.deadlineLocal, locale),
      closedReason: state.closedReason,
    },
    canResend: !operator && (r.status === 'confirmed' || r.status === 'completed'),
    travel: {
      entryTime: r.entryLocal,
      exitTime: r.exitLocal,
      personCount: String(r.personCount),
      childrenSeat: String(r.childrenSeat),
      bulkyBaggage: r.bulkyBaggage,
      licensePlate: r.licensePlate,
    },
  };
}

/** A history row's text in the back office (mails by kind, a change with its new total, an overstay's days). */
function historyLabel(event: { kind: string; data: Record<string, unknown> }, locale: Locale): string {
  const t = translator(locale);
  if (event.kind === 'mail_sent' && typeof event.data.mail === 'string') {
    const key = `manage.history.mail.${event.data.mail}`;
    return t('manage.history.mail_sent_kind', { mail: t(key) === key ? event.data.mail : t(key) });
  }
  if (event.kind === 'checked_out') {
    const extraDays = Number(event.data.extraDays ?? 0);
    if (extraDays > 0) {
      return t('admin.checkin.history.overstay', {
        days: extraDays,
        amount: formatMoney(Number(event.data.extraCents ?? 0), locale),
      });
    }
  }
  const total = (event.data.to as { totalCents?: unknown } | undefined)?.totalCents;
  const amount = event.data.amountCents;
  return t(`manage.history.${historyKind(event)}`, {
    total: formatMoney(typeof total === 'number' ? total : 0, locale),
    amount: formatMoney(typeof amount === 'number' ? amount : 0, locale),
  });
}

function onBehalf(actor: StaffActor): OnBehalf {
  return { staffId: actor.staffId, name: actor.name || actor.email, role: actor.role };
}

/**
 * Cancels (or quotes the cancellation of, `dryRun`) a reservation on the customer's behalf with the customer's own
 * service (`cancelReservation`): the same free-cancellation period — staff cannot override it (decision record
 * 0029) — the same credit note, refund and mail. The history row names the staff member; the audit row
 * (`reservation.cancel`) is written in the cancellation's transaction.
 *
 * @returns the service's {@link CancelAnswer}.
 * @throws AdminReservationError 404 outside the actor's scope; the service's 409 refusals.
 * Source: issue 15 item 3 (cancel on the customer's behalf with the same services), issue 12.
 */
export async function cancelOnBehalf(
  ctx: ServiceContext,
  actor: StaffActor,
  input: { reference: string; dryRun: boolean },
): Promise<CancelAnswer> {
  const details = await staffReservation(ctx.db, actor, input.reference);
  const r = details.reservation;
  const answer = await cancelReservation(ctx, {
    details,
    dryRun: input.dryRun,
    staff: onBehalf(actor),
    inTransaction: (tx, result) =>
      recordAudit(
        tx,
        actor,
        {
          action: 'reservation.cancel',
          entity: 'reservation',
          entityId: r.reference,
          before: { status: r.status, totalCents: r.totalCents },
          after: { status: result.status, creditNoteNumber: result.creditNoteNumber },
        },
        ctx.now(),
      ),
  });
  return answer.body;
}

/**
 * Changes (or quotes, `body.dryRun`) a reservation's stay and travel details on the customer's behalf with the
 * customer's own service (`changeReservation`): validated against the tariff like the checkout, re-priced with
 * "price kept as booked", capacity checked, new documents and the change mail; the free period applies as for
 * the customer. No idempotency key: a repeated confirmation is refused as "changes nothing" (422). The audit row
 * (`reservation.change`) is written in the change's transaction.
 *
 * @returns the service's {@link ChangeAnswer}.
 * @throws AdminReservationError 404 outside the actor's scope; the service's 409/422 refusals.
 * Source: issue 15 item 3, issue 12 item 2.
 */
export async function changeOnBehalf(
  ctx: ServiceContext,
  actor: StaffActor,
  input: { reference: string; body: Record<string, unknown> },
): Promise<ChangeAnswer> {
  const details = await staffReservation(ctx.db, actor, input.reference);
  const r = details.reservation;
  const answer = await changeReservation(ctx, {
    details,
    body: input.body,
    staff: onBehalf(actor),
    inTransaction: (tx, result) =>
      recordAudit(
        tx,
        actor,
        {
          action: 'reservation.change',
          entity: 'reservation',
          entityId: r.reference,
          before: {
            ...result.old,
            personCount: r.personCount,
            childrenSeat: r.childrenSeat,
            licensePlate: r.licensePlate,
          },
          after: {
            entryTime: result.new.entryTime,
            exitTime: result.new.exitTime,
            totalCents: result.new.totalCents,
            personCount: result.new.personCount,
            childrenSeat: result.new.childrenSeat,
            licensePlate: result.new.licensePlate,
          },
        },
        ctx.now(),
      ),
  });
  return answer.body;
}

/**
 * Sends the booking confirmation again through the outbox (issue 3's mail, rendered at delivery). The mail's
 * secret guest link needs a token whose hash is stored, and only hashes are kept, so a new token is drawn and
 * replaces the old one: the link in an earlier mail stops working, the lookup by reference and e-mail still works
 * (decision record 0029). Token, outbox row and audit row (`reservation.confirmation.resend`) in one transaction;
 * the `mail_sent` history row follows when the worker delivers it.
 *
 * @throws AdminReservationError 404 outside the actor's scope or for an operator (it sees no contact data),
 *   409 `admin.reservations.error.not_confirmed` unless confirmed or completed.
 * Source: issue 15 item 3 (resend the confirmation mail).
 */
export async function resendConfirmation(
  ctx: ServiceContext,
  actor: StaffActor,
  input: { reference: string },
): Promise<{ to: string }> {
  if (operatorScope(actor) !== null) throw new AdminReservationError(404, 'api.error.not_found');
  const details = await staffReservation(ctx.db, actor, input.reference);
  const r = details.reservation;
  if (r.status !== 'confirmed' && r.status !== 'completed') {
    throw new AdminReservationError(409, 'admin.reservations.error.not_confirmed');
  }
  const to = String(r.billingAddress.email ?? '');
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const { token, hash } = createGuestToken();
    await tx.update(reservations).set({ guestTokenHash: hash }).where(eq(reservations.id, r.id));
    const accessUrl = buildGuestAccessUrl(ctx.env.PUBLIC_URL, toLocale(r.locale), r.reference, token);
    await queueReservationConfirmation(tx, ctx.env, { reservation: r, accessUrl });
    await recordAudit(
      tx,
      actor,
      { action: 'reservation.confirmation.resend', entity: 'reservation', entityId: r.reference, after: { to } },
      ctx.now(),
    );
  });
  kickMailDelivery(ctx);
  return { to };
}

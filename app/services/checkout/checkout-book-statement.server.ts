/**
 * The booking as one SQL statement (decision 0034): the text and parameters of the statement that books the stay's
 * days, redeems the coupon, draws the invoice number, inserts the reservation with its history row, the invoice
 * snapshot, the confirmation mail's outbox row and the idempotent answer, and commits all of it at once or nothing.
 * `checkout-book.server.ts` runs it and maps its refusals.
 *
 * Order (each part reads the one before, so every booking takes its locks in the same order: tariff row, day rows
 * by date, coupon row, invoice counter): `tariff` share-locks the tariff row (decision 0033) → `reserved` books
 * one space per day in date order where the capacity allows → `available` has a row only when every day was
 * booked within capacity → `redeemed` counts the coupon use only then, within its limit → `go` → `counter` and
 * `numbered` draw the year's next invoice number (confirmed bookings) → `inserted` stores the reservation under
 * the drawn reference (no row when it is taken) → history, invoice, mail, the visitor's session (decision 0035),
 * answer (the idempotency key's row, last).
 * When `inserted` has no row, or a new key's row could not be inserted because the key has one already, the final
 * select calls `shop_refuse(reason)` (migration 0017), whose error aborts the statement: no day, coupon use or
 * number stays taken.
 */
import { getTableColumns } from 'drizzle-orm';
import type { PreparedStatement } from '#database/prepared-statement.server.ts';
import { reservations } from '#database/schema.ts';
import type { SessionRow } from '../session-port.ts';

/** The reservation columns a booking writes, in statement order (the rest keep their defaults or stay null). */
const RESERVATION_INSERT_KEYS = [
  'reference',
  'status',
  'locale',
  'airportId',
  'tariffId',
  'userId',
  'entryLocal',
  'exitLocal',
  'entryAt',
  'exitAt',
  'billableDays',
  'personCount',
  'childrenSeat',
  'bulkyBaggage',
  'licensePlate',
  'outboundFlightNumber',
  'returnFlightNumber',
  'billingAddress',
  'invoiceAddress',
  'paymentType',
  'couponCode',
  'parkingCents',
  'personsCents',
  'childSeatsCents',
  'discountCents',
  'totalCents',
  'vatCents',
  'vatRateBp',
  'guestTokenHash',
  'createdAt',
  'confirmedAt',
  'holdUntil',
] as const;

/** The values of a new reservation row (its invoice number is drawn by the statement). */
export type ReservationValues = {
  [K in (typeof RESERVATION_INSERT_KEYS)[number]]: (typeof reservations.$inferSelect)[K];
};

const COLUMNS = getTableColumns(reservations);
/** Database name and SQL type of each written column, computed once. */
const RESERVATION_COLUMNS = RESERVATION_INSERT_KEYS.map((key) => ({
  key,
  name: COLUMNS[key].name,
  type: COLUMNS[key].getSQLType(),
}));

/** Why a booking statement stored nothing: the `shop_refuse` reason it raised. */
export type BookingRefusal =
  'sold_out' | 'coupon_used_up' | 'invoice_numbers_exhausted' | 'reference_taken' | 'idempotency_key_taken';

/** The reasons `shop_refuse` raises from this statement (its error's message). */
export const BOOKING_REFUSALS: readonly BookingRefusal[] = [
  'sold_out',
  'coupon_used_up',
  'invoice_numbers_exhausted',
  'reference_taken',
  'idempotency_key_taken',
];

/** A mail queued with the booking: the outbox row without its reservation id (taken from the new row). */
export type QueuedMail = {
  kind: string;
  baseUrl: string;
  locale: string;
  to: string;
  subject: string;
  /** what the mail needs at delivery (a confirmation: `{accessUrl}`) */
  payload: Record<string, string>;
};

/** Everything the statement writes. */
export type BookingStatementInput = {
  tariffId: number;
  /** the stay's dates, airport local `YYYY-MM-DD`, ascending */
  dates: string[];
  /** the coupon to redeem (its row id), if any */
  couponId: number | null;
  reservation: ReservationValues;
  /**
   * a confirmed booking's invoice: numbering year, number prefix (`RE-YYYY-`), the instant of issue, and the
   * snapshot JSON with `placeholder` where the number goes; null for a booking that is not confirmed yet
   */
  invoice: { year: number; prefix: string; issuedAt: Date; json: string; placeholder: string } | null;
  mail: QueuedMail | null;
  /**
   * the idempotent answer (201 and `json`, with the invoice's placeholder, if any, where the number goes): with a
   * `requestHash`, a new `done` row for `key`, and the booking is refused (`idempotency_key_taken`) when the key
   * already has a row (a replay, a mismatch or a request in flight, which the caller then tells apart); without
   * one, the completion of the caller's `in_flight` row for `key`
   */
  answer: { key: string; json: string; requestHash?: string } | null;
  /**
   * the visitor's session as it is to be stored after the booking (guest access, no cart), upserted with it so the
   * session needs no round trip of its own (decision 0035); null to leave the session to the caller
   */
  session: SessionRow | null;
};

/** Collects positional parameters; `add` returns the cast placeholder (`$3::integer`). */
class ParameterList {
  readonly values: (string | number | boolean | null)[] = [];
  add(value: unknown, type: string): string {
    this.values.push(toDriverValue(value));
    return `$${this.values.length}::${type}`;
  }
}

/** A value as a statement parameter: instants as ISO strings, objects as JSON text, null for undefined. */
function toDriverValue(value: unknown): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number | boolean;
}

/**
 * Builds the booking statement for `input` (see the module description). The text depends only on which parts
 * are present (coupon, invoice, mail, answer), so each such variant has one name and PostgreSQL prepares it once
 * per connection.
 *
 * @returns the named statement; its one row is the new reservation (database column names) and `fewest_left`, the
 *   free spaces left on the stay's fullest day after the booking (decision 0036), or it fails with
 *   `shop_refuse`'s error (SQLSTATE P0001, message one of {@link BOOKING_REFUSALS}).
 * Source: decision 0034 (one statement), decision 0033 (tariff row first), DESIGN §6 (Availability, Coupon,
 *   Invoice: gapless per year), issue 12 (history), issue 14 (outbox with the booking).
 */
export function bookingStatement(input: BookingStatementInput): PreparedStatement {
  const p = new ParameterList();
  const tariffId = p.add(input.tariffId, 'integer');
  const parts: string[] = [
    `tariff as (select capacity from tariffs where id = ${tariffId} for share)`,
    `reserved as (
      insert into tariff_days (tariff_id, day, booked)
      select ${tariffId}, d.day, 1 from unnest(${p.add(`{${input.dates.join(',')}}`, 'date[]')}) as d(day), tariff
      order by d.day
      on conflict (tariff_id, day) do update set booked = tariff_days.booked + 1
        where coalesce(tariff_days.capacity, (select capacity from tariff)) > tariff_days.booked
      returning tariff_days.booked, coalesce(tariff_days.capacity, (select capacity from tariff)) as capacity)`,
    // A row created here has no override: it holds only while the tariff has a space at all.
    `available as (select 1 as ok from reserved
      having count(*) = ${p.add(input.dates.length, 'integer')} and coalesce(bool_and(booked <= capacity), false))`,
  ];
  if (input.couponId !== null) {
    parts.push(
      `redeemed as (update coupons set used_count = coupons.used_count + 1 from available
        where coupons.id = ${p.add(input.couponId, 'integer')}
          and (coupons.usage_limit is null or coupons.used_count < coupons.usage_limit)
        returning coupons.id)`,
      `go as (select 1 as ok from redeemed)`,
    );
  } else {
    parts.push(`go as (select ok from available)`);
  }
  let numberSource = 'go';
  let numberValue = 'null::text';
  if (input.invoice) {
    parts.push(
      `counter as (insert into invoice_counters (year, last) select ${p.add(input.invoice.year, 'integer')}, 1 from go
        on conflict (year) do update set last = invoice_counters.last + 1 returning last)`,
      `numbered as (select ${p.add(input.invoice.prefix, 'text')} || lpad(last::text, 6, '0') as number
        from counter where last <= 999999)`,
    );
    numberSource = 'numbered';
    numberValue = 'numbered.number';
  }
  const columns = RESERVATION_COLUMNS.map((c) => `"${c.name}"`).join(', ');
  const values = RESERVATION_COLUMNS.map((c) => p.add(input.reservation[c.key], c.type)).join(', ');
  parts.push(
    `inserted as (insert into reservations (${columns}, invoice_number)
      select ${values}, ${numberValue} from ${numberSource}
      on conflict (reference) do nothing
      returning *)`,
    `history as (insert into reservation_events (reservation_id, kind, at, data)
      select id, 'created', created_at, jsonb_build_object('totalCents', total_cents) from inserted)`,
  );
  const placeholder = input.invoice ? p.add(input.invoice.placeholder, 'text') : null;
  const numbered = (json: string) =>
    placeholder ? `replace(${p.add(json, 'text')}, ${placeholder}, invoice_number)::jsonb` : p.add(json, 'jsonb');
  if (input.invoice) {
    parts.push(
      `invoice as (insert into invoices (reservation_id, kind, number, issued_at, data)
        select id, 'invoice', invoice_number, ${p.add(input.invoice.issuedAt, 'timestamptz')},
          ${numbered(input.invoice.json)} from inserted)`,
    );
  }
  if (input.mail) {
    const m = input.mail;
    parts.push(
      `mail as (insert into mail_outbox (kind, reservation_id, base_url, locale, "to", subject, html, text, status, payload)
        select ${p.add(m.kind, 'text')}, id, ${p.add(m.baseUrl, 'text')}, ${p.add(m.locale, 'text')},
          ${p.add(m.to, 'text')}, ${p.add(m.subject, 'text')}, '', '', 'pending', ${p.add(m.payload, 'jsonb')}
        from inserted)`,
    );
  }
  if (input.session) {
    const session = input.session;
    parts.push(
      `session as (insert into sessions (id, data, expires_at, user_id)
        select ${p.add(session.id, 'text')}, ${p.add(session.json, 'jsonb')}, ${p.add(session.expiresAt, 'timestamptz')},
          ${p.add(session.userId, 'integer')} from inserted
        on conflict (id) do update set data = excluded.data, expires_at = excluded.expires_at, user_id = excluded.user_id)`,
    );
  }
  const claimsKey = input.answer?.requestHash !== undefined;
  if (input.answer && input.answer.requestHash !== undefined) {
    // Last, so a concurrent request with the same key waits here (unique index) until this one has committed,
    // and is then refused instead of booking twice.
    parts.push(
      `answer as (insert into idempotency_keys (key, request_hash, state, status, response)
        select ${p.add(input.answer.key, 'text')}, ${p.add(input.answer.requestHash, 'text')}, 'done', 201,
          ${numbered(input.answer.json)} from inserted
        on conflict (key) do nothing returning key)`,
    );
  } else if (input.answer) {
    parts.push(
      `answer as (update idempotency_keys set state = 'done', status = 201, response = ${numbered(input.answer.json)}
        from inserted where idempotency_keys.key = ${p.add(input.answer.key, 'text')})`,
    );
  }
  const refusal = [
    `when not exists (select from available) then 'sold_out'`,
    input.couponId !== null ? `when not exists (select from go) then 'coupon_used_up'` : '',
    input.invoice ? `when not exists (select from numbered) then 'invoice_numbers_exhausted'` : '',
    `else 'reference_taken'`,
  ]
    .filter(Boolean)
    .join(' ');
  const keyTaken = claimsKey ? `when not exists (select from answer) then shop_refuse('idempotency_key_taken')` : '';
  const text = `with ${parts.join(',\n')}
    select inserted.*, case when inserted.id is null then shop_refuse(case ${refusal} end) ${keyTaken} end as refused,
      (select min(capacity - booked) from reserved) as fewest_left
    from (values (1)) as one (x) left join inserted on true`;
  const variant = [
    input.couponId !== null ? 'coupon' : '',
    input.invoice ? 'invoice' : '',
    input.mail ? 'mail' : '',
    input.answer ? (claimsKey ? 'newkey' : 'answer') : '',
    input.session ? 'session' : '',
  ]
    .filter(Boolean)
    .join('_');
  return { name: `booking_${variant || 'plain'}`, text, values: p.values };
}

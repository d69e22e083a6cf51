/**
 * The back office's reservation search (issue 15 item 3): the filter read from the list page's GET form (and the
 * CSV export's query, the same fields), validated field by field, and the CSV cell rule. Pure rules.
 */
import { parseLocalDate, type LocalDate } from './local-time';

/** Reservation statuses the filter accepts (mirrors `ReservationStatus`). */
const STATUSES = ['pending_payment', 'confirmed', 'cancelled', 'completed'] as const;

/** Rows per page of the list. */
export const RESERVATION_PAGE_SIZE = 50;

/** The list's filter; empty strings mean "any". */
export type ReservationFilter = {
  /** free text: a reference, a name, an e-mail address or a licence plate (parts match) */
  q: string;
  status: (typeof STATUSES)[number] | '';
  /** IATA code, upper case */
  airport: string;
  /** which date `from`/`to` apply to */
  dateField: 'entry' | 'exit';
  /** inclusive airport-local dates `YYYY-MM-DD` */
  from: LocalDate | '';
  to: LocalDate | '';
  /** 1-based page */
  page: number;
};

/** A parsed filter and the translation keys of the fields that were refused (they are left out of the filter). */
export type ParsedFilter = { filter: ReservationFilter; errors: Record<string, string> };

/**
 * Reads the filter from the query string. Unknown statuses and airports that are not three letters, dates that
 * are not `YYYY-MM-DD` and a `to` before `from` are refused with a field error (`admin.reservations.error.*`)
 * and ignored; the page is clamped to 1…10000. Text is trimmed and cut at 100 characters.
 * Source: issue 15 item 3 (search by reference, name, e-mail, licence plate, date range, status).
 */
export function parseReservationFilter(params: URLSearchParams): ParsedFilter {
  const errors: Record<string, string> = {};
  const text = (name: string) => (params.get(name) ?? '').trim().slice(0, 100);
  const statusRaw = text('status');
  const status = (STATUSES as readonly string[]).includes(statusRaw) ? (statusRaw as ReservationFilter['status']) : '';
  if (statusRaw && !status) errors.status = 'admin.reservations.error.status';
  const airportRaw = text('airport').toUpperCase();
  const airport = /^[A-Z]{3}$/.test(airportRaw) ? airportRaw : '';
  if (airportRaw && !airport) errors.airport = 'admin.reservations.error.airport';
  const date = (name: 'from' | 'to'): LocalDate | '' => {
    const raw = text(name);
    if (!raw) return '';
    const parsed = parseLocalDate(raw);
    if (!parsed) errors[name] = 'admin.reservations.error.date';
    return parsed ?? '';
  };
  const from = date('from');
  let to = date('to');
  if (from && to && to < from) {
    errors.to = 'admin.reservations.error.range';
    to = '';
  }
  const pageNumber = Number.parseInt(text('page') || '1', 10);
  const page = Number.isFinite(pageNumber) ? Math.min(Math.max(pageNumber, 1), 10_000) : 1;
  return {
    filter: {
      q: text('q'),
      status,
      airport,
      dateField: text('dateField') === 'exit' ? 'exit' : 'entry',
      from,
      to,
      page,
    },
    errors,
  };
}

/** The query string of `filter` (page 1 and empty fields left out), for paging links and the CSV link. */
export function filterQuery(filter: ReservationFilter, overrides: Partial<ReservationFilter> = {}): string {
  const merged = { ...filter, ...overrides };
  const params = new URLSearchParams();
  for (const key of ['q', 'status', 'airport', 'dateField', 'from', 'to'] as const) {
    const value = merged[key];
    if (value && !(key === 'dateField' && value === 'entry')) params.set(key, value);
  }
  if (merged.page > 1) params.set('page', String(merged.page));
  return params.toString();
}

/**
 * A licence plate reduced to letters and digits, upper case (`F-AB 1234` → `FAB1234`), so a typed plate matches
 * however it was spelled at booking.
 */
export function plateKey(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-ZÄÖÜ]/g, '');
}

/**
 * A CSV cell that a spreadsheet never runs as a formula: text starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading `'` (OWASP "CSV injection").
 * Source: issue 15 item 3 (CSV export, formula-injection safe).
 */
export function safeCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The price calendar (issue 37 item 1): for an airport, a stay length in days and a start week, the cheapest total
 * the checkout charges per entry date for the next twelve weeks, per tariff category, with sold-out and locked days
 * marked and the cheapest date named. Every date's stay is judged by the checkout's own rules (stay limits, per-day
 * capacity, price lists with their seasons, `priceStayIfBookable` for one person without child seat or coupon), so a
 * price in the calendar is the price the tariffs page and the checkout show for the stay it links to.
 */
import { TARIFF_CATEGORIES } from '../constants';
import { remainingSpaces, type DayOccupancy } from './availability';
import { checkStay, DEFAULT_STAY_LIMITS } from './booking-rules';
import { fromPriceStay, type FromPriceTariff } from './from-price';
import {
  addDaysToDate,
  diffCalendarDays,
  parseLocalDate,
  todayInZone,
  type LocalDate,
  type LocalDateTime,
} from './local-time';
import { priceStayIfBookable } from './pricing';
import { stayDates } from './stay';

/** Weeks the calendar shows, and its entry dates (7 per week). Source: issue 37 item 1 ("the next 12 weeks"). */
export const PRICE_CALENDAR_WEEKS = 12;
/** Entry dates of one calendar: {@link PRICE_CALENDAR_WEEKS} × 7 = 84. */
export const PRICE_CALENDAR_DAYS = PRICE_CALENDAR_WEEKS * 7;

/**
 * Stay lengths the calendar accepts, billable calendar days (DESIGN §6: entry date and exit date both counted), and
 * the default. Source: issue 37 item 1 ("a stay length in days (1–30, default 7)").
 */
export const CALENDAR_STAY_DAYS = { min: 1, max: 30, default: 7 } as const;

/** A tariff category the calendar has a column for (shuttle, valet, terminal; DESIGN §6 Tariff). */
type CalendarCategory = (typeof TARIFF_CATEGORIES)[number];

/** A tariff as the calendar needs it: its id and category, price lists and surcharges, limits, spaces per day. */
export type CalendarTariff = FromPriceTariff & { id: number; category: string };

/**
 * One category on one entry date:
 * - `price`: the lowest total in integer gross euro cents of the category's tariffs for the stay, and the tariff
 *   that charges it (the first in display order on a tie);
 * - `sold_out`: a tariff would price the stay, but none has a free space on every day of it;
 * - `locked`: the airport is locked, or the only tariffs that would price the stay are closed on a day of it
 *   (a per-day capacity of 0 set by staff: a blackout day);
 * - `unavailable`: nothing to book (the date is past or inside the lead time, beyond the booking horizon or the
 *   maximum stay, no price list applies, or the airport has no tariff of the category).
 */
export type CalendarCell =
  | { status: 'price'; totalCents: number; tariffId: number }
  | { status: 'sold_out' }
  | { status: 'locked' }
  | { status: 'unavailable' };

/**
 * One entry date: its status (`bookable` when a category has a price; else `sold_out`, `locked` or `unavailable` as
 * the cells say, in that order) and one cell per category. The stay it stands for is `fromPriceStay(entryDate,
 * days)`: airport local, the search form's default times.
 */
export type CalendarDate = {
  entryDate: LocalDate;
  status: 'bookable' | 'sold_out' | 'locked' | 'unavailable';
  categories: Record<CalendarCategory, CalendarCell>;
};

/**
 * A computed calendar: the stay length in billable days, the first entry date (a Monday), the
 * {@link PRICE_CALENDAR_DAYS} dates, the categories the airport sells (the page's columns) and the cheapest date
 * (lowest total of any category, the earliest on a tie; null when nothing can be booked).
 */
export type PriceCalendar = {
  days: number;
  from: LocalDate;
  dates: CalendarDate[];
  categories: CalendarCategory[];
  cheapest: { entryDate: LocalDate; totalCents: number; category: CalendarCategory } | null;
};

/**
 * The Monday of the week of `date` (weeks run Monday to Sunday, ISO 8601 as German calendars show them).
 *
 * @param date - `YYYY-MM-DD`.
 * @returns `YYYY-MM-DD`, `date` itself when it is a Monday.
 * @throws RangeError on an invalid date.
 * Source: issue 37 item 1 ("a start week").
 */
export function weekStart(date: LocalDate): LocalDate {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDaysToDate(date, -((weekday + 6) % 7));
}

/** The calendar's query as the page or the API received it (strings, possibly missing or malformed). */
export type CalendarQueryInput = { days?: string | null; from?: string | null };

/**
 * Reads a calendar query: `days` an integer 1–30 (empty: 7), `from` a date `YYYY-MM-DD` (empty: today) that is moved
 * back to its week's Monday and must lie between this week's Monday and the booking horizon (365 days ahead).
 *
 * @param input - the raw query values.
 * @param today - today's date at the airport, `YYYY-MM-DD`.
 * @returns the query, or the translation key of each bad field (`days`, `from`).
 * Source: issue 37 item 1; DESIGN §6 (booking horizon 365 days).
 */
export function readCalendarQuery(
  input: CalendarQueryInput,
  today: LocalDate,
): { ok: true; days: number; from: LocalDate } | { ok: false; errors: Partial<Record<'days' | 'from', string>> } {
  const errors: Partial<Record<'days' | 'from', string>> = {};
  const rawDays = (input.days ?? '').trim();
  const days = rawDays === '' ? CALENDAR_STAY_DAYS.default : /^\d{1,3}$/.test(rawDays) ? Number(rawDays) : NaN;
  if (!(days >= CALENDAR_STAY_DAYS.min && days <= CALENDAR_STAY_DAYS.max)) errors.days = 'calendar.error.days';
  const rawFrom = (input.from ?? '').trim();
  const date = rawFrom === '' ? today : parseLocalDate(rawFrom);
  let from: LocalDate = today;
  if (date === null) {
    errors.from = 'calendar.error.from';
  } else {
    from = weekStart(date);
    const horizon = DEFAULT_STAY_LIMITS.bookingHorizonDays;
    if (from < weekStart(today) || diffCalendarDays(from, today) > horizon) errors.from = 'calendar.error.from_range';
  }
  if (errors.days || errors.from) return { ok: false, errors };
  return { ok: true, days, from };
}

/** The occupancy rows of one tariff (its `tariffId` among several tariffs' rows). */
type TariffDay = DayOccupancy & { tariffId: number };

/**
 * The cells without a price, one object each: a calendar holds hundreds of them, and shared objects are written
 * once into the page's data (React Router's stream refers back to an object it has already sent).
 */
const NO_PRICE = {
  sold_out: Object.freeze({ status: 'sold_out' }),
  locked: Object.freeze({ status: 'locked' }),
  unavailable: Object.freeze({ status: 'unavailable' }),
} as const satisfies Record<string, CalendarCell>;

/** One stay of the calendar and what its tariffs share: the days it occupies, the stay rules' verdict per limits. */
type CalendarStay = {
  entry: LocalDateTime;
  exit: LocalDateTime;
  dates: LocalDate[];
  /** whether `checkStay` passed, per tariff limits (`lead|max|horizon`): most tariffs share the default limits */
  allowed: Map<string, boolean>;
};

/** What one tariff offers for one stay (the cell of a single tariff). */
function judgeTariff(
  tariff: CalendarTariff,
  stay: CalendarStay,
  context: { byDay: Map<LocalDate, DayOccupancy>; timeZone: string; now: Date },
): CalendarCell {
  const { entry, exit } = stay;
  const limits = `${tariff.leadTimeMinutes}|${tariff.maxStayDays}|${tariff.bookingHorizonDays}`;
  let allowed = stay.allowed.get(limits);
  if (allowed === undefined) {
    allowed = checkStay({ entry, exit, timeZone: context.timeZone, now: context.now, limits: tariff }).length === 0;
    stay.allowed.set(limits, allowed);
  }
  if (!allowed) return NO_PRICE.unavailable;
  // The checkout's own pricing (priceBooking → priceStayIfBookable), with the tariffs page's defaults.
  const price = priceStayIfBookable({ tariff, entry, exit, personCount: 1, childrenSeat: 0 });
  if (!price) return NO_PRICE.unavailable;
  // Only the stay's own day rows: remainingSpaces then reads a handful of rows, not the whole range's.
  const rows = stay.dates.flatMap((day) => context.byDay.get(day) ?? []);
  if (remainingSpaces(stay.dates, rows, tariff.capacity) >= 1) {
    return { status: 'price', totalCents: price.totalCents, tariffId: tariff.id };
  }
  return rows.some((o) => o.capacity === 0) ? NO_PRICE.locked : NO_PRICE.sold_out;
}

/** The cell of a category from its tariffs' cells: the lowest price, else sold out, else locked, else nothing. */
function bestCell(cells: CalendarCell[]): CalendarCell {
  let best: CalendarCell | null = null;
  for (const cell of cells) {
    if (cell.status === 'price' && (best?.status !== 'price' || cell.totalCents < best.totalCents)) best = cell;
  }
  if (best) return best;
  for (const status of ['sold_out', 'locked'] as const) {
    if (cells.some((c) => c.status === status)) return NO_PRICE[status];
  }
  return NO_PRICE.unavailable;
}

/** A date's status from its cells (see {@link CalendarDate}). */
function dateStatus(cells: CalendarCell[]): CalendarDate['status'] {
  if (cells.some((c) => c.status === 'price')) return 'bookable';
  if (cells.some((c) => c.status === 'sold_out')) return 'sold_out';
  return cells.some((c) => c.status === 'locked') ? 'locked' : 'unavailable';
}

/**
 * Computes the calendar: for each of the {@link PRICE_CALENDAR_DAYS} entry dates from `from`, the stay of `days`
 * billable days entering at 08:00 and leaving at 18:00 on its last day ({@link fromPriceStay}: the search form's
 * default times) is judged per tariff as the checkout judges it — the tariff's lead time, maximum stay and booking
 * horizon (`checkStay`), a price list for the entry date (seasons; `priceStayIfBookable`, one person, no child seat,
 * no coupon) and a free space on every day of the stay (`remainingSpaces`, per-day overrides included) — and each
 * category gets its lowest total. Billable days are calendar days, so a DST change inside a stay changes nothing.
 *
 * @param input.tariffs - the airport's active tariffs in display order.
 * @param input.occupancy - day rows of those tariffs covering `from` to the last day of the last stay (see
 *   {@link calendarDayRange}); rows of other dates are ignored.
 * @param input.timeZone - the airport's IANA zone; `input.now` - current instant.
 * @param input.from - first entry date, `YYYY-MM-DD` (the page passes a Monday); `input.days` - billable days ≥ 1.
 * @param input.airportLocked - the airport's status is `locked` (DESIGN §6): every date is locked.
 * @returns the calendar, see {@link PriceCalendar}.
 * @throws RangeError on a day count below 1, an invalid date or an unknown time zone (programming errors; the
 *   query is read by {@link readCalendarQuery} first).
 * Source: issue 37 item 1; DESIGN §6 (Tariff, Availability, seasons); decision 0043 (the same judging of a stay).
 */
export function computePriceCalendar(input: {
  tariffs: readonly CalendarTariff[];
  occupancy: readonly TariffDay[];
  timeZone: string;
  now: Date;
  from: LocalDate;
  days: number;
  airportLocked: boolean;
}): PriceCalendar {
  const { tariffs, timeZone, now, from, days } = input;
  todayInZone(now, timeZone); // an unknown zone throws here, even for an airport without tariffs
  const categories = TARIFF_CATEGORIES.filter((c) => tariffs.some((t) => t.category === c));
  const byTariff = new Map(tariffs.map((t) => [t.id, new Map<LocalDate, DayOccupancy>()]));
  // Day rows are unique per tariff and day (the table's primary key).
  for (const row of input.occupancy) byTariff.get(row.tariffId)?.set(row.day, row);
  // Every calendar day of every stay, once: stay i occupies days i … i + days − 1, as `stayDates` counts them.
  const range = calendarDayRange(from, days);
  const allDays = stayDates(`${range.from}T00:00`, `${range.to}T00:00`);
  const dates: CalendarDate[] = [];
  let cheapest: PriceCalendar['cheapest'] = null;
  for (let i = 0; i < PRICE_CALENDAR_DAYS; i++) {
    const entryDate = allDays[i];
    const stay = { ...fromPriceStay(entryDate, days), dates: allDays.slice(i, i + days), allowed: new Map() };
    const cells = {} as Record<CalendarCategory, CalendarCell>;
    for (const category of TARIFF_CATEGORIES) {
      const ofCategory = tariffs.filter((t) => t.category === category);
      const context = (t: CalendarTariff) => ({ byDay: byTariff.get(t.id)!, timeZone, now });
      cells[category] = input.airportLocked
        ? NO_PRICE[ofCategory.length > 0 ? 'locked' : 'unavailable']
        : bestCell(ofCategory.map((t) => judgeTariff(t, stay, context(t))));
      const cell = cells[category];
      if (cell.status === 'price' && (!cheapest || cell.totalCents < cheapest.totalCents)) {
        cheapest = { entryDate, totalCents: cell.totalCents, category };
      }
    }
    const status = input.airportLocked ? 'locked' : dateStatus(Object.values(cells));
    dates.push({ entryDate, status, categories: cells });
  }
  return { days, from, dates, categories, cheapest };
}

/**
 * The calendar dates whose occupancy a calendar needs: from its first entry date to the last day of the stay that
 * enters on its last date.
 *
 * @param from - first entry date, `YYYY-MM-DD`; `days` - billable days ≥ 1.
 * @returns inclusive `YYYY-MM-DD` bounds.
 * @throws RangeError on an invalid date.
 */
export function calendarDayRange(from: LocalDate, days: number): { from: LocalDate; to: LocalDate } {
  return { from, to: addDaysToDate(from, PRICE_CALENDAR_DAYS - 1 + days - 1) };
}

/**
 * The weeks of a calendar, Monday first: the page's row groups.
 *
 * @param dates - the calendar's dates (a multiple of seven, starting on a Monday).
 * @returns the dates in chunks of seven.
 */
export function calendarWeeks(dates: CalendarDate[]): CalendarDate[][] {
  const weeks: CalendarDate[][] = [];
  for (let i = 0; i < dates.length; i += 7) weeks.push(dates.slice(i, i + 7));
  return weeks;
}

/**
 * The JSON body of `GET /api/price-calendar/{airport}` (DESIGN §5): per date `{entryDate, soldOut, locked,
 * categories}` with `{totalCents, tariffId}` or null per category (`locked` is ours, beside the fields).
 *
 * @param calendar - a computed calendar; `airport` - the airport's slug.
 * @returns the body; amounts integer gross euro cents, `currency` always `EUR`.
 * Source: issue 37 item 1 (the API shape).
 */
export function priceCalendarBody(calendar: PriceCalendar, airport: string) {
  return {
    airport,
    days: calendar.days,
    from: calendar.from,
    currency: 'EUR' as const,
    dates: calendar.dates.map((d) => ({
      entryDate: d.entryDate,
      soldOut: d.status === 'sold_out',
      locked: d.status === 'locked',
      categories: Object.fromEntries(
        TARIFF_CATEGORIES.map((c) => {
          const cell = d.categories[c];
          return [c, cell.status === 'price' ? { totalCents: cell.totalCents, tariffId: cell.tariffId } : null];
        }),
      ) as Record<CalendarCategory, { totalCents: number; tariffId: number } | null>,
    })),
  };
}

/**
 * The back office's catalogue rules (issue 15 item 5): what a price list, a season, a tariff's main fields and a
 * capacity change must satisfy before they are stored. Pure functions; every refusal is a `validation.*` or
 * `admin.catalogue.*` translation key per form field, so the page shows it beside the field.
 */
import { z } from 'zod';
import { issuesToFieldKeys, type FieldErrors } from './field-errors';
import { MAX_DAY_PRICES } from './catalogue-view';
import { addDaysToDate, diffCalendarDays, parseLocalDate, type LocalDate } from './local-time';
import { parseEuroCents } from './money';

/** Largest amount in cents accepted anywhere in a price list (100,000 €). */
const MAX_CENTS = 10_000_000;
/** Most days one capacity change may cover (one year and a day). */
const MAX_CAPACITY_RANGE_DAYS = 366;
/** Most spaces per day of a tariff. */
const MAX_CAPACITY = 100_000;

/** A price list as the form posts it: the day-price cells and the extra-day price as typed, and the season dates. */
export type PriceListInput = {
  name: string;
  /** the table's cells in order, `''` for an empty one (trailing empty cells are dropped) */
  dayPrices: string[];
  extraDayPrice: string;
  /** `''` for the default list */
  validFrom: string;
  validTo: string;
};

/** A price list that passed {@link validatePriceList}: cents, dates or null. */
export type ValidPriceList = {
  name: string;
  dayPrices: number[];
  extraDayPrice: number;
  validFrom: LocalDate | null;
  validTo: LocalDate | null;
};

/** A season of a tariff as {@link findSeasonOverlaps} compares it. */
export type SeasonRange = { id: number; name: string; validFrom: LocalDate; validTo: LocalDate };

/**
 * Checks a posted price list:
 * - `name` 1–80 characters;
 * - `dayPrices`: at least one price, at most {@link MAX_DAY_PRICES}, no empty cell between filled ones
 *   (`admin.catalogue.price.gap`), each a positive amount in euros with at most two decimals, at most 100,000 €;
 * - totals never fall with a longer stay (`admin.catalogue.price.decreasing`): the list holds the TOTAL for n
 *   days (pricing.ts `parkingPrice`), so a falling total would make a longer stay cheaper than a shorter one —
 *   the seed's curves never fall (database/seed/prices.ts), and the tariffs page's sort by price would show it;
 * - `extraDayPrice` ≥ 0 € (0 allowed: stays beyond the list cost the last total);
 * - a season needs both dates, `validFrom` ≤ `validTo`; the default list (`isDefault`) has none.
 *
 * @returns the list in cents, or the field errors (`dayPrices.3` names the 4th cell).
 * Source: DESIGN §6 (Tariff: `dayPrices[1..N]` plus `extraDayPrice`; seasons), issue 15 item 5.
 */
export function validatePriceList(
  input: PriceListInput,
  isDefault: boolean,
): { ok: true; list: ValidPriceList } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const add = (field: string, key: string) => (errors[field] ??= []).push(key);

  const name = input.name.trim();
  if (name === '') add('name', 'validation.required');
  else if (name.length > 80) add('name', 'validation.too_long');

  const cells = [...input.dayPrices];
  while (cells.length > 0 && cells[cells.length - 1].trim() === '') cells.pop();
  const dayPrices: number[] = [];
  if (cells.length === 0) add('dayPrices', 'admin.catalogue.price.none');
  if (cells.length > MAX_DAY_PRICES) add('dayPrices', 'admin.catalogue.price.too_many');
  cells.forEach((cell, index) => {
    if (cell.trim() === '') {
      add(`dayPrices.${index}`, 'admin.catalogue.price.gap');
      return;
    }
    const cents = parseEuroCents(cell);
    if (cents === null || cents <= 0 || cents > MAX_CENTS) {
      add(`dayPrices.${index}`, 'admin.catalogue.price.invalid');
      return;
    }
    const previous = dayPrices[dayPrices.length - 1];
    if (previous !== undefined && cents < previous) {
      add(`dayPrices.${index}`, 'admin.catalogue.price.decreasing');
    }
    dayPrices.push(cents);
  });

  const extra = parseEuroCents(input.extraDayPrice);
  if (input.extraDayPrice.trim() === '') add('extraDayPrice', 'validation.required');
  else if (extra === null || extra > MAX_CENTS) add('extraDayPrice', 'admin.catalogue.price.invalid');

  let validFrom: LocalDate | null = null;
  let validTo: LocalDate | null = null;
  if (isDefault) {
    if (input.validFrom.trim() !== '' || input.validTo.trim() !== '')
      add('validFrom', 'admin.catalogue.season.default_has_no_dates');
  } else {
    validFrom = parseLocalDate(input.validFrom.trim());
    validTo = parseLocalDate(input.validTo.trim());
    if (!validFrom)
      add('validFrom', input.validFrom.trim() === '' ? 'validation.required' : 'admin.catalogue.date_invalid');
    if (!validTo) add('validTo', input.validTo.trim() === '' ? 'validation.required' : 'admin.catalogue.date_invalid');
    if (validFrom && validTo && validTo < validFrom) add('validTo', 'admin.catalogue.season.end_before_start');
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, list: { name, dayPrices, extraDayPrice: extra!, validFrom, validTo } };
}

/**
 * The seasons of `others` whose inclusive date range shares a day with `season` (the seasons of one tariff must
 * not overlap: which list prices an entry date would otherwise depend on pricing.ts's tie rules, and an admin
 * would not see it). Touching ranges (one ends the day before the other starts) do not overlap.
 *
 * @param season - the season being saved (its `id` is skipped in `others`, so an edit does not clash with itself).
 * @returns the overlapping seasons, in the order given.
 * Source: issue 15 item 5 ("no overlapping seasons").
 */
export function findSeasonOverlaps(
  season: Pick<SeasonRange, 'validFrom' | 'validTo'> & { id: number | null },
  others: readonly SeasonRange[],
): SeasonRange[] {
  return others.filter(
    (other) => other.id !== season.id && other.validFrom <= season.validTo && season.validFrom <= other.validTo,
  );
}

const count = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ message: 'validation.integer' })
      .int({ message: 'validation.integer' })
      .min(min, { message: 'admin.catalogue.tariff.out_of_range' })
      .max(max, { message: 'admin.catalogue.tariff.out_of_range' }),
  );
const tariffName = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(120, { message: 'validation.too_long' });

/**
 * A tariff's main fields as the back office edits them (form strings, coerced): names de/en, active, spaces per
 * day, lead time (minutes before entry a booking must come), longest stay, booking horizon (days ahead) and free
 * cancellation (hours before entry). The ranges keep typing slips out (a lead time of more than a week, a stay of
 * more than a year).
 * Source: DESIGN §6 (Tariff), issue 15 item 5.
 */
const TariffFieldsSchema = z.object({
  nameDe: tariffName,
  nameEn: tariffName,
  active: z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean()),
  capacity: count(0, MAX_CAPACITY),
  leadTimeMinutes: count(0, 7 * 24 * 60),
  maxStayDays: count(1, 365),
  bookingHorizonDays: count(1, 730),
  freeCancellationHours: count(0, 24 * 30),
});
/** The tariff fields after {@link TariffFieldsSchema}. */
export type TariffFields = z.infer<typeof TariffFieldsSchema>;

/** {@link TariffFieldsSchema} with the errors as field → translation keys. */
export function validateTariffFields(
  input: Record<string, unknown>,
): { ok: true; fields: TariffFields } | { ok: false; errors: FieldErrors } {
  const parsed = TariffFieldsSchema.safeParse(input);
  if (parsed.success) return { ok: true, fields: parsed.data };
  // The range message is the back office's own key (issuesToFieldKeys keeps `validation.*` keys only).
  const errors = issuesToFieldKeys(parsed.error.issues.filter((i) => !i.message.startsWith('admin.')));
  for (const issue of parsed.error.issues) {
    if (issue.message.startsWith('admin.')) (errors[String(issue.path[0])] ??= []).push(issue.message);
  }
  return { ok: false, errors };
}

/** A capacity change for a range of days: a number of spaces, 0 (blackout), or `null` (back to the tariff's). */
export type CapacityChange = { from: LocalDate; to: LocalDate; capacity: number | null };

/**
 * Checks a posted capacity change: `from`/`to` valid dates, `from` ≤ `to`, at most
 * {@link MAX_CAPACITY_RANGE_DAYS} days, not before `today` (past days are history); `mode` `set` with a whole
 * number of spaces 0–100,000, `blackout` (0 spaces) or `reset` (the tariff's daily capacity again).
 *
 * @param today - the airport's local date.
 * @returns the change, or field errors.
 * Source: issue 15 item 5 (capacity: blackout days, per-day overrides for a date range).
 */
export function validateCapacityChange(
  input: { from: string; to: string; mode: string; capacity: string },
  today: LocalDate,
): { ok: true; change: CapacityChange } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const add = (field: string, key: string) => (errors[field] ??= []).push(key);
  const from = parseLocalDate(input.from.trim());
  const to = parseLocalDate(input.to.trim());
  if (!from) add('from', input.from.trim() === '' ? 'validation.required' : 'admin.catalogue.date_invalid');
  else if (from < today) add('from', 'admin.catalogue.capacity.past');
  if (!to) add('to', input.to.trim() === '' ? 'validation.required' : 'admin.catalogue.date_invalid');
  if (from && to) {
    if (to < from) add('to', 'admin.catalogue.season.end_before_start');
    else if (diffCalendarDays(to, from) + 1 > MAX_CAPACITY_RANGE_DAYS)
      add('to', 'admin.catalogue.capacity.range_too_long');
  }
  let capacity: number | null = null;
  if (input.mode === 'blackout') capacity = 0;
  else if (input.mode === 'set') {
    const text = input.capacity.trim();
    const n = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(n) || n > MAX_CAPACITY)
      add('capacity', text === '' ? 'validation.required' : 'validation.integer');
    else capacity = n;
  } else if (input.mode !== 'reset') add('mode', 'validation.invalid');
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, change: { from: from!, to: to!, capacity } };
}

/** The dates `from`..`to` inclusive, ascending. */
export function datesBetween(from: LocalDate, to: LocalDate): LocalDate[] {
  const days: LocalDate[] = [];
  for (let day = from; day <= to; day = addDaysToDate(day, 1)) days.push(day);
  return days;
}

/** A day a capacity change would put below its bookings: the day, the spaces booked and the capacity asked for. */
export type CapacityConflict = { day: LocalDate; booked: number; capacity: number };

/**
 * The days where the capacity after a change would be below the spaces already booked (such a change is refused
 * with these days listed; the bookings stand). A day's capacity is its override, else the tariff's.
 *
 * @param days - the affected days' rows (`capacity` the override after the change, null for none).
 * @param tariffCapacity - the tariff's spaces per day after the change.
 * Source: issue 15 item 5 ("a reduction below what is booked is refused with the affected days listed").
 */
export function capacityConflicts(
  days: readonly { day: LocalDate; booked: number; capacity: number | null }[],
  tariffCapacity: number,
): CapacityConflict[] {
  return days
    .map((row) => ({ day: row.day, booked: row.booked, capacity: row.capacity ?? tariffCapacity }))
    .filter((row) => row.booked > row.capacity)
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

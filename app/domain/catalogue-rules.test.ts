import { describe, expect, it } from 'vitest';
import {
  capacityConflicts,
  datesBetween,
  findSeasonOverlaps,
  validateCapacityChange,
  validatePriceList,
  validateTariffFields,
} from './catalogue-rules';
import { formatEuroInput } from './catalogue-view';
import { parseEuroCents } from './money';

const list = (over: Partial<Parameters<typeof validatePriceList>[0]> = {}) => ({
  name: 'Sommer',
  dayPrices: ['19', '29,50', '39.00', ''],
  extraDayPrice: '5',
  validFrom: '2027-06-01',
  validTo: '2027-08-31',
  ...over,
});

describe('formatEuroInput', () => {
  it('formats cents back for the form, as parseEuroCents reads them', () => {
    expect(formatEuroInput(123450)).toBe('1234,50');
    expect(parseEuroCents(formatEuroInput(1999))).toBe(1999);
  });
});

describe('validatePriceList', () => {
  it('accepts a season and drops trailing empty cells', () => {
    expect(validatePriceList(list(), false)).toEqual({
      ok: true,
      list: {
        name: 'Sommer',
        dayPrices: [1900, 2950, 3900],
        extraDayPrice: 500,
        validFrom: '2027-06-01',
        validTo: '2027-08-31',
      },
    });
  });
  it('refuses gaps, non-positive and malformed amounts per cell', () => {
    const result = validatePriceList(list({ dayPrices: ['19', '', '39', '0', 'x'] }), false);
    expect(result).toEqual({
      ok: false,
      errors: {
        'dayPrices.1': ['admin.catalogue.price.gap'],
        'dayPrices.3': ['admin.catalogue.price.invalid'],
        'dayPrices.4': ['admin.catalogue.price.invalid'],
      },
    });
  });
  it('refuses a total that falls with a longer stay, and an empty table', () => {
    expect(validatePriceList(list({ dayPrices: ['20', '19,99'] }), false)).toMatchObject({
      ok: false,
      errors: { 'dayPrices.1': ['admin.catalogue.price.decreasing'] },
    });
    expect(validatePriceList(list({ dayPrices: ['', ''] }), false)).toMatchObject({
      ok: false,
      errors: { dayPrices: ['admin.catalogue.price.none'] },
    });
    expect(validatePriceList(list({ dayPrices: Array(61).fill('10') }), false)).toMatchObject({
      ok: false,
      errors: { dayPrices: ['admin.catalogue.price.too_many'] },
    });
  });
  it('needs both dates of a season, in order; the default list has none', () => {
    expect(validatePriceList(list({ validTo: '' }), false)).toMatchObject({
      ok: false,
      errors: { validTo: ['validation.required'] },
    });
    expect(validatePriceList(list({ validFrom: '2027-09-01' }), false)).toMatchObject({
      ok: false,
      errors: { validTo: ['admin.catalogue.season.end_before_start'] },
    });
    expect(validatePriceList(list({ validFrom: '2027-02-30' }), false)).toMatchObject({
      ok: false,
      errors: { validFrom: ['admin.catalogue.date_invalid'] },
    });
    expect(validatePriceList(list(), true)).toMatchObject({
      ok: false,
      errors: { validFrom: ['admin.catalogue.season.default_has_no_dates'] },
    });
    expect(validatePriceList(list({ validFrom: '', validTo: '' }), true)).toMatchObject({
      ok: true,
      list: { validFrom: null, validTo: null },
    });
  });
  it('needs a name and an extra-day price (0 allowed)', () => {
    expect(validatePriceList(list({ name: ' ', extraDayPrice: '' }), false)).toMatchObject({
      ok: false,
      errors: { name: ['validation.required'], extraDayPrice: ['validation.required'] },
    });
    expect(validatePriceList(list({ extraDayPrice: '0' }), false)).toMatchObject({ ok: true });
  });
});

describe('findSeasonOverlaps', () => {
  const seasons = [
    { id: 1, name: 'Ostern', validFrom: '2027-03-20', validTo: '2027-04-10' },
    { id: 2, name: 'Sommer', validFrom: '2027-06-01', validTo: '2027-08-31' },
  ];
  it('finds seasons sharing a day, inclusive at both ends', () => {
    expect(findSeasonOverlaps({ id: null, validFrom: '2027-04-10', validTo: '2027-05-01' }, seasons)).toEqual([
      seasons[0],
    ]);
    expect(
      findSeasonOverlaps({ id: null, validFrom: '2027-01-01', validTo: '2027-12-31' }, seasons).map((s) => s.id),
    ).toEqual([1, 2]);
    expect(findSeasonOverlaps({ id: null, validFrom: '2027-06-10', validTo: '2027-06-11' }, seasons)).toEqual([
      seasons[1],
    ]);
  });
  it('lets ranges touch and skips the season being edited', () => {
    expect(findSeasonOverlaps({ id: null, validFrom: '2027-04-11', validTo: '2027-05-31' }, seasons)).toEqual([]);
    expect(findSeasonOverlaps({ id: 2, validFrom: '2027-05-01', validTo: '2027-09-30' }, seasons)).toEqual([]);
  });
});

describe('validateTariffFields', () => {
  const good = {
    nameDe: 'Shuttle',
    nameEn: 'Shuttle',
    active: 'on',
    capacity: '40',
    leadTimeMinutes: '120',
    maxStayDays: '60',
    bookingHorizonDays: '365',
    freeCancellationHours: '24',
  };
  it('coerces the form strings', () => {
    expect(validateTariffFields(good)).toEqual({
      ok: true,
      fields: {
        ...good,
        active: true,
        capacity: 40,
        leadTimeMinutes: 120,
        maxStayDays: 60,
        bookingHorizonDays: 365,
        freeCancellationHours: 24,
      },
    });
    expect(validateTariffFields({ ...good, active: undefined })).toMatchObject({ ok: true, fields: { active: false } });
  });
  it('refuses empty names, fractions, negatives and values out of range', () => {
    expect(
      validateTariffFields({
        ...good,
        nameDe: '',
        capacity: '1.5',
        leadTimeMinutes: '-1',
        maxStayDays: '0',
        bookingHorizonDays: '',
      }),
    ).toEqual({
      ok: false,
      errors: {
        nameDe: ['validation.required'],
        capacity: ['validation.integer'],
        leadTimeMinutes: ['admin.catalogue.tariff.out_of_range'],
        maxStayDays: ['admin.catalogue.tariff.out_of_range'],
        bookingHorizonDays: ['validation.integer'],
      },
    });
  });
});

describe('capacity changes', () => {
  const today = '2026-11-21';
  it('reads set, blackout and reset', () => {
    expect(validateCapacityChange({ from: today, to: '2026-11-23', mode: 'set', capacity: '5' }, today)).toEqual({
      ok: true,
      change: { from: today, to: '2026-11-23', capacity: 5 },
    });
    expect(validateCapacityChange({ from: today, to: today, mode: 'blackout', capacity: '' }, today)).toMatchObject({
      change: { capacity: 0 },
    });
    expect(validateCapacityChange({ from: today, to: today, mode: 'reset', capacity: '9' }, today)).toMatchObject({
      change: { capacity: null },
    });
  });
  it('refuses past days, reversed or too long ranges, bad numbers and modes', () => {
    expect(
      validateCapacityChange({ from: '2026-11-20', to: today, mode: 'blackout', capacity: '' }, today),
    ).toMatchObject({
      errors: { from: ['admin.catalogue.capacity.past'] },
    });
    expect(
      validateCapacityChange({ from: '2026-11-25', to: today, mode: 'blackout', capacity: '' }, today),
    ).toMatchObject({
      errors: { to: ['admin.catalogue.season.end_before_start'] },
    });
    expect(
      validateCapacityChange({ from: today, to: '2027-11-22', mode: 'blackout', capacity: '' }, today),
    ).toMatchObject({
      errors: { to: ['admin.catalogue.capacity.range_too_long'] },
    });
    expect(validateCapacityChange({ from: today, to: today, mode: 'set', capacity: '-3' }, today)).toMatchObject({
      errors: { capacity: ['validation.integer'] },
    });
    expect(validateCapacityChange({ from: today, to: today, mode: 'x', capacity: '' }, today)).toMatchObject({
      errors: { mode: ['validation.invalid'] },
    });
  });
  it('lists the days whose bookings exceed the new capacity, in date order', () => {
    const rows = [
      { day: '2026-11-24', booked: 3, capacity: null },
      { day: '2026-11-22', booked: 2, capacity: 1 },
      { day: '2026-11-23', booked: 2, capacity: null },
    ];
    expect(capacityConflicts(rows, 2)).toEqual([
      { day: '2026-11-22', booked: 2, capacity: 1 },
      { day: '2026-11-24', booked: 3, capacity: 2 },
    ]);
    expect(capacityConflicts(rows, 3)).toEqual([{ day: '2026-11-22', booked: 2, capacity: 1 }]);
  });
  it('lists the dates of a range across a month end', () => {
    expect(datesBetween('2026-11-29', '2026-12-02')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
  });
});

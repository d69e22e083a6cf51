/**
 * Price-list builders for the seed data (DESIGN §6, §8).
 *
 * German airport-parking price lists are cumulative totals per stay length: the first day carries the
 * fixed cost (transfer, handling), every further day costs less than the one before. We describe each tariff
 * by three market figures — the price of one day, the price of eight days (the figure comparison sites show)
 * and the list length — and derive the list from them, so every list has the same shape and is easy to
 * review. All results are integer euro cents, gross (19 % VAT included).
 */
import type { priceLists } from '../schema.ts';

/** A price list row without its tariff id, as the seed inserts it. */
export type PriceListSeed = Omit<typeof priceLists.$inferInsert, 'id' | 'tariffId'>;

/** The market figures a tariff's prices are derived from. */
export type PriceCurve = {
  /** gross price of a one-day stay, whole euros */
  day1: number;
  /** gross price of an eight-day stay, whole euros */
  day8: number;
  /** length of the list in days (8–15); longer stays add `extraDayPrice` per day */
  days: number;
  /** ratio of each further day's price to the one before (0.9–0.97; smaller falls faster) */
  decay: number;
  /** price per day beyond the list, cents */
  extraDayPrice: number;
};

/**
 * Cumulative gross totals in cents for stays of 1..`days` days.
 *
 * Day 1 costs `day1`; day k ≥ 2 costs `m · decay^(k-2)`, with `m` chosen so that eight days cost exactly
 * `day8`. Totals are rounded to whole euros. Since every further day costs less than the first, the price
 * per day falls with the length of the stay, and the totals never decrease.
 */
export function dayPriceCurve(day1: number, day8: number, days: number, decay: number): number[] {
  let geometric = 0;
  for (let j = 0; j < 7; j++) geometric += decay ** j;
  const second = (day8 - day1) / geometric;
  const totals: number[] = [];
  let raw = day1;
  for (let k = 1; k <= days; k++) {
    if (k > 1) raw += second * decay ** (k - 2);
    totals.push(Math.round(raw) * 100);
  }
  return totals;
}

/** Rounds cents to the nearest 50 cents (season surcharges on the extra-day price). */
function roundTo50(cents: number): number {
  return Math.round(cents / 50) * 50;
}

/** The default price list (no validity dates) of a tariff, named 'Standard'. */
export function standardList(curve: PriceCurve): PriceListSeed {
  return {
    name: 'Standard',
    validFrom: null,
    validTo: null,
    dayPrices: dayPriceCurve(curve.day1, curve.day8, curve.days, curve.decay),
    extraDayPrice: curve.extraDayPrice,
  };
}

/**
 * A season list: the default curve made dearer by `factor` (1.10 = 10 % more), valid for stays whose entry
 * date lies in `validFrom`..`validTo` (inclusive, `YYYY-MM-DD`, airport local date).
 */
function seasonList(
  curve: PriceCurve,
  name: string,
  validFrom: string,
  validTo: string,
  factor: number,
): PriceListSeed {
  return {
    name,
    validFrom,
    validTo,
    dayPrices: dayPriceCurve(Math.round(curve.day1 * factor), Math.round(curve.day8 * factor), curve.days, curve.decay),
    extraDayPrice: roundTo50(curve.extraDayPrice * factor),
  };
}

/** Summer holidays (most German states) 2026 and 2027: 12 % surcharge. */
const SUMMER_FACTOR = 1.12;
/** Christmas and New Year: 10 % surcharge. */
const CHRISTMAS_FACTOR = 1.1;

/**
 * The season lists used by the busiest tariffs at FRA, MUC and HAM: summer 2026 and 2027
 * (15 June – 15 September) and Christmas 2026/27 (18 December – 6 January).
 */
export function peakSeasons(curve: PriceCurve): PriceListSeed[] {
  return [
    seasonList(curve, 'Sommer 2026', '2026-06-15', '2026-09-15', SUMMER_FACTOR),
    seasonList(curve, 'Weihnachten 2026/27', '2026-12-18', '2027-01-06', CHRISTMAS_FACTOR),
    seasonList(curve, 'Sommer 2027', '2027-06-15', '2027-09-15', SUMMER_FACTOR),
  ];
}

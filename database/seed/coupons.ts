/**
 * Demo coupons (DESIGN §6): one of each case the checkout must handle — valid without limits, seasonal with a
 * minimum stay, limited uses, expired, and used up. Percent coupons hold whole percent; fixed coupons hold
 * euro cents off the total. `validFrom`/`validTo` are inclusive `YYYY-MM-DD` dates; `airportIds` null = all airports.
 */
import type { coupons } from '../schema.ts';

/** A coupon row as the seed inserts it. */
export type CouponSeed = Omit<typeof coupons.$inferInsert, 'id'>;

/** All seeded coupons. */
export const COUPONS: CouponSeed[] = [
  /** 10 % off, any stay, no end date, unlimited uses. */
  {
    code: 'WILLKOMMEN10',
    kind: 'percent',
    value: 10,
    validFrom: null,
    validTo: null,
    minDays: 1,
    usageLimit: null,
    usedCount: 0,
    airportIds: null,
  },
  /** 5 € off winter stays (entry 1 Nov 2026 – 28 Feb 2027) of at least 3 days. */
  {
    code: 'WINTER5',
    kind: 'fixed',
    value: 500,
    validFrom: '2026-11-01',
    validTo: '2027-02-28',
    minDays: 3,
    usageLimit: null,
    usedCount: 0,
    airportIds: null,
  },
  /** 15 % off stays of at least 10 days, the first 100 redemptions. */
  {
    code: 'LANGPARKER',
    kind: 'percent',
    value: 15,
    validFrom: null,
    validTo: null,
    minDays: 10,
    usageLimit: 100,
    usedCount: 0,
    airportIds: null,
  },
  /** Expired at the end of 2025: must be rejected. */
  {
    code: 'EXPIRED20',
    kind: 'percent',
    value: 20,
    validFrom: null,
    validTo: '2025-12-31',
    minDays: 1,
    usageLimit: null,
    usedCount: 0,
    airportIds: null,
  },
  /** Single-use coupon that has already been redeemed: must be rejected. */
  {
    code: 'USEDUP',
    kind: 'fixed',
    value: 1000,
    validFrom: null,
    validTo: null,
    minDays: 1,
    usageLimit: 1,
    usedCount: 1,
    airportIds: null,
  },
];

/**
 * The back office's coupon form (issue 15 item 6): what a new coupon must satisfy before it is stored. Pure rules;
 * the service (`app/services/backoffice/admin-coupons.server.ts`) adds the one rule that needs the database (the code is
 * unique, case-insensitively) and checks the airports exist.
 *
 * Codes are stored upper-cased because the checkout upper-cases what the customer types and compares exactly
 * (`checkout-coupon.server.ts`, `checkout-validate.server.ts` `checkCoupon`); a code with lower-case letters
 * would never match.
 */
import { parseLocalDate, type LocalDate } from './local-time.ts';
import { parseEuroCents } from './money.ts';

/** Longest code: the checkout's payment schema accepts at most 40 characters. */
const COUPON_CODE_MAX_LENGTH = 40;
/** Largest fixed discount, cents (10 000 €): a typo guard, far above any stay's price. */
const FIXED_MAX_CENTS = 1_000_000;
/** Largest minimum stay, days: longer than any tariff's maximum stay makes no sense. */
const MIN_DAYS_MAX = 365;
/** Largest usage limit: a typo guard. */
const USAGE_LIMIT_MAX = 1_000_000;
/** Letters, digits, `-` and `_`; 3 to 40 characters (upper-cased before the check). */
const CODE_RE = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

/** A coupon as the back office creates it (the `coupons` row without id, counters and timestamps). */
export type CouponDraft = {
  /** upper-cased */
  code: string;
  kind: 'percent' | 'fixed';
  /** percent: whole percent 1–100; fixed: cents off the total (> 0) */
  value: number;
  validFrom: LocalDate | null;
  validTo: LocalDate | null;
  /** minimum billable days of the stay, ≥ 1 */
  minDays: number;
  /** uses allowed in all, null = unlimited */
  usageLimit: number | null;
  /** airports it is valid at, null = all */
  airportIds: number[] | null;
};

/** The posted form: every field as text (`airportIds` the checked boxes). */
export type CouponFormInput = {
  code?: string;
  kind?: string;
  value?: string;
  validFrom?: string;
  validTo?: string;
  minDays?: string;
  usageLimit?: string;
  airportIds?: string[];
};

/** Field → translation key of the first problem (`admin.coupons.error.*`, `validation.*`). */
export type CouponFormErrors = Partial<Record<keyof CouponFormInput, string>>;

/** A whole number from the text (digits only), or null. */
function parseWhole(raw: string): number | null {
  const value = raw.trim();
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/**
 * Validates the coupon form (issue 15 item 6): code of 3–40 letters, digits, `-` or `_` (upper-cased); kind
 * percent (whole 1–100) or fixed (euros > 0, at most 10 000 €, stored as cents); optional validity dates with
 * `validTo ≥ validFrom`; minimum days 1–365 (empty = 1); optional usage limit ≥ 1 (empty = unlimited); airports
 * as ids out of `knownAirportIds` (none checked = all airports).
 *
 * @returns the draft to store, or the field errors (translation keys); never throws.
 * Source: issue 15 item 6, DESIGN §6 (Coupon).
 */
export function parseCouponForm(
  input: CouponFormInput,
  knownAirportIds: readonly number[],
): { draft: CouponDraft } | { errors: CouponFormErrors } {
  const errors: CouponFormErrors = {};
  const code = (input.code ?? '').trim().toUpperCase();
  if (!code) errors.code = 'validation.required';
  else if (code.length > COUPON_CODE_MAX_LENGTH) errors.code = 'validation.too_long';
  else if (!CODE_RE.test(code)) errors.code = 'admin.coupons.error.code_format';

  const kind = input.kind === 'percent' || input.kind === 'fixed' ? input.kind : null;
  if (!kind) errors.kind = 'validation.required';

  let value = 0;
  const rawValue = (input.value ?? '').trim();
  if (!rawValue) errors.value = 'validation.required';
  else if (kind === 'percent') {
    const percent = parseWhole(rawValue);
    if (percent === null || percent < 1 || percent > 100) errors.value = 'admin.coupons.error.percent';
    else value = percent;
  } else if (kind === 'fixed') {
    const cents = parseEuroCents(rawValue);
    if (cents === null || cents <= 0 || cents > FIXED_MAX_CENTS) errors.value = 'admin.coupons.error.fixed';
    else value = cents;
  }

  const validFrom = optionalDate(input.validFrom, 'validFrom', errors);
  const validTo = optionalDate(input.validTo, 'validTo', errors);
  if (validFrom && validTo && validTo < validFrom) errors.validTo = 'admin.coupons.error.to_before_from';

  let minDays = 1;
  if ((input.minDays ?? '').trim()) {
    const days = parseWhole(input.minDays!);
    if (days === null || days < 1 || days > MIN_DAYS_MAX) errors.minDays = 'admin.coupons.error.min_days';
    else minDays = days;
  }

  let usageLimit: number | null = null;
  if ((input.usageLimit ?? '').trim()) {
    const limit = parseWhole(input.usageLimit!);
    if (limit === null || limit < 1 || limit > USAGE_LIMIT_MAX) errors.usageLimit = 'admin.coupons.error.usage_limit';
    else usageLimit = limit;
  }

  const chosen = [...new Set((input.airportIds ?? []).filter((id) => id !== ''))];
  const airportIds = chosen.map((id) => parseWhole(id));
  if (airportIds.some((id) => id === null || !knownAirportIds.includes(id))) {
    errors.airportIds = 'validation.invalid';
  }

  if (Object.keys(errors).length > 0 || !kind) return { errors };
  return {
    draft: {
      code,
      kind,
      value,
      validFrom,
      validTo,
      minDays,
      usageLimit,
      airportIds: airportIds.length > 0 ? (airportIds as number[]).sort((a, b) => a - b) : null,
    },
  };
}

function optionalDate(raw: string | undefined, field: 'validFrom' | 'validTo', errors: CouponFormErrors) {
  const value = (raw ?? '').trim();
  if (!value) return null;
  const date = parseLocalDate(value);
  if (!date) errors[field] = 'admin.coupons.error.date';
  return date;
}

/**
 * Ids of database rows as they arrive in a path or a form field (issue 14 item 3: a number beyond the column's
 * range reached PostgreSQL and answered 500).
 */

/** The largest value of a PostgreSQL `integer` (`serial`) column: 2³¹ − 1. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A row id from a route parameter or form field: a whole number 1 … {@link MAX_ROW_ID} in plain decimal (no sign,
 * leading zero, exponent, spaces or fraction), else null, which the caller answers as "not found" (404). Pure.
 */
export function parseRowId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ROW_ID ? id : null;
}

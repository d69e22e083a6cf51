/**
 * The "filled" predicate behind the client-side form checks (SPEC §5), shared so server and client agree.
 */

/**
 * Whether a form value counts as filled, by the literal rule of SPEC §5: a value is filled unless it is
 * `false`, `null`, `undefined`, a negative number, an empty string or an empty array. Objects (even `{}`)
 * count as filled, as do `0`, `true`, positive numbers and non-empty strings.
 *
 * Deliberate consequences of the literal rule:
 * - a whitespace-only string such as `' '` IS filled (no trimming; trim input before calling if needed);
 * - `NaN` and `-0` are filled (they are not negative: `NaN < 0` and `-0 < 0` are false);
 * - a negative bigint is treated like a negative number (not filled).
 *
 * @param value - any form value.
 * @returns true when filled.
 * Source: SPEC §5 (validation rules, definition of filled).
 */
export function isFilled(value: unknown): boolean {
  if (value === false || value === null || value === undefined) return false;
  if (typeof value === 'number' || typeof value === 'bigint') return !(value < 0);
  if (typeof value === 'string') return value.length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

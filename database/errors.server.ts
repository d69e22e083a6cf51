/**
 * The database errors use cases react to, recognised the same way on both drivers: PGlite and node-postgres both
 * raise PostgreSQL's own error with its SQLSTATE in `code`, and Drizzle (0.44 and later) wraps it in a
 * `DrizzleQueryError` whose `cause` is that error. So a check looks at the error and at its cause.
 */

/** PostgreSQL's SQLSTATE `unique_violation` (Appendix A, "PostgreSQL Error Codes"). */
const UNIQUE_VIOLATION = '23505';

/** The SQLSTATE of a driver error, directly or as the cause of Drizzle's wrapper; undefined for anything else. */
function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * True when `error` is a unique-constraint violation (SQLSTATE 23505) from either driver: an insert or update lost
 * the race for a unique value (a parallel sign-up with the same e-mail, a coupon code created twice at once).
 *
 * Source: PostgreSQL documentation, Appendix A (23505 unique_violation).
 */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === UNIQUE_VIOLATION;
}

// Shapes as the drivers raise them (both carry PostgreSQL's SQLSTATE in `code`; Drizzle wraps it as `cause`). No
// database is started here: the embedded one costs seconds of a unit run for a check of one property.
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors.server.ts';

describe('isUniqueViolation', () => {
  it('recognises the SQLSTATE on the error and on the cause of Drizzle’s wrapper', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('Failed query', { cause: { code: '23505' } }))).toBe(true);
  });

  it('is false for other errors and for no error', () => {
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(new Error('23505'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

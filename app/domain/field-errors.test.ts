import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { isEmail, issuesToFieldKeys } from './field-errors.ts';

describe('issuesToFieldKeys', () => {
  it('keys errors by the top-level field as sent, once per key, and hides non-key messages', () => {
    const schema = z.object({
      a: z.string('validation.required').min(3, 'validation.too_short'),
      b: z.object({ c: z.number('raw zod text') }),
    });
    const result = schema.safeParse({ a: 'x', b: { c: 'no' } });
    expect(result.success).toBe(false);
    expect(issuesToFieldKeys(result.error!.issues)).toEqual({ a: ['validation.too_short'], b: ['validation.invalid'] });
  });
});

describe('isEmail', () => {
  it('accepts ordinary addresses and refuses broken ones', () => {
    expect(isEmail('erika.mustermann@example.de')).toBe(true);
    expect(isEmail('Gast.1@Example.org')).toBe(true);
    for (const bad of [
      '',
      'erika',
      'erika@',
      '@example.de',
      'erika@example',
      'erika @example.de',
      `${'a'.repeat(250)}@ex.de`,
    ]) {
      expect(isEmail(bad), bad).toBe(false);
    }
  });
});

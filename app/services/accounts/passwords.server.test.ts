import { describe, expect, it } from 'vitest';
import { ARGON2_PARAMS, hashPassword, passwordProblems, verifyPassword } from './passwords.server.ts';

describe('passwords', () => {
  it('hashes with argon2id m=19456, t=2, p=1 and verifies', async () => {
    expect(ARGON2_PARAMS).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const stored = await hashPassword('Kirschbaum-Allee-7');
    expect(stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword(stored, 'Kirschbaum-Allee-7')).toBe(true);
    expect(await verifyPassword(stored, 'kirschbaum-allee-7')).toBe(false);
  });

  it('answers false for a missing or malformed hash (after a dummy verification)', async () => {
    expect(await verifyPassword(null, 'whatever')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'whatever')).toBe(false);
  });

  it('refuses short, long, common and e-mail passwords', () => {
    expect(passwordProblems('Kirschbaum-Allee-7', 'erika@example.de')).toEqual([]);
    expect(passwordProblems('short', 'e@x.de')).toEqual(['validation.password.too_short']);
    expect(passwordProblems('x'.repeat(129), 'e@x.de')).toEqual(['validation.password.too_long']);
    expect(passwordProblems('PASSWORD', 'e@x.de')).toEqual(['validation.password.common']);
    expect(passwordProblems('12345678', 'e@x.de')).toEqual(['validation.password.common']);
    expect(passwordProblems('Erika@Example.de', 'erika@example.de')).toEqual(['validation.password.email']);
  });
});

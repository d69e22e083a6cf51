import { describe, expect, it } from 'vitest';
import { SIGN_IN_RETURN_MAX_LENGTH, signInPathFor } from './sign-in-return.ts';

describe('signInPathFor', () => {
  it('carries a short page with its query', () => {
    expect(signInPathFor('/anmelden', '/konto/reservierungen/ABCDEFGH?a=1')).toBe(
      '/anmelden?redirect=%2Fkonto%2Freservierungen%2FABCDEFGH%3Fa%3D1',
    );
  });

  it('drops a long query but keeps the page', () => {
    const path = signInPathFor('/en/anmelden', `/en/konto/reservierungen/ABCDEFGH?a=1${'&'.repeat(7000)}`);
    expect(path).toBe('/en/anmelden?redirect=%2Fen%2Fkonto%2Freservierungen%2FABCDEFGH');
  });

  it('carries nothing when even the path is too long, and never another site', () => {
    expect(signInPathFor('/anmelden', `/${'ä'.repeat(SIGN_IN_RETURN_MAX_LENGTH)}`)).toBe('/anmelden');
    expect(signInPathFor('/anmelden', '//evil.example/x')).toBe('/anmelden');
    expect(signInPathFor('/anmelden', '/\\evil.example')).toBe('/anmelden');
    expect(signInPathFor('/anmelden', 'https://evil.example/')).toBe('/anmelden');
  });

  it('never makes the address longer than the limit plus the sign-in path', () => {
    for (const back of ['/x?' + 'ß'.repeat(5000), '/' + '%'.repeat(400), '/konto?' + 'a=1&'.repeat(300)]) {
      expect(signInPathFor('/anmelden', back).length).toBeLessThanOrEqual(
        '/anmelden?redirect='.length + SIGN_IN_RETURN_MAX_LENGTH,
      );
    }
  });
});

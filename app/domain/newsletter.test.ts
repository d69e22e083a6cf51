import { describe, expect, it } from 'vitest';
import { NewsletterSignupSchema, safeReturnPath, toConsentSource } from './newsletter.ts';

describe('NewsletterSignupSchema', () => {
  it('trims and lower-cases the address; names are optional, empty counts as none', () => {
    expect(NewsletterSignupSchema.parse({ email: ' Erika@Example.ORG ', firstname: ' Erika ', lastname: '' })).toEqual({
      email: 'erika@example.org',
      firstname: 'Erika',
      lastname: undefined,
    });
  });
  it('refuses a missing or malformed address and over-long names with translation keys', () => {
    const result = NewsletterSignupSchema.safeParse({ email: 'kein-mail', lastname: 'x'.repeat(101) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['email', 'validation.email'],
      ['lastname', 'validation.too_long'],
    ]);
    expect(NewsletterSignupSchema.safeParse({}).error?.issues[0].message).toBe('validation.required');
  });
});

describe('safeReturnPath', () => {
  it('keeps a path of this site', () => {
    expect(safeReturnPath('/parkplatz/hamburg?x=1#y', '/')).toBe('/parkplatz/hamburg?x=1#y');
    expect(safeReturnPath('/en', '/')).toBe('/en');
  });
  it('refuses other sites, schemes, back-slashes, control characters and non-strings', () => {
    for (const v of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/a\nb',
      'a',
      '',
      42,
      null,
    ]) {
      expect(safeReturnPath(v, '/newsletter')).toBe('/newsletter');
    }
    expect(safeReturnPath(`/${'a'.repeat(2000)}`, '/')).toBe('/');
  });
});

describe('toConsentSource', () => {
  it('knows the forms, anything else is the API', () => {
    expect(toConsentSource('footer')).toBe('footer');
    expect(toConsentSource('signup')).toBe('signup');
    expect(toConsentSource('admin')).toBe('api');
    expect(toConsentSource(undefined)).toBe('api');
  });
});

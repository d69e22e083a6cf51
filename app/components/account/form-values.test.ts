import { describe, expect, it } from 'vitest';
import { genderFromForm, genderToForm, safeRedirect, signUpBody } from './form-values.ts';

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
};

describe('auth form values', () => {
  it('maps the sign-up form to the wire body; newsletter and terms only when ticked', () => {
    expect(
      signUpBody(
        form({
          gender: '0',
          firstname: ' Erika ',
          lastname: 'Muster',
          email: ' erika@example.org ',
          password: ' secret pw ',
          passwordConfirmation: ' secret pw ',
          terms: '1',
        }),
      ),
    ).toEqual({
      gender: false,
      firstname: 'Erika',
      lastname: 'Muster',
      email: 'erika@example.org',
      password: ' secret pw ',
      passwordConfirmation: ' secret pw ',
      newsletter: false,
      terms: true,
    });
  });

  it('round-trips the gender values', () => {
    for (const g of [true, false, 'd'] as const) expect(genderFromForm(genderToForm(g))).toBe(g);
    expect(genderFromForm('x')).toBeNull();
  });

  it('only follows same-site redirects', () => {
    expect(safeRedirect('/konto', '/')).toBe('/konto');
    expect(safeRedirect('//evil.example', '/')).toBe('/');
    expect(safeRedirect('https://evil.example', '/')).toBe('/');
    expect(safeRedirect('/\\evil', '/')).toBe('/');
    expect(safeRedirect(null, '/x')).toBe('/x');
  });
});

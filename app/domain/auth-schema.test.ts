import { describe, expect, it } from 'vitest';
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  LostPasswordSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordEqualsEmail,
  ProfileSchema,
  ResetPasswordSchema,
  SAVED_ADDRESS_KEYS,
  SignInSchema,
  SignUpSchema,
} from './auth-schema.ts';
import { issuesToFieldKeys } from './field-errors.ts';
import type { z } from 'zod';

function errors(schema: z.ZodType, body: unknown) {
  const result = schema.safeParse(body);
  return result.success ? {} : issuesToFieldKeys(result.error.issues);
}

const signUp = {
  gender: true,
  firstname: 'Erika',
  lastname: 'Mustermann',
  email: 'Erika@Example.de',
  password: 'Kirschbaum-Allee-7',
  passwordConfirmation: 'Kirschbaum-Allee-7',
  terms: true,
};

describe('SignInSchema', () => {
  it('lower-cases the login and needs both fields', () => {
    expect(SignInSchema.parse({ login: ' Erika@Example.DE ', password: 'x' })).toEqual({
      login: 'erika@example.de',
      password: 'x',
    });
    expect(errors(SignInSchema, {})).toEqual({ login: ['validation.required'], password: ['validation.required'] });
    expect(errors(SignInSchema, { login: 'erika', password: 'x' })).toEqual({ login: ['validation.email'] });
  });
});

describe('SignUpSchema', () => {
  it('accepts a complete body; newsletter defaults to false; form tick boxes count', () => {
    expect(SignUpSchema.parse(signUp)).toMatchObject({ email: 'erika@example.de', newsletter: false, terms: true });
    expect(SignUpSchema.parse({ ...signUp, newsletter: 'on', terms: '1' })).toMatchObject({
      newsletter: true,
      terms: true,
    });
  });

  it('needs the terms, a matching confirmation and a password that is not the e-mail', () => {
    expect(errors(SignUpSchema, { ...signUp, terms: false })).toEqual({ terms: ['validation.terms'] });
    expect(errors(SignUpSchema, { ...signUp, terms: undefined })).toEqual({ terms: ['validation.terms'] });
    expect(errors(SignUpSchema, { ...signUp, passwordConfirmation: 'other' })).toEqual({
      passwordConfirmation: ['validation.password.confirmation'],
    });
    const sameAsEmail = { ...signUp, password: 'ERIKA@example.de', passwordConfirmation: 'ERIKA@example.de' };
    expect(errors(SignUpSchema, sameAsEmail)).toEqual({ password: ['validation.password.email'] });
  });

  it('applies the length rules (8–128 characters, code points)', () => {
    const short = 'a'.repeat(PASSWORD_MIN_LENGTH - 1);
    expect(errors(SignUpSchema, { ...signUp, password: short, passwordConfirmation: short })).toEqual({
      password: ['validation.password.too_short'],
    });
    const long = 'a'.repeat(PASSWORD_MAX_LENGTH + 1);
    expect(errors(SignUpSchema, { ...signUp, password: long, passwordConfirmation: long })).toEqual({
      password: ['validation.password.too_long'],
    });
    const emoji = '🔑'.repeat(PASSWORD_MIN_LENGTH);
    expect(errors(SignUpSchema, { ...signUp, password: emoji, passwordConfirmation: emoji })).toEqual({});
  });

  it('names every missing field once, gender included', () => {
    const result = errors(SignUpSchema, {});
    expect(result.gender).toEqual(['validation.required']);
    expect(result.firstname).toEqual(['validation.required']);
    expect(result.email).toEqual(['validation.required']);
    expect(result.password).toEqual(['validation.required']);
    expect(result.terms).toEqual(['validation.terms']);
  });
});

describe('other bodies', () => {
  it('LostPasswordSchema needs a well-formed e-mail', () => {
    expect(LostPasswordSchema.parse({ email: 'A@B.de' })).toEqual({ email: 'a@b.de' });
    expect(errors(LostPasswordSchema, { email: 'nope' })).toEqual({ email: ['validation.email'] });
  });

  it('ResetPasswordSchema and ChangePasswordSchema check the confirmation', () => {
    expect(errors(ResetPasswordSchema, { token: 't', password: 'Lange-Nacht-21', passwordConfirmation: 'x' })).toEqual({
      passwordConfirmation: ['validation.password.confirmation'],
    });
    expect(errors(ResetPasswordSchema, {}).token).toEqual(['validation.required']);
    expect(
      errors(ChangePasswordSchema, {
        currentPassword: 'old',
        password: 'Lange-Nacht-21',
        passwordConfirmation: 'Lange-Nacht-21',
      }),
    ).toEqual({});
  });

  it('ChangeEmailSchema needs the password and an e-mail', () => {
    expect(errors(ChangeEmailSchema, { email: 'x' })).toEqual({
      password: ['validation.required'],
      email: ['validation.email'],
    });
  });

  it('ProfileSchema takes optional billing-address fields and checks their formats', () => {
    expect(ProfileSchema.parse({ gender: 'd', firstname: 'A', lastname: 'B' })).toEqual({
      gender: 'd',
      firstname: 'A',
      lastname: 'B',
      newsletter: false,
    });
    expect(
      errors(ProfileSchema, { gender: false, firstname: 'A', lastname: 'B', country: 'XX', phonePrefix: '49' }),
    ).toEqual({ country: ['validation.country'], phonePrefix: ['validation.phone_prefix'] });
    for (const key of SAVED_ADDRESS_KEYS) expect(ProfileSchema.shape).toHaveProperty(key);
  });

  it('passwordEqualsEmail ignores case and blanks', () => {
    expect(passwordEqualsEmail(' Erika@Example.de', 'erika@example.de')).toBe(true);
    expect(passwordEqualsEmail('erika', 'erika@example.de')).toBe(false);
    expect(passwordEqualsEmail('', '')).toBe(false);
  });
});

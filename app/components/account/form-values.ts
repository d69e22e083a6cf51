/**
 * Form data → the JSON bodies of DESIGN §5 (auth and account), shared by the modals (JavaScript) and the
 * no-JS pages' actions, so both send exactly the same fields. Gender radios carry `1` (Mr), `0` (Ms), `d`.
 */

import { SAVED_ADDRESS_KEYS } from '~/domain/saved-address.ts';

type Form = Pick<FormData, 'get'>;

const text = (form: Form, name: string) => String(form.get(name) ?? '');
const trimmed = (form: Form, name: string) => text(form, name).trim();
const ticked = (form: Form, name: string) => form.get(name) !== null && form.get(name) !== '';

/** `1` → true (Mr), `0` → false (Ms), `d` → 'd', anything else → null. */
export function genderFromForm(value: unknown): boolean | 'd' | null {
  if (value === '1') return true;
  if (value === '0') return false;
  if (value === 'd') return 'd';
  return null;
}

/** The radio value of a wire gender (`true` → `1`, …), `''` for none. */
export function genderToForm(value: unknown): string {
  if (value === true) return '1';
  if (value === false) return '0';
  if (value === 'd') return 'd';
  return '';
}

/** `POST auth/signin` body. */
export function signInBody(form: Form) {
  return { login: trimmed(form, 'login'), password: text(form, 'password') };
}

/** `POST auth/signup` body (newsletter unticked unless ticked; terms must be ticked). */
export function signUpBody(form: Form) {
  return {
    gender: genderFromForm(form.get('gender')),
    firstname: trimmed(form, 'firstname'),
    lastname: trimmed(form, 'lastname'),
    email: trimmed(form, 'email'),
    password: text(form, 'password'),
    passwordConfirmation: text(form, 'passwordConfirmation'),
    newsletter: ticked(form, 'newsletter'),
    terms: ticked(form, 'terms'),
  };
}

/** `POST auth/lost-password` body. */
export function lostPasswordBody(form: Form) {
  return { email: trimmed(form, 'email') };
}

/** `POST auth/reset-password` body (the token comes from the URL). */
export function resetPasswordBody(form: Form, token: string) {
  return { token, password: text(form, 'password'), passwordConfirmation: text(form, 'passwordConfirmation') };
}

/** `POST account/profile` body: name, gender, newsletter and the billing address fields present in the form. */
export function profileBody(form: Form) {
  const body: Record<string, unknown> = {
    gender: genderFromForm(form.get('gender')),
    firstname: trimmed(form, 'firstname'),
    lastname: trimmed(form, 'lastname'),
    newsletter: ticked(form, 'newsletter'),
  };
  for (const key of SAVED_ADDRESS_KEYS) if (form.get(key) !== null) body[key] = trimmed(form, key);
  return body;
}

/** `POST account/password` body. */
export function changePasswordBody(form: Form) {
  return {
    currentPassword: text(form, 'currentPassword'),
    password: text(form, 'password'),
    passwordConfirmation: text(form, 'passwordConfirmation'),
  };
}

/** `POST account/email` body. */
export function changeEmailBody(form: Form) {
  return { password: text(form, 'password'), email: trimmed(form, 'email') };
}

/** `POST account/delete` body. */
export function deleteAccountBody(form: Form) {
  return { password: text(form, 'password') };
}

/**
 * Where to go after signing in: a same-site path from `?redirect=` (never another origin: `//evil`, `/\\evil`
 * and absolute URLs fall back), else `fallback`.
 */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) {
    return fallback;
  }
  return target;
}

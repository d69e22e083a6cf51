/**
 * Shared pieces of input validation (DESIGN §5): field errors as translation keys, and the e-mail rule.
 * Every zod schema of the shop uses `validation.*` translation keys as messages.
 */
import type { z } from 'zod';

/** Field → translation keys for a failed parse, with the field keys exactly as sent. */
export type FieldErrors = Record<string, string[]>;

/**
 * Turns zod issues into `{field: [messageKey, …]}` with the top-level field key as sent; a message that is not
 * a `validation.*` key becomes `validation.invalid`. Used by the server (422 bodies) and the browser.
 */
export function issuesToFieldKeys(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '_');
    const key = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
    const list = (errors[field] ??= []);
    if (!list.includes(key)) list.push(key);
  }
  return errors;
}

// A practical e-mail check (the HTML living standard's rule for input type=email), not RFC 5322 in full.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Longest accepted e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** True for an address the shop accepts: the HTML e-mail rule, a dot in the domain, at most 254 characters. */
export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value);
}

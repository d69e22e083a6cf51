/**
 * Pure rules of the back office's sign-in (issue 15 item 1): where a sign-in may return to, what a TOTP code and
 * a recovery code look like, and the readable before → after of an audit row.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth-schema.ts';
import { emailSchema as email } from './email-schema.ts';
import { STAFF_ROLES } from './staff-roles.ts';

/** How many recovery codes an enrolment hands out (issue 15: 10, each works once). */
export const RECOVERY_CODE_COUNT = 10;

/**
 * The page a sign-in returns to (`?next=`): only a same-site path of the back office (`/admin…` or `/en/admin…`),
 * never a protocol-relative or backslash trick, never the sign-in pages themselves; else `fallback`.
 */
export function adminNextPath(raw: string | null | undefined, fallback: string): string {
  if (!raw || raw.length > 2000) return fallback;
  if (!/^(\/en)?\/admin(?:[/?#]|$)/.test(raw)) return fallback;
  if (/[\\\s]/.test(raw) || raw.startsWith('//')) return fallback;
  if (/^(\/en)?\/admin\/(anmelden|abmelden|einrichten|einladung)(?:[/?#]|$)/.test(raw)) return fallback;
  return raw;
}

/** A TOTP code as typed (spaces allowed, "123 456") → its six digits, or null when it is not one. */
export function totpCodeOf(input: string): string | null {
  const digits = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * A recovery code as typed → its canonical form (10 lower-case letters and digits, without the dash and spaces),
 * or null when it cannot be one. Codes are shown as `xxxxx-xxxxx`.
 */
export function recoveryCodeOf(input: string): string | null {
  const plain = input.replace(/[\s-]+/g, '').toLowerCase();
  return /^[a-z0-9]{10}$/.test(plain) ? plain : null;
}

/** A canonical recovery code as shown to the user: `abcde-12345`. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** One changed field of an audit row: its name and the values before and after (JSON text, `null` when absent). */
export type AuditChange = { field: string; before: string | null; after: string | null };

function show(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The fields that differ between an audit row's `before` and `after` (objects: per key, sorted; anything else as
 * one `value` change). Unchanged fields are left out, so the audit page shows only what the write changed.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  if (!isObject(before) && !isObject(after)) {
    const b = show(before);
    const a = show(after);
    return b === a ? [] : [{ field: 'value', before: b, after: a }];
  }
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
  return keys
    .map((field) => ({ field, before: show(b[field]), after: show(a[field]) }))
    .filter((change) => change.before !== change.after);
}

const name = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(100, 'validation.too_long');

const password = z
  .string({ error: 'validation.required' })
  .min(1, 'validation.required')
  .max(PASSWORD_MAX_LENGTH, 'validation.password.too_long');

/** The setup link's form: the first admin's name, e-mail and password twice (issue 15 item 1). */
export const StaffSetupSchema = z
  .object({ name, email, password, passwordConfirmation: z.string({ error: 'validation.required' }) })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'validation.password.confirmation',
  });

/** The invitation's form: the new password twice. */
export const StaffPasswordSchema = z
  .object({ password, passwordConfirmation: z.string({ error: 'validation.required' }) })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'validation.password.confirmation',
  });

/** The staff sign-in's form: e-mail (`login`) and password. */
export const StaffSignInSchema = z.object({ login: email, password });

/**
 * An invitation: e-mail, name, role and, for the role operator only (required there), the operator company; any
 * other role (an accountant too, issue 34 item 5) has none, whatever was posted.
 */
export const StaffInviteSchema = z
  .object({
    email,
    name,
    role: z.enum(STAFF_ROLES, 'validation.required'),
    operator: z
      .string()
      .trim()
      .max(200)
      .optional()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (v.role === 'operator' && !v.operator) {
      ctx.addIssue({ code: 'custom', path: ['operator'], message: 'validation.staff_operator_required' });
    }
  })
  .transform((v) => ({ ...v, operator: v.role === 'operator' ? v.operator : null }));

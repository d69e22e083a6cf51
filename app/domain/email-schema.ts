/**
 * The e-mail field of every form that takes an address (sign-up and sign-in, the newsletter, news about a locked
 * airport, the back office's members): one zod schema, so every form trims, checks and lower-cases alike. Kept
 * apart from `field-errors.ts`, which the browser loads without zod (issue 11).
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isEmail } from './field-errors.ts';

/**
 * A required e-mail address: trimmed, at most {@link EMAIL_MAX_LENGTH} characters, the shop's e-mail rule
 * (`isEmail`), lower-cased. Messages are translation keys (`validation.required`, `validation.too_long`,
 * `validation.email`).
 */
export const emailSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(EMAIL_MAX_LENGTH, 'validation.too_long')
  .refine(isEmail, 'validation.email')
  .transform((v) => v.toLowerCase());

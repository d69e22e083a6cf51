/**
 * Newsletter rules shared by the browser and the server (issue 10, DESIGN §5 `POST newsletter`): the request
 * body, the lifetime of the double opt-in link, which consent text each sign-up form shows, and where a
 * form without JavaScript may send the visitor back to.
 */
import { z } from 'zod';
import { emailSchema } from './email-schema.ts';

/** A confirmation link is valid this long, hours (issue 10: 48 h). */
export const NEWSLETTER_CONFIRM_TTL_HOURS = 48;

/** Longest first or last name (as in the checkout). */
const NAME_MAX_LENGTH = 100;

/** An optional name: trimmed; empty counts as not given. */
const optionalName = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(NAME_MAX_LENGTH, 'validation.too_long')
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * `POST newsletter` `{email, firstname?, lastname?}` (DESIGN §5): the address trimmed and lower-cased, names
 * optional. Messages are translation keys.
 */
export const NewsletterSignupSchema = z.object({
  email: emailSchema,
  firstname: optionalName,
  lastname: optionalName,
});

/** Where a consent was given: the footer form, the `/newsletter` page, the account sign-up or a bare API call. */
export type NewsletterConsentSource = 'footer' | 'page' | 'signup' | 'api';

/**
 * The translation key of the consent text each form shows next to its button (the text stored as proof).
 * The footer, the page and a bare API call share one text; the account sign-up has its tick box's label.
 */
export const NEWSLETTER_CONSENT_KEYS: Record<NewsletterConsentSource, string> = {
  footer: 'newsletter.consent',
  page: 'newsletter.consent',
  api: 'newsletter.consent',
  signup: 'auth.page.newsletter',
};

/** Reads a posted `source` field: one of the form sources, else `api`. */
export function toConsentSource(value: unknown): NewsletterConsentSource {
  return value === 'footer' || value === 'page' || value === 'signup' ? value : 'api';
}

/**
 * The page a form without JavaScript returns to: a path on this site (`/…`, not `//host` or `/\\host`, no
 * scheme), at most 2,000 characters; anything else gives `fallback`.
 */
export function safeReturnPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || value.length > 2000) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c === '\\')) return fallback;
  return value;
}

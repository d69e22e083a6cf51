/**
 * Body of `POST /api/contact` and of the contact page's form (DESIGN §3 `contact.index`, §5:
 * `{topic, reference?, name, email, message}`), shared by the browser and the server. Messages are translation keys.
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isEmail } from './field-errors.ts';
import { normalizeReference } from './reference.ts';

/** The topics a visitor can choose, in the order the form offers them (`contact.topic.<key>`). */
export const CONTACT_TOPICS = ['booking', 'change', 'invoice', 'car_park', 'other'] as const;

/** Longest name, characters. */
export const CONTACT_NAME_MAX_LENGTH = 100;
/** Shortest message, characters (after trimming): enough for a real question. */
export const CONTACT_MESSAGE_MIN_LENGTH = 10;
/** Longest message, characters. */
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
/** Name of the honeypot field: hidden from people, filled by form-filling bots (never sent by our own form). */
export const CONTACT_HONEYPOT_FIELD = 'website';

// Control characters (line breaks included) have no place in a name or an address; they would also reach mail headers.
const NO_CONTROL = /^[^\p{Cc}]*$/u;

const required = (key = 'validation.required') => z.string({ error: key }).trim().min(1, key);

/**
 * The contact message. `reference` is optional ('' or absent = none); when given it must be a reservation
 * reference (normalised with `normalizeReference`: case, spaces, hyphens, look-alikes). `email` is trimmed, not
 * lower-cased (it is the address we answer to). `website` is the honeypot: any value passes validation, and the
 * service drops a message whose honeypot is filled.
 */
export const ContactMessageSchema = z.object({
  topic: z.enum(CONTACT_TOPICS, { error: 'validation.contact.topic' }),
  reference: z
    .string({ error: 'validation.contact.reference' })
    .nullish()
    .transform((value, ctx) => {
      const raw = (value ?? '').trim();
      if (!raw) return undefined;
      const reference = normalizeReference(raw);
      if (reference) return reference;
      ctx.addIssue({ code: 'custom', message: 'validation.contact.reference' });
      return z.NEVER;
    }),
  name: required().max(CONTACT_NAME_MAX_LENGTH, 'validation.too_long').regex(NO_CONTROL, 'validation.invalid'),
  email: required().max(EMAIL_MAX_LENGTH, 'validation.too_long').refine(isEmail, 'validation.email'),
  message: required()
    .min(CONTACT_MESSAGE_MIN_LENGTH, 'validation.contact.message_short')
    .max(CONTACT_MESSAGE_MAX_LENGTH, 'validation.too_long'),
  [CONTACT_HONEYPOT_FIELD]: z.unknown().optional(),
});

/** The wire body of `POST /api/contact` as the browser sends it (before parsing; `website` is the honeypot). */
export type ContactMessageBody = {
  topic: string;
  reference?: string;
  name: string;
  email: string;
  message: string;
  website?: string;
};

/** The contact form's fields as the wire body (the same names; the browser and the no-JS action read it alike). */
export function contactBodyFromForm(form: { get(name: string): unknown }): ContactMessageBody {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    topic: field('topic'),
    reference: field('reference'),
    name: field('name'),
    email: field('email'),
    message: field('message'),
    [CONTACT_HONEYPOT_FIELD]: field(CONTACT_HONEYPOT_FIELD),
  };
}

/**
 * The contact form (DESIGN §3 `contact.index`, §5 `POST contact`): a visitor's message goes to the shop's inbox
 * (Reply-To = the visitor) and a copy to the visitor, both through the mail outbox. Shared by the JSON API and the
 * page's no-JS action, so both count against the same per-IP limit.
 */
import { CONTACT_HONEYPOT_FIELD, ContactMessageSchema } from '~/domain/contact-schema.ts';
import { issuesToFieldKeys } from '~/domain/field-errors.ts';
import { translator } from '~/i18n.server.ts';
import type { Locale } from '~/i18n.ts';
import { enqueueContactMails } from '../mail/mail.server.ts';
import { DatabaseRateLimitStore } from '../rate-limit-store.server.ts';
import { RequestError } from '../request-error.server.ts';
import type { ServiceContext } from '../service-context.ts';

/** Why a contact message was refused: 422 with field → translation keys, or 429 when the IP's limit holds. */
class ContactError extends RequestError {}

/** Messages one client IP may send per window (a family or office behind one address still gets through). */
export const CONTACT_MAX_PER_IP = 5;
/** Window of the per-IP count, ms (one hour). */
export const CONTACT_WINDOW_MS = 60 * 60 * 1000;

/** Counter family of the per-IP count in `rate_limits`. */
const IP_COUNTER = 'contact';

/**
 * Validates a contact message and queues its two mails. In order: the body (`ContactMessageSchema`; invalid →
 * 422, nothing counted), the per-IP limit ({@link CONTACT_MAX_PER_IP} accepted messages per
 * {@link CONTACT_WINDOW_MS}, counted in the database; over it → 429 with `retryAfterSeconds`), the honeypot (a filled
 * `website` field counts and answers like a success, but sends nothing), then the mails (`enqueueContactMails`).
 *
 * @param input.body - the request body or the posted form's fields (untrusted).
 * @param input.clientIp - the client's IP as the server sees it (honours TRUST_PROXY).
 * @param input.locale - the sender's language (their copy, the topic's label).
 * @returns `sent: false` when the honeypot dropped the message (the caller answers the same either way).
 * @throws ContactError 422 (fields) or 429; database errors otherwise.
 * Source: issue 10 (contact form: honeypot, rate limit per IP, two mails), DESIGN §5 (202 `{message}`).
 */
export async function sendContactMessage(
  ctx: ServiceContext,
  input: { body: unknown; clientIp: string; locale: Locale },
): Promise<{ sent: boolean }> {
  const parsed = ContactMessageSchema.safeParse(input.body ?? {});
  if (!parsed.success) throw new ContactError(422, 'validation.failed', issuesToFieldKeys(parsed.error.issues));
  const hit = await new DatabaseRateLimitStore(ctx.db, IP_COUNTER).hit(input.clientIp, CONTACT_WINDOW_MS);
  if (hit.totalHits > CONTACT_MAX_PER_IP) {
    const retryAfterSeconds = Math.max(1, Math.ceil((hit.resetTime.getTime() - Date.now()) / 1000));
    throw new ContactError(429, 'contact.error.too_many', {}, retryAfterSeconds);
  }
  const message = parsed.data;
  const honeypot = message[CONTACT_HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') {
    ctx.logger.info({ kind: 'contact_honeypot' }, 'contact message dropped: honeypot filled');
    return { sent: false };
  }
  const topicKey = `contact.topic.${message.topic}`;
  await enqueueContactMails(ctx, {
    topic: { de: translator('de')(topicKey), own: translator(input.locale)(topicKey) },
    reference: message.reference,
    name: message.name,
    email: message.email,
    message: message.message,
    locale: input.locale,
  });
  return { sent: true };
}

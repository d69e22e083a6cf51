/**
 * The states of a queued mail (`mail_outbox.status`, issue 3): `pending` until sent or given up, `sent`, `failed`
 * after the last attempt. The back office filters its outbox by them (issue 15 item 8).
 */

/** The statuses of the outbox, in the order the back office offers them. */
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
/** An outbox status. */
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** True when `value` names an outbox status (e.g. a `?status=` query). */
export function isMailStatus(value: unknown): value is MailStatus {
  return typeof value === 'string' && (MAIL_STATUSES as readonly string[]).includes(value);
}

/**
 * The back office's mail outbox (issue 15 item 8, permission `mails`: admin and support): the mails queued, sent
 * and failed, newest first, and retrying a failed one. A sent mail's bodies, headers and payload are emptied at
 * delivery (they may hold a guest access link; `mail.server.ts`), so the list shows what remains: recipient,
 * subject, kind, attempts, last error and times.
 */
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { mailOutbox, reservations } from '#database/schema.ts';
import { isMailStatus, type MailStatus } from '~/domain/mail-status.ts';
import type { StaffActor } from '~/domain/staff-roles.ts';
import { recordAudit } from './audit-log.server.ts';
import { kickMailDelivery, type MailContext } from '../mail/mail.server.ts';
import { RequestError } from '../request-error.server.ts';

/** Rows per page of the outbox list. */
export const MAIL_PAGE_SIZE = 50;

/** A refused outbox request: 404 unknown mail, 409 a mail that has not failed. */
class MailAdminError extends RequestError {}

/** An outbox row as the back office shows it (no bodies: the list never needs them). */
export type AdminMail = {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
  sentAt: Date | null;
  reference: string | null;
  /** whether the text is still stored (queued or failed mails; emptied once sent) */
  hasBody: boolean;
};

/**
 * The outbox, newest first, {@link MAIL_PAGE_SIZE} per page (`beforeId`: the smallest id of the previous page),
 * optionally of one status; with the count per status.
 */
export async function listMails(
  db: Database,
  filter: { status: MailStatus | null; beforeId: number | null },
): Promise<{ mails: AdminMail[]; counts: Record<MailStatus, number> }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(mailOutbox.status, filter.status));
  if (filter.beforeId) conditions.push(lt(mailOutbox.id, filter.beforeId));
  const rows = await db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      sentAt: mailOutbox.sentAt,
      reference: reservations.reference,
      hasBody: sql<boolean>`(${mailOutbox.text} <> '' or ${mailOutbox.html} <> '')`,
    })
    .from(mailOutbox)
    .leftJoin(reservations, eq(reservations.id, mailOutbox.reservationId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(MAIL_PAGE_SIZE);
  const grouped = await db
    .select({ status: mailOutbox.status, n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const counts: Record<MailStatus, number> = { pending: 0, sent: 0, failed: 0 };
  for (const g of grouped) if (isMailStatus(g.status)) counts[g.status] = Number(g.n);
  return { mails: rows.map((r) => ({ ...r, hasBody: Boolean(r.hasBody) })), counts };
}

/**
 * Retries a failed mail: back to `pending`, due now (its attempts are kept: one more failure gives it up again,
 * there is no new series of back-offs), then the worker is asked to deliver at once. Only a `failed` mail can be
 * retried (a sent one has no body left; a pending one is on its way). Audit `mail.retry`.
 *
 * @throws MailAdminError 404 when there is no such mail, 409 `admin.mails.error.not_failed` when it has not failed.
 * Source: issue 15 item 8; issue 3 (the worker, its back-offs).
 */
export async function retryMail(ctx: MailContext, actor: StaffActor, mailId: number, now: Date): Promise<void> {
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [before] = await tx
      .select({
        id: mailOutbox.id,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, mailId))
      .for('update');
    if (!before) throw new MailAdminError(404, 'admin.error.404.title');
    if (before.status !== 'failed') throw new MailAdminError(409, 'admin.mails.error.not_failed');
    // The worker compares with the database's clock (`next_attempt_at <= now()`), so "due now" is that clock's.
    await tx
      .update(mailOutbox)
      .set({ status: 'pending', nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, mailId));
    await recordAudit(
      tx,
      actor,
      {
        action: 'mail.retry',
        entity: 'mail',
        entityId: mailId,
        before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
        after: { status: 'pending' },
      },
      now,
    );
  });
  kickMailDelivery(ctx);
}

/**
 * Locking and unlocking an airport (issue 10, `npm run airport -- lock|unlock <slug>`) and the other half of
 * the locked-airport notification (SPEC §1): when an airport opens, every visitor who asked is sent exactly one
 * mail, however often and from however many processes the unlock runs.
 *
 * Exactly once: in one transaction the airport row is locked (`SELECT … FOR UPDATE`), the requests are claimed
 * with a guarded `UPDATE … SET notified_at = now WHERE notified_at IS NULL … RETURNING`, and their mails are
 * inserted into the outbox. A second unlock waits for the first to commit and then claims nothing; a rollback
 * un-claims and un-queues together. The notification is a one-off service mail the visitor asked for, so a
 * single opt-in is enough (decision 0013); every mail carries an unsubscribe link and RFC 8058 headers.
 */
import { catalogueChanged } from '../cache-events.server.ts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { airports, lockedAirportNotifications, type AirportStatus } from '#database/schema.ts';
import { localized } from '~/domain/localized.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { deliverPendingMail, enqueueMail, shopInfo } from '../mail/mail.server.ts';
import type { ServiceContext } from '../service-context.ts';
import { renderAirportOpenMail } from '../subscriptions/subscription-mail-templates.server.ts';

/** What a lock or unlock did: the airport, whether its status changed, and how many mails it queued. */
export type AirportStatusChange = {
  slug: string;
  status: AirportStatus;
  /** false when the airport already had this status */
  changed: boolean;
  /** notification mails queued by this call (0 for a lock, and for a repeated unlock) */
  notified: number;
};

/** Mails delivered per round when the unlock sends its notifications right away. */
const DELIVERY_BATCH = 25;

/**
 * Sets an airport's status. Unlocking (`active`) also claims every open notification request of the airport
 * (not yet notified, not unsubscribed) and queues one mail per request in the visitor's language: the airport is
 * bookable again, a link to its page, the unsubscribe link; then delivers the queued mail (SMTP or `.eml`).
 *
 * @param input.slug - the airport's slug (e.g. `kassel`); `input.status` `active` (unlock) or `locked` (lock);
 *   links start with `PUBLIC_URL`; `input.inTransaction` runs last inside the transaction with the status before
 *   and the change (the back office writes its audit row there, issue 15), so a rollback takes it back with the
 *   change.
 * @returns the change, or null for an unknown slug.
 * @throws on database errors (the transaction rolls back: nothing claimed, nothing queued).
 * Source: issue 10 (exactly one mail per subscriber, also under concurrent unlocks), SPEC §1.
 */
export async function setAirportStatus(
  ctx: ServiceContext,
  input: {
    slug: string;
    status: AirportStatus;
    inTransaction?: (tx: Database, change: AirportStatusChange & { before: AirportStatus }) => Promise<void>;
  },
): Promise<AirportStatusChange | null> {
  const base = ctx.env.PUBLIC_URL;
  const result = await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [airport] = await tx.select().from(airports).where(eq(airports.slug, input.slug)).for('update');
    if (!airport) return null;
    const changed = airport.status !== input.status;
    if (changed) await tx.update(airports).set({ status: input.status }).where(eq(airports.id, airport.id));
    if (input.status !== 'active') {
      const change = { slug: airport.slug, status: input.status, changed, notified: 0 };
      await input.inTransaction?.(tx, { ...change, before: airport.status });
      return change;
    }
    const claimed = await tx
      .update(lockedAirportNotifications)
      .set({ notifiedAt: ctx.now() })
      .where(
        and(
          eq(lockedAirportNotifications.airportId, airport.id),
          isNull(lockedAirportNotifications.notifiedAt),
          isNull(lockedAirportNotifications.unsubscribedAt),
        ),
      )
      .returning();
    for (const request of claimed) {
      const locale = toLocale(request.locale);
      const mail = renderAirportOpenMail(
        locale,
        {
          airportName: localized(airport, 'name', locale),
          airportUrl: `${base}${localePath(locale, `/parkplatz/${airport.slug}`)}`,
          unsubscribeUrl: `${base}${localePath(locale, `/benachrichtigung/abmelden/${request.unsubscribeToken}`)}`,
        },
        shopInfo(ctx.env),
      );
      await enqueueMail(tx, {
        kind: 'airport_open',
        to: request.email,
        locale,
        mail,
        headers: {
          'List-Unsubscribe': `<${base}/unsubscribe/airport-alert/${request.unsubscribeToken}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    }
    const change = { slug: airport.slug, status: input.status, changed, notified: claimed.length };
    await input.inTransaction?.(tx, { ...change, before: airport.status });
    return change;
  });
  // The status is part of the cached catalogue and of every cached page (issue 11).
  if (result?.changed) await catalogueChanged(ctx.db);
  if (result?.notified) {
    // Send now (the worker of a running server would within 30 s; a CLI run has no worker).
    for (let sent = 1; sent > 0;) sent = await deliverPendingMail(ctx, { limit: DELIVERY_BATCH });
  }
  return result;
}

/**
 * Stops airport mails to the address of an unsubscribe token (the page's POST and the RFC 8058 one-click POST):
 * every request of that address, for any airport, is marked unsubscribed, so nothing more is sent to it.
 * Doing it twice is harmless.
 *
 * @returns true when the token is known, false otherwise.
 * Source: issue 10, Art. 21 Abs. 2–3 GDPR, RFC 8058.
 */
export async function unsubscribeAirportAlerts(ctx: ServiceContext, input: { token: string }): Promise<boolean> {
  if (typeof input.token !== 'string' || !/^[A-Za-z0-9_-]{1,200}$/.test(input.token)) return false;
  const owner = ctx.db
    .select({ email: lockedAirportNotifications.email })
    .from(lockedAirportNotifications)
    .where(eq(lockedAirportNotifications.unsubscribeToken, input.token));
  const rows = await ctx.db
    .update(lockedAirportNotifications)
    .set({
      unsubscribedAt: sql`coalesce(${lockedAirportNotifications.unsubscribedAt}, ${ctx.now().toISOString()}::timestamptz)`,
    })
    .where(sql`${lockedAirportNotifications.email} in (${owner})`)
    .returning({ id: lockedAirportNotifications.id });
  return rows.length > 0;
}

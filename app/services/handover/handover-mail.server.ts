/**
 * The check-out mail (issue 36 item 3): the car was handed back, when, how far it was driven between entry and exit,
 * and where the handover record with its photos is shown (the owner's account page, else the lookup form).
 */
import type { Database } from '#database/client.server.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { compareHandovers } from '~/domain/handover.ts';
import { instantToLocal } from '~/domain/local-time.ts';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { lineIf, queueManageMail } from '../reservations/booking-writes.server.ts';
import type { ReservationDetails } from '../reservations/reservations.server.ts';
import type { ServiceContext } from '../service-context.ts';
import { storedHandover } from './handover.server.ts';

/**
 * Queues the `checked_out` mail of `details` in the check-out's transaction `tx` (after its handover record was
 * written, so the kilometres are known), in the booking's language; the link goes to `#uebergabe` of the owner's
 * reservation page, or to the lookup form (reference and e-mail) for a guest booking.
 * @throws nothing of its own: the manage mail's savepoint logs a failure and the check-out stands.
 */
export async function queueCheckedOutMail(
  ctx: ServiceContext,
  tx: Database,
  details: ReservationDetails,
  now: Date,
): Promise<void> {
  const r = details.reservation;
  const locale = toLocale(r.locale);
  const t = translator(locale);
  const stored = await storedHandover(tx, r.id);
  const { kmDriven } = compareHandovers(stored.entry, stored.exit);
  const path = r.userId ? `/konto/reservierungen/${r.reference}#uebergabe` : '/reservierung';
  await queueManageMail(ctx, tx, details, {
    kind: 'checked_out',
    url: new URL(localePath(locale, path), ctx.env.PUBLIC_URL).href,
    lines: [
      [t('manage.mail.checked_out.exit'), formatLocalDateTime(instantToLocal(now, details.airport.timeZone), locale)],
      [t('manage.mail.checked_out.lot'), details.lot.name],
      ...lineIf(t('handover.km_driven_label'), kmDriven === null ? null : `${kmDriven} km`),
    ],
  });
}

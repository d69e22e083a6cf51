/**
 * The handover records as the customer and staff see them (issue 36 items 3 and 4): both records side by side with
 * signed, expiring photo links (the link names its viewer, so a staff view is audited when the photo is served:
 * `backoffice/handover-records.server.ts`); the customer's dispute ("Problem melden"), which goes to support with
 * both records and keeps the photos until staff close it.
 */
import type { Database } from '#database/client.server.ts';
import { handoverDisputes, reservationEvents } from '#database/schema.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import {
  compareHandovers,
  fuelFraction,
  HANDOVER_PHOTO_RETENTION_DAYS,
  type HandoverPanelView,
  type HandoverRecordView,
} from '~/domain/handover.ts';
import { numberFormat } from '~/domain/intl-cache.ts';
import { instantToLocal } from '~/domain/local-time.ts';
import { translator } from '~/i18n.server.ts';
import { localePath, type Locale } from '~/i18n.ts';
import { enqueueMail, kickMailDelivery, shopInfo } from '../mail/mail.server.ts';
import { renderManageMail } from '../mail/manage-mail-templates.server.ts';
import { manageableReservation } from '../reservations/reservation-manage.server.ts';
import type { ReservationDetails } from '../reservations/reservations.server.ts';
import { RequestError } from '../request-error.server.ts';
import type { SessionPort } from '../session-port.ts';
import { storedHandover, type HandoverContext, type StoredHandoverRecord } from './handover.server.ts';
import { PHOTO_LINK_SECONDS, signPhotoLink } from './photo-link.server.ts';

/** Longest dispute message, characters (the contact form's limit). */
const DISPUTE_MAX_LENGTH = 2000;

/** Who looks at the records: the customer (guest or owner) or a staff member (whose photo views are audited). */
export type HandoverViewer = { customer: true } | { staffId: number };

function viewerCode(viewer: HandoverViewer): string {
  return 'staffId' in viewer ? `staff-${viewer.staffId}` : 'customer';
}

/** A record formatted in `locale`, its photos with links for `viewer` that expire {@link PHOTO_LINK_SECONDS} from now. */
function recordView(
  ctx: HandoverContext,
  record: StoredHandoverRecord | null,
  details: ReservationDetails,
  locale: Locale,
  viewer: HandoverViewer,
): HandoverRecordView | null {
  if (!record) return null;
  const t = translator(locale);
  const expires = new Date(ctx.now().getTime() + PHOTO_LINK_SECONDS * 1000);
  const km = numberFormat(locale);
  return {
    kind: record.kind,
    recordedAt: formatLocalDateTime(instantToLocal(record.recordedAt, details.airport.timeZone), locale),
    odometer: record.odometerKm === null ? null : `${km.format(record.odometerKm)} km`,
    fuel: record.fuelEighths === null ? null : fuelFraction(record.fuelEighths),
    charge: record.chargePercent === null ? null : `${record.chargePercent} %`,
    parkingSpace: record.parkingSpace,
    damageNotes: record.damageNotes,
    photos: record.photos.map((photo) => ({
      id: photo.id,
      label: t(`handover.photo.${photo.label}`),
      url: signPhotoLink(ctx.env.SESSION_SECRET, { id: photo.id, viewer: viewerCode(viewer) }, expires),
      width: photo.width,
      height: photo.height,
    })),
    deletedPhotos: record.deletedPhotos,
  };
}

/** A signed difference ("+2", "−1/8"): the typographic minus, so a screen reader says "minus". */
function signed(value: number, format: (n: number) => string): string {
  if (value === 0) return format(0);
  return `${value > 0 ? '+' : '−'}${format(Math.abs(value))}`;
}

/**
 * The handover panel of a reservation for `viewer`, or null when no record was made yet (nothing to show).
 * `canDispute`: a customer may report a problem once a record exists, while no dispute is open and until the photos'
 * retention ends (90 days after the exit).
 * @throws on database errors only.
 * Source: issue 36 item 3.
 */
export async function handoverPanelOf(
  ctx: HandoverContext,
  details: ReservationDetails,
  locale: Locale,
  viewer: HandoverViewer,
): Promise<HandoverPanelView | null> {
  const stored = await storedHandover(ctx.db, details.reservation.id);
  if (!stored.entry && !stored.exit) return null;
  const tz = details.airport.timeZone;
  const { kmDriven, fuelChangeEighths, chargeChangePercent } = compareHandovers(stored.entry, stored.exit);
  const leftAt = details.reservation.checkedOutAt;
  const keptUntil = leftAt ? new Date(leftAt.getTime() + HANDOVER_PHOTO_RETENTION_DAYS * 24 * 60 * 60 * 1000) : null;
  return {
    entry: recordView(ctx, stored.entry, details, locale, viewer),
    exit: recordView(ctx, stored.exit, details, locale, viewer),
    kmDriven,
    fuelChange: fuelChangeEighths === null ? null : signed(fuelChangeEighths, fuelFraction),
    chargeChange: chargeChangePercent === null ? null : `${signed(chargeChangePercent, String)} %`,
    dispute: stored.dispute
      ? {
          openedAt: formatLocalDateTime(instantToLocal(stored.dispute.openedAt, tz), locale),
          message: stored.dispute.message,
        }
      : null,
    canDispute: !stored.dispute && (keptUntil === null || keptUntil > ctx.now()),
    keptUntil: keptUntil ? formatLocalDateTime(instantToLocal(keptUntil, tz), locale) : null,
  };
}
/**
 * The customer reports a problem with the handover ("Problem melden", the reservation page's form): an open dispute
 * (the photos are kept until staff close it), the `handover_disputed` history row, and a mail to support
 * (`SHOP_EMAIL`, kind `handover_dispute`, in German) with the message and both records, the photos attached.
 *
 * @param input.session - the page's session: the owner or guest access (the page's rule), else 404.
 * @throws RequestError 404 without access or without a record; 409 `handover.dispute.error.open` when one is open
 *   already, `handover.dispute.error.late` after the photos' retention; 422 `message` empty or too long.
 * Source: issue 36 item 3.
 */
export async function openHandoverDispute(
  ctx: HandoverContext,
  input: { session: SessionPort; reference: string; message: unknown },
): Promise<void> {
  const details = await manageableReservation(ctx.db, input.session, input.reference);
  const message = typeof input.message === 'string' ? input.message.trim() : '';
  if (!message) throw new RequestError(422, 'validation.invalid', { message: ['validation.required'] });
  if (message.length > DISPUTE_MAX_LENGTH) {
    throw new RequestError(422, 'validation.invalid', { message: ['handover.dispute.error.long'] });
  }
  const panel = await handoverPanelOf(ctx, details, 'de', { customer: true });
  if (!panel) throw new RequestError(404, 'api.error.not_found');
  if (panel.dispute) throw new RequestError(409, 'handover.dispute.error.open');
  if (!panel.canDispute) throw new RequestError(409, 'handover.dispute.error.late');
  const r = details.reservation;
  const now = ctx.now();
  const t = translator('de');
  const lines = disputeLines(panel, t);
  const mail = renderManageMail(
    'handover_dispute',
    'de',
    {
      reference: r.reference,
      lines: [[t('handover.dispute.mail.message'), message], ...lines],
      lookupUrl: new URL(localePath('de', `/admin/reservierungen/${r.reference}`), ctx.env.PUBLIC_URL).href,
    },
    shopInfo(ctx.env),
  );
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const inserted = await tx
      .insert(handoverDisputes)
      .values({ reservationId: r.id, message, openedAt: now })
      .onConflictDoNothing()
      .returning({ id: handoverDisputes.id });
    // A second tab's report at the same moment: the unique open dispute stands, this one is refused.
    if (inserted.length === 0) throw new RequestError(409, 'handover.dispute.error.open');
    await tx.insert(reservationEvents).values({ reservationId: r.id, kind: 'handover_disputed', at: now, data: {} });
    await enqueueMail(tx, {
      kind: 'handover_dispute',
      to: ctx.env.SHOP_EMAIL,
      locale: 'de',
      mail,
      reservationId: r.id,
      replyTo: typeof r.billingAddress.email === 'string' ? r.billingAddress.email : undefined,
    });
  });
  kickMailDelivery(ctx);
}

/** The records as label/value rows for support's mail. */
function disputeLines(panel: HandoverPanelView, t: (key: string, params?: Record<string, string | number>) => string) {
  const lines: [string, string][] = [];
  for (const record of [panel.entry, panel.exit]) {
    if (!record) continue;
    const title = t(`handover.${record.kind}`);
    lines.push([title, record.recordedAt]);
    if (record.odometer) lines.push([`${title}: ${t('handover.odometer')}`, record.odometer]);
    if (record.fuel) lines.push([`${title}: ${t('handover.fuel')}`, record.fuel]);
    if (record.charge) lines.push([`${title}: ${t('handover.charge')}`, record.charge]);
    if (record.parkingSpace) lines.push([`${title}: ${t('handover.space')}`, record.parkingSpace]);
    if (record.damageNotes) lines.push([`${title}: ${t('handover.damage')}`, record.damageNotes]);
    lines.push([`${title}: ${t('handover.photos')}`, String(record.photos.length)]);
  }
  if (panel.kmDriven !== null) lines.push([t('handover.km_driven_label'), `${panel.kmDriven} km`]);
  return lines;
}

/**
 * The mails of a changed or cancelled booking (issue 12): a short note with the reference, what changed (rows of
 * label and value, already formatted), where to see the booking, and the shop's data. Rendered when queued.
 */
import type { Locale } from '~/i18n.ts';
import { translator } from '~/i18n.server.ts';
import { escapeHtml, FONT, type RenderedMail, type ShopInfo } from './mail-templates.server.ts';

/**
 * The outbox kinds of these mails: a change, a cancellation, an overstay's payment link (issue 33 item 4), a late
 * return flight (issue 35 item 1: "your space waits").
 */
export type ManageMailKind =
  | 'reservation_changed'
  | 'reservation_cancelled'
  | 'overstay_payment'
  | 'flight_delayed'
  | 'checked_out'
  | 'handover_dispute';

const KEYS: Record<ManageMailKind, string> = {
  reservation_changed: 'changed',
  reservation_cancelled: 'cancelled',
  overstay_payment: 'overstay',
  flight_delayed: 'flight_delay',
  checked_out: 'checked_out',
  handover_dispute: 'handover_dispute',
};

/** The sentence with the link, per kind: the lookup form unless the mail links somewhere else. */
const LINK_KEYS: Partial<Record<ManageMailKind, string>> = {
  overstay_payment: 'manage.mail.overstay.link',
  checked_out: 'manage.mail.checked_out.link',
  handover_dispute: 'manage.mail.handover_dispute.link',
};

/**
 * Renders the change, cancellation or overstay mail in `locale` (`manage.mail.<kind>.*` texts).
 *
 * @param data.reference - the reservation reference; `data.lines` label/value rows (formatted);
 *   `data.lookupUrl` the lookup form (reference + e-mail) where the booking and its documents are shown, or for
 *   `overstay_payment` the secret link that opens the payment of the overstay's invoice.
 * @returns subject (with the reference), HTML and text part.
 * Source: issue 12 (a cancellation mail goes out; a changed booking gets a new voucher), issue 33 item 4.
 */
export function renderManageMail(
  kind: ManageMailKind,
  locale: Locale,
  data: { reference: string; lines: [string, string][]; lookupUrl: string },
  shop: ShopInfo,
): RenderedMail {
  const t = translator(locale);
  const key = KEYS[kind];
  const linkKey = LINK_KEYS[kind] ?? 'manage.mail.lookup';
  const subject = t(`manage.mail.${key}.subject`, { reference: data.reference, shop: shop.name });
  const intro = t(`manage.mail.${key}.intro`, { reference: data.reference });
  const outro = t(`manage.mail.${key}.outro`);
  const lookup = t(linkKey, { url: data.lookupUrl });
  const signature = t('mail.signature', { shop: shop.name });
  const text = [
    intro,
    '',
    ...data.lines.map(([label, value]) => `${label}: ${value}`),
    '',
    outro,
    '',
    lookup,
    '',
    signature,
    '',
    shop.name,
    shop.address,
  ].join('\n');
  const rows = data.lines
    .map(
      ([label, value]) =>
        `<tr><td style="${FONT};font-size:14px;padding:4px 12px 4px 0;color:#4a5a6b">${escapeHtml(label)}</td>` +
        `<td style="${FONT};font-size:14px;padding:4px 0;color:#14202e;font-weight:600">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const p = (value: string) =>
    `<p style="${FONT};font-size:14px;line-height:1.5;color:#14202e;margin:0 0 12px 0">${value}</p>`;
  const html =
    `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:16px;background:#f5f7fa">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;margin:0 auto;background:#ffffff;border:1px solid #d9e0e8;border-radius:12px;border-collapse:separate">` +
    `<tr><td style="padding:24px">` +
    p(escapeHtml(intro)) +
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 12px 0">${rows}</table>` +
    p(escapeHtml(outro)) +
    p(
      escapeHtml(t(linkKey, { url: '\u0000' })).replace(
        '\u0000',
        `<a href="${escapeHtml(data.lookupUrl)}" style="color:#0b5cad">${escapeHtml(data.lookupUrl)}</a>`,
      ),
    ) +
    p(escapeHtml(signature)) +
    `</td></tr><tr><td style="padding:16px 24px;border-top:1px solid #d9e0e8"><p style="${FONT};font-size:12px;line-height:1.5;color:#4a5a6b;margin:0">` +
    `${escapeHtml(shop.name)}<br>${escapeHtml(shop.address)}<br>${escapeHtml(shop.email)} · ${escapeHtml(shop.phone)}</p></td></tr>` +
    `</table></body></html>`;
  return { subject, html, text };
}

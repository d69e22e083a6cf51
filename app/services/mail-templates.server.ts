/**
 * Mail templates (issue 3): plain functions from a view model to `{subject, html, text}`. The HTML is a
 * single-column table layout with inline styles only (no <style>, no external images, no scripts), which
 * Outlook, Gmail and Apple Mail render alike; the text part carries the same facts for text-only clients.
 */
import { translator } from '~/i18n.server.ts';
import type { ReservationView } from './reservations.server.ts';

/** The shop's own data for the mail header and footer (from `SHOP_*` in the environment). */
export type ShopInfo = { name: string; address: string; email: string; phone: string; vatId: string };

/** A rendered mail. */
export type RenderedMail = { subject: string; html: string; text: string };

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: string | number): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const INK = '#14202e';
const MUTED = '#4a5a6b';
const LINE = '#d9e0e8';
const ACCENT = '#0b5cad';

function htmlRows(rows: [string, string][]): string {
  return rows
    .map(
      ([label, value]) =>
        `<tr><td style="${FONT};font-size:14px;color:${MUTED};padding:6px 12px 6px 0;vertical-align:top;width:40%">${escapeHtml(label)}</td>` +
        `<td style="${FONT};font-size:14px;color:${INK};padding:6px 0;vertical-align:top">${value}</td></tr>`,
    )
    .join('');
}

function htmlSection(title: string, body: string): string {
  return (
    `<tr><td style="padding:20px 24px 4px 24px"><h2 style="${FONT};font-size:17px;line-height:1.3;color:${INK};margin:0 0 8px 0">${escapeHtml(title)}</h2>` +
    `${body}</td></tr>`
  );
}

function htmlTable(inner: string): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse">${inner}</table>`;
}

function paragraph(text: string, style = ''): string {
  return `<p style="${FONT};font-size:14px;line-height:1.5;color:${INK};margin:0 0 10px 0;${style}">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
}

/** Pads text-part label columns so values line up in monospace clients. */
function textRows(rows: [string, string][]): string {
  const width = Math.min(28, Math.max(...rows.map(([l]) => l.length)) + 2);
  return rows.map(([l, v]) => `${`${l}: `.padEnd(width)}${v}`).join('\n');
}

/**
 * Renders the booking confirmation of a reservation in the view's language.
 *
 * @param view - from `buildReservationView(details, reservation.locale)`.
 * @param links.accessUrl - the secret guest link (grants access to the reservation page).
 * @param links.lookupUrl - the lookup form (reference + e-mail), for when the link is lost.
 * @param shop - the shop's name, address and contact data.
 * @returns subject (with the reference), HTML and text part.
 * Source: issue 3 (confirmation mail content), DESIGN §6 (payment types, cancellation), §10 (shop data in mails).
 */
export function renderReservationConfirmation(
  view: ReservationView,
  links: { accessUrl: string; lookupUrl: string },
  shop: ShopInfo,
): RenderedMail {
  const t = translator(view.locale);
  const greetingName = view.customerName;
  const subject = t('mail.confirmation.subject', { reference: view.reference, shop: shop.name });
  const intro = t('mail.confirmation.intro', { airport: view.airport.name });

  const stayRows: [string, string][] = [
    [t('reservation.field.reference'), view.reference],
    [t('reservation.field.status'), view.statusLabel],
    [t('reservation.field.airport'), `${view.airport.name} (${view.airport.iata})`],
    [t('reservation.field.tariff'), `${view.tariff.name} · ${view.tariff.categoryLabel}`],
    [t('reservation.field.entry'), view.entry],
    [t('reservation.field.exit'), view.exit],
    [t('reservation.field.duration'), view.daysLabel],
    [t('reservation.field.persons'), String(view.personCount)],
    [t('reservation.field.child_seats'), String(view.childrenSeat)],
    [t('reservation.field.license_plate'), view.licensePlate || t('reservation.none')],
    [t('reservation.field.bulky_baggage'), view.bulkyBaggage.length ? view.bulkyBaggage.join(', ') : t('reservation.none')],
  ];
  const lotRows: [string, string][] = [
    [t('reservation.field.lot'), `${view.lot.name} (${view.lot.operator})`],
    [t('reservation.field.address'), view.lot.addressLines.join(', ')],
    ...(view.lot.phone ? ([[t('reservation.field.phone'), view.lot.phone]] as [string, string][]) : []),
    [t('reservation.field.opening_hours'), view.lot.openingHours],
  ];
  const priceRows: [string, string][] = [
    ...view.priceLines.map((l) => [l.label, l.amount] as [string, string]),
    [view.total.label, view.total.amount],
    [view.vat.label, view.vat.amount],
  ];
  const paymentRows: [string, string][] = [
    [t('reservation.field.payment'), view.payment.label],
    ...(view.invoiceNumber ? ([[t('reservation.field.invoice_number'), view.invoiceNumber]] as [string, string][]) : []),
  ];

  // ----- text part
  const text = [
    t('mail.greeting', { name: greetingName }),
    '',
    intro,
    '',
    `${t('reservation.field.reference')}: ${view.reference}`,
    '',
    t('mail.confirmation.link_intro'),
    links.accessUrl,
    t('mail.confirmation.link_hint'),
    '',
    `== ${t('reservation.section.stay')} ==`,
    textRows(stayRows),
    '',
    `== ${t('reservation.section.lot')} ==`,
    textRows(lotRows),
    `${t('reservation.field.map')}: ${view.lot.mapUrl}`,
    '',
    `== ${t('reservation.section.arrival')} ==`,
    view.lot.arrivalInstructions,
    '',
    `== ${t('reservation.section.return')} ==`,
    view.lot.returnInstructions,
    '',
    `== ${t('reservation.section.price')} ==`,
    textRows(priceRows),
    '',
    `== ${t('reservation.section.payment')} ==`,
    textRows(paymentRows),
    view.payment.instructions,
    '',
    `== ${t('reservation.section.cancellation')} ==`,
    view.cancellation,
    '',
    `== ${t('reservation.section.billing')} ==`,
    ...view.billingAddress.lines,
    view.email,
    ...(view.phone ? [view.phone] : []),
    ...(view.invoiceAddress ? ['', `== ${t('reservation.section.invoice_address')} ==`, ...view.invoiceAddress.lines] : []),
    '',
    t('mail.confirmation.lookup_hint', { url: links.lookupUrl }),
    '',
    t('mail.signature', { shop: shop.name }),
    '',
    '--',
    shop.name,
    shop.address,
    `${shop.email} · ${shop.phone}`,
    t('mail.footer.vat_id', { id: shop.vatId }),
    '',
  ].join('\n');

  // ----- HTML part
  const a = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:${ACCENT};text-decoration:underline">${escapeHtml(label)}</a>`;
  const esc = (rows: [string, string][]) => rows.map(([l, v]) => [l, escapeHtml(v)] as [string, string]);
  const lotHtmlRows = esc(lotRows);
  if (view.lot.phone) {
    const i = lotHtmlRows.findIndex(([l]) => l === t('reservation.field.phone'));
    lotHtmlRows[i] = [lotHtmlRows[i][0], a(`tel:${view.lot.phone.replace(/[^\d+]/g, '')}`, view.lot.phone)];
  }
  lotHtmlRows.push([t('reservation.field.map'), a(view.lot.mapUrl, t('reservation.map_link'))]);
  const priceHtml = htmlTable(
    view.priceLines
      .map(
        (l) =>
          `<tr><td style="${FONT};font-size:14px;color:${INK};padding:4px 0">${escapeHtml(l.label)}</td>` +
          `<td align="right" style="${FONT};font-size:14px;color:${INK};padding:4px 0;white-space:nowrap">${escapeHtml(l.amount)}</td></tr>`,
      )
      .join('') +
      `<tr><td style="${FONT};font-size:16px;font-weight:bold;color:${INK};padding:8px 0 4px 0;border-top:1px solid ${LINE}">${escapeHtml(view.total.label)}</td>` +
      `<td align="right" style="${FONT};font-size:16px;font-weight:bold;color:${INK};padding:8px 0 4px 0;border-top:1px solid ${LINE};white-space:nowrap">${escapeHtml(view.total.amount)}</td></tr>` +
      `<tr><td style="${FONT};font-size:13px;color:${MUTED};padding:2px 0">${escapeHtml(view.vat.label)}</td>` +
      `<td align="right" style="${FONT};font-size:13px;color:${MUTED};padding:2px 0;white-space:nowrap">${escapeHtml(view.vat.amount)}</td></tr>`,
  );
  const address = (lines: string[], extra: string[] = []) =>
    paragraph([...lines, ...extra].filter(Boolean).join('\n'));

  const body = [
    `<tr><td style="background:${ACCENT};padding:18px 24px"><p style="${FONT};font-size:20px;font-weight:bold;color:#ffffff;margin:0">${escapeHtml(shop.name)}</p></td></tr>`,
    `<tr><td style="padding:24px 24px 0 24px">` +
      paragraph(t('mail.greeting', { name: greetingName })) +
      paragraph(intro) +
      `<p style="${FONT};font-size:13px;color:${MUTED};margin:16px 0 4px 0">${escapeHtml(t('reservation.field.reference'))}</p>` +
      `<p style="font-family:'SFMono-Regular',Consolas,'Liberation Mono',Menlo,monospace;font-size:28px;font-weight:bold;letter-spacing:3px;color:${INK};margin:0 0 16px 0">${escapeHtml(view.reference)}</p>` +
      htmlTable(
        `<tr><td style="border-radius:8px;background:${ACCENT}"><a href="${escapeHtml(links.accessUrl)}" style="${FONT};display:inline-block;padding:12px 20px;font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(t('mail.confirmation.button'))}</a></td><td></td></tr>`,
      ).replace('width="100%"', '') +
      `<p style="${FONT};font-size:12px;line-height:1.5;color:${MUTED};margin:8px 0 0 0">${escapeHtml(t('mail.confirmation.link_hint'))}<br>${a(links.accessUrl, links.accessUrl)}</p>` +
      `</td></tr>`,
    htmlSection(t('reservation.section.stay'), htmlTable(htmlRows(esc(stayRows)))),
    htmlSection(t('reservation.section.lot'), htmlTable(htmlRows(lotHtmlRows))),
    htmlSection(t('reservation.section.arrival'), paragraph(view.lot.arrivalInstructions)),
    htmlSection(t('reservation.section.return'), paragraph(view.lot.returnInstructions)),
    htmlSection(t('reservation.section.price'), priceHtml),
    htmlSection(
      t('reservation.section.payment'),
      htmlTable(htmlRows(esc(paymentRows))) + paragraph(view.payment.instructions, 'margin-top:8px'),
    ),
    htmlSection(t('reservation.section.cancellation'), paragraph(view.cancellation)),
    htmlSection(t('reservation.section.billing'), address(view.billingAddress.lines, [view.email, view.phone])),
    ...(view.invoiceAddress ? [htmlSection(t('reservation.section.invoice_address'), address(view.invoiceAddress.lines))] : []),
    `<tr><td style="padding:16px 24px 8px 24px">` +
      `<p style="${FONT};font-size:14px;line-height:1.5;color:${INK};margin:0 0 10px 0">${escapeHtml(t('mail.confirmation.lookup_hint', { url: '\u0000' })).replace('\u0000', a(links.lookupUrl, links.lookupUrl))}</p>` +
      paragraph(t('mail.signature', { shop: shop.name })) +
      `</td></tr>`,
    `<tr><td style="padding:16px 24px;border-top:1px solid ${LINE}"><p style="${FONT};font-size:12px;line-height:1.5;color:${MUTED};margin:0">` +
      `${escapeHtml(shop.name)}<br>${escapeHtml(shop.address)}<br>${a(`mailto:${shop.email}`, shop.email)} · ${escapeHtml(shop.phone)}<br>${escapeHtml(t('mail.footer.vat_id', { id: shop.vatId }))}</p></td></tr>`,
  ].join('');

  const html =
    `<!DOCTYPE html><html lang="${view.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f5f7fa">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f5f7fa"><tr><td align="center" style="padding:16px 8px">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid ${LINE};border-radius:12px;border-collapse:separate;overflow:hidden">` +
    body +
    `</table></td></tr></table></body></html>`;

  return { subject, html, text };
}

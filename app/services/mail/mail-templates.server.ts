/**
 * Mail templates (issue 3): plain functions from a view model to `{subject, html, text}`. The HTML is a
 * single-column table layout with inline styles only (no <style>, no external images, no scripts), which
 * Outlook, Gmail and Apple Mail render alike; the text part carries the same facts for text-only clients.
 */
import { translator, type Translate } from '~/i18n.server.ts';
import type { Locale } from '~/i18n.ts';
import type { ReservationView } from '../reservations/reservations.server.ts';

/** The shop's own data for the mail header and footer (from `SHOP_*` in the environment). */
export type ShopInfo = { name: string; address: string; email: string; phone: string; vatId: string };

/** Content-ID of the GiroCode PNG attached inline to the confirmation of an `invoice` reservation. */
export const GIROCODE_CID = 'girocode@parkplatz-shop';

/** A rendered mail. */
export type RenderedMail = { subject: string; html: string; text: string };

/**
 * Escapes text for HTML element content and double-quoted attributes: the one escaper of the server-built HTML
 * (mails, the error page).
 */
export function escapeHtml(value: string | number): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The mails' font stack (inline, mail clients ignore style sheets). */
export const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
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

/** A label and a plain-text value of a facts table. */
type Row = [string, string];

/** Everything the sections of the confirmation need: the view, the links, the shop and the view's language. */
type ConfirmationParts = {
  view: ReservationView;
  links: { accessUrl: string; lookupUrl: string };
  shop: ShopInfo;
  t: Translate;
};

/** A link in the mail's accent colour; `href` and `label` are escaped here. */
function link(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="color:${ACCENT};text-decoration:underline">${escapeHtml(label)}</a>`;
}

/**
 * The HTML frame of every mail of this module: the document head with `subject` as its title, and a 600 px white
 * card of table rows (`rows`, HTML) centred on a light background; inline styles only. `cardStyle` is appended to
 * the card's style.
 */
function htmlDocument(locale: string, subject: string, rows: string, cardStyle = ''): string {
  return (
    `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:0;background:#f5f7fa">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f5f7fa"><tr><td align="center" style="padding:16px 8px">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid ${LINE};border-radius:12px;border-collapse:separate${cardStyle}">` +
    rows +
    `</table></td></tr></table></body></html>`
  );
}

/** The card's last row: a rule, then `lines` (HTML, escaped by the caller) in small grey type. */
function footerRow(lines: string): string {
  return `<tr><td style="padding:16px 24px;border-top:1px solid ${LINE}"><p style="${FONT};font-size:12px;line-height:1.5;color:${MUTED};margin:0">${lines}</p></td></tr>`;
}

/** The shop's imprint lines for a footer: name, address, e-mail (a link) and phone; escaped. */
function shopLines(shop: ShopInfo): string {
  return `${escapeHtml(shop.name)}<br>${escapeHtml(shop.address)}<br>${link(`mailto:${shop.email}`, shop.email)} · ${escapeHtml(shop.phone)}`;
}

/** Rows with their values escaped for HTML (labels are escaped by {@link htmlRows}). */
function escapedRows(rows: Row[]): Row[] {
  return rows.map(([l, v]) => [l, escapeHtml(v)] as Row);
}

/** The stay: reference, status, airport, tariff, times, duration, persons, seats, plate, flights, baggage. */
function stayRows({ view, t }: ConfirmationParts): Row[] {
  return [
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
    ...(view.outboundFlightNumber ? [[t('reservation.field.outbound_flight'), view.outboundFlightNumber] as Row] : []),
    ...(view.returnFlightNumber ? [[t('reservation.field.return_flight'), view.returnFlightNumber] as Row] : []),
    [
      t('reservation.field.bulky_baggage'),
      view.bulkyBaggage.length ? view.bulkyBaggage.join(', ') : t('reservation.none'),
    ],
  ];
}

/** The parking lot: name and operator, address, phone (when known), opening hours. */
function lotRows({ view, t }: ConfirmationParts): Row[] {
  return [
    [t('reservation.field.lot'), `${view.lot.name} (${view.lot.operator})`],
    [t('reservation.field.address'), view.lot.addressLines.join(', ')],
    ...(view.lot.phone ? ([[t('reservation.field.phone'), view.lot.phone]] as Row[]) : []),
    [t('reservation.field.opening_hours'), view.lot.openingHours],
  ];
}

/** The price breakdown lines, then total and VAT (labels and amounts already localised in the view). */
function priceRows({ view }: ConfirmationParts): Row[] {
  return [
    ...view.priceLines.map((l) => [l.label, l.amount] as Row),
    [view.total.label, view.total.amount],
    [view.vat.label, view.vat.amount],
  ];
}

/** The payment type and, once assigned, the invoice number. */
function paymentRows({ view, t }: ConfirmationParts): Row[] {
  return [
    [t('reservation.field.payment'), view.payment.label],
    ...(view.invoiceNumber ? ([[t('reservation.field.invoice_number'), view.invoiceNumber]] as Row[]) : []),
  ];
}

/** The shop's account, amount and remittance text for a transfer (only for `invoice` reservations). */
function bankRows({ view, t }: ConfirmationParts): Row[] {
  const b = view.bankTransfer;
  if (!b) return [];
  return [
    [t('reservation.bank.holder'), b.holder],
    [t('reservation.bank.iban'), b.iban],
    [t('reservation.bank.bic'), b.bic],
    [t('reservation.bank.bank'), b.bankName],
    [t('reservation.bank.amount'), b.amount],
    [t('reservation.bank.remittance'), b.remittance],
  ];
}

// ----- text part

/** The bank details block of the text part, with the hint to the attached GiroCode. */
function textBank(parts: ConfirmationParts): string[] {
  const { view, t } = parts;
  if (!view.bankTransfer) return [];
  return [
    '',
    ...textSection(
      t('reservation.bank.title'),
      textRows(bankRows(parts)),
      ...(view.bankTransfer.payload ? [t('reservation.bank.qr_mail_hint')] : []),
    ),
  ];
}

/** A text-part section: `== Title ==` and its lines. */
function textSection(title: string, ...lines: string[]): string[] {
  return [`== ${title} ==`, ...lines];
}

/** Greeting, intro, reference and the secret link. */
function textHeader({ view, links, t }: ConfirmationParts): string[] {
  return [
    t('mail.greeting', { name: view.customerName }),
    '',
    t('mail.confirmation.intro', { airport: view.airport.name }),
    '',
    `${t('reservation.field.reference')}: ${view.reference}`,
    '',
    t('mail.confirmation.link_intro'),
    links.accessUrl,
    t('mail.confirmation.link_hint'),
    ...(attachmentsNote(view, t) ? ['', attachmentsNote(view, t)!] : []),
  ];
}

/**
 * The sentence naming the attached documents (issue 9: voucher PDF, invoice PDF, `.ics`), or null when the
 * booking has none yet (pending payment: no valid voucher).
 */
function attachmentsNote(view: ReservationView, t: ConfirmationParts['t']): string | null {
  if (view.status !== 'confirmed' && view.status !== 'completed') return null;
  return t(view.invoiceNumber ? 'mail.confirmation.attachments' : 'mail.confirmation.attachments_no_invoice');
}

/** Billing address with e-mail and phone, and the separate invoice address when there is one. */
function textAddresses({ view, t }: ConfirmationParts): string[] {
  return [
    ...textSection(
      t('reservation.section.billing'),
      ...view.billingAddress.lines,
      view.email,
      ...(view.phone ? [view.phone] : []),
    ),
    ...(view.invoiceAddress
      ? ['', ...textSection(t('reservation.section.invoice_address'), ...view.invoiceAddress.lines)]
      : []),
  ];
}

/** Lookup hint, signature and the shop's imprint. */
function textFooter({ links, shop, t }: ConfirmationParts): string[] {
  return [
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
  ];
}

/** The plain-text part: the same facts as the HTML part, for text-only clients. */
function renderText(parts: ConfirmationParts): string {
  const { view, t } = parts;
  return [
    ...textHeader(parts),
    '',
    ...textSection(t('reservation.section.stay'), textRows(stayRows(parts))),
    '',
    ...textSection(
      t('reservation.section.lot'),
      textRows(lotRows(parts)),
      `${t('reservation.field.map')}: ${view.lot.mapUrl}`,
    ),
    '',
    ...textSection(t('reservation.section.arrival'), view.lot.arrivalInstructions),
    '',
    ...textSection(t('reservation.section.return'), view.lot.returnInstructions),
    '',
    ...textSection(t('reservation.section.price'), textRows(priceRows(parts))),
    '',
    ...textSection(t('reservation.section.payment'), textRows(paymentRows(parts)), view.payment.instructions),
    ...textBank(parts),
    '',
    ...textSection(t('reservation.section.cancellation'), view.cancellation),
    '',
    ...textAddresses(parts),
    '',
    ...textFooter(parts),
  ].join('\n');
}

// ----- HTML part

/** The coloured band with the shop's name. */
function htmlBanner({ shop }: ConfirmationParts): string {
  return `<tr><td style="background:${ACCENT};padding:18px 24px"><p style="${FONT};font-size:20px;font-weight:bold;color:#ffffff;margin:0">${escapeHtml(shop.name)}</p></td></tr>`;
}

/** Greeting, intro, the reference in large type, the button to the reservation and the link spelled out. */
function htmlHeader({ view, links, t }: ConfirmationParts): string {
  return (
    `<tr><td style="padding:24px 24px 0 24px">` +
    paragraph(t('mail.greeting', { name: view.customerName })) +
    paragraph(t('mail.confirmation.intro', { airport: view.airport.name })) +
    `<p style="${FONT};font-size:13px;color:${MUTED};margin:16px 0 4px 0">${escapeHtml(t('reservation.field.reference'))}</p>` +
    `<p style="font-family:'SFMono-Regular',Consolas,'Liberation Mono',Menlo,monospace;font-size:28px;font-weight:bold;letter-spacing:3px;color:${INK};margin:0 0 16px 0">${escapeHtml(view.reference)}</p>` +
    htmlTable(
      `<tr><td style="border-radius:8px;background:${ACCENT}"><a href="${escapeHtml(links.accessUrl)}" style="${FONT};display:inline-block;padding:12px 20px;font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(t('mail.confirmation.button'))}</a></td><td></td></tr>`,
    ).replace('width="100%"', '') +
    `<p style="${FONT};font-size:12px;line-height:1.5;color:${MUTED};margin:8px 0 0 0">${escapeHtml(t('mail.confirmation.link_hint'))}<br>${link(links.accessUrl, links.accessUrl)}</p>` +
    (attachmentsNote(view, t) ? paragraph(attachmentsNote(view, t)!) : '') +
    `</td></tr>`
  );
}

/** The lot's facts with the phone number as a `tel:` link and a map link. */
function htmlLot(parts: ConfirmationParts): string {
  const { view, t } = parts;
  const rows = escapedRows(lotRows(parts));
  if (view.lot.phone) {
    const i = rows.findIndex(([l]) => l === t('reservation.field.phone'));
    rows[i] = [rows[i][0], link(`tel:${view.lot.phone.replace(/[^\d+]/g, '')}`, view.lot.phone)];
  }
  rows.push([t('reservation.field.map'), link(view.lot.mapUrl, t('reservation.map_link'))]);
  return htmlSection(t('reservation.section.lot'), htmlTable(htmlRows(rows)));
}

/** The price breakdown: one row per line, the total in bold under a rule, the VAT small below. */
function htmlPrice({ view, t }: ConfirmationParts): string {
  const lines = view.priceLines
    .map(
      (l) =>
        `<tr><td style="${FONT};font-size:14px;color:${INK};padding:4px 0">${escapeHtml(l.label)}</td>` +
        `<td align="right" style="${FONT};font-size:14px;color:${INK};padding:4px 0;white-space:nowrap">${escapeHtml(l.amount)}</td></tr>`,
    )
    .join('');
  const total =
    `<tr><td style="${FONT};font-size:16px;font-weight:bold;color:${INK};padding:8px 0 4px 0;border-top:1px solid ${LINE}">${escapeHtml(view.total.label)}</td>` +
    `<td align="right" style="${FONT};font-size:16px;font-weight:bold;color:${INK};padding:8px 0 4px 0;border-top:1px solid ${LINE};white-space:nowrap">${escapeHtml(view.total.amount)}</td></tr>`;
  const vat =
    `<tr><td style="${FONT};font-size:13px;color:${MUTED};padding:2px 0">${escapeHtml(view.vat.label)}</td>` +
    `<td align="right" style="${FONT};font-size:13px;color:${MUTED};padding:2px 0;white-space:nowrap">${escapeHtml(view.vat.amount)}</td></tr>`;
  return htmlSection(t('reservation.section.price'), htmlTable(lines + total + vat));
}

/** The bank details table and, when there is a payload, the GiroCode as an inline (`cid:`) image. */
function htmlBank(parts: ConfirmationParts): string {
  const { view, t } = parts;
  const b = view.bankTransfer;
  if (!b) return '';
  const rows = escapedRows(bankRows(parts));
  const qr = b.payload
    ? `<p style="${FONT};font-size:13px;color:${MUTED};margin:12px 0 0 0">` +
      `<img src="cid:${GIROCODE_CID}" width="180" height="180" alt="${escapeHtml(t('reservation.bank.qr_alt', { amount: b.amount, holder: b.holder }))}" style="display:block;border:0;margin:0 0 6px 0">` +
      `${escapeHtml(t('reservation.bank.qr_hint'))}</p>`
    : '';
  return (
    `<h3 style="${FONT};font-size:15px;color:${INK};margin:16px 0 6px 0">${escapeHtml(t('reservation.bank.title'))}</h3>` +
    htmlTable(htmlRows(rows)) +
    qr
  );
}

/** Billing address (with e-mail and phone) and the separate invoice address when there is one. */
function htmlAddresses({ view, t }: ConfirmationParts): string[] {
  const address = (lines: string[], extra: string[] = []) => paragraph([...lines, ...extra].filter(Boolean).join('\n'));
  return [
    htmlSection(t('reservation.section.billing'), address(view.billingAddress.lines, [view.email, view.phone])),
    ...(view.invoiceAddress
      ? [htmlSection(t('reservation.section.invoice_address'), address(view.invoiceAddress.lines))]
      : []),
  ];
}

/** Lookup hint (its URL as a link), signature, and the shop's imprint under a rule. */
function htmlFooter({ links, shop, t }: ConfirmationParts): string {
  // The URL is put in after escaping the sentence, so it can become a link.
  const lookupHint = escapeHtml(t('mail.confirmation.lookup_hint', { url: '\u0000' })).replace(
    '\u0000',
    link(links.lookupUrl, links.lookupUrl),
  );
  return (
    `<tr><td style="padding:16px 24px 8px 24px">` +
    `<p style="${FONT};font-size:14px;line-height:1.5;color:${INK};margin:0 0 10px 0">${lookupHint}</p>` +
    paragraph(t('mail.signature', { shop: shop.name })) +
    `</td></tr>` +
    footerRow(`${shopLines(shop)}<br>${escapeHtml(t('mail.footer.vat_id', { id: shop.vatId }))}`)
  );
}

/** The HTML part: a 600 px card of table rows on a light background, inline styles only. */
function renderHtml(parts: ConfirmationParts, subject: string): string {
  const { view, t } = parts;
  const body = [
    htmlBanner(parts),
    htmlHeader(parts),
    htmlSection(t('reservation.section.stay'), htmlTable(htmlRows(escapedRows(stayRows(parts))))),
    htmlLot(parts),
    htmlSection(t('reservation.section.arrival'), paragraph(view.lot.arrivalInstructions)),
    htmlSection(t('reservation.section.return'), paragraph(view.lot.returnInstructions)),
    htmlPrice(parts),
    htmlSection(
      t('reservation.section.payment'),
      htmlTable(htmlRows(escapedRows(paymentRows(parts)))) +
        paragraph(view.payment.instructions, 'margin-top:8px') +
        htmlBank(parts),
    ),
    htmlSection(t('reservation.section.cancellation'), paragraph(view.cancellation)),
    ...htmlAddresses(parts),
    htmlFooter(parts),
  ].join('');
  return htmlDocument(view.locale, subject, body, ';overflow:hidden');
}

/**
 * Renders the booking confirmation of a reservation in the view's language: subject, a plain-text part and an
 * HTML part built from the same sections (header, stay, lot, arrival, return, price, payment, cancellation,
 * addresses, footer).
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
  const parts: ConfirmationParts = { view, links, shop, t: translator(view.locale) };
  const subject = reservationConfirmationSubject(view.locale, view.reference, shop.name);
  return { subject, html: renderHtml(parts, subject), text: renderText(parts) };
}

/**
 * The subject of a booking confirmation, e.g. `Ihre Buchungsbestätigung K7M2QX9A – Parkplatz-Shop`.
 * @param reference - the reservation reference; `shopName` the shop's name (`SHOP_NAME`).
 * Source: issue 3 (confirmation mail).
 */
export function reservationConfirmationSubject(locale: Locale, reference: string, shopName: string): string {
  return translator(locale)('mail.confirmation.subject', { reference, shop: shopName });
}

/** What an account mail is for (issue 8): verify the e-mail of a new account, reset the password, verify a new e-mail. */
export type AccountMailKind = 'verify_email' | 'reset_password' | 'change_email' | 'staff_invite';

/**
 * Renders an account mail (issue 8) in `locale`: a greeting, what the link does, the link (as a button and as
 * text), how long it is valid, a note for whoever did not ask for it, the signature and the shop's data.
 *
 * @param kind - see {@link AccountMailKind}; picks the `auth.mail.<kind>.*` texts.
 * @param data.url - the absolute one-time link; `data.firstname` for the greeting; `data.validFor` the link's
 *   lifetime as shown (e.g. "60 Minuten").
 * @returns subject, HTML and text part.
 * Source: issue 8 (verification and reset mails), DESIGN §1 (mail through the outbox).
 */
export function renderAccountMail(
  kind: AccountMailKind,
  locale: 'de' | 'en',
  data: { url: string; firstname: string; validFor: string },
  shop: ShopInfo,
): RenderedMail {
  const t = translator(locale);
  // The back office's invitation (issue 15) keeps its texts in the back office's dictionary.
  const keys = kind === 'staff_invite' ? 'admin.auth.mail.invite' : `auth.mail.${kind}`;
  const subject = t(`${keys}.subject`, { shop: shop.name });
  const greeting = t('auth.mail.greeting', { name: data.firstname });
  const intro = t(`${keys}.intro`);
  const action = t(`${keys}.action`);
  const validity = t('auth.mail.valid_for', { duration: data.validFor });
  const ignore = t(`${keys}.ignore`);
  const signature = t('mail.signature', { shop: shop.name });
  const text = [greeting, '', intro, '', data.url, '', validity, '', ignore, '', signature, '', shop.name, shop.address]
    .join('\n')
    .trim();
  const button =
    `<p style="margin:16px 0"><a href="${escapeHtml(data.url)}" style="${FONT};font-size:15px;background:${ACCENT};color:#ffffff;` +
    `text-decoration:none;padding:10px 18px;border-radius:8px;display:inline-block">${escapeHtml(action)}</a></p>`;
  const html = htmlDocument(
    locale,
    subject,
    `<tr><td style="padding:24px">` +
      paragraph(greeting) +
      paragraph(intro) +
      button +
      `<p style="${FONT};font-size:13px;line-height:1.5;color:${MUTED};margin:0 0 10px 0;word-break:break-all">${link(data.url, data.url)}</p>` +
      paragraph(validity) +
      paragraph(ignore) +
      paragraph(signature) +
      `</td></tr>` +
      footerRow(shopLines(shop)),
  );
  return { subject, html, text };
}

/**
 * Renders the notice to a back-office member that their account's sign-in is braked (issue 31 item 2): so many
 * wrong passwords in the window that addresses which failed are refused until it ends, the member's own sign-in
 * still works, and what to do if it was not them. Staff rows have no language, so the notice is German, then
 * English (the back office's two languages).
 *
 * @param data.name - the member's name for the greeting; `data.failures` the failures that braked the account;
 *   `data.minutes` the window; `data.signInUrl` the back office's sign-in page (absolute, `PUBLIC_URL`).
 * @returns subject (both languages), HTML and text part.
 * Source: issue 31 item 2 (staff notified by mail of a brake on their account), decision 0047.
 */
export function renderStaffBrakeMail(
  data: { name: string; failures: number; minutes: number; signInUrl: string },
  shop: ShopInfo,
): RenderedMail {
  const parts = (['de', 'en'] as const).map((locale) => {
    const t = translator(locale);
    return [
      t('auth.mail.greeting', { name: data.name }),
      t('admin.auth.mail.brake.intro', { failures: data.failures, minutes: data.minutes }),
      t('admin.auth.mail.brake.owner'),
      t('admin.auth.mail.brake.ignore'),
      t('mail.signature', { shop: shop.name }),
    ];
  });
  const subject = (['de', 'en'] as const)
    .map((locale) => translator(locale)('admin.auth.mail.brake.subject', { shop: shop.name }))
    .join(' / ');
  const text = [...parts.map((p) => p.join('\n\n')), `${data.signInUrl}\n\n${shop.name}\n${shop.address}`].join(
    '\n\n----\n\n',
  );
  const html = htmlDocument(
    'de',
    subject,
    parts
      .map(
        (p, i) =>
          `<tr><td style="padding:24px" lang="${i === 0 ? 'de' : 'en'}">${p.map((x) => paragraph(x)).join('')}</td></tr>`,
      )
      .join(`<tr><td style="border-top:1px solid ${LINE}"></td></tr>`) +
      footerRow(`${link(data.signInUrl, data.signInUrl)}<br>${escapeHtml(shop.name)}<br>${escapeHtml(shop.address)}`),
  );
  return { subject, html, text };
}

/** A contact message as the mails show it (issue 10): the topic already translated for the mail's language. */
export type ContactMailData = {
  topic: { de: string; own: string };
  reference?: string;
  name: string;
  email: string;
  message: string;
  /** the sender's language (their copy is written in it) */
  locale: 'de' | 'en';
};

/** One contact mail: a text before the facts, the facts, the message, the signature and the shop's data. */
function contactMail(
  locale: 'de' | 'en',
  subject: string,
  intro: string[],
  rows: Row[],
  message: string,
  shop: ShopInfo,
  signed: boolean,
): RenderedMail {
  const t = translator(locale);
  const signature = signed ? t('mail.signature', { shop: shop.name }) : '';
  const messageTitle = t('contact.mail.message');
  const text = [...intro.flatMap((p) => [p, '']), textRows(rows), '', `${messageTitle}:`, message]
    .concat(signed ? ['', signature] : [])
    .concat(['', shop.name, shop.address, `${shop.email} · ${shop.phone}`])
    .join('\n')
    .trim();
  const html = htmlDocument(
    locale,
    subject,
    `<tr><td style="padding:24px 24px 8px 24px">${intro.map((p) => paragraph(p)).join('')}${htmlTable(htmlRows(escapedRows(rows)))}</td></tr>` +
      htmlSection(messageTitle, paragraph(message, 'white-space:pre-wrap')) +
      (signed ? `<tr><td style="padding:8px 24px 16px 24px">${paragraph(signature)}</td></tr>` : '') +
      footerRow(shopLines(shop)),
  );
  return { subject, html, text };
}

/**
 * Renders the two mails of a contact message (issue 10): `toShop`, in German, for the shop's inbox (the reply
 * goes to the sender: the caller sets Reply-To), and `copy`, in the sender's language, confirming what they sent.
 * The message text is escaped and its line breaks kept.
 *
 * @param data - the validated message; `data.topic` its label in German (`de`) and in the sender's language (`own`).
 * @returns both rendered mails.
 * Source: issue 10 (contact form: a mail to SHOP_EMAIL with Reply-To = sender, and a copy to the sender).
 */
export function renderContactMails(
  data: ContactMailData,
  shop: ShopInfo,
): { toShop: RenderedMail; copy: RenderedMail } {
  const de = translator('de');
  const own = translator(data.locale);
  const rows = (t: Translate, topic: string, withLanguage: boolean): Row[] => [
    [t('contact.mail.topic'), topic],
    [t('contact.mail.reference'), data.reference ?? t('reservation.none')],
    [t('contact.mail.name'), data.name],
    [t('contact.mail.email'), data.email],
    // the customer's language in its own name, whatever the mail's language
    ...(withLanguage ? ([[t('contact.mail.language'), t(`contact.mail.language_${data.locale}`)]] as Row[]) : []),
  ];
  const shopSubject = de('contact.mail.shop_subject', {
    topic: data.topic.de,
    name: data.name,
    reference: data.reference ? ` (${data.reference})` : '',
  });
  const copySubject = own('contact.mail.copy_subject', { shop: shop.name });
  return {
    toShop: contactMail(
      'de',
      shopSubject,
      [de('contact.mail.shop_intro')],
      rows(de, data.topic.de, true),
      data.message,
      shop,
      false,
    ),
    copy: contactMail(
      data.locale,
      copySubject,
      [own('auth.mail.greeting', { name: data.name }), own('contact.mail.copy_intro')],
      rows(own, data.topic.own, false),
      data.message,
      shop,
      true,
    ),
  };
}

import { data } from 'react-router';
import { InvoiceDocument } from '~/components/documents/invoice-document.tsx';
import { VoucherDocument } from '~/components/documents/voucher-document.tsx';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { qrCodeSvgDataUrl } from '~/services/documents/girocode.server.ts';
import { buildVoucherView, findInvoiceView } from '~/services/documents/reservation-documents.server.ts';
import type { Route } from './+types/reservation-frame';
import { PRIVATE_HEADERS } from './helpers/form-kit.server.ts';
import { accessibleReservation, shopOrigin } from './helpers/reservation-access.server.ts';

/** Rendered without the site's header and footer (root `Layout` reads it): the page inside the frame. */
export const handle = { bare: true };

/**
 * The framed HTML documents of a reservation (issue 9): `…/dokument/parkschein` (the voucher, in the page's
 * language) and `…/dokument/<RE-…|GS-…>` (an invoice or credit note from its stored snapshot, in the language
 * it was issued in), for `/reservierung/:reference` (guest access) and `/konto/reservierungen/:reference`
 * (owner). Anything else, and anyone else, gets the plain 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = toLocale(params.lang);
  const shop = context.get(shopContext);
  const details = await accessibleReservation(shop, { request, reference: params.reference, locale });
  const t = translator(locale);
  const notFound = () => data(null, { status: 404, headers: PRIVATE_HEADERS });
  if (params.document === 'parkschein') {
    const voucher = buildVoucherView(shop.app, details, { locale, baseUrl: shopOrigin(shop.app) });
    if (!voucher) throw notFound();
    voucher.qrDataUrl = await qrCodeSvgDataUrl(voucher.qrPayload);
    const title = t('reservation.documents.voucher.frame', { reference: details.reservation.reference });
    return data({ title, voucher, invoice: null, girocodeDataUrl: null }, { headers: PRIVATE_HEADERS });
  }
  const invoice = await findInvoiceView(shop.app, details, params.document);
  if (!invoice) throw notFound();
  const girocodeDataUrl = invoice.payment.girocodePayload
    ? await qrCodeSvgDataUrl(invoice.payment.girocodePayload)
    : null;
  const title = t(
    invoice.kind === 'invoice' ? 'reservation.documents.invoice.frame' : 'reservation.documents.credit_note.frame',
    { number: invoice.number },
  );
  return data({ title, voucher: null, invoice, girocodeDataUrl }, { headers: PRIVATE_HEADERS });
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export default function ReservationFrame({ loaderData }: Route.ComponentProps) {
  const { voucher, invoice, girocodeDataUrl } = loaderData;
  if (voucher) return <VoucherDocument view={voucher} />;
  return invoice ? <InvoiceDocument view={invoice} girocodeDataUrl={girocodeDataUrl} /> : null;
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data?.title },
    { name: 'robots', content: 'noindex, nofollow' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}

import { ArrowLeft, Download } from 'lucide-react';
import { data } from 'react-router';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { DocumentFrame } from '~/components/widgets/document-frame.tsx';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { listReservationDocuments } from '~/services/documents/reservation-documents.server.ts';
import type { Route } from './+types/reservation-document-page';
import { PRIVATE_HEADERS } from './helpers/form-kit.server.ts';
import { accessibleReservation, reservationBasePath, reservationOwner } from './helpers/reservation-access.server.ts';

/**
 * The voucher and invoice pages of a reservation (DESIGN §3, SPEC §2 "embedded frame"): one module for
 * `guest.reservation.pdf` (`/reservierung/:reference/pdf`), `guest.reservation.invoice` (`…/rechnung`),
 * `user.reservation.pdf` and `user.reservation.invoice` (`/konto/reservierungen/:reference/…`). The document
 * shows as HTML in the auto-resizing frame, with a link that downloads the PDF; only the owner or the holder of
 * the guest access gets it, anyone else the plain 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = toLocale(params.lang);
  const shop = context.get(shopContext);
  const details = await accessibleReservation(shop, { request, reference: params.reference, locale });
  const owner = reservationOwner(request);
  const reference = details.reservation.reference;
  const basePath = reservationBasePath(owner, reference);
  const documents = await listReservationDocuments(shop.app, details);
  const t = translator(locale);
  const kind = new URL(request.url).pathname.endsWith('/pdf') ? 'voucher' : 'invoice';
  if (kind === 'voucher') {
    if (!documents.voucher) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
    return data(
      {
        title: t('reservation.documents.voucher.meta.title', { reference }),
        heading: t('reservation.documents.voucher'),
        basePath,
        frame: {
          src: localePath(locale, `${basePath}/dokument/parkschein`),
          title: t('reservation.documents.voucher.frame', { reference }),
        },
        downloads: [{ fileName: documents.voucher.fileName, label: t('reservation.documents.download_pdf') }],
      },
      { headers: PRIVATE_HEADERS },
    );
  }
  const { invoice, creditNotes, overstayInvoices } = documents;
  return data(
    {
      title: t('reservation.documents.invoice.meta.title', { reference }),
      heading: invoice
        ? t('reservation.documents.invoice', { number: invoice.number })
        : t('reservation.payment.invoice'),
      basePath,
      // An invoice is framed in the language it was issued in (its texts are stored in that language).
      frame: invoice
        ? {
            src: localePath(invoice.locale, `${basePath}/dokument/${invoice.number}`),
            title: t('reservation.documents.invoice.frame', { number: invoice.number }),
          }
        : null,
      downloads: [
        ...(invoice
          ? [
              { fileName: invoice.fileName, label: t('reservation.documents.download_pdf') },
              {
                fileName: invoice.xmlFileName,
                label: t('reservation.documents.download_xml', { number: invoice.number }),
              },
            ]
          : []),
        ...overstayInvoices.flatMap((extra) => [
          {
            fileName: extra.fileName,
            label: t('reservation.documents.download_named', {
              name: t('reservation.documents.overstay_invoice', { number: extra.number }),
            }),
          },
          { fileName: extra.xmlFileName, label: t('reservation.documents.download_xml', { number: extra.number }) },
        ]),
        ...creditNotes.flatMap((note) => [
          {
            fileName: note.fileName,
            label: t('reservation.documents.download_named', {
              name: t('reservation.documents.credit_note', { number: note.number }),
            }),
          },
          { fileName: note.xmlFileName, label: t('reservation.documents.download_xml', { number: note.number }) },
        ]),
      ],
    },
    { headers: PRIVATE_HEADERS },
  );
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export default function ReservationDocumentPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const { heading, basePath, frame, downloads } = loaderData;
  return (
    <div className="container-page py-6 sm:py-10">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h1>
        <a className="inline-flex items-center gap-1.5 text-sm font-medium text-accent underline" href={href(basePath)}>
          <ArrowLeft aria-hidden size={16} />
          {t('reservation.documents.back')}
        </a>
      </div>
      {downloads.length > 0 && (
        <ul className="mb-4 flex flex-wrap gap-3">
          {downloads.map((d) => (
            <li key={d.fileName}>
              <a
                className="inline-flex items-center gap-2 rounded-xl bg-accent px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-accent-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
                href={href(`${basePath}/download/${encodeURIComponent(d.fileName)}`)}
                download={d.fileName}
                type="application/pdf"
              >
                <Download aria-hidden size={18} />
                {d.label}
                <span className="sr-only"> ({d.fileName})</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {frame ? (
        <DocumentFrame src={frame.src} title={frame.title} />
      ) : (
        <p className="rounded-2xl bg-slate-50 p-6 text-slate-700">{t('reservation.documents.no_invoice')}</p>
      )}
    </div>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data?.title },
    { name: 'robots', content: 'noindex, nofollow' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}

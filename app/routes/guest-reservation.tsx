import { CircleCheck, Search } from 'lucide-react';
import { data } from 'react-router';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { ArrivalPass } from '~/components/reservation/arrival-pass.tsx';
import { DocumentLinks } from '~/components/reservation/document-links.tsx';
import { ManageBooking } from '~/components/islands/manage-booking.ts';
import { PaymentNotice } from '~/components/reservation/payment-notice.tsx';
import { DocumentFrame } from '~/components/widgets/document-frame.tsx';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { paymentNotice } from '~/services/payments/online-payment.server.ts';
import { buildArrivalPass, listReservationDocuments } from '~/services/documents/reservation-documents.server.ts';
import { manageAction, manageView } from './helpers/manage-booking.server.ts';
import type { Route } from './+types/guest-reservation';
import { GUEST_PRIVATE_HEADERS, guestHeaders, guestReservation } from './guest-reservation.server.ts';

/**
 * guest.reservation (`/reservierung/:reference`, DESIGN §3): the guest's reservation in the embedded frame
 * (SPEC §2; the frame shows `…/dokument`, the reservation's HTML view) and links to its documents (voucher,
 * invoice, calendar; `reservation-document-page.tsx`, `reservation-download.tsx`). Access
 * by the mail link's token or the lookup form (`guest-reservation.server.ts`); anyone else is sent to the lookup
 * form with the reference filled in.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = toLocale(params.lang);
  const shop = context.get(shopContext);
  const { reference, details } = await guestReservation(shop, {
    request,
    reference: params.reference,
    locale,
    suffix: '',
  });
  const [pass, documents, manage, payment] = await Promise.all([
    buildArrivalPass(details, locale),
    listReservationDocuments(shop.app, details),
    manageView(shop.app, details, locale),
    paymentNotice(shop.app, details, locale),
  ]);
  const t = translator(locale);
  // Right after the booking (set by the checkout): the thank-you banner, once (issue 12 item 5).
  const thanks = shop.session.get('bookedReference') === reference;
  if (thanks) {
    shop.session.unset('bookedReference');
    await shop.session.save();
  }
  return data(
    { title: t('reservation.meta.title', { reference }), reference, pass, documents, manage, payment, thanks },
    { headers: GUEST_PRIVATE_HEADERS },
  );
}

/** Changing or cancelling the booking (issue 12): the manage forms' two steps, same access as the page. */
export async function action(args: Route.ActionArgs) {
  const { request, params, context } = args;
  const locale = toLocale(params.lang);
  const shop = context.get(shopContext);
  const { details } = await guestReservation(shop, { request, reference: params.reference, locale, suffix: '' });
  return manageAction(args, details);
}

export function headers({ loaderHeaders, actionHeaders, errorHeaders }: Route.HeadersArgs) {
  return guestHeaders(loaderHeaders, actionHeaders, errorHeaders);
}

export default function GuestReservation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const { reference, pass, documents, manage, payment, thanks } = loaderData;
  // What the traveller needs at the barrier first, then documents, changes and history, every detail (the frame)
  // and another reservation (issue 30 item 5, decision 0044).
  return (
    <div className="container-page py-6 sm:py-10">
      <h1 className="mb-5 text-2xl font-bold tracking-tight sm:text-3xl">{t('reservation.title')}</h1>
      {thanks ? <ThankYou reference={reference} /> : null}
      <PaymentNotice view={payment} />
      <ArrivalPass view={pass} />
      <DocumentLinks basePath={`/reservierung/${reference}`} documents={documents} />
      <ManageBooking view={manage} result={actionData} />
      <DocumentFrame src={href(`/reservierung/${reference}/dokument`)} title={t('reservation.frame', { reference })} />
      <p className="mt-6 print:hidden">
        <a className="inline-flex items-center gap-1.5 font-medium text-accent underline" href={href('/reservierung')}>
          <Search aria-hidden size={16} />
          {t('reservation.lookup_link')}
        </a>
      </p>
    </div>
  );
}

/** The banner right after the booking: thanks, the reference, where the confirmation went. */
function ThankYou({ reference }: { reference: string }) {
  const t = useT();
  return (
    <section
      role="status"
      aria-labelledby="thanks-title"
      className="mb-5 flex items-start gap-3 rounded-xl border border-success bg-success-soft p-4 sm:p-5"
      data-thank-you
    >
      <CircleCheck aria-hidden size={24} className="mt-0.5 shrink-0 text-success" />
      <div>
        <h2 id="thanks-title" className="text-lg font-semibold">
          {t('reservation.thanks.title')}
        </h2>
        <p className="mt-1 text-sm">{t('reservation.thanks.text', { reference })}</p>
      </div>
    </section>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data?.title },
    { name: 'robots', content: 'noindex, nofollow' },
    // No `referrer` meta (issue 12): the page now has forms, and a no-referrer form POST sends `Origin: null`,
    // which React Router refuses; the global Referrer-Policy same-origin keeps the reference from other sites.
  ];
}

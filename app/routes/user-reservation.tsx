import { ArrowLeft } from 'lucide-react';
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
import type { Route } from './+types/user-reservation';
import { PRIVATE_HEADERS } from './helpers/form-kit.server.ts';
import { accessibleReservation } from './helpers/reservation-access.server.ts';

/**
 * user.reservation (`/konto/reservierungen/:reference`): the owner's reservation in the embedded frame
 * (SPEC §2; the frame shows `…/dokument`, the reservation's HTML view) and links to its documents.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = toLocale(params.lang);
  const shop = context.get(shopContext);
  const details = await accessibleReservation(shop, { request, reference: params.reference, locale });
  const reference = details.reservation.reference;
  const [pass, documents, manage, payment] = await Promise.all([
    buildArrivalPass(details, locale),
    listReservationDocuments(shop.app, details),
    manageView(shop.app, details, locale),
    paymentNotice(shop.app, details, locale),
  ]);
  const t = translator(locale);
  return data(
    { title: t('account.reservation.meta.title', { reference }), reference, pass, documents, manage, payment },
    { headers: PRIVATE_HEADERS },
  );
}

/** Changing or cancelling the booking (issue 12): the manage forms' two steps, owner only. */
export async function action(args: Route.ActionArgs) {
  const { request, params, context } = args;
  const locale = toLocale(params.lang);
  const details = await accessibleReservation(context.get(shopContext), {
    request,
    reference: params.reference,
    locale,
  });
  return manageAction(args, details);
}

export function headers({ loaderHeaders, actionHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? ([...actionHeaders].length ? actionHeaders : loaderHeaders);
}

export default function UserReservation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const { reference, pass, documents, manage, payment } = loaderData;
  // What the traveller needs at the barrier first (issue 30 item 5, decision 0044), as on the guest page.
  return (
    <div className="container-page py-6 sm:py-10">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('reservation.title')}</h1>
        <a className="inline-flex items-center gap-1.5 text-sm font-medium text-accent underline" href={href('/konto')}>
          <ArrowLeft aria-hidden size={16} />
          {t('account.reservation.back')}
        </a>
      </div>
      <PaymentNotice view={payment} />
      <ArrivalPass view={pass} />
      <DocumentLinks basePath={`/konto/reservierungen/${reference}`} documents={documents} />
      <ManageBooking view={manage} result={actionData} />
      <DocumentFrame
        src={href(`/konto/reservierungen/${reference}/dokument`)}
        title={t('account.reservation.frame', { reference })}
      />
    </div>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex, nofollow' }];
}

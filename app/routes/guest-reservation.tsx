import { CircleCheck, Search } from 'lucide-react';
import { data } from 'react-router';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { ReservationPanels } from '~/components/reservation/reservation-panels.tsx';
import { shopContext } from '~/router-context.ts';
import type { Route } from './+types/guest-reservation';
import { manageAction } from './helpers/manage-booking.server.ts';
import { privatePageMeta } from './helpers/page-meta.ts';
import { reservationPanels } from './helpers/reservation-page.server.ts';
import { shopPage } from './helpers/shop-page.server.ts';
import { GUEST_PRIVATE_HEADERS, guestHeaders, guestReservation } from './guest-reservation.server.ts';

/**
 * guest.reservation (`/reservierung/:reference`, DESIGN §3): the guest's reservation in the embedded frame
 * (SPEC §2; the frame shows `…/dokument`, the reservation's HTML view) and links to its documents (voucher,
 * invoice, calendar; `reservation-document-page.tsx`, `reservation-download.tsx`). Access
 * by the mail link's token or the lookup form (`guest-reservation.server.ts`); anyone else is sent to the lookup
 * form with the reference filled in.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = shopPage({ params, context });
  const { locale, t } = shop;
  const { reference, details } = await guestReservation(shop, {
    request,
    reference: params.reference,
    locale,
    suffix: '',
  });
  const panels = await reservationPanels(shop.app, details, locale);
  // Right after the booking (set by the checkout): the thank-you banner, once (issue 12 item 5); an online payment
  // still open (declined, abandoned) says so instead, and the banner waits for the payment.
  const thanks = shop.session.get('bookedReference') === reference && details.reservation.status !== 'pending_payment';
  if (thanks) {
    shop.session.unset('bookedReference');
    await shop.session.save();
  }
  return data(
    { title: t('reservation.meta.title', { reference }), reference, ...panels, thanks },
    { headers: GUEST_PRIVATE_HEADERS },
  );
}

/** Changing or cancelling the booking (issue 12): the manage forms' two steps, same access as the page. */
export async function action(args: Route.ActionArgs) {
  const { request, params, context } = args;
  const { locale } = shopPage(args);
  const reference = params.reference;
  const { details } = await guestReservation(context.get(shopContext), { request, reference, locale, suffix: '' });
  return manageAction(args, details);
}

export function headers({ loaderHeaders, actionHeaders, errorHeaders }: Route.HeadersArgs) {
  return guestHeaders(loaderHeaders, actionHeaders, errorHeaders);
}

export default function GuestReservation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const { reference, thanks } = loaderData;
  // The panels (issue 30 item 5, decision 0044), then another reservation.
  return (
    <div className="container-page py-6 sm:py-10">
      <h1 className="mb-5 text-2xl font-bold tracking-tight sm:text-3xl">{t('reservation.title')}</h1>
      {thanks ? <ThankYou reference={reference} /> : null}
      <ReservationPanels
        panels={loaderData}
        result={actionData}
        basePath={`/reservierung/${reference}`}
        frameTitle={t('reservation.frame', { reference })}
      />
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
    ...privatePageMeta(data, 'noindex, nofollow'),
    // No `referrer` meta (issue 12): the page now has forms, and a no-referrer form POST sends `Origin: null`,
    // which React Router refuses; the global Referrer-Policy same-origin keeps the reference from other sites.
  ];
}

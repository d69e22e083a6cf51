import { data } from 'react-router';
import { ReservationDocument } from '~/components/reservation/reservation-document.tsx';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { privatePageMeta } from './helpers/page-meta.ts';
import type { Route } from './+types/guest-reservation-document';
import { GUEST_PRIVATE_HEADERS, guestHeaders, guestReservation } from './guest-reservation.server.ts';

/** Rendered without the site's header and footer (root `Layout` reads it): the page inside the frame. */
export const handle = { bare: true };

/**
 * guest.reservation.document (`/reservierung/:reference/dokument`): the guest's reservation as a bare HTML
 * document for the embedded frame of `guest.reservation`, under the same guest access (else the same 404).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = toLocale(params.lang);
  const { reference, view } = await guestReservation(context.get(shopContext), {
    request,
    reference: params.reference,
    locale,
    suffix: '/dokument',
  });
  const t = translator(locale);
  return data({ title: t('reservation.meta.title', { reference }), view }, { headers: GUEST_PRIVATE_HEADERS });
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return guestHeaders(loaderHeaders, errorHeaders);
}

export default function GuestReservationDocument({ loaderData }: Route.ComponentProps) {
  return <ReservationDocument view={loaderData.view} />;
}

export function meta({ data }: Route.MetaArgs) {
  return [...privatePageMeta(data, 'noindex, nofollow'), { name: 'referrer', content: 'no-referrer' }];
}

import { data } from 'react-router';
import { ReservationDocument } from '~/components/reservation/reservation-document.tsx';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { privatePageMeta } from './helpers/page-meta.ts';
import type { Route } from './+types/user-reservation-document';
import { PRIVATE_HEADERS } from './helpers/form-kit.server.ts';
import { ownReservation } from './user-reservation.server.ts';

/** Rendered without the site's header and footer (root `Layout` reads it): the page inside the frame. */
export const handle = { bare: true };

/**
 * user.reservation.document (`/konto/reservierungen/:reference/dokument`): the owner's reservation as a bare
 * HTML document for the embedded frame of `user.reservation`; reports its height to the parent.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = toLocale(params.lang);
  const view = await ownReservation(context.get(shopContext), params.reference, locale);
  const t = translator(locale);
  return data(
    { title: t('account.reservation.meta.title', { reference: view.reference }), view },
    { headers: PRIVATE_HEADERS },
  );
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export default function UserReservationDocument({ loaderData }: Route.ComponentProps) {
  return <ReservationDocument view={loaderData.view} />;
}

export function meta({ data }: Route.MetaArgs) {
  return privatePageMeta(data, 'noindex, nofollow');
}

import { ArrowLeft } from 'lucide-react';
import { data } from 'react-router';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { PriceWatchPanel } from '~/components/islands/price-watch-panel.ts';
import { ReservationPanels } from '~/components/reservation/reservation-panels.tsx';
import { shopContext } from '~/router-context.ts';
import type { Route } from './+types/user-reservation';
import { PRIVATE_HEADERS } from './helpers/form-kit.server.ts';
import { manageAction } from './helpers/manage-booking.server.ts';
import { privatePageMeta } from './helpers/page-meta.ts';
import { accessibleReservation } from './helpers/reservation-access.server.ts';
import { reservationPanels } from './helpers/reservation-page.server.ts';
import { shopPage } from './helpers/shop-page.server.ts';

/**
 * user.reservation (`/konto/reservierungen/:reference`): the owner's reservation in the embedded frame
 * (SPEC §2; the frame shows `…/dokument`, the reservation's HTML view) and links to its documents.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = shopPage({ params, context });
  const { locale, t } = shop;
  const details = await accessibleReservation(context.get(shopContext), {
    request,
    reference: params.reference,
    locale,
  });
  const reference = details.reservation.reference;
  const panels = await reservationPanels(shop.app, details, locale, 'user');
  return data(
    { title: t('account.reservation.meta.title', { reference }), reference, ...panels },
    { headers: PRIVATE_HEADERS },
  );
}

/** Changing or cancelling the booking (issue 12): the manage forms' two steps, owner only. */
export async function action(args: Route.ActionArgs) {
  const { request, params, context } = args;
  const { locale } = shopPage(args);
  const reference = params.reference;
  const details = await accessibleReservation(context.get(shopContext), { request, reference, locale });
  return manageAction(args, details);
}

export function headers({ loaderHeaders, actionHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? ([...actionHeaders].length ? actionHeaders : loaderHeaders);
}

export default function UserReservation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const { reference } = loaderData;
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
      <ReservationPanels
        panels={loaderData}
        result={actionData}
        basePath={`/konto/reservierungen/${reference}`}
        frameTitle={t('account.reservation.frame', { reference })}
      />
      {/* The owner's price watch (issue 37 item 2): here only, the guest page's first-load budget is spent. */}
      <PriceWatchPanel view={loaderData.watch} />
    </div>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return privatePageMeta(data, 'noindex, nofollow');
}

import { Search } from 'lucide-react';
import { data, redirect, useRouteLoaderData } from 'react-router';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { ReservationDetails } from '~/components/reservation/reservation-details.tsx';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { openGuestReservation } from '~/services/guest-reservation.server.ts';
import type { Route } from './+types/guest-reservation';
import { shopContext } from '~/router-context.ts';

/** Headers of every answer of this page, 404s included: never cached, never indexed (Referrer-Policy: no-referrer is set globally by helmet). */
const PRIVATE_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
};

/** The one answer for "no access": identical whether or not the reference exists (no hint). */
function notFound(): never {
  throw data(null, { status: 404, headers: PRIVATE_HEADERS });
}

/**
 * guest.reservation (DESIGN §3). `?token=` from the confirmation mail grants this browser session access and
 * redirects to the same URL without the token (so it stays out of history and referrers); without a token the
 * session must already have access (mail link or lookup form). Anyone else gets the plain 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app, session } = context.get(shopContext);
  const locale = toLocale(params.lang);
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  const access = await openGuestReservation(app.db, session, { reference: params.reference ?? '', token, locale });
  if (access.kind === 'not_found') notFound();
  if (access.kind === 'canonical') {
    // keeps any token for the next step
    return redirect(`${localePath(locale, `/reservierung/${access.reference}`)}${url.search}`, {
      headers: PRIVATE_HEADERS,
    });
  }
  if (access.kind === 'granted') {
    url.searchParams.delete('token');
    return redirect(`${url.pathname}${url.search}`, { headers: PRIVATE_HEADERS });
  }
  const t = translator(locale);
  return data(
    { title: t('reservation.meta.title', { reference: access.reference }), view: access.view },
    { headers: PRIVATE_HEADERS },
  );
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  const out = new Headers(PRIVATE_HEADERS);
  for (const source of [loaderHeaders, errorHeaders]) source?.forEach((value, key) => out.set(key, value));
  return out;
}

export default function GuestReservation({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const root = useRouteLoaderData<{ shop: { email: string; phone: string } }>('root');
  return (
    <div className="container-page py-6 sm:py-10">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('reservation.title')}</h1>
        <a
          className="inline-flex items-center gap-1.5 text-sm font-medium text-accent underline print:hidden"
          href={href('/reservierung')}
        >
          <Search aria-hidden size={16} />
          {t('reservation.lookup_link')}
        </a>
      </div>
      <ReservationDetails
        view={loaderData.view}
        shop={{ email: root?.shop.email ?? '', phone: root?.shop.phone ?? '' }}
      />
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

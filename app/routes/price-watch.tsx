import { data } from 'react-router';
import { AuthPage } from '~/components/account/auth-page.tsx';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { PriceWatchForm } from '~/components/islands/price-watch-form.ts';
import { safeReturnPath } from '~/domain/newsletter.ts';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { requestPriceWatch, watchOwnReservation } from '~/services/subscriptions/price-watch.server.ts';
import { LinkActionTexts } from '~/components/subscriptions/link-action-page.tsx';
import type { Route } from './+types/price-watch';
import { privatePageMeta } from './helpers/page-meta.ts';
import { linkPage, linkPageAction, linkPageOf } from './helpers/subscription-links.server.ts';
import {
  actionOrLoaderHeaders,
  PRIVATE_HEADERS,
  readPostedForm,
  refusal,
  savedRedirect,
} from './helpers/form-kit.server.ts';

/**
 * price-watch (`/preisbeobachtung`, issue 37 item 2): the action every "Preis beobachten" form posts to without
 * JavaScript. `intent` empty: a watch of a stay (`email`, `airportId`, `entryTime`, `exitTime`; the tariffs page,
 * the price calendar), answered by a redirect back (`returnTo`) with a flash notice — the same whether or not the
 * address watches already; a refused post shows this page with the form, its messages and values. `intent`
 * `reservation`: the signed-in owner watches a booking (`reference`), back to its page with the notice. A GET with
 * `?airportId=&entryTime=&exitTime=` shows the form as a page. The same route serves the watch's mail links (one
 * route: each costs every page a manifest entry): `/preisbeobachtung/:token` confirms the double opt-in,
 * `/preisbeobachtung/abmelden/:token` ends the watch (GET one button, POST acts; `helpers/subscription-links`).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const link = params.token ? linkPageOf(request) : null;
  if (link) return data({ ...linkPage(link, params.lang), stay: null }, { headers: PRIVATE_HEADERS });
  const query = new URL(request.url).searchParams;
  const stay = {
    airportId: Number(query.get('airportId')) || 0,
    entryTime: query.get('entryTime') ?? '',
    exitTime: query.get('exitTime') ?? '',
  };
  const title = translator(toLocale(params.lang))('price_watch.form.title');
  return data({ title, stay, link: null }, { headers: PRIVATE_HEADERS });
}

/** Checks `_csrf`, starts the watch's double opt-in and redirects back with the notice. */
export async function action(args: Route.ActionArgs) {
  const link = args.params.token ? linkPageOf(args.request) : null;
  if (link) return linkPageAction(args, link);
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, clientIp, values, locale, intent, session } = posted;
  const notice = {
    type: 'success',
    titleKey: 'price_watch.accepted_title',
    messageKey: 'price_watch.accepted',
  } as const;
  try {
    if (intent === 'reservation') {
      const reference = values.reference ?? '';
      await watchOwnReservation(app, { session, reference, locale });
      return await savedRedirect(posted, `/konto/reservierungen/${encodeURIComponent(reference)}`, notice);
    }
    const body = {
      email: values.email,
      airportId: values.airportId,
      entryTime: values.entryTime,
      exitTime: values.exitTime,
    };
    await requestPriceWatch(app, { body, locale, clientIp });
    const back = safeReturnPath(values.returnTo, localePath(locale, '/parkplatz'));
    return await savedRedirect(posted, back, notice, undefined, { localised: false });
  } catch (error) {
    return refusal(error, posted);
  }
}

export const headers = actionOrLoaderHeaders;

export default function PriceWatchPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const { link, stay } = loaderData;
  if (link || !stay) {
    const result =
      actionData && 'outcome' in actionData ? actionData : actionData ? { message: actionData.message } : null;
    return <LinkActionTexts texts={link?.texts ?? ''} name={link?.name ?? ''} result={result} />;
  }
  const refused = actionData && 'values' in actionData ? actionData : null;
  const values = refused?.values ?? {};
  const airportId = Number(values.airportId ?? stay.airportId) || 0;
  const entry = values.entryTime ?? stay.entryTime;
  const exit = values.exitTime ?? stay.exitTime;
  return (
    <AuthPage title={t('price_watch.form.title')} intro={t('price_watch.page.intro')}>
      {airportId > 0 && refused?.intent !== 'reservation' ? (
        <PriceWatchForm
          airportId={airportId}
          entry={entry}
          exit={exit}
          email={values.email}
          errors={refused?.errors}
          message={refused?.message}
          returnTo={values.returnTo}
          framed={false}
        />
      ) : (
        <div>
          {refused?.message ? (
            <p role="alert" className="rounded-lg border border-danger bg-danger-soft p-3 text-sm text-danger">
              {refused.message}
            </p>
          ) : null}
          <p className="mt-3">
            <a className="text-accent underline" href={href('/parkplatz')}>
              {t('tariffs.browse_airports')}
            </a>
          </p>
        </div>
      )}
    </AuthPage>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return privatePageMeta(data);
}

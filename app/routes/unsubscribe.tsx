import { data } from 'react-router';
import { LinkActionTexts } from '~/components/subscriptions/link-action-page.tsx';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { unsubscribeAirportAlerts } from '~/services/catalogue/airport-status.server.ts';
import { unsubscribeNewsletter } from '~/services/subscriptions/newsletter.server.ts';
import { unsubscribePriceWatch } from '~/services/subscriptions/price-watch.server.ts';
import type { Route } from './+types/unsubscribe';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, readPostedForm } from './helpers/form-kit.server.ts';
import { privatePageMeta } from './helpers/page-meta.ts';

/**
 * The unsubscribe links of the shop’s mails, one module for three routes (ids in app/routes.ts):
 * - newsletter.unsubscribe (`/newsletter/abmelden/:token`): the link of every newsletter mail
 *   (`unsubscribeNewsletter`);
 * - airport-alert.unsubscribe (`/benachrichtigung/abmelden/:token`): the link of the mail that tells a visitor a
 *   locked airport opened (SPEC §1; `unsubscribeAirportAlerts`);
 * - price-watch.unsubscribe (`/preisbeobachtung/abmelden/:token`): the link of a price watch's mails, which ends
 *   the watch (issue 37 item 2; `unsubscribePriceWatch`).
 * GET shows one button, the POST unsubscribes. Mail programs use the one-click endpoint of the `List-Unsubscribe`
 * header instead (`server/unsubscribe.ts`, RFC 8058).
 */
const LISTS = {
  newsletter: { texts: 'newsletter.unsubscribe', form: 'newsletter-unsubscribe' },
  airport_alert: { texts: 'airport_alert.unsubscribe', form: 'airport-alert-unsubscribe' },
  price_watch: { texts: 'price_watch.unsubscribe', form: 'price-watch-unsubscribe' },
} as const;

/** The list a request's path unsubscribes from (`/newsletter/…`, `/preisbeobachtung/…`, `/benachrichtigung/…`). */
function listOf(request: Request): keyof typeof LISTS {
  const path = new URL(request.url).pathname;
  if (/\/newsletter\/abmelden\//.test(path)) return 'newsletter';
  return /\/preisbeobachtung\/abmelden\//.test(path) ? 'price_watch' : 'airport_alert';
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const list = listOf(request);
  return data(
    { list, title: translator(toLocale(params.lang))(`${LISTS[list].texts}.title`) },
    { headers: PRIVATE_HEADERS },
  );
}

/** Checks `_csrf`, unsubscribes, and shows the outcome (404 for an unknown link). */
export async function action(args: Route.ActionArgs) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, t } = posted;
  const list = listOf(args.request);
  const { texts } = LISTS[list];
  // Only the action reaches the services (the texts above go to the browser too).
  const unsubscribe = {
    newsletter: unsubscribeNewsletter,
    airport_alert: unsubscribeAirportAlerts,
    price_watch: unsubscribePriceWatch,
  }[list];
  const known = await unsubscribe(app, { token: args.params.token });
  const outcome = known
    ? { ok: true, title: t(`${texts}.done_title`), message: t(`${texts}.done`) }
    : { ok: false, title: t('newsletter.link_invalid_title'), message: t(`${texts}.invalid`) };
  return data({ outcome, message: null }, { status: known ? 200 : 404, headers: PRIVATE_HEADERS });
}

export const headers = actionOrLoaderHeaders;

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { texts, form } = LISTS[loaderData.list];
  return <LinkActionTexts texts={texts} name={form} result={actionData} />;
}

export function meta({ data }: Route.MetaArgs) {
  return privatePageMeta(data);
}

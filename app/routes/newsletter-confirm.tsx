import { data } from 'react-router';
import { LinkActionTexts, type LinkActionOutcome } from '~/components/subscriptions/link-action-page.tsx';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { confirmNewsletterSubscription } from '~/services/subscriptions/newsletter.server.ts';
import { confirmPriceWatch } from '~/services/subscriptions/price-watch.server.ts';
import type { Route } from './+types/newsletter-confirm';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, readPostedForm } from './helpers/form-kit.server.ts';
import { privatePageMeta } from './helpers/page-meta.ts';

/**
 * The confirmation links of the double opt-in mails, one module for two routes (ids in app/routes.ts):
 * - newsletter.confirm (`/newsletter/:token`): the newsletter (`confirmNewsletterSubscription`, which records time,
 *   IP and user agent as proof; issue 10);
 * - price-watch.confirm (`/preisbeobachtung/:token`): a price watch (`confirmPriceWatch`; issue 37 item 2).
 * GET shows one button; the POST confirms. Not on GET: mail scanners fetch links, and a subscription needs the
 * person's own click.
 */
const LISTS = {
  newsletter: { texts: 'newsletter.confirm', form: 'newsletter-confirm', again: '/newsletter' },
  price_watch: { texts: 'price_watch.confirm', form: 'price-watch-confirm', again: '/parkplatz' },
} as const;

/** The subscription a request's path confirms (`/preisbeobachtung/…` or `/newsletter/…`). */
function listOf(request: Request): keyof typeof LISTS {
  return /\/preisbeobachtung\//.test(new URL(request.url).pathname) ? 'price_watch' : 'newsletter';
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const list = listOf(request);
  const title = translator(toLocale(params.lang))(`${LISTS[list].texts}.title`);
  return data({ list, title }, { headers: PRIVATE_HEADERS });
}

export const headers = actionOrLoaderHeaders;

/** Checks `_csrf`, confirms, and answers the page with the outcome (404 unknown link, 410 expired). */
export async function action(args: Route.ActionArgs) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, clientIp, request, locale, t } = posted;
  const list = listOf(request);
  const { texts, again } = LISTS[list];
  const token = args.params.token;
  const result =
    list === 'newsletter'
      ? await confirmNewsletterSubscription(app, {
          token,
          clientIp,
          userAgent: request.headers.get('User-Agent') ?? undefined,
        })
      : await confirmPriceWatch(app, { token });
  const ok = result === 'confirmed' || result === 'already_confirmed';
  const outcome: LinkActionOutcome = ok
    ? {
        ok,
        title: t(`${texts}.done_title`),
        message: t(result === 'confirmed' ? `${texts}.done` : `${texts}.already`),
      }
    : {
        ok,
        title: t(result === 'expired' ? 'newsletter.confirm.expired_title' : 'newsletter.link_invalid_title'),
        message: t(result === 'expired' ? `${texts}.expired` : `${texts}.invalid`),
        again: localePath(locale, again),
      };
  const status = ok ? 200 : result === 'expired' ? 410 : 404;
  return data({ outcome, message: null }, { status, headers: PRIVATE_HEADERS });
}

export function meta({ data }: Route.MetaArgs) {
  return privatePageMeta(data);
}

export default function SubscriptionConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const { texts, form } = LISTS[loaderData.list];
  return <LinkActionTexts texts={texts} name={form} result={actionData} />;
}

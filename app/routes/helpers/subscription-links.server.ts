/**
 * The pages the subscriptions' mail links open (issue 10, issue 37 item 2): confirming the newsletter or a price
 * watch, unsubscribing from the newsletter, airport notifications or a price watch. GET shows what the click will
 * do and one button; only the POST acts (mail scanners fetch links). One table of the pages and one action for
 * every route module that serves them (`subscription-link.tsx`, `price-watch.tsx`).
 */
import { data } from 'react-router';
import type { LinkActionOutcome } from '~/components/subscriptions/link-action-page.tsx';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { unsubscribeAirportAlerts } from '~/services/catalogue/airport-status.server.ts';
import { confirmNewsletterSubscription, unsubscribeNewsletter } from '~/services/subscriptions/newsletter.server.ts';
import { confirmPriceWatch, unsubscribePriceWatch } from '~/services/subscriptions/price-watch.server.ts';
import { PRIVATE_HEADERS, readPostedForm, type PageActionArgs, type PostedForm } from './form-kit.server.ts';

/** Each link page: its text group (`.title`, `.intro`, `.submit`, outcomes) and, for a confirmation, where to retry. */
const LINK_PAGES = {
  'newsletter-confirm': { texts: 'newsletter.confirm', again: '/newsletter' },
  'price-watch-confirm': { texts: 'price_watch.confirm', again: '/parkplatz' },
  'newsletter-unsubscribe': { texts: 'newsletter.unsubscribe', again: null },
  'airport-alert-unsubscribe': { texts: 'airport_alert.unsubscribe', again: null },
  'price-watch-unsubscribe': { texts: 'price_watch.unsubscribe', again: null },
} as const;

/** A link page's name (also its form's `data-page-form`). */
type LinkPageName = keyof typeof LINK_PAGES;

/** The link page of a request's path, or null when the path is none (the price watch's form page). */
export function linkPageOf(request: Request): LinkPageName | null {
  const path = new URL(request.url).pathname;
  if (/\/newsletter\/abmelden\/[^/]/.test(path)) return 'newsletter-unsubscribe';
  if (/\/benachrichtigung\/abmelden\/[^/]/.test(path)) return 'airport-alert-unsubscribe';
  if (/\/preisbeobachtung\/abmelden\/[^/]/.test(path)) return 'price-watch-unsubscribe';
  if (/\/preisbeobachtung\/[^/]/.test(path)) return 'price-watch-confirm';
  if (/\/newsletter\/[^/]/.test(path)) return 'newsletter-confirm';
  return null;
}

/** What a link page's component needs: its name, its text group and the title. */
export function linkPage(name: LinkPageName, lang: string | undefined) {
  const { texts } = LINK_PAGES[name];
  return { link: { name, texts }, title: translator(toLocale(lang))(`${texts}.title`) };
}

/** Runs the confirmation or unsubscribe of `name` with the link's token. */
async function outcomeOf(posted: PostedForm, name: LinkPageName, token: string) {
  const { app, clientIp, request, locale, t } = posted;
  const { texts, again } = LINK_PAGES[name];
  if (again === null) {
    const unsubscribe = {
      'newsletter-unsubscribe': unsubscribeNewsletter,
      'airport-alert-unsubscribe': unsubscribeAirportAlerts,
      'price-watch-unsubscribe': unsubscribePriceWatch,
    }[name as Exclude<LinkPageName, 'newsletter-confirm' | 'price-watch-confirm'>];
    const known = await unsubscribe(app, { token });
    const outcome: LinkActionOutcome = known
      ? { ok: true, title: t(`${texts}.done_title`), message: t(`${texts}.done`) }
      : { ok: false, title: t('newsletter.link_invalid_title'), message: t(`${texts}.invalid`) };
    return { outcome, status: known ? 200 : 404 };
  }
  const userAgent = request.headers.get('User-Agent') ?? undefined;
  const result =
    name === 'newsletter-confirm'
      ? await confirmNewsletterSubscription(app, { token, clientIp, userAgent })
      : await confirmPriceWatch(app, { token });
  const ok = result === 'confirmed' || result === 'already_confirmed';
  const expired = result === 'expired';
  const outcome: LinkActionOutcome = ok
    ? { ok, title: t(`${texts}.done_title`), message: t(result === 'confirmed' ? `${texts}.done` : `${texts}.already`) }
    : {
        ok,
        title: t(expired ? 'newsletter.confirm.expired_title' : 'newsletter.link_invalid_title'),
        message: t(expired ? `${texts}.expired` : `${texts}.invalid`),
        again: localePath(locale, again),
      };
  return { outcome, status: ok ? 200 : expired ? 410 : 404 };
}

/**
 * A link page's POST: checks `_csrf`, confirms (the newsletter's proof: time, IP, user agent) or unsubscribes, and
 * answers the page with the outcome — 200, 404 for an unknown link, 410 for an expired confirmation.
 */
export async function linkPageAction(args: PageActionArgs & { params: { token?: string } }, name: LinkPageName) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { outcome, status } = await outcomeOf(posted, name, args.params.token ?? '');
  return data({ outcome, message: null }, { status, headers: PRIVATE_HEADERS });
}

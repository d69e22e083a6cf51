import { data } from 'react-router';
import { useT } from '~/components/i18n-context.tsx';
import { LinkActionPage, type LinkActionOutcome } from '~/components/subscriptions/link-action-page.tsx';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { confirmNewsletterSubscription } from '~/services/subscriptions/newsletter.server.ts';
import type { Route } from './+types/newsletter-confirm';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, readPostedForm } from './helpers/form-kit.server.ts';
import { privatePageMeta } from './helpers/page-meta.ts';

/**
 * newsletter.confirm (`/newsletter/:token`): the link of the double opt-in mail. GET shows one button; the
 * POST confirms (`confirmNewsletterSubscription`, which records time, IP and user agent as proof). Not on GET:
 * mail scanners fetch links, and a subscription needs the person's own click (issue 10).
 */
export async function loader({ params }: Route.LoaderArgs) {
  return data({ title: translator(toLocale(params.lang))('newsletter.confirm.title') }, { headers: PRIVATE_HEADERS });
}

/** Checks `_csrf`, confirms, and answers the page with the outcome (404 unknown link, 410 expired). */
export async function action(args: Route.ActionArgs) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, clientIp, request, locale, t } = posted;
  const result = await confirmNewsletterSubscription(app, {
    token: args.params.token,
    clientIp,
    userAgent: request.headers.get('User-Agent') ?? undefined,
  });
  const ok = result === 'confirmed' || result === 'already_confirmed';
  const outcome: LinkActionOutcome = ok
    ? {
        ok,
        title: t('newsletter.confirm.done_title'),
        message: t(result === 'confirmed' ? 'newsletter.confirm.done' : 'newsletter.confirm.already'),
      }
    : {
        ok,
        title: t(result === 'expired' ? 'newsletter.confirm.expired_title' : 'newsletter.link_invalid_title'),
        message: t(result === 'expired' ? 'newsletter.confirm.expired' : 'newsletter.confirm.invalid'),
        again: localePath(locale, '/newsletter'),
      };
  const status = ok ? 200 : result === 'expired' ? 410 : 404;
  return data({ outcome, message: null }, { status, headers: PRIVATE_HEADERS });
}

export const headers = actionOrLoaderHeaders;

export default function NewsletterConfirmPage({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <LinkActionPage
      name="newsletter-confirm"
      title={t('newsletter.confirm.title')}
      intro={t('newsletter.confirm.intro')}
      submit={t('newsletter.confirm.submit')}
      result={actionData}
    />
  );
}

export function meta({ data }: Route.MetaArgs) {
  return privatePageMeta(data);
}

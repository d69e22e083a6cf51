import { data } from 'react-router';
import { useT } from '~/components/i18n-context.tsx';
import { LinkActionPage } from '~/components/subscriptions/link-action-page.tsx';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { unsubscribeNewsletter } from '~/services/subscriptions/newsletter.server.ts';
import type { Route } from './+types/newsletter-unsubscribe';
import { actionOrLoaderHeaders, csrfFailure, PRIVATE_HEADERS, readForm } from './helpers/form-kit.server.ts';

/**
 * newsletter.unsubscribe (`/newsletter/abmelden/:token`): the unsubscribe link of every newsletter mail. GET
 * shows one button, the POST unsubscribes (`unsubscribeNewsletter`). Mail programs use the one-click endpoint
 * of the `List-Unsubscribe` header instead (`server/unsubscribe.ts`, RFC 8058).
 */
export async function loader({ params }: Route.LoaderArgs) {
  return data(
    { title: translator(toLocale(params.lang))('newsletter.unsubscribe.title') },
    { headers: PRIVATE_HEADERS },
  );
}

/** Checks `_csrf`, unsubscribes, and shows the outcome (404 for an unknown link). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, session } = context.get(shopContext);
  const t = translator(toLocale(params.lang));
  const { values, csrfOk } = await readForm(request, session);
  if (!csrfOk) return csrfFailure(t, values);
  const known = await unsubscribeNewsletter(app, { token: params.token });
  const outcome = known
    ? { ok: true, title: t('newsletter.unsubscribe.done_title'), message: t('newsletter.unsubscribe.done') }
    : { ok: false, title: t('newsletter.link_invalid_title'), message: t('newsletter.unsubscribe.invalid') };
  return data({ outcome, message: null }, { status: known ? 200 : 404, headers: PRIVATE_HEADERS });
}

export const headers = actionOrLoaderHeaders;

export default function NewsletterUnsubscribePage({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <LinkActionPage
      name="newsletter-unsubscribe"
      title={t('newsletter.unsubscribe.title')}
      intro={t('newsletter.unsubscribe.intro')}
      submit={t('newsletter.unsubscribe.submit')}
      outcome={actionData && 'outcome' in actionData ? actionData.outcome : null}
      message={actionData?.message}
    />
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }];
}

import { data } from 'react-router';
import { useT } from '~/components/i18n-context.tsx';
import { LinkActionPage } from '~/components/subscriptions/link-action-page.tsx';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { unsubscribeAirportAlerts } from '~/services/catalogue/airport-status.server.ts';
import type { Route } from './+types/airport-alert-unsubscribe';
import { actionOrLoaderHeaders, csrfFailure, PRIVATE_HEADERS, readForm } from './helpers/form-kit.server.ts';

/**
 * airport-alert.unsubscribe (`/benachrichtigung/abmelden/:token`): the unsubscribe link of the mail that
 * tells a visitor a locked airport opened (SPEC §1). GET
 * shows one button, the POST unsubscribes (`unsubscribeAirportAlerts`). Mail programs use the one-click endpoint
 * of the `List-Unsubscribe` header instead (`server/unsubscribe.ts`, RFC 8058).
 */
export async function loader({ params }: Route.LoaderArgs) {
  return data(
    { title: translator(toLocale(params.lang))('airport_alert.unsubscribe.title') },
    { headers: PRIVATE_HEADERS },
  );
}

/** Checks `_csrf`, unsubscribes, and shows the outcome (404 for an unknown link). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, session } = context.get(shopContext);
  const t = translator(toLocale(params.lang));
  const { values, csrfOk } = await readForm(request, session);
  if (!csrfOk) return csrfFailure(t, values);
  const known = await unsubscribeAirportAlerts(app, { token: params.token });
  const outcome = known
    ? { ok: true, title: t('airport_alert.unsubscribe.done_title'), message: t('airport_alert.unsubscribe.done') }
    : { ok: false, title: t('newsletter.link_invalid_title'), message: t('airport_alert.unsubscribe.invalid') };
  return data({ outcome, message: null }, { status: known ? 200 : 404, headers: PRIVATE_HEADERS });
}

export const headers = actionOrLoaderHeaders;

export default function AirportAlertUnsubscribePage({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <LinkActionPage
      name="airport-alert-unsubscribe"
      title={t('airport_alert.unsubscribe.title')}
      intro={t('airport_alert.unsubscribe.intro')}
      submit={t('airport_alert.unsubscribe.submit')}
      outcome={actionData && 'outcome' in actionData ? actionData.outcome : null}
      message={actionData?.message}
    />
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }];
}

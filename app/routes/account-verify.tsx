import { data } from 'react-router';
import { AuthPage, PageForm } from '~/components/account/auth-page.tsx';
import { useT } from '~/components/i18n-context.tsx';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { verifyEmail } from '~/services/accounts/auth.server.ts';
import type { Route } from './+types/account-verify';
import { redirectWithFlash } from './helpers/flash.server.ts';
import {
  actionOrLoaderHeaders,
  csrfFailure,
  PRIVATE_HEADERS,
  readForm,
  refusal,
} from './helpers/form-kit.server.ts';

/**
 * account.verify (`/konto/bestaetigen/:token`): the verification link of the sign-up mail opens a page with one
 * confirm button; the POST verifies. Not on GET: mail scanners and link previews fetch links, and verifying
 * attaches the address's earlier guest reservations to the account, so it must be a deliberate click (someone
 * registering with another person's address must not get their bookings because a scanner opened the link).
 */
export async function loader({ params }: Route.LoaderArgs) {
  return data({ title: translator(toLocale(params.lang))('auth.page.verify_title') }, { headers: PRIVATE_HEADERS });
}

/** Checks `_csrf`, verifies (`verifyEmail`), then to the account (signed in) or the sign-in page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, session } = context.get(shopContext);
  const locale = toLocale(params.lang);
  const t = translator(locale);
  const { values, csrfOk } = await readForm(request, session);
  if (!csrfOk) return csrfFailure(t, values);
  try {
    await verifyEmail(app, { token: params.token });
    const next = session.get('userId') ? '/konto' : '/anmelden';
    return await redirectWithFlash(
      session,
      localePath(locale, next),
      { type: 'success', title: t('auth.page.verified_title'), message: t('auth.page.verified') },
      { headers: PRIVATE_HEADERS },
    );
  } catch (error) {
    return refusal(error, t, values);
  }
}

export const headers = actionOrLoaderHeaders;

export default function VerifyPage({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AuthPage title={t('auth.page.verify_title')} intro={t('auth.page.verify_intro')}>
      <PageForm name="verify" message={actionData?.message} submit={t('auth.page.verify_submit')} />
    </AuthPage>
  );
}

export function meta({ data }: Route.MetaArgs) {
  // No `referrer` meta: a no-referrer form POST sends `Origin: null`, which React Router refuses (400); the
  // global Referrer-Policy same-origin already keeps the token in the URL from other sites.
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }];
}

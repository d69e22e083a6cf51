import { data } from 'react-router';
import { AuthPage, PageForm } from '~/components/account/auth-page.tsx';
import { useT } from '~/components/i18n-context.tsx';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { verifyEmail } from '~/services/accounts/auth.server.ts';
import type { Route } from './+types/account-verify';
import {
  actionOrLoaderHeaders,
  PRIVATE_HEADERS,
  readPostedForm,
  refusal,
  savedRedirect,
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
export async function action(args: Route.ActionArgs) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, session } = posted;
  try {
    await verifyEmail(app, { token: args.params.token });
    const next = session.get('userId') ? '/konto' : '/anmelden';
    const notice = { type: 'success', titleKey: 'auth.page.verified_title', messageKey: 'auth.page.verified' } as const;
    return await savedRedirect(posted, next, notice);
  } catch (error) {
    return refusal(error, posted);
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

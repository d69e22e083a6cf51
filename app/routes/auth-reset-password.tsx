import { data } from 'react-router';
import { NewPasswordFields } from '~/components/account/auth-fields.tsx';
import { AuthPage, PageForm, PageLink } from '~/components/account/auth-page.tsx';
import { resetPasswordBody } from '~/components/account/form-values.ts';
import { useT } from '~/components/i18n-context.tsx';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { resetPassword } from '~/services/accounts/auth.server.ts';
import type { Route } from './+types/auth-reset-password';
import {
  actionOrLoaderHeaders,
  PRIVATE_HEADERS,
  readPostedForm,
  refusal,
  savedRedirect,
} from './helpers/form-kit.server.ts';

/** auth.reset-password (`/passwort/:token`): the link of the reset mail; the token is checked on submit. */
export async function loader({ params }: Route.LoaderArgs) {
  return data({ title: translator(toLocale(params.lang))('auth.page.reset_title') }, { headers: PRIVATE_HEADERS });
}

/**
 * Checks `_csrf` and sets the new password (`resetPassword`: single-use token, every session of the user ends),
 * then on to the sign-in page. A bad, used or expired token shows its message.
 */
export async function action(args: Route.ActionArgs) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, form } = posted;
  try {
    await resetPassword(app, { body: resetPasswordBody(form, args.params.token) });
    const notice = {
      type: 'success',
      titleKey: 'auth.page.reset_done_title',
      messageKey: 'auth.page.reset_done',
    } as const;
    return await savedRedirect(posted, '/anmelden', notice);
  } catch (error) {
    return refusal(error, posted);
  }
}

export const headers = actionOrLoaderHeaders;

export default function ResetPasswordPage({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AuthPage
      title={t('auth.page.reset_title')}
      intro={t('auth.page.reset_intro')}
      links={<PageLink to="/passwort-vergessen">{t('auth.page.lost_password_link')}</PageLink>}
    >
      <PageForm name="reset-password" message={actionData?.message} submit={t('auth.page.reset_submit')}>
        <NewPasswordFields idPrefix="p-reset" errors={actionData?.errors} />
      </PageForm>
    </AuthPage>
  );
}

export function meta({ data }: Route.MetaArgs) {
  // No `referrer` meta: a no-referrer form POST sends `Origin: null`, which React Router refuses (400); the
  // global Referrer-Policy same-origin already keeps the token in the URL from other sites.
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }];
}

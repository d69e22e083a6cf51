import { data, redirect } from 'react-router';
import { PageForm, PageLink, AuthPage } from '~/components/account/auth-page.tsx';
import { SignInFields } from '~/components/account/auth-fields.tsx';
import { safeRedirect, signInBody } from '~/components/account/form-values.ts';
import { useT } from '~/components/i18n-context.tsx';
import { localePath } from '~/i18n.ts';
import { signIn } from '~/services/accounts/auth.server.ts';
import type { Route } from './+types/auth-signin';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, savedRedirect } from './helpers/form-kit.server.ts';
import { privatePageMeta } from './helpers/page-meta.ts';
import { handlePostedForm, shopPage } from './helpers/shop-page.server.ts';

/** auth.signin (`/anmelden?redirect=`): the login modal as a page; a signed-in visitor goes on at once. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { session, locale, t } = shopPage({ params, context });
  const target = safeRedirect(new URL(request.url).searchParams.get('redirect'), localePath(locale, '/konto'));
  if (session.get('userId')) throw redirect(target, { headers: PRIVATE_HEADERS });
  return data({ title: t('auth.page.signin_title'), redirect: target }, { headers: PRIVATE_HEADERS });
}

/** Checks `_csrf`, signs in (`signIn`: one message for unknown e-mail and wrong password; 429), goes on. */
export function action(args: Route.ActionArgs) {
  return handlePostedForm(args, async (posted) => {
    const { app, session, clientIp, form, locale } = posted;
    const user = await signIn(app, { session, body: signInBody(form), clientIp });
    const target = safeRedirect(form.get('redirect'), localePath(locale, '/konto'));
    const notice = {
      type: 'success',
      titleKey: 'auth.page.signed_in_title',
      messageKey: 'auth.page.signed_in',
    } as const;
    return savedRedirect(posted, target, notice, { name: user.firstname }, { localised: false });
  });
}

export const headers = actionOrLoaderHeaders;

export default function SignInPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AuthPage
      title={t('auth.page.signin_title')}
      intro={t('auth.page.signin_intro')}
      links={
        <>
          <PageLink to="/passwort-vergessen">{t('auth.page.lost_password_link')}</PageLink>
          <span>
            {t('auth.page.no_account')} <PageLink to="/registrieren">{t('auth.page.register_link')}</PageLink>
          </span>
        </>
      }
    >
      <PageForm name="signin" message={actionData?.message} submit={t('auth.page.signin_submit')}>
        <input type="hidden" name="redirect" value={loaderData.redirect} />
        <SignInFields idPrefix="p-login" errors={actionData?.errors} values={actionData?.values} />
      </PageForm>
    </AuthPage>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return privatePageMeta(data);
}

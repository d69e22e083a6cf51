import { data, redirect } from 'react-router';
import { SignUpFields } from '~/components/account/auth-fields.tsx';
import { AuthPage, PageForm, PageLink } from '~/components/account/auth-page.tsx';
import { signUpBody } from '~/components/account/form-values.ts';
import { useT } from '~/components/i18n-context.tsx';
import { localePath } from '~/i18n.ts';
import { signUp } from '~/services/accounts/auth.server.ts';
import type { Route } from './+types/auth-signup';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, savedRedirect } from './helpers/form-kit.server.ts';
import { privatePageMeta } from './helpers/page-meta.ts';
import { handlePostedForm, shopPage } from './helpers/shop-page.server.ts';

/** auth.signup (`/registrieren`): the register modal as a page; a signed-in visitor goes to the account. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { session, locale, t } = shopPage({ params, context });
  if (session.get('userId')) throw redirect(localePath(locale, '/konto'), { headers: PRIVATE_HEADERS });
  return data({ title: t('auth.page.signup_title') }, { headers: PRIVATE_HEADERS });
}

/** Checks `_csrf`, signs up (`signUp`: verification mail, signed in) and goes to the account. */
export function action(args: Route.ActionArgs) {
  return handlePostedForm(args, async (posted) => {
    const { app, session, clientIp, form, locale } = posted;
    const user = await signUp(app, { session, body: signUpBody(form), locale, clientIp });
    const notice = {
      type: 'success',
      titleKey: 'auth.page.signed_up_title',
      messageKey: 'auth.page.signed_up',
    } as const;
    return savedRedirect(posted, '/konto', notice, { name: user.firstname });
  });
}

export const headers = actionOrLoaderHeaders;

export default function SignUpPage({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AuthPage
      title={t('auth.page.signup_title')}
      intro={t('auth.page.signup_intro')}
      links={
        <span>
          {t('auth.page.have_account')} <PageLink to="/anmelden">{t('auth.page.signin_link')}</PageLink>
        </span>
      }
    >
      <PageForm name="signup" message={actionData?.message} submit={t('auth.page.signup_submit')}>
        <SignUpFields idPrefix="p-register" errors={actionData?.errors} values={actionData?.values} />
      </PageForm>
    </AuthPage>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return privatePageMeta(data);
}

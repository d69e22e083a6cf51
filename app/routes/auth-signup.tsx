import { data, redirect } from 'react-router';
import { SignUpFields } from '~/components/account/auth-fields.tsx';
import { AuthPage, PageForm, PageLink } from '~/components/account/auth-page.tsx';
import { signUpBody } from '~/components/account/form-values.ts';
import { useT } from '~/components/i18n-context.tsx';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { signUp } from '~/services/accounts/auth.server.ts';
import type { Route } from './+types/auth-signup';
import { redirectWithFlash } from './helpers/flash.server.ts';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, readPostedForm, refusal } from './helpers/form-kit.server.ts';

/** auth.signup (`/registrieren`): the register modal as a page; a signed-in visitor goes to the account. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { session } = context.get(shopContext);
  const locale = toLocale(params.lang);
  if (session.get('userId')) throw redirect(localePath(locale, '/konto'), { headers: PRIVATE_HEADERS });
  return data({ title: translator(locale)('auth.page.signup_title') }, { headers: PRIVATE_HEADERS });
}

/** Checks `_csrf`, signs up (`signUp`: verification mail, signed in) and goes to the account. */
export async function action(args: Route.ActionArgs) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, session, clientIp, form, locale, t } = posted;
  try {
    const user = await signUp(app, { session, body: signUpBody(form), locale, clientIp });
    return await redirectWithFlash(
      session,
      localePath(locale, '/konto'),
      {
        type: 'success',
        title: t('auth.page.signed_up_title'),
        message: t('auth.page.signed_up', { name: user.firstname }),
      },
      { headers: PRIVATE_HEADERS },
    );
  } catch (error) {
    return refusal(error, posted);
  }
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
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }];
}

import { data } from 'react-router';
import { LostPasswordFields } from '~/components/account/auth-fields.tsx';
import { AuthPage, PageForm, PageLink } from '~/components/account/auth-page.tsx';
import { lostPasswordBody } from '~/components/account/form-values.ts';
import { useT } from '~/components/i18n-context.tsx';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { requestPasswordReset } from '~/services/accounts/auth.server.ts';
import type { Route } from './+types/auth-lost-password';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, savedRedirect } from './helpers/form-kit.server.ts';
import { privatePageMeta } from './helpers/page-meta.ts';
import { handlePostedForm } from './helpers/shop-page.server.ts';

/** auth.lost-password (`/passwort-vergessen`): the lostPassword modal as a page. */
export async function loader({ params }: Route.LoaderArgs) {
  return data(
    { title: translator(toLocale(params.lang))('auth.page.lost_password_title') },
    { headers: PRIVATE_HEADERS },
  );
}

/**
 * Checks `_csrf` and asks for a reset link (`requestPasswordReset`). The answer is the same whether or not the
 * address has an account: back to the sign-in page with one info message.
 */
export function action(args: Route.ActionArgs) {
  return handlePostedForm(args, async (posted) => {
    const { app, clientIp, form, locale } = posted;
    await requestPasswordReset(app, { body: lostPasswordBody(form), locale, clientIp });
    const notice = {
      type: 'info',
      titleKey: 'auth.page.lost_password_sent_title',
      messageKey: 'auth.page.lost_password_sent',
    } as const;
    return savedRedirect(posted, '/anmelden', notice);
  });
}

export const headers = actionOrLoaderHeaders;

export default function LostPasswordPage({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AuthPage
      title={t('auth.page.lost_password_title')}
      intro={t('auth.page.lost_password_intro')}
      links={<PageLink to="/anmelden">{t('modal.back_to_login')}</PageLink>}
    >
      <PageForm name="lost-password" message={actionData?.message} submit={t('auth.page.lost_password_submit')}>
        <LostPasswordFields idPrefix="p-lost" errors={actionData?.errors} values={actionData?.values} />
      </PageForm>
    </AuthPage>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return privatePageMeta(data);
}

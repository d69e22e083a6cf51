import { data } from 'react-router';
import { AdminTexts } from '~/components/admin/admin-texts.tsx';
import { AuthPage, PageForm, PageLink } from '~/components/account/auth-page.tsx';
import { NewPasswordFields } from '~/components/account/auth-fields.tsx';
import { useT } from '~/components/i18n-context.tsx';
import { ADMIN_DICTIONARIES } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { acceptInvite, inviteLinkMember } from '~/services/backoffice/staff-auth.server.ts';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, readPostedForm, refusal } from '../helpers/form-kit.server.ts';
import { continueToEnrolment } from './helpers/sign-in-flow.server.ts';
import type { Route } from './+types/invite';

/** admin.invite (`/admin/einladung/:token`): an invited member sets a password (link valid 7 days, once). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { app } = context.get(shopContext);
  const locale = toLocale(params.lang);
  const member = await inviteLinkMember(app.db, params.token, app.now());
  return data(
    { email: member?.email ?? null, dictionary: ADMIN_DICTIONARIES[locale] },
    { status: member ? 200 : 404, headers: PRIVATE_HEADERS },
  );
}

/** Checks `_csrf`, sets the password (link used up, audited), then on to the TOTP enrolment. */
export async function action(args: Route.ActionArgs) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, form, locale } = posted;
  try {
    const member = await acceptInvite(app, {
      token: args.params.token,
      body: { password: form.get('password') ?? '', passwordConfirmation: form.get('passwordConfirmation') ?? '' },
    });
    return await continueToEnrolment(app, member.id, locale);
  } catch (error) {
    return refusal(error, posted);
  }
}

export const headers = actionOrLoaderHeaders;

export default function InvitePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminTexts dictionary={loaderData.dictionary}>
      <InviteForm email={loaderData.email} failure={actionData} />
    </AdminTexts>
  );
}

function InviteForm({
  email,
  failure,
}: {
  email: string | null;
  failure?: { message: string | null; errors: Record<string, string> };
}) {
  const t = useT();
  if (!email) {
    return (
      <AuthPage title={t('admin.auth.link_invalid_title')} intro={t('admin.auth.invite.invalid')}>
        <title>{t('admin.meta.title', { page: t('admin.auth.link_invalid_title') })}</title>
        <PageLink to="/admin/anmelden">{t('admin.auth.signin.title')}</PageLink>
      </AuthPage>
    );
  }
  return (
    <AuthPage title={t('admin.auth.invite.title')} intro={t('admin.auth.invite.intro', { email })}>
      <title>{t('admin.meta.title', { page: t('admin.auth.invite.title') })}</title>
      <PageForm name="admin-invite" message={failure?.message} submit={t('admin.auth.invite.submit')}>
        <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
        <NewPasswordFields idPrefix="admin-invite" errors={failure?.errors} />
      </PageForm>
    </AuthPage>
  );
}

export const handle = { backOffice: true };

import { data, redirect } from 'react-router';
import { AdminTexts } from '~/components/admin/admin-texts.tsx';
import { AuthPage, PageForm } from '~/components/account/auth-page.tsx';
import { SignInFields } from '~/components/account/auth-fields.tsx';
import { useT } from '~/components/i18n-context.tsx';
import { ADMIN_DICTIONARIES } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { checkStaffPassword } from '~/services/backoffice/staff-auth.server.ts';
import { createStaffSession, endStaffSession } from '~/services/backoffice/staff-session.server.ts';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, readPostedForm, refusal } from '../helpers/form-kit.server.ts';
import { nextTarget, redirectWithStaffCookie, withNext } from './helpers/sign-in-flow.server.ts';
import { staffSessionOf } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/sign-in';

/** admin.signin (`/admin/anmelden?next=`): e-mail and password; a signed-in member goes on at once. */
export async function loader(args: Route.LoaderArgs) {
  const locale = toLocale(args.params.lang);
  const next = nextTarget(new URL(args.request.url).searchParams.get('next'), locale);
  const state = await staffSessionOf(args);
  if (state?.secondFactor) throw redirect(next, { headers: PRIVATE_HEADERS });
  return data({ next, dictionary: ADMIN_DICTIONARIES[locale] }, { headers: PRIVATE_HEADERS });
}

/**
 * Checks `_csrf` and the password (limits per IP and account), then starts a staff session without second
 * factor and sends it on to the code (or to the TOTP enrolment when none is set up yet).
 */
export async function action(args: Route.ActionArgs) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, clientIp, form, locale } = posted;
  const next = nextTarget(form.get('next'), locale);
  try {
    const member = await checkStaffPassword(app, {
      body: { login: form.get('login') ?? '', password: form.get('password') ?? '' },
      clientIp,
    });
    const previous = await staffSessionOf(args);
    if (previous) await endStaffSession(app.db, previous.id);
    const token = await createStaffSession(app.db, { staffId: member.id, secondFactor: false, now: app.now() });
    const step = member.totpEnabledAt ? '/admin/anmelden/code' : '/admin/anmelden/einrichten';
    return redirectWithStaffCookie(withNext(localePath(locale, step), next, locale), token, app.env.COOKIE_SECURE);
  } catch (error) {
    return refusal(error, posted);
  }
}

export const headers = actionOrLoaderHeaders;

export default function AdminSignInPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminTexts dictionary={loaderData.dictionary}>
      <SignInForm next={loaderData.next} failure={actionData} />
    </AdminTexts>
  );
}

function SignInForm({
  next,
  failure,
}: {
  next: string;
  failure?: { message: string | null; errors: Record<string, string>; values: Record<string, string> };
}) {
  const t = useT();
  return (
    <AuthPage title={t('admin.auth.signin.title')} intro={t('admin.auth.signin.intro')}>
      <title>{t('admin.meta.title', { page: t('admin.auth.signin.title') })}</title>
      <PageForm name="admin-signin" message={failure?.message} submit={t('admin.auth.signin.submit')}>
        <input type="hidden" name="next" value={next} />
        <SignInFields idPrefix="admin-login" errors={failure?.errors} values={failure?.values} />
      </PageForm>
    </AuthPage>
  );
}

export const handle = { backOffice: true };

import { data, redirect } from 'react-router';
import { AdminTexts } from '~/components/admin/admin-texts.tsx';
import { AuthPage, PageForm, PageLink } from '~/components/account/auth-page.tsx';
import { TextInput } from '~/components/account/auth-fields.tsx';
import { useT } from '~/components/i18n-context.tsx';
import { ADMIN_DICTIONARIES } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { verifySecondFactor } from '~/services/backoffice/staff-auth.server.ts';
import { confirmSecondFactor } from '~/services/backoffice/staff-session.server.ts';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, readPostedForm, refusal } from '../helpers/form-kit.server.ts';
import { nextTarget, withNext } from './helpers/sign-in-flow.server.ts';
import { adminSignInPath, staffSessionOf } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/second-factor';

/** Where a session of this step belongs: sign-in (none), enrolment (no TOTP yet), the page (done), or here (null). */
async function misplaced(args: Route.LoaderArgs | Route.ActionArgs, next: string) {
  const locale = toLocale(args.params.lang);
  const state = await staffSessionOf(args);
  if (!state) return { redirect: adminSignInPath(locale, next === localePath(locale, '/admin') ? undefined : next) };
  if (state.secondFactor) return { redirect: next };
  if (!state.totpEnrolled)
    return { redirect: withNext(localePath(locale, '/admin/anmelden/einrichten'), next, locale) };
  return { state };
}

/** admin.second-factor (`/admin/anmelden/code`): the second step of the sign-in, a TOTP or recovery code. */
export async function loader(args: Route.LoaderArgs) {
  const locale = toLocale(args.params.lang);
  const next = nextTarget(new URL(args.request.url).searchParams.get('next'), locale);
  const where = await misplaced(args, next);
  if (where.redirect) throw redirect(where.redirect, { headers: PRIVATE_HEADERS });
  return data({ next, dictionary: ADMIN_DICTIONARIES[locale] }, { headers: PRIVATE_HEADERS });
}

/** Checks `_csrf` and the code (replays and failures refused, failures limited), then completes the session. */
export async function action(args: Route.ActionArgs) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, form, values, locale } = posted;
  const next = nextTarget(form.get('next'), locale);
  const where = await misplaced(args, next);
  if (where.redirect !== undefined || !where.state) {
    throw redirect(where.redirect ?? '/admin', { status: 303, headers: PRIVATE_HEADERS });
  }
  try {
    await verifySecondFactor(app, { staffId: where.state.actor.staffId, code: String(form.get('code') ?? '') });
    await confirmSecondFactor(app.db, where.state.id, app.now());
    return redirect(next, { status: 303, headers: PRIVATE_HEADERS });
  } catch (error) {
    return refusal(error, posted, { values: { ...values, code: '' } });
  }
}

export const headers = actionOrLoaderHeaders;

export default function SecondFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminTexts dictionary={loaderData.dictionary}>
      <CodeForm next={loaderData.next} failure={actionData} />
    </AdminTexts>
  );
}

function CodeForm({
  next,
  failure,
}: {
  next: string;
  failure?: { message: string | null; errors: Record<string, string> };
}) {
  const t = useT();
  return (
    <AuthPage
      title={t('admin.auth.code.title')}
      intro={t('admin.auth.code.intro')}
      links={<PageLink to="/admin/anmelden">{t('admin.auth.code.restart')}</PageLink>}
    >
      <title>{t('admin.meta.title', { page: t('admin.auth.code.title') })}</title>
      <PageForm name="admin-code" message={failure?.message} submit={t('admin.auth.code.submit')}>
        <input type="hidden" name="next" value={next} />
        <TextInput
          idPrefix="admin-code"
          errors={failure?.errors}
          name="code"
          label={t('admin.auth.code.label')}
          hint={t('admin.auth.code.hint')}
          autoComplete="one-time-code"
          maxLength={20}
        />
      </PageForm>
    </AuthPage>
  );
}

export const handle = { backOffice: true };

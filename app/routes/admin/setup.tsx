import { data } from 'react-router';
import { AdminTexts } from '~/components/admin/admin-texts.tsx';
import { AuthPage, PageForm } from '~/components/account/auth-page.tsx';
import { NewPasswordFields, TextInput } from '~/components/account/auth-fields.tsx';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { ADMIN_DICTIONARIES } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { completeSetup, setupLinkValid } from '~/services/backoffice/staff-auth.server.ts';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, readPostedForm, refusal } from '../helpers/form-kit.server.ts';
import { continueToEnrolment } from './helpers/sign-in-flow.server.ts';
import type { Route } from './+types/setup';

/**
 * admin.setup (`/admin/einrichten/:token`): the one-time setup link the server logs while no staff exists. Shows
 * the form for the first admin while the link is live; else (used, expired, staff exists) a 404 page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { app } = context.get(shopContext);
  const locale = toLocale(params.lang);
  const valid = await setupLinkValid(app.db, params.token, app.now());
  return data(
    { valid, dictionary: ADMIN_DICTIONARIES[locale] },
    { status: valid ? 200 : 404, headers: PRIVATE_HEADERS },
  );
}

/** Checks `_csrf`, creates the first admin (link used up, audited), then on to the TOTP enrolment. */
export async function action(args: Route.ActionArgs) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, form, locale } = posted;
  try {
    const admin = await completeSetup(app, {
      token: args.params.token,
      body: Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')),
      dataDir: app.env.DATA_DIR,
    });
    return await continueToEnrolment(app, admin.id, locale);
  } catch (error) {
    return refusal(error, posted);
  }
}

export const headers = actionOrLoaderHeaders;

export default function SetupPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminTexts dictionary={loaderData.dictionary}>
      <SetupForm valid={loaderData.valid} failure={actionData} />
    </AdminTexts>
  );
}

function SetupForm({
  valid,
  failure,
}: {
  valid: boolean;
  failure?: { message: string | null; errors: Record<string, string>; values: Record<string, string> };
}) {
  const t = useT();
  const href = useHref();
  if (!valid) {
    return (
      <AuthPage title={t('admin.auth.link_invalid_title')} intro={t('admin.auth.setup.invalid')}>
        <title>{t('admin.meta.title', { page: t('admin.auth.link_invalid_title') })}</title>
        <a className="btn-primary inline-flex" href={href('/admin/anmelden')}>
          {t('admin.auth.signin.title')}
        </a>
      </AuthPage>
    );
  }
  const props = { idPrefix: 'admin-setup', errors: failure?.errors, values: failure?.values };
  return (
    <AuthPage title={t('admin.auth.setup.title')} intro={t('admin.auth.setup.intro')}>
      <title>{t('admin.meta.title', { page: t('admin.auth.setup.title') })}</title>
      <PageForm name="admin-setup" message={failure?.message} submit={t('admin.auth.setup.submit')}>
        <TextInput {...props} name="name" label={t('admin.auth.name')} autoComplete="name" maxLength={100} />
        <TextInput {...props} name="email" type="email" label={t('auth.page.email')} autoComplete="username" />
        <NewPasswordFields {...props} />
      </PageForm>
    </AuthPage>
  );
}

export const handle = { backOffice: true };

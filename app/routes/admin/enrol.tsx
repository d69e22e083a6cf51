import { data, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { AdminTexts } from '~/components/admin/admin-texts.tsx';
import { AuthPage, PageForm } from '~/components/account/auth-page.tsx';
import { TextInput } from '~/components/account/auth-fields.tsx';
import { useT } from '~/components/i18n-context.tsx';
import { ADMIN_DICTIONARIES } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { confirmTotpEnrolment, startTotpEnrolment } from '~/services/backoffice/staff-auth.server.ts';
import { confirmSecondFactor } from '~/services/backoffice/staff-session.server.ts';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, readPostedForm, refusal } from '../helpers/form-kit.server.ts';
import { nextTarget, withNext } from './helpers/sign-in-flow.server.ts';
import { adminSignInPath, staffSessionOf } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/enrol';

/**
 * admin.enrol (`/admin/anmelden/einrichten`): TOTP enrolment of a member who signed in with the password (or just
 * set it) but has no authenticator yet: the QR code (inline SVG, made on the server) and the secret as text.
 * A member already enrolled sees a link on instead (the page also shows the recovery codes after the confirming post).
 */
export async function loader(args: Route.LoaderArgs) {
  const { app } = args.context.get(shopContext);
  const locale = toLocale(args.params.lang);
  const next = nextTarget(new URL(args.request.url).searchParams.get('next'), locale);
  const state = await staffSessionOf(args);
  if (!state) throw redirect(adminSignInPath(locale), { headers: PRIVATE_HEADERS });
  if (state.totpEnrolled && !state.secondFactor) {
    throw redirect(withNext(localePath(locale, '/admin/anmelden/code'), next, locale), { headers: PRIVATE_HEADERS });
  }
  const enrolment = state.totpEnrolled ? null : await startTotpEnrolment(app.db, state.actor.staffId);
  return data(
    {
      next,
      email: state.actor.email,
      enrolment: enrolment && { secret: enrolment.secret, qrSvg: enrolment.qrSvg },
      dictionary: ADMIN_DICTIONARIES[locale],
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** Checks `_csrf` and a code of the new secret; enrols, completes the session and shows the recovery codes once. */
export async function action(args: Route.ActionArgs) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, form, locale } = posted;
  const state = await staffSessionOf(args);
  if (!state) throw redirect(adminSignInPath(locale), { status: 303, headers: PRIVATE_HEADERS });
  try {
    const codes = await confirmTotpEnrolment(app, {
      staffId: state.actor.staffId,
      code: String(form.get('code') ?? ''),
    });
    await confirmSecondFactor(app.db, state.id, app.now());
    return data({ recoveryCodes: codes }, { headers: PRIVATE_HEADERS });
  } catch (error) {
    return refusal(error, posted, { values: { code: '' } });
  }
}

export const headers = actionOrLoaderHeaders;

export default function EnrolPage({ loaderData, actionData }: Route.ComponentProps) {
  const codes = actionData && 'recoveryCodes' in actionData ? actionData.recoveryCodes : null;
  const failure = actionData && 'errors' in actionData ? actionData : undefined;
  return (
    <AdminTexts dictionary={loaderData.dictionary}>
      {codes ? (
        <RecoveryCodes codes={codes} next={loaderData.next} />
      ) : loaderData.enrolment ? (
        <Enrol enrolment={loaderData.enrolment} email={loaderData.email} failure={failure} />
      ) : (
        <Enrolled next={loaderData.next} />
      )}
    </AdminTexts>
  );
}

function Enrol({
  enrolment,
  email,
  failure,
}: {
  enrolment: { secret: string; qrSvg: string };
  email: string;
  failure?: { message: string | null; errors: Record<string, string> };
}) {
  const t = useT();
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(' ') ?? enrolment.secret;
  return (
    <AuthPage title={t('admin.auth.enrol.title')} intro={t('admin.auth.enrol.intro', { email })}>
      <title>{t('admin.meta.title', { page: t('admin.auth.enrol.title') })}</title>
      <ol className="mb-6 grid list-decimal gap-4 pl-5">
        <li>
          <p>{t('admin.auth.enrol.scan')}</p>
          <figure className="mt-3">
            <div
              role="img"
              aria-label={t('admin.auth.enrol.qr_label')}
              className="mx-auto w-56 max-w-full rounded-lg border border-line bg-white p-2"
              // The SVG is made on the server by the qrcode package from our own otpauth URI (no user input).
              dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
            />
          </figure>
        </li>
        <li>
          <p>{t('admin.auth.enrol.manual')}</p>
          <p
            className="mt-2 break-all rounded-lg bg-accent-soft p-3 font-mono text-base"
            data-totp-secret={enrolment.secret}
          >
            {grouped}
          </p>
        </li>
        <li>
          <p>{t('admin.auth.enrol.confirm')}</p>
        </li>
      </ol>
      <PageForm name="admin-enrol" message={failure?.message} submit={t('admin.auth.enrol.submit')}>
        <TextInput
          idPrefix="admin-enrol"
          errors={failure?.errors}
          name="code"
          label={t('admin.auth.enrol.code_label')}
          autoComplete="one-time-code"
          maxLength={20}
        />
      </PageForm>
    </AuthPage>
  );
}

function RecoveryCodes({ codes, next }: { codes: string[]; next: string }) {
  const t = useT();
  return (
    <AuthPage title={t('admin.auth.recovery.title')} intro={t('admin.auth.recovery.intro')}>
      <title>{t('admin.meta.title', { page: t('admin.auth.recovery.title') })}</title>
      <ul aria-label={t('admin.auth.recovery.list')} className="grid grid-cols-2 gap-2 font-mono text-base">
        {codes.map((code) => (
          <li key={code} className="rounded bg-accent-soft px-3 py-2 text-center">
            {code}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-muted">{t('admin.auth.recovery.once')}</p>
      <a className="btn-primary mt-6 inline-flex" href={next}>
        {t('admin.auth.recovery.continue')}
      </a>
    </AuthPage>
  );
}

function Enrolled({ next }: { next: string }) {
  const t = useT();
  return (
    <AuthPage title={t('admin.auth.enrolled.title')} intro={t('admin.auth.enrolled.intro')}>
      <title>{t('admin.meta.title', { page: t('admin.auth.enrolled.title') })}</title>
      <a className="btn-primary inline-flex" href={next}>
        {t('admin.auth.recovery.continue')}
      </a>
    </AuthPage>
  );
}

/** After the confirming post the page must keep showing the codes: no reload of the loader then. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' ? false : defaultShouldRevalidate;
}

export const handle = { backOffice: true };

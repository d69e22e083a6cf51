import { data, redirect, useLocation } from 'react-router';
import type { AccountFailure } from '~/components/account/account-sections.tsx';
import {
  DataSection,
  EmailSection,
  PasswordSection,
  ProfileSection,
  ReservationsSection,
} from '~/components/islands/account-sections.ts';
import { useT } from '~/components/i18n-context.tsx';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { loadAccount } from '~/services/accounts/account.server.ts';
import { currentUser } from '~/services/accounts/auth.server.ts';
import type { Route } from './+types/account';
import { runAccountIntent } from './account.server.ts';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, readPostedForm, refusal } from './helpers/form-kit.server.ts';
import { signInPathFor } from '~/domain/sign-in-return.ts';

/** The sign-in page that comes back to `path` (login required, DESIGN §3). */
function signInFirst(locale: 'de' | 'en', path: string): never {
  throw redirect(signInPathFor(localePath(locale, '/anmelden'), localePath(locale, path)), {
    headers: PRIVATE_HEADERS,
  });
}

/** account (`/konto`): the signed-in user's reservations and details (`loadAccount`). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { app, session } = context.get(shopContext);
  const locale = toLocale(params.lang);
  const user = await currentUser(app, { session });
  if (!user) signInFirst(locale, '/konto');
  const account = await loadAccount(app, { userId: user.id, locale });
  return data({ title: translator(locale)('account.meta.title'), account }, { headers: PRIVATE_HEADERS });
}

/** The page's forms: profile, password, email, delete, signout (see `account.server.ts`). */
export async function action(args: Route.ActionArgs) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, session, locale } = posted;
  const user = await currentUser(app, { session });
  if (!user) signInFirst(locale, '/konto');
  try {
    return await runAccountIntent(posted, user.id);
  } catch (error) {
    return refusal(error, posted);
  }
}

export const headers = actionOrLoaderHeaders;

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const { account } = loaderData;
  const failure = (intent: string): AccountFailure | undefined =>
    actionData && actionData.intent === intent ? actionData : undefined;
  return (
    <div className="container-page py-8 sm:py-12" key={location.key}>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('account.title')}</h1>
      <p className="mt-1 text-muted">
        {t('account.greeting', { name: `${account.user.firstname} ${account.user.lastname}` })}
      </p>
      {account.user.emailVerified ? null : (
        <p role="status" className="mt-4 rounded-lg border border-line bg-accent-soft p-3 text-sm" data-unverified>
          {t('account.unverified')}
        </p>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="grid content-start gap-6">
          <ReservationsSection data={account} />
          <ProfileSection data={account} failure={failure('profile')} />
        </div>
        <div className="grid content-start gap-6">
          <PasswordSection failure={failure('password')} />
          <EmailSection email={account.user.email} failure={failure('email')} />
          <DataSection failure={failure('delete')} />
        </div>
      </div>
    </div>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }];
}

/**
 * The account page's form intents (`account`, `/konto`), each calling ONE service of
 * `app/services/accounts/account.server.ts` / `auth.server.ts`; the route module only dispatches.
 */
import {
  changeEmailBody,
  changePasswordBody,
  deleteAccountBody,
  profileBody,
} from '~/components/account/form-values.ts';
import { localePath } from '~/i18n.ts';
import { changeEmail, changePassword, deleteAccount, updateProfile } from '~/services/accounts/account.server.ts';
import { signOut } from '~/services/accounts/auth.server.ts';
import { redirectWithFlash } from './helpers/flash.server.ts';
import { PRIVATE_HEADERS, savedRedirect, type PostedForm } from './helpers/form-kit.server.ts';

/** Runs `intent` for the signed-in `userId`; answers with a redirect and a flash (throws a refusal). */
export async function runAccountIntent(posted: PostedForm, userId: number): Promise<Response> {
  const { app, session, intent, form, locale, t } = posted;
  const account = localePath(locale, '/konto');
  const done = (url: string, type: string, message: string, title?: string) =>
    redirectWithFlash(session, url, { type, message, title }, { headers: PRIVATE_HEADERS });
  switch (intent) {
    case 'profile':
      await updateProfile(app, { userId, body: profileBody(form) });
      return savedRedirect(posted, '/konto', 'account.profile.saved');
    case 'password':
      await changePassword(app, { session, userId, body: changePasswordBody(form) });
      return savedRedirect(posted, '/konto', 'account.password.saved');
    case 'email': {
      // the message says where the link went; the service's key is translated here
      await changeEmail(app, { userId, body: changeEmailBody(form), locale });
      return done(account, 'info', t('account.email.sent', { email: String(form.get('email') ?? '').trim() }));
    }
    case 'delete':
      await deleteAccount(app, { session, userId, body: deleteAccountBody(form) });
      return done(localePath(locale, '/'), 'info', t('account.delete.done'));
    case 'signout':
      await signOut(app, { session });
      return done(localePath(locale, '/'), 'info', t('js.signout.message.text'), t('js.signout.message.title'));
    default:
      throw new Response(null, { status: 400 });
  }
}

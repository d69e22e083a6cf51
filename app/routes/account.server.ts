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
import { changeEmail, changePassword, deleteAccount, updateProfile } from '~/services/accounts/account.server.ts';
import { signOut } from '~/services/accounts/auth.server.ts';
import { savedRedirect, type PostedForm } from './helpers/form-kit.server.ts';

/** Runs `intent` for the signed-in `userId`; answers with a redirect and a flash (throws a refusal). */
export async function runAccountIntent(posted: PostedForm, userId: number): Promise<Response> {
  const { app, session, intent, form, locale } = posted;
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
      const email = String(form.get('email') ?? '').trim();
      return savedRedirect(posted, '/konto', { type: 'info', messageKey: 'account.email.sent' }, { email });
    }
    case 'delete':
      await deleteAccount(app, { session, userId, body: deleteAccountBody(form) });
      return savedRedirect(posted, '/', { type: 'info', messageKey: 'account.delete.done' });
    case 'signout':
      await signOut(app, { session });
      return savedRedirect(posted, '/', {
        type: 'info',
        titleKey: 'js.signout.message.title',
        messageKey: 'js.signout.message.text',
      });
    default:
      throw new Response(null, { status: 400 });
  }
}

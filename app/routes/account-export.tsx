import { redirect } from 'react-router';
import { localePath, toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { exportAccountData } from '~/services/accounts/account.server.ts';
import { currentUser } from '~/services/accounts/auth.server.ts';
import type { Route } from './+types/account-export';
import { PRIVATE_HEADERS } from './helpers/form-kit.server.ts';
import { signInPathFor } from '~/domain/sign-in-return.ts';

/**
 * account.export (`/konto/export`): all the signed-in user's data as a JSON attachment (GDPR Art. 15/20). A
 * page route rather than `GET /api/account/export`, so the download link works without JavaScript (the API
 * needs the XHR headers). Signed out: the sign-in page, back to the account.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { app, session } = context.get(shopContext);
  const locale = toLocale(params.lang);
  const user = await currentUser(app, { session });
  if (!user) {
    throw redirect(signInPathFor(localePath(locale, '/anmelden'), localePath(locale, '/konto')));
  }
  const exported = await exportAccountData(app, { userId: user.id });
  const day = app.now().toISOString().slice(0, 10);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="konto-daten-${day}.json"`,
      ...PRIVATE_HEADERS,
    },
  });
}

/**
 * The owner's reservation (`user.reservation` and its framed document): signed in, else the sign-in page that
 * comes back here; another user's (or an unknown) reference is the plain 404 (not 403: no hint it exists).
 */
import { data, redirect } from 'react-router';
import { localePath, type Locale } from '~/i18n.ts';
import type { ShopContext } from '~/router-context.ts';
import { currentUser } from '~/services/accounts/auth.server.ts';
import { findUserReservation } from '~/services/accounts/account.server.ts';
import { PRIVATE_HEADERS } from './helpers/form-kit.server.ts';
import { signInPathFor } from '~/domain/sign-in-return.ts';

/** The reservation view of `reference` for the signed-in owner; throws the redirect or the 404. */
export async function ownReservation(
  { app, session }: Pick<ShopContext, 'app' | 'session'>,
  reference: string,
  locale: Locale,
) {
  const user = await currentUser(app, { session });
  if (!user) {
    const back = localePath(locale, `/konto/reservierungen/${encodeURIComponent(reference)}`);
    throw redirect(signInPathFor(localePath(locale, '/anmelden'), back), {
      headers: PRIVATE_HEADERS,
    });
  }
  const view = await findUserReservation(app, { userId: user.id, reference, locale });
  if (!view) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  return view;
}

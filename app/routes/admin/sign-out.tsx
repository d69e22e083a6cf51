import { redirect } from 'react-router';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { clearStaffCookie, endStaffSession } from '~/services/backoffice/staff-session.server.ts';
import { PRIVATE_HEADERS, readPostedForm } from '../helpers/form-kit.server.ts';
import { isForeignOrigin } from '../helpers/request-guards.server.ts';
import { textRefusal } from '../helpers/resource-route.server.ts';
import { adminSignInPath, staffSessionOf } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/sign-out';

/**
 * admin.signout (`POST /admin/abmelden`): ends the staff session (Origin- and CSRF-checked, like every page action)
 * and clears its cookie.
 */
export async function action(args: Route.ActionArgs) {
  const { app } = args.context.get(shopContext);
  const locale = toLocale(args.params.lang);
  if (isForeignOrigin(args.request)) return textRefusal(400, locale, PRIVATE_HEADERS, 'api.error.origin');
  const { refused } = await readPostedForm(args);
  // A resource route: the kit's refusal (a bad token) goes out as the translated sentence in plain text, not as a
  // JSON string (a form post awaits a page).
  if (refused) return textRefusal(refused.init?.status ?? 400, locale, PRIVATE_HEADERS, 'auth.page.csrf');
  const state = await staffSessionOf(args);
  if (state) await endStaffSession(app.db, state.id);
  const headers = new Headers(PRIVATE_HEADERS);
  headers.append('Set-Cookie', clearStaffCookie(app.env.COOKIE_SECURE));
  return redirect(adminSignInPath(locale), { headers });
}

/** A GET of the sign-out address signs nobody out (a link or prefetch must not): to the back office. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(params.lang === 'en' ? '/en/admin' : '/admin');
}

/**
 * The back office's page guard (issue 15): every `/admin` page but the sign-in and the setup link calls
 * `requireStaff` first. Without a staff session whose second factor was given it redirects to the sign-in (with
 * the page to come back to); a role without the page's area gets 403. The customer session is never consulted.
 */
import { data, redirect } from 'react-router';
import { can, type StaffActor, type StaffPermission } from '~/domain/staff-roles.ts';
import { adminNextPath } from '~/domain/staff-auth.ts';
import { localePath, toLocale, type Locale } from '~/i18n.ts';
import { shopContext, type ShopContext } from '~/router-context.ts';
import {
  loadStaffSession,
  staffTokenFromCookie,
  type StaffSessionState,
} from '~/services/backoffice/staff-session.server.ts';
import { PRIVATE_HEADERS, readPostedForm } from '../../helpers/form-kit.server.ts';
import { withTextRefusals } from '../../helpers/resource-route.server.ts';

/** What the guard needs of a loader's or action's arguments. */
type GuardArgs = {
  request: Request;
  params: { lang?: string };
  context: { get: (key: typeof shopContext) => ShopContext };
};

/** The staff session of a page request (signed in or half-way through it), or null. */
export async function staffSessionOf(args: GuardArgs): Promise<StaffSessionState | null> {
  const { app } = args.context.get(shopContext);
  return loadStaffSession(
    app.db,
    staffTokenFromCookie(args.request.headers.get('Cookie'), app.env.COOKIE_SECURE),
    app.now(),
  );
}

/** The sign-in page's path for `locale`, with the page to return to after it. */
export function adminSignInPath(locale: Locale, next?: string): string {
  const path = localePath(locale, '/admin/anmelden');
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

/**
 * The signed-in staff member of a back-office page request. Throws a redirect to the sign-in when there is no
 * staff session with its second factor, and a 403 when `permission` is given and the role lacks it.
 */
export async function requireStaff(args: GuardArgs, permission?: StaffPermission): Promise<StaffActor> {
  const state = await staffSessionOf(args);
  const locale = toLocale(args.params.lang);
  if (!state || !state.secondFactor) {
    const url = new URL(args.request.url);
    // Only a page the sign-in will return to travels along: a URL too long for it (or odd) would only make the
    // Location header huge (over 16 KiB a client's parser gives up; found by the property-based tests).
    const next = adminNextPath(url.pathname + url.search, '');
    throw redirect(adminSignInPath(locale, next || undefined), { headers: PRIVATE_HEADERS });
  }
  if (permission && !can(state.actor, permission)) throw data(null, { status: 403, headers: PRIVATE_HEADERS });
  return state.actor;
}

/**
 * The start of every back-office action: {@link requireStaff} with the page's `permission` (redirect to the sign-in,
 * 403 without the permission), then the form kit's `readPostedForm` (the `_csrf` check and its one bad-token answer).
 * @returns the actor with `posted` or `refused`, as `readPostedForm` hands them out.
 */
export async function readStaffForm(args: GuardArgs, permission: StaffPermission) {
  const actor = await requireStaff(args, permission);
  const read = await readPostedForm(args);
  return read.refused ? { actor, posted: null, refused: read.refused } : { actor, posted: read.posted, refused: null };
}

/**
 * A back-office resource route (a download, the CSV export): `answer` runs for the signed-in actor with
 * `permission`, and a refusal on the way is a short translated text (`withTextRefusals`), not a page.
 */
export function staffResource(
  args: GuardArgs,
  permission: StaffPermission,
  answer: (actor: StaffActor, app: ShopContext['app'], locale: Locale) => Promise<Response>,
): Promise<Response> {
  const locale = toLocale(args.params.lang);
  return withTextRefusals(locale, async () => {
    const actor = await requireStaff(args, permission);
    return answer(actor, args.context.get(shopContext).app, locale);
  });
}

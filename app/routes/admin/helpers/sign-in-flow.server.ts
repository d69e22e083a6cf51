/**
 * Shared parts of the back office's sign-in pages (issue 15 item 1): the page to return to (`?next=`), the
 * redirect that hands out a new staff cookie, and the translated refusal of a staff form.
 */
import { redirect } from 'react-router';
import { adminNextPath } from '~/domain/staff-auth.ts';
import { localePath, type Locale } from '~/i18n.ts';
import { createStaffSession, serializeStaffCookie } from '~/services/backoffice/staff-session.server.ts';
import type { ShopContext } from '~/router-context.ts';
import { PRIVATE_HEADERS } from '../../helpers/form-kit.server.ts';

/** Where a sign-in goes on to: the `next` value when it is a back-office path, else the back office's start. */
export function nextTarget(raw: FormDataEntryValue | string | null | undefined, locale: Locale): string {
  return adminNextPath(typeof raw === 'string' ? raw : null, localePath(locale, '/admin'));
}

/** A path of the sign-in flow with the page to return to (`?next=`) kept. */
export function withNext(path: string, next: string, locale: Locale): string {
  const home = localePath(locale, '/admin');
  return next === home ? path : `${path}?next=${encodeURIComponent(next)}`;
}

/** A redirect (303 after a post) to `to` that sets the staff cookie of `token`. */
export function redirectWithStaffCookie(to: string, token: string, secure: boolean): Response {
  const headers = new Headers(PRIVATE_HEADERS);
  headers.append('Set-Cookie', serializeStaffCookie(token, secure));
  return redirect(to, { status: 303, headers });
}

/**
 * After the setup link or an invitation set a member's password: a staff session without its second factor yet,
 * and on to the TOTP enrolment (the one way from a new password into the back office).
 */
export async function continueToEnrolment(app: ShopContext['app'], staffId: number, locale: Locale): Promise<Response> {
  const token = await createStaffSession(app.db, { staffId, secondFactor: false, now: app.now() });
  return redirectWithStaffCookie(localePath(locale, '/admin/anmelden/einrichten'), token, app.env.COOKIE_SECURE);
}

/**
 * Shared parts of the back office's sign-in pages (issue 15 item 1): the page to return to (`?next=`), the
 * redirect that hands out a new staff cookie, and the translated refusal of a staff form.
 */
import { redirect } from 'react-router';
import { adminNextPath } from '~/domain/staff-auth.ts';
import { localePath, type Locale } from '~/i18n.ts';
import { serializeStaffCookie } from '~/services/staff-session.server.ts';
import { ADMIN_HEADERS } from './staff-guard.server.ts';

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
  const headers = new Headers(ADMIN_HEADERS);
  headers.append('Set-Cookie', serializeStaffCookie(token, secure));
  return redirect(to, { status: 303, headers });
}

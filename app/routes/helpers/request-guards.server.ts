/**
 * Guards of a request that are not about one form (split from the form kit, issue 32 item 5): a post from another
 * site ({@link isForeignOrigin}, for resource routes) and text no field can hold ({@link unreadableFormAnswer}, the
 * root middleware before every page action).
 */
import { isUnreadableText } from '~/domain/readable-text.ts';
import { translator } from '~/i18n.server.ts';
import type { Locale } from '~/i18n.ts';

/**
 * Whether a form post comes from another site: an `Origin` header that is not a URL, or a URL of another origin than
 * the request's. React Router refuses such posts to page routes before their action (400); a resource route's action
 * (`/admin/abmelden`) checks it itself with this, the same rule (issue 31 item 9). No `Origin` (an old browser, a
 * tool) passes: the CSRF token still guards the post.
 */
export function isForeignOrigin(request: Request): boolean {
  const origin = request.headers.get('Origin');
  if (origin === null || origin === 'null') return false;
  try {
    return new URL(origin).origin !== new URL(request.url).origin;
  } catch {
    return true;
  }
}

/**
 * The answer to a posted form holding text no field can hold (a NUL byte, a lone surrogate; `isUnreadableText`),
 * before any action reads it: 400 with the translated message as plain text, the same answer as an unreadable
 * path (server/app.server.ts). Null for any other request, a form without such text, or a body that is no form
 * (each action answers that itself). Source: issue 14 item 3 (a NUL in the contact form's message answered 500).
 */
export async function unreadableFormAnswer(request: Request, locale: Locale): Promise<Response | null> {
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  if (!form) return null;
  for (const [key, value] of form) {
    if (isUnreadableText(key) || (typeof value === 'string' && isUnreadableText(value))) {
      return new Response(translator(locale)('api.error.bad_text'), {
        status: 400,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    }
  }
  return null;
}

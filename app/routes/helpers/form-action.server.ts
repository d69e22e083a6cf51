/**
 * The shared parts of the account pages' actions (no-JS forms): read the posted form, check `_csrf`, and turn
 * a service's refusal into the page's answer (field messages, a form message, `Retry-After` for 429).
 */
import { data } from 'react-router';
import { isUnreadableText } from '~/domain/readable-text.ts';
import { translator } from '~/i18n.server.ts';
import type { Locale } from '~/i18n.ts';
import { RequestError } from '~/services/request-error.server.ts';

/** Never cached, never indexed or followed: every account and reservation page answer is private. */
export const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' };

/** What a refused form shows: translated field messages, a form message, and the values to refill (no passwords). */
export type FormFailure = {
  intent?: string;
  errors: Record<string, string>;
  message: string | null;
  values: Record<string, string>;
};

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

/** The posted form, its `_csrf` check and the refill values (password fields left out). */
export async function readForm(request: Request, session: { verifyCsrf(token: string): boolean }) {
  // A body that is not a form (another Content-Type, a broken multipart) reads as an empty form: it then fails
  // the CSRF check with a 419 and a translated message instead of a 500.
  const form = await request.formData().catch(() => new FormData());
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === 'string' && key !== '_csrf' && !/password/i.test(key)) values[key] = value;
  }
  return { form, values, csrfOk: session.verifyCsrf(String(form.get('_csrf') ?? '')) };
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

/** The answer to a form without a valid `_csrf` (419, DESIGN §5). */
export function csrfFailure(t: (key: string) => string, values: Record<string, string>, intent?: string) {
  return data<FormFailure>(
    { intent, errors: {}, message: t('auth.page.csrf'), values },
    { status: 419, headers: PRIVATE_HEADERS },
  );
}

/**
 * The answer to a service's refusal: a `RequestError` (and its subclasses, e.g. the auth errors with 401 and
 * 429) becomes its status with translated field messages; a field the form does not show (`token`) is also
 * the form message. Other errors are rethrown (500).
 */
export function refusal(
  error: unknown,
  t: (key: string, params?: Record<string, string | number>) => string,
  values: Record<string, string>,
  intent?: string,
) {
  if (!(error instanceof RequestError)) throw error;
  const status = error.status as number;
  const errors = Object.fromEntries(
    Object.entries(error.fields).map(([f, keys]) => [f, t(keys[0] ?? 'validation.invalid')]),
  );
  const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
  const headers: Record<string, string> = { ...PRIVATE_HEADERS };
  let message: string | null = errors.token ?? null;
  if (status === 429 && retryAfter) {
    headers['Retry-After'] = String(retryAfter);
    message = t('auth.page.too_many', { minutes: Math.max(1, Math.ceil(retryAfter / 60)) });
  } else if (Object.keys(errors).length === 0) {
    message = t(error.messageKey);
  }
  return data<FormFailure>({ intent, errors, message, values }, { status, headers });
}

/**
 * The `headers` of a form page: the action's answer headers when it set any (a refused post, a redirect),
 * else the loader's (the private headers of the page view).
 */
export function actionOrLoaderHeaders({
  actionHeaders,
  loaderHeaders,
}: {
  actionHeaders: Headers;
  loaderHeaders: Headers;
}) {
  return [...actionHeaders].length ? actionHeaders : loaderHeaders;
}

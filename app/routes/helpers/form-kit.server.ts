/**
 * The form kit (issue 32 item 1): the one way every page action, shop and back office alike, reads a posted form
 * and answers it. {@link readPostedForm} reads the form, checks `_csrf` (the one 419 answer, DESIGN §5) and hands
 * out the refill values, the `intent`, the translator and the request's context; {@link parseFields} validates
 * the fields with the form's zod schema; {@link refusal} turns a service's `RequestError` into the page's answer
 * (field messages, a form message, `Retry-After` for 429); success is a redirect with the session flash
 * (`redirectWithFlash`, `./flash.server.ts`, or {@link savedRedirect}). The form's component writes
 * `<CsrfField/>` (`~/components/ui/csrf-field.tsx`) and reads {@link FormFailure} from `actionData`.
 *
 * ```ts
 * export async function action(args: Route.ActionArgs) {
 *   const { posted, refused } = await readPostedForm(args);
 *   if (refused) return refused;
 *   try {
 *     const body = parseFields(posted, NewsletterSchema);
 *     await subscribe(posted.app, body);
 *     return await savedRedirect(posted, '/newsletter', 'newsletter.page.sent');
 *   } catch (error) {
 *     return refusal(error, posted);
 *   }
 * }
 * ```
 */
import { data, type UNSAFE_DataWithResponseInit } from 'react-router';
import type { z } from 'zod';
import { issuesToFieldKeys } from '~/domain/field-errors.ts';
import { isUnreadableText } from '~/domain/readable-text.ts';
import { translator, type Translate } from '~/i18n.server.ts';
import { localePath, toLocale, type Locale } from '~/i18n.ts';
import { shopContext, type ShopContext } from '~/router-context.ts';
import { RequestError } from '~/services/request-error.server.ts';
import { redirectWithFlash } from './flash.server.ts';

/**
 * Never cached, never indexed or followed: every form page's answer (account, reservation, checkout, back office)
 * is private.
 */
export const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' };

/**
 * What a refused form shows: translated field messages, a form message, and the values to refill (no passwords),
 * plus what a page adds of its own (`Extra`, e.g. the catalogue's refused days).
 * @public (the kit is being adopted: issue 32)
 */
export type FormFailure<Extra extends object = object> = {
  intent: string;
  errors: Record<string, string>;
  message: string | null;
  values: Record<string, string>;
} & Partial<Extra>;

/** What a page action's arguments hold that the kit reads. */
type ActionArgsLike = {
  request: Request;
  params: { lang?: string };
  context: { get: (key: typeof shopContext) => ShopContext };
};

/** A posted form that passed the CSRF check, with what its action needs around it. */
export type PostedForm = Pick<ShopContext, 'app' | 'session' | 'clientIp'> & {
  request: Request;
  form: FormData;
  /** every text field but `_csrf` and passwords: what a refused form shows again */
  values: Record<string, string>;
  /** the `intent` field (which button of the page was pressed), '' when there is none */
  intent: string;
  locale: Locale;
  t: Translate;
};

/** The kit's answer to a refused form (a 4xx with a {@link FormFailure}). */
export type FormRefusal<Extra extends object = object> = UNSAFE_DataWithResponseInit<FormFailure<Extra>>;

/**
 * Reads a page action's posted form and checks its `_csrf` against the session (DESIGN §5).
 *
 * @returns `posted` when the token is good; else `refused`, the 419 answer with the translated message and the
 *   values to refill, which the action returns as it is. A body that is not a form reads as an empty form (and so
 *   is refused with 419, never a 500).
 */
export async function readPostedForm(
  args: ActionArgsLike,
): Promise<{ posted: PostedForm; refused: null } | { posted: null; refused: FormRefusal }> {
  const { app, session, clientIp } = args.context.get(shopContext);
  const locale = toLocale(args.params.lang);
  const t = translator(locale);
  const { form, values, csrfOk } = await readForm(args.request, session);
  const intent = String(form.get('intent') ?? '');
  if (!csrfOk) {
    return {
      posted: null,
      refused: data(
        { intent, errors: {}, message: t('auth.page.csrf'), values },
        { status: 419, headers: PRIVATE_HEADERS },
      ),
    };
  }
  return { posted: { request: args.request, form, values, intent, locale, t, app, session, clientIp }, refused: null };
}

/**
 * The form's fields validated with its zod schema (`validation.*` keys as messages, DESIGN §5). Each field is read
 * as its last text value; a field posted several times (check boxes) is read as an array when the schema's
 * field is one.
 *
 * @throws RequestError 422 `validation.failed` with the field keys of every issue (answered by {@link refusal}).
 * @public (the kit is being adopted: issue 32)
 */
export function parseFields<Schema extends z.ZodType>(
  posted: Pick<PostedForm, 'form'>,
  schema: Schema,
  arrays: readonly string[] = [],
): z.output<Schema> {
  const input: Record<string, unknown> = {};
  for (const key of new Set(posted.form.keys())) {
    if (key === '_csrf') continue;
    const all = posted.form.getAll(key).filter((v): v is string => typeof v === 'string');
    input[key] = arrays.includes(key) ? all : all.at(-1);
  }
  for (const key of arrays) input[key] ??= [];
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new RequestError(422, 'validation.failed', issuesToFieldKeys(parsed.error.issues));
  return parsed.data;
}

/**
 * The answer to a service's refusal: a `RequestError` (and its subclasses) becomes its status with translated field
 * messages (with the error's `params`, when it has any) and a form message; a field the form does not show
 * (`token`) is also the form message; a 429 gets `Retry-After` and "try again in N minutes". Other errors are
 * rethrown (500).
 *
 * @param options.notFound - `page` throws a 404 (the page's not-found view, the back office's habit) instead of
 *   answering the form with the 404's message.
 * @param options.extra - what the page adds to the failure (e.g. the catalogue's refused days).
 * @param options.values - the values to refill when they differ from the posted ones (e.g. ticked boxes).
 */
export function refusal<Extra extends object = object>(
  error: unknown,
  posted: Pick<PostedForm, 't' | 'intent' | 'values'>,
  options?: { notFound?: 'page' | 'form'; extra?: (error: RequestError) => Extra; values?: Record<string, string> },
): FormRefusal<Extra>;
/** @deprecated the call before the kit (issue 32): `refusal(error, t, values, intent?)`; moving to the one above. */
export function refusal(error: unknown, t: Translate, values: Record<string, string>, intent?: string): FormRefusal;
export function refusal<Extra extends object = object>(
  error: unknown,
  postedOrT: Pick<PostedForm, 't' | 'intent' | 'values'> | Translate,
  optionsOrValues: {
    notFound?: 'page' | 'form';
    extra?: (error: RequestError) => Extra;
    values?: Record<string, string>;
  } = {},
  legacyIntent?: string,
): FormRefusal<Extra> {
  if (typeof postedOrT === 'function') {
    const values = optionsOrValues as Record<string, string>;
    return refusal<Extra>(error, { t: postedOrT, values, intent: legacyIntent ?? '' });
  }
  const posted = postedOrT;
  const options = optionsOrValues as {
    notFound?: 'page' | 'form';
    extra?: (error: RequestError) => Extra;
    values?: Record<string, string>;
  };
  if (!(error instanceof RequestError)) throw error;
  const { t, intent } = posted;
  const values = options.values ?? posted.values;
  if (error.status === 404 && options.notFound === 'page') throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  const params = (error as { params?: Record<string, string | number> }).params;
  const errors = Object.fromEntries(
    Object.entries(error.fields).map(([f, keys]) => [f, t(keys[0] ?? 'validation.invalid', params)]),
  );
  const retryAfter = error.retryAfterSeconds;
  const headers: Record<string, string> = { ...PRIVATE_HEADERS };
  let message: string | null = errors.token ?? null;
  if (error.status === 429 && retryAfter) {
    headers['Retry-After'] = String(retryAfter);
    message = t('auth.page.too_many', { minutes: Math.max(1, Math.ceil(retryAfter / 60)) });
  } else if (Object.keys(errors).length === 0) {
    message = t(error.messageKey, params);
  }
  const extra = options.extra?.(error) ?? ({} as Extra);
  return data({ ...extra, intent, errors, message, values } as FormFailure<Extra>, {
    status: error.status,
    headers,
  });
}

/**
 * The answer to a good post: a redirect (303 after a post is what browsers do with 302 too) to `path` of the
 * page's language with the translated success notice as the session flash, shown once on the next page (DESIGN
 * §7). The one success notice of every form (no `?ok=` query).
 *
 * @param path - the target without the language prefix (`/admin/gutscheine`), or a full path when `localised` is
 *   false; its query is kept.
 * @public (the kit is being adopted: issue 32)
 */
export async function savedRedirect(
  posted: Pick<PostedForm, 'session' | 't' | 'locale'>,
  path: string,
  messageKey: string,
  params?: Record<string, string | number>,
  localised = true,
): Promise<Response> {
  return redirectWithFlash(
    posted.session,
    localised ? localePath(posted.locale, path) : path,
    { type: 'success', message: posted.t(messageKey, params) },
    { headers: PRIVATE_HEADERS },
  );
}

/** @deprecated the 419 before the kit (issue 32); {@link readPostedForm} answers it. */
export function csrfFailure(t: Translate, values: Record<string, string>, intent?: string): FormRefusal {
  return data(
    { intent: intent ?? '', errors: {}, message: t('auth.page.csrf'), values },
    { status: 419, headers: PRIVATE_HEADERS },
  );
}

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
 * The posted form, its `_csrf` check and the refill values (password fields left out). The kit's own reader
 * (exported for its tests); actions use {@link readPostedForm}.
 */
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

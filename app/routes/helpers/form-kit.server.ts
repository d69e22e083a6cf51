/**
 * The form kit (issue 32 item 1), the one way every page action (shop and back office) reads a posted form and
 * answers it: {@link readPostedForm} (the `_csrf` check and the one bad-token answer), {@link parseFields} (zod),
 * {@link refusal} (a service's `RequestError` → the page's answer), {@link savedRedirect} / `redirectWithFlash`
 * (success: the session flash). The form writes `<CsrfField/>` and reads {@link FormFailure} from `actionData`.
 * An example and the rules: docs/architecture.md, "The form kit".
 */
import { data, type UNSAFE_DataWithResponseInit } from 'react-router';
import type { z } from 'zod';
import { issuesToFieldKeys } from '~/domain/field-errors.ts';
import type { Translate } from '~/i18n.server.ts';
import { localePath, type Locale } from '~/i18n.ts';
import type { shopContext, ShopContext } from '~/router-context.ts';
import { RequestError } from '~/services/request-error.server.ts';
import { redirectWithFlash } from './flash.server.ts';
import { shopPage } from './page-context.server.ts';

/** The status of a post with a bad `_csrf` token (DESIGN §5), and its message. */
export const BAD_TOKEN = { status: 419, messageKey: 'auth.page.csrf' } as const;

/** Never cached, never indexed or followed: every form page's answer is private. */
export const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' };

/**
 * What a refused form shows: field messages, a form message, the values to refill (no passwords) and a page's `Extra`.
 */
type FormFailure<Extra extends object = object> = {
  intent: string;
  errors: Record<string, string>;
  message: string | null;
  values: Record<string, string>;
} & Partial<Extra>;

/** What a page action's arguments hold that the kit reads (a route's `Route.ActionArgs`). */
export type PageActionArgs = {
  request: Request;
  params: { lang?: string };
  context: { get: (key: typeof shopContext) => ShopContext };
};

/**
 * A posted form that passed the CSRF check, with what its action needs around it: `values` are its text fields but
 * `_csrf` and passwords (what a refused form shows again), `intent` the pressed button's (or '').
 */
export type PostedForm = Pick<ShopContext, 'app' | 'session' | 'clientIp'> & {
  request: Request;
  form: FormData;
  values: Record<string, string>;
  intent: string;
  locale: Locale;
  t: Translate;
};

/** The kit's answer to a refused form (a 4xx with a {@link FormFailure}). */
export type FormRefusal<Extra extends object = object> = UNSAFE_DataWithResponseInit<FormFailure<Extra>>;

/**
 * Reads a page action's posted form and checks its `_csrf` against the session (DESIGN §5).
 * @returns `posted` when the token is good; else `refused` (the {@link BAD_TOKEN} answer with the translated message
 *   and the values to refill), which the action returns as it is. A body that is no form is refused, never a 500.
 */
export async function readPostedForm(
  args: PageActionArgs,
): Promise<{ posted: PostedForm; refused: null } | { posted: null; refused: FormRefusal }> {
  const { app, session, clientIp, locale, t } = shopPage(args);
  const { form, values, csrfOk } = await readForm(args.request, session);
  const intent = String(form.get('intent') ?? '');
  if (!csrfOk) {
    const failure = { intent, errors: {}, message: t(BAD_TOKEN.messageKey), values };
    return { posted: null, refused: data(failure, { status: BAD_TOKEN.status, headers: PRIVATE_HEADERS }) };
  }
  return { posted: { request: args.request, form, values, intent, locale, t, app, session, clientIp }, refused: null };
}

/**
 * The form's fields validated with its zod schema (`validation.*` keys as messages, DESIGN §5). Each field is read
 * as its last text value; a field named in `arrays` (check boxes) as all its values.
 * @throws RequestError 422 `validation.failed` with the field keys of every issue (answered by {@link refusal}).
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

/** How {@link refusal} answers beyond the error's own status and messages. */
type RefusalOptions<Extra> = {
  notFound?: 'page' | 'form';
  extra?: (error: RequestError) => Extra;
  values?: Record<string, string>;
};

/**
 * The answer to a service's refusal: a `RequestError` (and its subclasses) becomes its status with translated field
 * messages (with the error's `params`) and a form message (also a `token` field's); a 429 gets `Retry-After` and
 * "try again in N minutes". Other errors are rethrown (500).
 * @param options.notFound - `page` throws a 404 (the page's not-found view) instead of answering the form.
 * @param options.extra - what the page adds to the failure (e.g. the catalogue's refused days).
 * @param options.values - the values to refill when they differ from the posted ones (e.g. ticked boxes).
 */
export function refusal<Extra extends object = object>(
  error: unknown,
  posted: Pick<PostedForm, 't' | 'intent' | 'values'>,
  options: RefusalOptions<Extra> = {},
): FormRefusal<Extra> {
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
  const failure = { ...options.extra?.(error), intent, errors, message, values } as FormFailure<Extra>;
  return data(failure, { status: error.status, headers });
}

/** A saved notice: a success message key, or a notice of a type with a message and a title (`params` fill both). */
export type Notice = string | { type: 'success' | 'info'; titleKey?: string; messageKey: string };

/**
 * The one answer to a good post: a redirect to `path` of the page's language with the translated notice as the
 * session flash, shown once on the next page (DESIGN §7; no `?ok=` query), with {@link PRIVATE_HEADERS} unless
 * `headers: false` leaves them to the layout.
 * @param path - the target without the language prefix (`/admin/gutscheine`), or a full path when `localised` is
 *   false; its query is kept.
 */
export async function savedRedirect(
  posted: Pick<PostedForm, 'session' | 't' | 'locale'>,
  path: string,
  notice: Notice,
  params?: Record<string, string | number>,
  { localised = true, headers = true }: { localised?: boolean; headers?: boolean } = {},
): Promise<Response> {
  const { type, titleKey, messageKey } = typeof notice === 'string' ? { type: 'success', messageKey: notice } : notice;
  return redirectWithFlash(
    posted.session,
    localised ? localePath(posted.locale, path) : path,
    { type, title: titleKey && posted.t(titleKey, params), message: posted.t(messageKey, params) },
    headers ? { headers: PRIVATE_HEADERS } : undefined,
  );
}

/** The posted form, its `_csrf` check and the refill values: {@link readPostedForm}'s reader (and its tests'). */
export async function readForm(request: Request, session: { verifyCsrf(token: string): boolean }) {
  // A body that is no form (another Content-Type, a broken multipart) reads as an empty form: refused, not a 500.
  const form = await request.formData().catch(() => new FormData());
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === 'string' && key !== '_csrf' && !/password/i.test(key)) values[key] = value;
  }
  return { form, values, csrfOk: session.verifyCsrf(String(form.get('_csrf') ?? '')) };
}

/** A form page's `headers`: the action's when it set any (a refused post, a redirect), else the loader's. */
export function actionOrLoaderHeaders(args: { actionHeaders: Headers; loaderHeaders: Headers }) {
  const { actionHeaders, loaderHeaders } = args;
  return [...actionHeaders].length ? actionHeaders : loaderHeaders;
}

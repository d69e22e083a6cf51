/**
 * The shared parts of the catalogue pages' actions (issue 15 item 5): the translated refusal of a
 * `CatalogueError` (field messages, the form message, a refused capacity reduction's days) and the redirect
 * after a good post (back to the page with `?ok=<what>` so a reload does not post again).
 */
import { data, redirect } from 'react-router';
import type { Translate } from '~/i18n.server.ts';
import { CatalogueError } from '~/services/backoffice/admin-catalogue.server.ts';
import { ADMIN_HEADERS } from './staff-guard.server.ts';
import type { CatalogueFailure } from '~/components/admin/catalogue/failure.ts';

/**
 * The answer to a refused catalogue write: 404 is thrown (the admin layout's not-found), every other
 * `CatalogueError` becomes its status with translated messages; other errors are rethrown (500).
 */
export function catalogueRefusal(
  error: unknown,
  t: Translate,
  form: { intent: string; listId?: string | null; values: Record<string, string>; cells?: string[] },
) {
  if (!(error instanceof CatalogueError)) throw error;
  if (error.status === 404) throw data(null, { status: 404, headers: ADMIN_HEADERS });
  const errors = Object.fromEntries(
    Object.entries(error.fields).map(([field, keys]) => [field, t(keys[0] ?? 'validation.invalid', error.params)]),
  );
  const message =
    error.messageKey === 'validation.failed' ? t('admin.catalogue.error.failed') : t(error.messageKey, error.params);
  const conflicts = error.conflicts.map((c) =>
    t('admin.catalogue.capacity.conflict_day', { day: c.day, booked: c.booked, capacity: c.capacity }),
  );
  return data<CatalogueFailure>(
    {
      intent: form.intent,
      listId: form.listId ?? null,
      errors,
      message,
      values: form.values,
      cells: form.cells ?? [],
      conflicts,
    },
    { status: error.status, headers: ADMIN_HEADERS },
  );
}

/** The redirect after a good post: the same page with `ok` (and its count) for the confirmation. */
export function savedRedirect(request: Request, ok: string, count?: number): Response {
  const url = new URL(request.url);
  url.searchParams.set('ok', ok);
  if (count === undefined) url.searchParams.delete('count');
  else url.searchParams.set('count', String(count));
  return redirect(url.pathname + url.search, { headers: ADMIN_HEADERS });
}

/** The confirmation of `?ok=` as a translated text, or null (only known keys; the count as `:count`). */
export function savedMessage(request: Request, t: Translate): string | null {
  const url = new URL(request.url);
  const ok = url.searchParams.get('ok');
  if (!ok || !/^[a-z_]{1,40}$/.test(ok)) return null;
  const key = `admin.catalogue.saved.${ok}`;
  const text = t(key, { count: Number(url.searchParams.get('count') ?? 0) || 0 });
  return text === key ? null : text;
}

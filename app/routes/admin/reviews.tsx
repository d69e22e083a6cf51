import { data, Form, redirect, useRouteLoaderData } from 'react-router';
import { formatInstant } from '~/components/admin/admin-format.ts';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import { SHOP_RATING_ID } from '~/domain/ratings.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  listAdminReviews,
  listReviewScopes,
  ReviewAdminError,
  reviewProviderConfigured,
  setReviewHidden,
  startReviewImport,
} from '~/services/backoffice/admin-reviews.server.ts';
import { adminRefusal, startAdminAction } from './helpers/admin-form.server.ts';
import { ADMIN_HEADERS, requireStaff } from './helpers/staff-guard.server.ts';
import { parseRowId } from '~/domain/row-id.ts';
import type { Route } from './+types/reviews';
import type { loader as layoutLoader } from './layout.tsx';

/**
 * admin.reviews (`/admin/bewertungen`, issue 15 item 7, admin only): the stored reviews per airport (`?id=` a
 * rating id, `?versteckt=1` hidden ones only, `?seite=`), hiding and showing one, starting an import.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, 'reviews');
  const { app } = args.context.get(shopContext);
  const params = new URL(args.request.url).searchParams;
  const scopes = await listReviewScopes(app.db, toLocale(args.params.lang));
  const wanted = params.get('id');
  const ratingId = scopes.some((s) => s.ratingId === wanted) ? wanted : null;
  const hiddenOnly = params.get('versteckt') === '1';
  const page = parseRowId(params.get('seite')) ?? 1;
  const list = await listAdminReviews(app.db, { ratingId, hiddenOnly, page });
  const done = params.get('erledigt');
  return data(
    {
      scopes,
      filter: { ratingId, hiddenOnly, page },
      ...list,
      lastPage: Math.max(1, Math.ceil(list.total / ADMIN_REVIEWS_PAGE_SIZE)),
      providerConfigured: reviewProviderConfigured(app.env),
      done: ['hidden', 'shown', 'imported'].includes(done ?? '') ? done : null,
      imported: params.get('neu'),
    },
    { headers: ADMIN_HEADERS },
  );
}

/** Hides or shows a review (`intent=hide|unhide`, `reviewId`), or starts an import (`intent=import`). */
export async function action(args: Route.ActionArgs) {
  const { actor, app, values, intent, t, locale, failure } = await startAdminAction(args, 'reviews');
  if (failure) return failure;
  // Back to the list as it was (its filter and page come along in `back`), with a notice.
  const backQuery = new URLSearchParams(
    typeof values.back === 'string' && values.back.startsWith('?') ? values.back.slice(1) : '',
  );
  const back = (done: string, extra: Record<string, string> = {}) => {
    backQuery.set('erledigt', done);
    for (const [k, v] of Object.entries(extra)) backQuery.set(k, v);
    return redirect(`${localePath(locale, '/admin/bewertungen')}?${backQuery}`, { headers: ADMIN_HEADERS });
  };
  try {
    if (intent === 'hide' || intent === 'unhide') {
      const id = parseRowId(values.reviewId);
      if (id === null) throw data(null, { status: 404, headers: ADMIN_HEADERS });
      await setReviewHidden(app.db, actor, id, intent === 'hide', app.now());
      return back(intent === 'hide' ? 'hidden' : 'shown');
    }
    if (intent === 'import') {
      const result = await startReviewImport({ db: app.db, env: app.env }, actor, app.now());
      return back('imported', { neu: String(result.inserted) });
    }
    return data(
      { intent, errors: {}, message: t('validation.invalid'), values },
      { status: 400, headers: ADMIN_HEADERS },
    );
  } catch (error) {
    if (error instanceof ReviewAdminError && error.reason) {
      app.logger.warn({ err: error.reason }, 'back office: ratings import failed');
    }
    return adminRefusal(error, t, intent, values);
  }
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return [...actionHeaders].length ? actionHeaders : loaderHeaders;
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const href = useHref();
  const layout = useRouteLoaderData<typeof layoutLoader>('admin');
  const csrf = layout?.csrfToken ?? '';
  const { scopes, filter, reviews, total, page, lastPage } = { ...loaderData, page: loaderData.filter.page };
  const scopeLabel = (ratingId: string) => {
    const scope = scopes.find((s) => s.ratingId === ratingId);
    if (!scope || ratingId === SHOP_RATING_ID) return t('admin.reviews.scope.shop');
    return `${scope.iata} – ${scope.label}`;
  };
  const query = (p: number) => {
    const q = new URLSearchParams();
    if (filter.ratingId) q.set('id', filter.ratingId);
    if (filter.hiddenOnly) q.set('versteckt', '1');
    if (p > 1) q.set('seite', String(p));
    const text = q.toString();
    return text ? `?${text}` : '';
  };
  const back = query(page);
  return (
    <section>
      <title>{t('admin.meta.title', { page: t('admin.reviews.title') })}</title>
      <h1 className="text-2xl font-semibold">{t('admin.reviews.title')}</h1>
      {loaderData.done && (
        <p role="status" className="mt-3 rounded border border-green-700 bg-green-50 p-3 text-green-900">
          {t(`admin.reviews.done.${loaderData.done}`, { count: loaderData.imported ?? '0' })}
        </p>
      )}
      {actionData?.message && (
        <p role="alert" className="mt-3 rounded border border-red-700 bg-red-50 p-3 text-red-900">
          {actionData.message}
        </p>
      )}

      <section className="card mt-4 p-4" aria-labelledby="reviews-import-title">
        <h2 id="reviews-import-title" className="text-lg font-semibold">
          {t('admin.reviews.import.title')}
        </h2>
        {loaderData.providerConfigured ? (
          <Form method="post" className="mt-2">
            <input type="hidden" name="_csrf" value={csrf} />
            <input type="hidden" name="back" value={back} />
            <p className="mb-2 text-sm">{t('admin.reviews.import.text')}</p>
            <button type="submit" name="intent" value="import" className="btn-secondary min-h-11">
              {t('admin.reviews.import.submit')}
            </button>
          </Form>
        ) : (
          <p className="mt-2 text-sm">{t('admin.reviews.import.no_provider')}</p>
        )}
      </section>

      <form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 basis-full sm:max-w-md sm:flex-1 sm:basis-auto">
          <label htmlFor="reviews-scope" className="field-label">
            {t('admin.reviews.filter.scope')}
          </label>
          <select id="reviews-scope" name="id" defaultValue={filter.ratingId ?? ''} className="field-input w-full">
            <option value="">{t('admin.reviews.filter.all')}</option>
            {scopes.map((s) => (
              <option key={s.ratingId} value={s.ratingId}>
                {scopeLabel(s.ratingId)} ({t('admin.reviews.filter.counts', { count: s.count, hidden: s.hidden })})
              </option>
            ))}
          </select>
        </div>
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="checkbox" name="versteckt" value="1" defaultChecked={filter.hiddenOnly} />
          {t('admin.reviews.filter.hidden_only')}
        </label>
        <button type="submit" className="btn-secondary min-h-11">
          {t('admin.reviews.filter.submit')}
        </button>
      </form>

      <p className="mt-4 text-sm text-muted">{t('admin.reviews.total', { count: total })}</p>
      <ul className="mt-2 grid gap-3" aria-label={t('admin.reviews.list')}>
        {reviews.map((r) => (
          <li key={r.id} className={`card p-4 ${r.hiddenAt ? 'border-red-700 bg-red-50/40' : ''}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold">
                <span aria-hidden="true">{'★'.repeat(r.rating) + '☆'.repeat(5 - r.rating)}</span>
                <span className="sr-only">{t('admin.reviews.stars', { count: r.rating })}</span>{' '}
                <span className="text-sm font-normal text-muted">
                  {scopeLabel(r.ratingId)} · {formatInstant(r.submittedAt, locale)} · {r.locale.toUpperCase()} ·{' '}
                  {r.provider}
                </span>
              </p>
              {r.hiddenAt && (
                <span className="rounded bg-red-100 px-2 py-0.5 text-sm text-red-900">
                  {t('admin.reviews.hidden_by', {
                    at: formatInstant(r.hiddenAt, locale),
                    by: r.hiddenByEmail ?? '—',
                  })}
                </span>
              )}
            </div>
            <p className="mt-2 whitespace-pre-line break-words">{r.comment || t('admin.reviews.no_comment')}</p>
            <Form method="post" className="mt-2">
              <input type="hidden" name="_csrf" value={csrf} />
              <input type="hidden" name="reviewId" value={r.id} />
              <input type="hidden" name="back" value={back} />
              <button
                type="submit"
                name="intent"
                value={r.hiddenAt ? 'unhide' : 'hide'}
                className="btn-secondary min-h-11"
              >
                {r.hiddenAt ? t('admin.reviews.unhide') : t('admin.reviews.hide')}
                <span className="sr-only"> {t('admin.reviews.review_no', { id: r.id })}</span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
      {lastPage > 1 && (
        <nav aria-label={t('admin.reviews.pages')} className="mt-4 flex items-center gap-3">
          {page > 1 && (
            <a
              className="btn-secondary inline-flex min-h-11 items-center"
              href={href(`/admin/bewertungen${query(page - 1)}`)}
            >
              {t('admin.reviews.previous')}
            </a>
          )}
          <span>{t('admin.reviews.page', { page, lastPage })}</span>
          {page < lastPage && (
            <a
              className="btn-secondary inline-flex min-h-11 items-center"
              href={href(`/admin/bewertungen${query(page + 1)}`)}
            >
              {t('admin.reviews.next')}
            </a>
          )}
        </nav>
      )}
    </section>
  );
}

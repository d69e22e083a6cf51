import { Form } from 'react-router';
import { formatInstant } from '~/components/admin/admin-format.ts';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import { SHOP_RATING_ID } from '~/domain/ratings.ts';
import type { AdminReview, ReviewScope } from '~/domain/review-moderation.ts';

/** The filter of the reviews page as the loader read it. */
export type ReviewFilter = { ratingId: string | null; hiddenOnly: boolean; page: number };

/** A rating id's label: the shop's own, or the airport's IATA code and name. */
function useScopeLabel(scopes: ReviewScope[]) {
  const t = useT();
  return (ratingId: string) => {
    const scope = scopes.find((s) => s.ratingId === ratingId);
    if (!scope || ratingId === SHOP_RATING_ID) return t('admin.reviews.scope.shop');
    return `${scope.iata} – ${scope.label}`;
  };
}

/** The query of the list with `filter` at page `page` (`?id=…&versteckt=1&seite=…`), '' for the first page. */
export function reviewsQuery(filter: ReviewFilter, page: number): string {
  const q = new URLSearchParams();
  if (filter.ratingId) q.set('id', filter.ratingId);
  if (filter.hiddenOnly) q.set('versteckt', '1');
  if (page > 1) q.set('seite', String(page));
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** The filter: one airport's reviews (or the shop's), hidden ones only; a GET form. */
export function ReviewFilterForm({ scopes, filter }: { scopes: ReviewScope[]; filter: ReviewFilter }) {
  const t = useT();
  const scopeLabel = useScopeLabel(scopes);
  return (
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
  );
}

/** The reviews of one page, each with its hide/show button (the list's query `back` comes along). */
export function ReviewList({ reviews, scopes, back }: { reviews: AdminReview[]; scopes: ReviewScope[]; back: string }) {
  const t = useT();
  const locale = useLocale();
  const scopeLabel = useScopeLabel(scopes);
  return (
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
            <CsrfField />
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
  );
}

/** Earlier and later pages of the list. */
export function ReviewPager({ filter, lastPage }: { filter: ReviewFilter; lastPage: number }) {
  const t = useT();
  const href = useHref();
  const { page } = filter;
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={t('admin.reviews.pages')} className="mt-4 flex items-center gap-3">
      {page > 1 && (
        <a
          className="btn-secondary inline-flex min-h-11 items-center"
          href={href(`/admin/bewertungen${reviewsQuery(filter, page - 1)}`)}
        >
          {t('admin.reviews.previous')}
        </a>
      )}
      <span>{t('admin.reviews.page', { page, lastPage })}</span>
      {page < lastPage && (
        <a
          className="btn-secondary inline-flex min-h-11 items-center"
          href={href(`/admin/bewertungen${reviewsQuery(filter, page + 1)}`)}
        >
          {t('admin.reviews.next')}
        </a>
      )}
    </nav>
  );
}

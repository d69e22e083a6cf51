import { useState } from 'react';
import { useLocation } from 'react-router';
import { api } from '~/client/api.ts';
import { REVIEWS_PAGE_PARAM, type RatingsPage, type ReviewView } from '~/domain/ratings.ts';
import { useT } from '../i18n-context.tsx';
import { ReviewItem } from './review-item.tsx';

/** Id of the ratings section, the target of the paging links. */
export const RATINGS_ANCHOR = 'bewertungen';

/**
 * The reviews of a rating id, newest first: the page the server rendered, then "more reviews". That is a link to
 * the next page (`?bewertungen=2#bewertungen`, works without JavaScript); with JavaScript it loads the next page
 * from `GET ekomi-ratings/{id}/{page}` and appends it, moving the focus to the first new review. From page 2 on
 * (reached without JavaScript) a "newer reviews" link leads back.
 */
export function ReviewList({ initial }: { initial: RatingsPage }) {
  const t = useT();
  const location = useLocation();
  const [reviews, setReviews] = useState<ReviewView[]>(initial.reviews);
  const [page, setPage] = useState(initial.page);
  const [lastPage, setLastPage] = useState(initial.lastPage);
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('idle');
  const [focusId, setFocusId] = useState<number | null>(null);

  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target === 1) params.delete(REVIEWS_PAGE_PARAM);
    else params.set(REVIEWS_PAGE_PARAM, String(target));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ''}#${RATINGS_ANCHOR}`;
  };

  async function loadMore(event: React.MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return; // new tab: follow the link
    event.preventDefault();
    if (status === 'loading') return;
    setStatus('loading');
    try {
      const next = await api.ekomiRatings(initial.id, page + 1);
      setReviews((list) => [...list, ...next.reviews.filter((r) => !list.some((old) => old.id === r.id))]);
      setPage(next.page);
      setLastPage(next.lastPage);
      setFocusId(next.reviews[0]?.id ?? null);
      setStatus('idle');
    } catch {
      setStatus('error');
    }
  }

  if (reviews.length === 0) return <p className="card p-5 text-muted">{t('ratings.empty')}</p>;
  return (
    <div>
      <ol className="grid gap-3" aria-label={t('ratings.list')} data-review-list={initial.id}>
        {reviews.map((review) => (
          <ReviewItem key={review.id} review={review} focusOnMount={review.id === focusId} />
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {initial.page > 1 ? (
          <a className="btn-secondary" href={hrefFor(initial.page - 1)} rel="prev">
            {t('ratings.newer')}
          </a>
        ) : null}
        {page < lastPage ? (
          <a
            className="btn-secondary"
            href={hrefFor(page + 1)}
            rel="next"
            onClick={loadMore}
            aria-disabled={status === 'loading' || undefined}
          >
            {status === 'loading' ? (
              <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-line border-t-accent" />
            ) : null}
            {t(status === 'loading' ? 'ratings.loading' : 'ratings.more')}
          </a>
        ) : null}
        <p className="text-sm text-muted" role="status">
          {status === 'error' ? t('ratings.load_error') : t('ratings.page_status', { page, last: lastPage })}
        </p>
      </div>
    </div>
  );
}

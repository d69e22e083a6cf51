import type { RatingsPage } from '~/domain/ratings.ts';
import { useT } from '../i18n-context.tsx';
import { RatingSummary } from './rating-summary.tsx';
import { ReviewChecks } from './review-checks.tsx';
import { RATINGS_ANCHOR, ReviewList } from './review-list.tsx';

/**
 * The ratings of a page (SPEC §2 "see ratings": index and airports.show): heading, the summary card (stars x/5,
 * count, where the reviews come from and how they were checked, decision 0042) and the review list. `scope` says
 * what the figures cover.
 */
export function RatingsSection({ ratings, title, scope }: { ratings: RatingsPage; title: string; scope?: string }) {
  const t = useT();
  return (
    <section
      id={RATINGS_ANCHOR}
      className="mt-12 scroll-mt-20"
      aria-labelledby="ratings-title"
      data-ratings
      data-rating-id={ratings.id}
    >
      <h2 id="ratings-title" className="text-2xl font-semibold">
        {title}
      </h2>
      <div className="mt-4 grid gap-6 lg:grid-cols-[20rem_1fr] lg:items-start">
        <div className="card p-5 lg:sticky lg:top-24">
          <RatingSummary summary={ratings} size="lg" />
          {scope ? <p className="mt-2 text-sm text-ink">{scope}</p> : null}
          <ReviewChecks sources={ratings.sources} className="mt-3" />
          <p className="mt-3 text-sm text-muted">{t('ratings.check.order')}</p>
        </div>
        {/* A new rating id or page (client-side navigation) starts a new list. */}
        <ReviewList key={`${ratings.id}:${ratings.page}`} initial={ratings} />
      </div>
    </section>
  );
}

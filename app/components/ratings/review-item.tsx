import { useState } from 'react';
import { api } from '~/client/api.ts';
import { RATING_MAX } from '~/constants.ts';
import { formatReviewDate, isLongReview, type ReviewView } from '~/domain/ratings.ts';
import type { Locale } from '~/i18n.ts';
import { useLocale, useT } from '../i18n-context.tsx';
import { ReadMore } from '../widgets/read-more.tsx';
import { StarRating } from '../widgets/star-rating.tsx';
import { useHydrated } from '../widgets/use-hydrated.ts';
import { SampleDataBadge } from '../shop/sample-data.tsx';
import { BadgeCheck } from 'lucide-react';

/** The translate button's state: not asked, asking, showing the translation or the original, none, failed. */
type Translation =
  { status: 'idle' | 'loading' | 'none' | 'error' } | { status: 'shown' | 'hidden'; text: string; locale: Locale };

/**
 * One review: stars with their text alternative, its source's mark (sample data, verified stay), date, the
 * comment in its language (`lang`), long ones behind
 * read more / read less (SPEC §2). A review in another language than the page's has a "translate" button
 * (JavaScript only: `GET ekomi-ratings/translate/{id}` in the page's language) that toggles with the original.
 * `focusOnMount`: takes the focus when it appears (the first review a "more reviews" click loaded).
 */
export function ReviewItem({ review, focusOnMount = false }: { review: ReviewView; focusOnMount?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const hydrated = useHydrated();
  const [translation, setTranslation] = useState<Translation>({ status: 'idle' });
  const shown = translation.status === 'shown' ? translation : null;
  const text = shown?.text ?? review.comment;
  const foreign = review.locale !== locale;

  async function toggleTranslation() {
    if (translation.status === 'shown') return setTranslation({ ...translation, status: 'hidden' });
    if (translation.status === 'hidden') return setTranslation({ ...translation, status: 'shown' });
    setTranslation({ status: 'loading' });
    try {
      const answer = await api.ekomiTranslate(review.id);
      setTranslation(
        answer.translated ? { status: 'shown', text: answer.comment, locale: answer.locale } : { status: 'none' },
      );
    } catch {
      setTranslation({ status: 'error' });
    }
  }

  const paragraph = <p className="whitespace-pre-line">{text}</p>;
  return (
    <li>
      <article
        className="card p-4 outline-offset-4 sm:p-5"
        data-review-id={review.id}
        tabIndex={focusOnMount ? -1 : undefined}
        ref={focusOnMount ? (el) => el?.focus() : undefined}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <StarRating
            value={review.rating}
            size={16}
            label={t('ratings.review.label', { rating: review.rating, max: RATING_MAX })}
          />
          <span className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
            {/* what the source says about the review (decision 0042): invented, or tied to a completed stay */}
            <SampleDataBadge when={review.source === 'demo'} />
            {review.source === 'stay' ? (
              <span className="inline-flex items-center gap-1 font-medium text-success" data-review-source="stay">
                <BadgeCheck aria-hidden size={14} />
                {t('ratings.badge.stay')}
              </span>
            ) : null}
            <time dateTime={review.date}>{formatReviewDate(review.date, locale)}</time>
          </span>
        </div>
        {text ? (
          <div className="mt-2 leading-relaxed" lang={shown?.locale ?? review.locale}>
            {isLongReview(text) ? <ReadMore key={text}>{paragraph}</ReadMore> : paragraph}
          </div>
        ) : (
          <p className="mt-2 text-sm text-muted">{t('ratings.no_text')}</p>
        )}
        {foreign && review.comment ? (
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <span>{t(shown ? `ratings.translated_from.${review.locale}` : `ratings.written_in.${review.locale}`)}</span>
            {hydrated && translation.status !== 'none' ? (
              <button
                type="button"
                className="font-medium text-accent hover:underline disabled:opacity-60"
                onClick={toggleTranslation}
                disabled={translation.status === 'loading'}
              >
                {translation.status === 'loading'
                  ? t('ratings.translating')
                  : shown
                    ? t('ratings.show_original')
                    : translation.status === 'hidden'
                      ? t('ratings.show_translation')
                      : t('ratings.translate')}
              </button>
            ) : null}
            <span role="status">
              {translation.status === 'none'
                ? t('ratings.no_translation')
                : translation.status === 'error'
                  ? t('ratings.translate_error')
                  : ''}
            </span>
          </div>
        ) : null}
      </article>
    </li>
  );
}

import { RATING_MAX } from '~/constants.ts';
import type { RatingSummary as Summary } from '~/domain/ratings.ts';
import { useLocale, useT } from '../i18n-context.tsx';
import { StarRating } from '../widgets/star-rating.tsx';
import { numberFormat } from '~/domain/intl-cache.ts';
import { SampleDataBadge } from '../shop/sample-data.tsx';

const STAR_SIZE = { sm: 14, md: 18, lg: 26 } as const;

/**
 * Average and count of a rating id as stars and "x/5" (SPEC §2), e.g. ★★★★½ 4,6/5 · 128 Bewertungen; "no reviews
 * yet" while there is none. Carries `data-rating-id` (DESIGN §8). Screen readers hear one sentence,
 * "4,6 von 5 Sternen, 128 Bewertungen" (`context="lot"` says it is the car park's own on an offer card).
 * `caption` names whose rating it is ("alle Parkplätze am Flughafen Frankfurt", decision 0042); a "sample data"
 * badge follows when demo reviews are counted.
 */
export function RatingSummary({
  summary,
  size = 'md',
  context,
  caption,
}: {
  summary: Summary;
  size?: keyof typeof STAR_SIZE;
  context?: 'lot';
  caption?: string;
}) {
  const t = useT();
  const locale = useLocale();
  if (summary.average === null) {
    return (
      <p className="text-sm text-muted" data-rating-id={summary.id} data-rating-count={0}>
        {t('ratings.none')}
      </p>
    );
  }
  const number = numberFormat(locale);
  const count = number.format(summary.count);
  const average = numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const sentence = t(summary.count === 1 ? 'ratings.summary.label_one' : 'ratings.summary.label', {
    average: average.format(summary.average),
    max: RATING_MAX,
    count,
  });
  return (
    <p
      className={`flex flex-wrap items-center gap-x-2 gap-y-1 ${size === 'lg' ? 'text-base' : 'text-sm'}`}
      data-rating-id={summary.id}
      data-rating-average={summary.average}
      data-rating-count={summary.count}
    >
      <StarRating
        value={summary.average}
        size={STAR_SIZE[size]}
        label={context === 'lot' ? t('ratings.lot.label', { label: sentence }) : sentence}
      />
      <span className="text-muted" aria-hidden>
        {size === 'sm' ? `(${count})` : t(summary.count === 1 ? 'ratings.count_one' : 'ratings.count', { count })}
      </span>
      {caption ? <span className="text-muted">· {caption}</span> : null}
      <SampleDataBadge when={summary.sources.includes('demo')} />
    </p>
  );
}

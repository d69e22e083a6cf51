import { BadgeCheck, FlaskConical } from 'lucide-react';
import { reviewCheckKeys, type ReviewSource } from '~/domain/ratings.ts';
import { useT } from '../i18n-context.tsx';

/**
 * Next to shown reviews: whether and how they were checked to come from real customers (§ 5b Abs. 3 UWG;
 * decision 0042), one statement per source actually shown (`sources` of the summary): verified stay, eKomi's
 * invitation after an order, or "not checked" for the sample reviews (in the sample-data note's colours). Names a
 * provider only when its reviews are shown. Nothing without reviews.
 */
export function ReviewChecks({ sources, className = '' }: { sources: readonly ReviewSource[]; className?: string }) {
  const t = useT();
  const keys = reviewCheckKeys(sources);
  if (keys.length === 0) return null;
  return (
    <div className={`text-sm ${className}`} data-review-checks={sources.join(' ')}>
      <p className="font-semibold text-ink">{t('ratings.check.title')}</p>
      {keys.map((key) =>
        key === 'ratings.check.demo' ? (
          <p
            key={key}
            role="note"
            className="mt-2 flex items-start gap-2 rounded-lg border border-warn bg-warn-soft px-3 py-2 text-ink"
            data-sample-data
          >
            <FlaskConical aria-hidden size={16} className="mt-0.5 shrink-0 text-warn" />
            <span>
              <strong className="font-semibold">{t('sample.badge')}.</strong> {t(key)}
            </span>
          </p>
        ) : (
          <p key={key} className="mt-2 flex items-start gap-2 text-ink">
            <BadgeCheck aria-hidden size={16} className="mt-0.5 shrink-0 text-success" />
            <span>{t(key)}</span>
          </p>
        ),
      )}
    </div>
  );
}

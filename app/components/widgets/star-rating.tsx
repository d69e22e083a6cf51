import { RATING_MAX, RATING_MIN } from '~/constants.ts';
import { clampRating } from '~/client/slider.ts';
import { useLocale, useT } from '../i18n-context.tsx';
import { numberFormat } from '~/domain/intl-cache.ts';

/**
 * Star rating shown as x/5 (SPEC §2, §9: scale 0 to 5). Stars are partly filled for fractions; the text
 * "x/5" is visible and the whole is labelled for screen readers (`label` replaces the default label, e.g.
 * "4,6 von 5 Sternen, 128 Bewertungen").
 */
export function StarRating({
  value,
  size = 18,
  showText = true,
  label,
}: {
  value: number;
  size?: number;
  showText?: boolean;
  label?: string;
}) {
  const t = useT();
  const locale = useLocale();
  const rating = clampRating(value, RATING_MIN, RATING_MAX);
  const text = `${numberFormat(locale, { maximumFractionDigits: 1 }).format(rating)}/${RATING_MAX}`;
  return (
    <span
      className="inline-flex items-center gap-2"
      role="img"
      aria-label={label ?? t('js.rating.label', { value: text })}
      data-rating={rating}
    >
      {/* Two rows of stars (.star-row in app.css): grey, and over it the coloured part cut at the rating. */}
      <span
        className="relative inline-block shrink-0"
        style={{ width: size * RATING_MAX, height: size, '--star': `${size}px` } as React.CSSProperties}
        aria-hidden
      >
        <span className="star-row absolute inset-0 text-line" />
        <span
          className="star-row absolute inset-y-0 left-0 text-star"
          style={{ width: `${(rating / RATING_MAX) * 100}%` }}
        />
      </span>
      {showText ? (
        <span className="text-sm font-semibold text-ink" aria-hidden>
          {text}
        </span>
      ) : null}
    </span>
  );
}

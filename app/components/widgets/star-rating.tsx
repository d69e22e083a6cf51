import { RATING_MAX, RATING_MIN } from '~/constants.ts';
import { clampRating } from '~/client/slider.ts';
import { useLocale, useT } from '../i18n-context.tsx';
import { numberFormat } from '~/domain/intl-cache.ts';

/**
 * The box of the five stars per star size (px), as classes: the Content-Security-Policy allows no inline style
 * attributes (issue 14), so no `style` is rendered.
 */
const SIZE_CLASSES = {
  14: 'h-[14px] w-[70px] [--star:14px]',
  16: 'h-[16px] w-[80px] [--star:16px]',
  18: 'h-[18px] w-[90px] [--star:18px]',
  26: 'h-[26px] w-[130px] [--star:26px]',
} as const;

/** Star sizes in px that {@link StarRating} draws. */
export type StarSize = keyof typeof SIZE_CLASSES;

/**
 * Width of the coloured row in steps of a tenth of a star (2 %), written out so Tailwind generates each class;
 * the visible text carries the exact value.
 */
// prettier-ignore
const FILL_CLASSES = ['w-[0%]', 'w-[2%]', 'w-[4%]', 'w-[6%]', 'w-[8%]', 'w-[10%]', 'w-[12%]', 'w-[14%]', 'w-[16%]', 'w-[18%]', 'w-[20%]', 'w-[22%]', 'w-[24%]', 'w-[26%]', 'w-[28%]', 'w-[30%]', 'w-[32%]', 'w-[34%]', 'w-[36%]', 'w-[38%]', 'w-[40%]', 'w-[42%]', 'w-[44%]', 'w-[46%]', 'w-[48%]', 'w-[50%]', 'w-[52%]', 'w-[54%]', 'w-[56%]', 'w-[58%]', 'w-[60%]', 'w-[62%]', 'w-[64%]', 'w-[66%]', 'w-[68%]', 'w-[70%]', 'w-[72%]', 'w-[74%]', 'w-[76%]', 'w-[78%]', 'w-[80%]', 'w-[82%]', 'w-[84%]', 'w-[86%]', 'w-[88%]', 'w-[90%]', 'w-[92%]', 'w-[94%]', 'w-[96%]', 'w-[98%]', 'w-[100%]'] as const;

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
  size?: StarSize;
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
      <span className={`relative inline-block shrink-0 ${SIZE_CLASSES[size]}`} aria-hidden>
        <span className="star-row absolute inset-0 text-line" />
        <span
          className={`star-row absolute inset-y-0 left-0 text-star ${FILL_CLASSES[Math.round((rating / RATING_MAX) * 50)]}`}
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

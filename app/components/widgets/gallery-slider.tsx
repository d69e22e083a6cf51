/**
 * Image gallery slider (SPEC §2): infinite (wraps both ways), starts at `startIndex`, arrows, dots, keyboard
 * (←/→) and swipe (touch gestures with mouse fallback). A small own slider instead of embla-carousel: one
 * transform, no runtime dependency. Lazily loaded as the `gallery` feature (see `~/client/features.ts`).
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { wrapIndex } from '~/client/slider.ts';
import { useT } from '../i18n-context.tsx';
import { useGestures } from './use-gestures.ts';

/** One gallery image. */
export type GalleryImage = { src: string; alt: string; width?: number; height?: number };

/** The slider. `label` names the region for screen readers. */
export default function GallerySlider({
  images,
  startIndex = 0,
  label,
}: {
  images: GalleryImage[];
  startIndex?: number;
  label?: string;
}) {
  const t = useT();
  const count = images.length;
  const [index, setIndex] = useState(() => wrapIndex(startIndex, count));
  const go = (delta: number) => setIndex((i) => wrapIndex(i + delta, count));
  const ref = useGestures<HTMLDivElement>((g) => {
    if (g.type === 'swipe' && (g.direction === 'left' || g.direction === 'right')) go(g.direction === 'left' ? 1 : -1);
  });
  if (count === 0) return null;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys from the carousel's own buttons, delegated
    <section
      aria-roledescription="carousel"
      aria-label={label ?? t('js.gallery.label')}
      className="relative select-none"
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(-1);
        if (e.key === 'ArrowRight') go(1);
      }}
      data-gallery
    >
      <div ref={ref} className="overflow-hidden rounded-xl bg-ink/5">
        <div
          className="flex transition-transform duration-300 ease-out"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {images.map((image, i) => (
            <div
              key={image.src + i}
              className="w-full shrink-0"
              role="group"
              aria-roledescription="slide"
              aria-label={t('js.gallery.slide', { index: i + 1, count })}
              aria-hidden={i !== index}
            >
              <img
                src={image.src}
                alt={image.alt}
                width={image.width}
                height={image.height}
                draggable={false}
                loading={i === index ? 'eager' : 'lazy'}
                className="aspect-[4/3] w-full object-cover"
              />
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            onClick={() => go(-1)}
            aria-label={t('js.gallery.previous')}
            className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 shadow"
          >
            <ChevronLeft aria-hidden size={20} />
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            aria-label={t('js.gallery.next')}
            className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 shadow"
          >
            <ChevronRight aria-hidden size={20} />
          </button>
          <div className="mt-3 flex justify-center gap-1.5">
            {images.map((image, i) => (
              <button
                key={image.src + i}
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t('js.gallery.slide', { index: i + 1, count })}
                aria-current={i === index}
                className={`h-2.5 w-2.5 rounded-full ${i === index ? 'bg-accent' : 'bg-line'}`}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}

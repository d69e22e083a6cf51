/**
 * Image gallery slider (SPEC §2): infinite (wraps both ways), starts at `startIndex`, arrows, dots, keyboard
 * (←/→) and swipe. Built on embla-carousel (DESIGN §1: `loop`, `startIndex`); the swipe comes from the shop's
 * own touch-gesture recognizer (SPEC §2, §9: 30 px swipe tolerance, mouse fallback), so embla's own dragging
 * is off and one swipe always moves exactly one image. Lazily loaded as the `gallery` feature (see
 * `~/client/features.ts`) in the `airportGallery` and `gallery` modals.
 */
import type { EmblaOptionsType } from 'embla-carousel';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
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
  const start = wrapIndex(startIndex, count);
  const options: EmblaOptionsType = { loop: true, startIndex: start, watchDrag: false, duration: 22 };
  const [viewportRef, embla] = useEmblaCarousel(options);
  const [index, setIndex] = useState(start);
  useEffect(() => {
    if (!embla) return;
    const select = () => setIndex(embla.selectedScrollSnap());
    embla.on('select', select).on('reInit', select);
    return () => {
      embla.off('select', select).off('reInit', select);
    };
  }, [embla]);
  const go = (delta: number) => (delta > 0 ? embla?.scrollNext() : embla?.scrollPrev());
  const gesturesRef = useGestures<HTMLDivElement>((g) => {
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
      <div
        ref={(node) => {
          viewportRef(node);
          gesturesRef.current = node;
        }}
        className="overflow-hidden rounded-xl bg-ink/5"
      >
        <div className="flex touch-pan-y">
          {images.map((image, i) => (
            <div
              key={image.src + i}
              className="min-w-0 shrink-0 grow-0 basis-full"
              role="group"
              aria-roledescription="slide"
              aria-label={t('js.gallery.slide', { index: i + 1, count })}
              aria-hidden={i !== index}
              data-slide-index={i}
            >
              <img
                src={image.src}
                alt={image.alt}
                width={image.width}
                height={image.height}
                draggable={false}
                loading={i === start ? 'eager' : 'lazy'}
                className="aspect-video w-full object-cover"
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
            className="absolute left-2 top-[calc(50%-1rem)] -translate-y-1/2 rounded-full bg-white/90 p-2 shadow"
          >
            <ChevronLeft aria-hidden size={20} />
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            aria-label={t('js.gallery.next')}
            className="absolute right-2 top-[calc(50%-1rem)] -translate-y-1/2 rounded-full bg-white/90 p-2 shadow"
          >
            <ChevronRight aria-hidden size={20} />
          </button>
          <div className="mt-3 flex justify-center gap-1">
            {images.map((image, i) => (
              <button
                key={image.src + i}
                type="button"
                onClick={() => embla?.scrollTo(i)}
                aria-label={t('js.gallery.slide', { index: i + 1, count })}
                aria-current={i === index}
                className="flex h-6 w-6 items-center justify-center"
              >
                <span aria-hidden className={`h-2.5 w-2.5 rounded-full ${i === index ? 'bg-accent' : 'bg-line'}`} />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}

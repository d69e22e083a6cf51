/**
 * The airport gallery of airports.show (SPEC §2 modal `airportGallery`): server-rendered thumbnails that link to
 * the full image (so they work without JavaScript); with JavaScript a plain click opens the `airportGallery` modal
 * with the lazily loaded slider (feature `gallery`, infinite, starting at the clicked image). Pointing at or
 * focusing a thumbnail fetches the slider chunk ahead.
 */
import { useState } from 'react';
import { loadFeature } from '~/client/features.ts';
import { readHead } from '~/client/head.ts';
import { modals } from '~/client/runtime.ts';
import { LazyFeature } from '../widgets/lazy-feature.tsx';
import { Modal } from '../widgets/modal.tsx';
import { useT } from '../i18n-context.tsx';

/** One picture. */
export type AirportImage = { src: string; alt: string };

function prefetch() {
  loadFeature('gallery', readHead().routeName).catch(() => undefined);
}

/** Thumbnails plus the modal. `title` names the modal (e.g. "Eindrücke: Flughafen Frankfurt"). */
export function AirportGallery({ images, title }: { images: AirportImage[]; title: string }) {
  const t = useT();
  const [start, setStart] = useState(0);
  return (
    <>
      <ul className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3" data-airport-gallery>
        {images.map((image, i) => (
          <li key={image.src}>
            <a
              href={image.src}
              className="group block overflow-hidden rounded-xl border border-line focus-visible:outline-offset-4"
              data-gallery-index={i}
              onPointerEnter={prefetch}
              onFocus={prefetch}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                setStart(i);
                modals.open('airportGallery', event.currentTarget);
              }}
            >
              <img
                src={image.src}
                alt={image.alt}
                width={1200}
                height={675}
                loading="lazy"
                className="aspect-video w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
              />
              <span className="sr-only">{t('feature.gallery.open')}</span>
            </a>
          </li>
        ))}
      </ul>
      <Modal name="airportGallery" title={title} size="lg">
        <LazyFeature key={start} name="gallery" props={{ images, startIndex: start, label: title }} />
      </Modal>
    </>
  );
}

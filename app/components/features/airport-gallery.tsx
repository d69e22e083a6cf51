/**
 * The galleries of airports.show (SPEC §2 modals `airportGallery` and `gallery`): server-rendered thumbnails that
 * link to the full image (so they work without JavaScript); with JavaScript a plain click opens the modal with
 * the lazily loaded slider (feature `gallery`, infinite, starting at the clicked image). Pointing at or
 * focusing a thumbnail fetches the slider chunk ahead. `airportGallery` shows the airport's pictures; `gallery`
 * the pictures of one parking lot (one modal for all lots: {@link useGallery} remembers which).
 */
import { useCallback, useState } from 'react';
import { loadFeature } from '~/client/features.ts';
import { readHead } from '~/client/head.ts';
import type { ModalName } from '~/client/modal-store.ts';
import { modals } from '~/client/runtime.ts';
import { LazyFeature } from '../widgets/lazy-feature.tsx';
import { Modal } from '../widgets/modal.tsx';
import { useT } from '../i18n-context.tsx';

/** One picture (width and height in CSS pixels at natural size; our illustrations are 1200 × 675). */
export type AirportImage = { src: string; alt: string; width?: number; height?: number };

function prefetch() {
  loadFeature('gallery', readHead().routeName).catch(() => undefined);
}

/** Thumbnails, each a link to its image; a plain click calls `onOpen` with its index instead. */
export function GalleryThumbs({
  images,
  onOpen,
  className = 'mt-4 grid grid-cols-2 gap-3 md:grid-cols-3',
  openLabel,
}: {
  images: AirportImage[];
  onOpen: (index: number, opener: HTMLElement) => void;
  className?: string;
  /** hidden text after each image's alt text (default "(in der Galerie öffnen)") */
  openLabel?: string;
}) {
  const t = useT();
  return (
    <ul className={className} data-airport-gallery>
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
              onOpen(i, event.currentTarget);
            }}
          >
            <img
              src={image.src}
              alt={image.alt}
              width={image.width ?? 1200}
              height={image.height ?? 675}
              loading="lazy"
              className="aspect-video w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
            />
            <span className="sr-only">{openLabel ?? t('feature.gallery.open')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Which images a gallery modal shows, from which index, and a function that opens it. */
export function useGallery(name: ModalName) {
  const [state, setState] = useState<{ images: AirportImage[]; start: number; title: string } | null>(null);
  const open = useCallback(
    (next: { images: AirportImage[]; start: number; title: string }, opener: HTMLElement | null) => {
      setState(next);
      modals.open(name, opener);
    },
    [name],
  );
  return { state, open };
}

/** A gallery modal with the slider (feature `gallery`) over `images`, starting at `start`. */
export function GalleryModal({
  name,
  title,
  images,
  start,
}: {
  name: ModalName;
  title: string;
  images: AirportImage[];
  start: number;
}) {
  return (
    <Modal name={name} title={title} size="lg">
      <LazyFeature
        key={`${start}:${images[0]?.src ?? ''}`}
        name="gallery"
        props={{ images, startIndex: start, label: title }}
      />
    </Modal>
  );
}

/** The airport's thumbnails plus the `airportGallery` modal. `title` names the modal (e.g. "Eindrücke: Flughafen Frankfurt"). */
export function AirportGallery({ images, title }: { images: AirportImage[]; title: string }) {
  const [start, setStart] = useState(0);
  const sized = images.map((image) => ({ width: 1200, height: 675, ...image }));
  return (
    <>
      <GalleryThumbs
        images={sized}
        onOpen={(i, opener) => {
          setStart(i);
          modals.open('airportGallery', opener);
        }}
      />
      <GalleryModal name="airportGallery" title={title} images={sized} start={start} />
    </>
  );
}

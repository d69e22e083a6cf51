/**
 * Access routing of the airport page (SPEC §2 "access routing"): one entry per car park with its address,
 * coordinates, transfer, opening hours, phone and arrival instructions, links that open the visitor's own map
 * app (`geo:`, Apple Maps, Google Maps, OpenStreetMap: plain links, nothing is requested before a click) and
 * the lot's pictures (modal `gallery`, one modal for every lot). Each entry's id is the target of its map marker.
 */
import { Clock, MapPin, Navigation, Phone } from 'lucide-react';
import { directionLinks, formatCoordinates } from '~/domain/directions.ts';
import { LOT_IMAGE_SIZE, lotImages } from '~/domain/lot-images.ts';
import { GalleryModal, GalleryThumbs, useGallery } from '../features/airport-gallery.tsx';
import { lotAnchor } from '../features/map-overview-svg.tsx';
import { useT } from '../i18n-context.tsx';
import type { AirportPageLot } from '~/domain/airport-page-view.ts';

/** A car park as its directions entry shows it: the airport page's lot (its one shape lives in app/domain). */
export type DirectionsLot = AirportPageLot;

const linkClass =
  'inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-line bg-card px-3 py-1.5 text-sm font-medium text-accent hover:border-accent';

/** The directions entries, numbered like the map's lot markers. */
export function LotDirections({ lots }: { lots: DirectionsLot[] }) {
  const t = useT();
  const gallery = useGallery('gallery');
  if (lots.length === 0) return null;
  return (
    <>
      <h3 className="mt-8 text-xl font-semibold">{t('directions.lots.title')}</h3>
      <ol className="mt-4 grid gap-4 lg:grid-cols-2" data-lot-directions>
        {lots.map((lot, i) => {
          const links = directionLinks(lot);
          const images = lotImages(lot).map((image) => ({
            src: image.src,
            alt: t(image.altKey, { lot: lot.name }),
            ...LOT_IMAGE_SIZE,
          }));
          const title = t('directions.gallery.title', { lot: lot.name });
          return (
            <li key={lot.id} id={lotAnchor(lot.id)} className="card scroll-mt-24 p-5" aria-labelledby={`lot-${lot.id}`}>
              <h4 id={`lot-${lot.id}`} className="flex items-start gap-2 text-lg font-semibold">
                <span
                  aria-hidden
                  className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded bg-success text-sm font-bold text-white"
                >
                  {i + 1}
                </span>
                <span>
                  <span className="sr-only">{t('feature.map.lot_number', { number: i + 1, name: '' })}</span>
                  {lot.name}
                  <span className="block text-sm font-normal text-muted">{lot.operator}</span>
                </span>
              </h4>
              <address className="mt-3 flex gap-2 text-sm not-italic">
                <MapPin aria-hidden size={16} className="mt-0.5 shrink-0 text-muted" />
                <span>
                  {lot.addressLines[0]}
                  <br />
                  {lot.addressLines[1]}
                  <span className="block text-muted" data-coordinates>
                    {formatCoordinates(lot.latitude, lot.longitude)}
                  </span>
                </span>
              </address>
              <p className="mt-2 flex gap-2 text-sm">
                <Clock aria-hidden size={16} className="mt-0.5 shrink-0 text-muted" />
                <span>{lot.openingHours}</span>
              </p>
              {lot.phone ? (
                <p className="mt-2 flex gap-2 text-sm">
                  <Phone aria-hidden size={16} className="mt-0.5 shrink-0 text-muted" />
                  <a className="text-accent underline" href={`tel:${lot.phone.replace(/[^+\d]/g, '')}`}>
                    {lot.phone}
                  </a>
                </p>
              ) : null}
              <p className="mt-4 text-sm font-semibold">{t('directions.open_in')}</p>
              <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('directions.links_label', { lot: lot.name })}>
                <li>
                  <a className={linkClass} href={links.geo} data-direction="geo">
                    <Navigation aria-hidden size={15} />
                    {t('directions.geo')}
                  </a>
                </li>
                {(
                  [
                    ['apple', 'Apple Maps'],
                    ['google', 'Google Maps'],
                    ['osm', 'OpenStreetMap'],
                  ] as const
                ).map(([key, label]) => (
                  <li key={key}>
                    <a
                      className={linkClass}
                      href={links[key]}
                      target="_blank"
                      rel="noopener noreferrer"
                      data-direction={key}
                    >
                      {label}
                      <span className="sr-only"> ({t('directions.new_window')})</span>
                    </a>
                  </li>
                ))}
              </ul>
              <details className="mt-4 text-sm">
                <summary className="cursor-pointer font-medium text-accent">{t('directions.arrival')}</summary>
                <p className="mt-2 text-ink">{lot.arrivalInstructions}</p>
              </details>
              <GalleryThumbs
                images={images}
                className="mt-4 grid grid-cols-3 gap-2 sm:grid-cols-4"
                onOpen={(start, opener) => gallery.open({ images, start, title }, opener)}
              />
            </li>
          );
        })}
      </ol>
      <GalleryModal
        name="gallery"
        title={gallery.state?.title ?? t('js.gallery.label')}
        images={gallery.state?.images ?? []}
        start={gallery.state?.start ?? 0}
      />
    </>
  );
}

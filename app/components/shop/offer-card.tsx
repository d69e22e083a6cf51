import { Ban, Bus, Car, CarFront, Clock, KeyRound, MapPin, ShieldCheck, Umbrella, Zap } from 'lucide-react';
import { FEW_SPACES_LEFT } from '~/domain/availability.ts';
import type { Offer } from '~/domain/offer.ts';
import { formatMoney } from '~/domain/money.ts';
import { distanceMode, formatDistance } from '~/domain/distance.ts';
import { LOT_IMAGE_SIZE, lotImages } from '~/domain/lot-images.ts';
import { useLocale, useT } from '../i18n-context.tsx';
import { SampleDataBadge } from './sample-data.tsx';
import type { RatingSummary as Summary } from '~/domain/ratings.ts';
import { RatingSummary } from '../ratings/rating-summary.tsx';

const CATEGORY_ICON = { shuttle: Bus, valet: KeyRound, terminal: CarFront } as const;

/**
 * One offer: category badge, lot (a sample-data badge beside the operator while SHOP_SAMPLE_DATA is on), distance
 * (by road or on foot, never the straight line) and transfer, keys, covered, cancellation, the total price as
 * the largest figure with the price per day below, and one "book" button (DESIGN §10).
 * `bookForm` renders the button's form (it differs between JS and no-JS submission). `rating`: the car park's own
 * customer rating as stars and count (DESIGN §10 rating stars; decision 0042), when it has reviews. A picture of
 * the car park (covered deck or open-air, issue 37 item 3) leads the card; only the first card's loads at once.
 */
export function OfferCard({
  offer,
  bookButton,
  rating,
  servicesLink,
  imageLoading = 'lazy',
}: {
  offer: Offer;
  /** `eager` for the first card of the page (likely in view), `lazy` below it */
  imageLoading?: 'eager' | 'lazy';
  bookButton: React.ReactNode;
  rating?: Summary | null;
  /** the link that opens what the tariff includes (modal `services`) */
  servicesLink?: React.ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  const Icon = CATEGORY_ICON[offer.category];
  const unavailable = offer.soldOut || !offer.price;
  // The car park itself (its first picture), not the shuttle or the handover.
  const [image] = lotImages({ features: offer.features, categories: [offer.category] });
  return (
    <article
      className={`render-when-near card flex flex-col gap-4 p-5 [contain-intrinsic-size:auto_18rem] sm:flex-row sm:items-stretch ${unavailable ? 'opacity-80' : ''}`}
      aria-labelledby={`offer-${offer.tariffId}-name`}
      data-tariff-id={offer.tariffId}
      data-tariff-category={offer.category}
      data-distance-meters={offer.distanceMeters}
    >
      <img
        src={image.src}
        alt={t(image.altKey, { lot: offer.lotName })}
        width={LOT_IMAGE_SIZE.width}
        height={LOT_IMAGE_SIZE.height}
        loading={imageLoading}
        decoding="async"
        className="aspect-[2/1] h-auto w-full rounded-xl bg-surface object-cover sm:aspect-video sm:w-44 sm:self-start lg:w-56"
        data-offer-image
      />
      <div className="flex-1">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-2.5 py-1 text-xs font-semibold uppercase tracking-wide text-accent">
          <Icon aria-hidden size={14} />
          {t(`tariff.category.${offer.category}`)}
        </span>
        <h3 id={`offer-${offer.tariffId}-name`} className="mt-2 text-lg font-semibold leading-snug">
          {offer.name}
        </h3>
        <p className="text-sm text-muted">
          {offer.lotName} · {offer.operator}
          <SampleDataBadge />
        </p>
        {rating?.count ? (
          <div className="mt-1">
            <RatingSummary summary={rating} size="sm" context="lot" />
          </div>
        ) : null}
        <ul className="mt-3 grid gap-1.5 text-sm text-ink sm:grid-cols-2">
          <li className="flex items-center gap-2">
            <MapPin aria-hidden size={16} className="text-muted" />
            {t(distanceMode(offer.category) === 'road' ? 'offer.distance' : 'offer.distance_walk', {
              distance: formatDistance(offer.distanceMeters, locale),
            })}
          </li>
          <li className="flex items-center gap-2">
            <Clock aria-hidden size={16} className="text-muted" />
            {t(offer.category === 'shuttle' ? 'offer.transfer.shuttle' : 'offer.transfer.walk', {
              minutes: offer.transferMinutes,
            })}
          </li>
          <li className="flex items-center gap-2">
            <Car aria-hidden size={16} className="text-muted" />
            {t(offer.features.keysHandedOver ? 'offer.keys.handed_over' : 'offer.keys.kept')}
          </li>
          <li className="flex items-center gap-2">
            <Umbrella aria-hidden size={16} className="text-muted" />
            {t(offer.features.covered ? 'offer.covered' : 'offer.open_air')}
          </li>
          {offer.features.evCharging ? (
            <li className="flex items-center gap-2">
              <Zap aria-hidden size={16} className="text-muted" />
              {t('offer.ev_charging')}
            </li>
          ) : null}
          {offer.features.security24h ? (
            <li className="flex items-center gap-2">
              <ShieldCheck aria-hidden size={16} className="text-muted" />
              {t('offer.security')}
            </li>
          ) : null}
        </ul>
        <p className={`mt-3 text-sm font-medium ${offer.freeCancellation ? 'text-success' : 'text-muted'}`}>
          {t(offer.freeCancellation ? 'offer.free_cancellation' : 'offer.free_cancellation_passed', {
            hours: offer.freeCancellationHours,
          })}
        </p>
        {servicesLink ? <p className="mt-2">{servicesLink}</p> : null}
      </div>
      <div className="flex flex-col justify-between gap-3 border-t border-line pt-4 sm:w-52 sm:border-l sm:border-t-0 sm:pl-5 sm:pt-0 sm:text-right">
        {offer.price ? (
          <div>
            <p className="text-3xl font-bold tracking-tight" data-total-cents={offer.price.totalCents}>
              {formatMoney(offer.price.totalCents, locale)}
            </p>
            <p className="text-sm text-muted">
              {t('offer.per_day', {
                price: formatMoney(offer.price.perDayCents, locale),
                days: offer.price.billableDays,
              })}
            </p>
            <p className="text-xs text-muted">{t('offer.persons_included', { count: offer.includedPersons })}</p>
          </div>
        ) : (
          <p className="flex items-start gap-2 text-sm text-warn sm:justify-end">
            <Ban aria-hidden size={16} className="mt-0.5 shrink-0" />
            {t(`offer.unavailable.${offer.violations[0]?.code ?? 'invalid'}`)}
          </p>
        )}
        {offer.soldOut ? (
          <p
            className="rounded-lg bg-danger-soft px-3 py-2 text-center text-sm font-semibold text-danger"
            data-sold-out
          >
            {t('offer.sold_out')}
          </p>
        ) : offer.price ? (
          <>
            {offer.remaining <= FEW_SPACES_LEFT ? (
              <p className="text-sm font-medium text-warn">{t('offer.remaining', { count: offer.remaining })}</p>
            ) : null}
            {bookButton}
          </>
        ) : null}
      </div>
    </article>
  );
}

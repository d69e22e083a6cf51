import { Link } from 'react-router';
import { TARIFF_CATEGORIES } from '~/constants.ts';
import type { Offer } from '~/domain/offer.ts';
import { DEFAULT_OFFER_QUERY, hasOfferFilters, type OfferQuery } from '~/domain/offer-filters.ts';
import { tariffServices } from '~/domain/tariff-services.ts';
import { useHref, useLocale, useT } from '../i18n-context.tsx';
import { BookButton } from './book-button.tsx';
import { OfferCard } from './offer-card.tsx';
import { REVIEW_SOURCES, type RatingSummary } from '~/domain/ratings.ts';
import { ReviewChecks } from '../ratings/review-checks.tsx';
import { ServicesLink, ServicesModal, useServices, type ServicesTariff } from './tariff-service-list.tsx';
import { OfferFilters, offersUrl, type OfferStay } from './offer-filters.tsx';

/**
 * The offers for a stay under their sort and filter form (issue 37 item 3) and the count of those shown
 * (`role="status"`, announced when a change re-renders the list): in the shop's order one list per tariff category
 * (shuttle, valet, terminal; empty lists left out), in a chosen order one list; each offer with its book button
 * and its car park's own rating; below them, what the stars are and how the reviews behind them were checked
 * (decision 0042). Filters that leave nothing say so and link to the list without them.
 */
export function TariffLists({
  offers,
  offerTotal = offers.length,
  offerQuery = DEFAULT_OFFER_QUERY,
  stay,
  airportId,
  entry,
  exit,
  actionError,
  lotRatings = {},
}: {
  /** the offers that pass the filters, in the chosen order */
  offers: Offer[];
  /** how many offers the stay has before filtering */
  offerTotal?: number;
  /** the sort and filters applied */
  offerQuery?: OfferQuery;
  /** the search's query (airport slug, entry, exit) the filter form carries along; no form without it */
  stay?: OfferStay;
  /** each car park's customer rating by lot id; a lot without reviews is absent */
  lotRatings?: Record<number, RatingSummary>;
  airportId: number;
  entry: string;
  exit: string;
  /** the no-JS action's refusal, for the offer it names */
  actionError?: { tariffId: number; error: string };
}) {
  const t = useT();
  const locale = useLocale();
  const href = useHref();
  const services = useServices();
  const included = new Map<number, ServicesTariff>(
    offers.map((offer) => [
      offer.tariffId,
      { id: offer.tariffId, name: offer.name, lotName: offer.lotName, services: tariffServices(offer, locale) },
    ]),
  );
  const lists =
    offerQuery.sort === 'empfehlung'
      ? TARIFF_CATEGORIES.map((category) => ({
          key: category,
          title: t(`tariff.category.${category}.title`),
          text: t(`tariff.category.${category}.text`),
          offers: offers.filter((o) => o.category === category),
        })).filter((list) => list.offers.length > 0)
      : [
          {
            key: 'sorted',
            title: t('offers.sorted.title', { sort: t(`offers.sort.${offerQuery.sort}`) }),
            text: null,
            offers,
          },
        ];
  const first = lists[0]?.offers[0];

  if (offerTotal === 0) return <p className="card mt-6 p-5">{t('tariffs.none')}</p>;
  const sections = lists.map((list) => (
    <section key={list.key} className="mt-8" aria-labelledby={`list-${list.key}`} data-tariff-list={list.key}>
      <h2 id={`list-${list.key}`} className="text-xl font-semibold">
        {list.title}
      </h2>
      {list.text ? <p className="text-sm text-muted">{list.text}</p> : null}
      <div className="mt-3 grid gap-4">
        {list.offers.map((offer) => (
          <OfferCard
            key={offer.tariffId}
            offer={offer}
            imageLoading={offer === first ? 'eager' : 'lazy'}
            rating={lotRatings[offer.parkingLotId]}
            servicesLink={<ServicesLink tariff={included.get(offer.tariffId)!} onOpen={services.open} />}
            bookButton={
              <BookButton
                offer={offer}
                airportId={airportId}
                entry={entry}
                exit={exit}
                actionError={actionError?.tariffId === offer.tariffId ? actionError.error : undefined}
              />
            }
          />
        ))}
      </div>
    </section>
  ));
  const filtered = hasOfferFilters(offerQuery);
  const resetUrl = stay
    ? offersUrl(href('/buchung/tarife'), stay, { ...DEFAULT_OFFER_QUERY, sort: offerQuery.sort })
    : null;
  const reset =
    filtered && resetUrl ? (
      <Link to={resetUrl} preventScrollReset className="font-medium text-accent underline" data-offer-filters-reset>
        {t('offers.filter.reset')}
      </Link>
    ) : null;
  const sources = REVIEW_SOURCES.filter((source) =>
    offers.some((offer) => lotRatings[offer.parkingLotId]?.sources.includes(source)),
  );
  return (
    <>
      {stay ? <OfferFilters query={offerQuery} stay={stay} /> : null}
      <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        <span role="status" data-offer-count>
          {t('offers.count', { count: offers.length, total: offerTotal })}
        </span>
        {offers.length > 0 ? reset : null}
      </p>
      {offers.length === 0 ? (
        <div className="card mt-4 p-5" data-offers-empty>
          <p className="font-medium">{t('offers.filter.empty')}</p>
          <p className="mt-2">{reset}</p>
        </div>
      ) : (
        sections
      )}
      {sources.length > 0 ? (
        <div className="card mt-8 p-4 text-sm" data-lot-ratings-note>
          <p className="text-muted">{t('tariffs.ratings.note')}</p>
          <ReviewChecks sources={sources} className="mt-3" />
        </div>
      ) : null}
      <ServicesModal tariff={services.tariff} all={[...included.values()]} />
    </>
  );
}

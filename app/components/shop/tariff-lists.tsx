import { TARIFF_CATEGORIES } from '~/constants.ts';
import type { Offer } from '~/domain/offer.ts';
import { tariffServices } from '~/domain/tariff-services.ts';
import { useLocale, useT } from '../i18n-context.tsx';
import { BookButton } from './book-button.tsx';
import { OfferCard } from './offer-card.tsx';
import { REVIEW_SOURCES, type RatingSummary } from '~/domain/ratings.ts';
import { ReviewChecks } from '../ratings/review-checks.tsx';
import { ServicesLink, ServicesModal, useServices, type ServicesTariff } from './tariff-service-list.tsx';

/**
 * The offers for a stay as one list per tariff category (shuttle, valet, terminal; empty lists left out),
 * each offer with its book button and its car park's own rating; below them, what the stars are and how the
 * reviews behind them were checked (decision 0042).
 */
export function TariffLists({
  offers,
  airportId,
  entry,
  exit,
  actionError,
  lotRatings = {},
}: {
  offers: Offer[];
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
  const services = useServices();
  const included = new Map<number, ServicesTariff>(
    offers.map((offer) => [
      offer.tariffId,
      { id: offer.tariffId, name: offer.name, lotName: offer.lotName, services: tariffServices(offer, locale) },
    ]),
  );
  const lists = TARIFF_CATEGORIES.map((category) => ({
    category,
    offers: offers.filter((o) => o.category === category),
  })).filter((list) => list.offers.length > 0);

  if (lists.length === 0) return <p className="card mt-6 p-5">{t('tariffs.none')}</p>;
  const sections = lists.map((list) => (
    <section
      key={list.category}
      className="mt-8"
      aria-labelledby={`list-${list.category}`}
      data-tariff-list={list.category}
    >
      <h2 id={`list-${list.category}`} className="text-xl font-semibold">
        {t(`tariff.category.${list.category}.title`)}
      </h2>
      <p className="text-sm text-muted">{t(`tariff.category.${list.category}.text`)}</p>
      <div className="mt-3 grid gap-4">
        {list.offers.map((offer) => (
          <OfferCard
            key={offer.tariffId}
            offer={offer}
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
  const sources = REVIEW_SOURCES.filter((source) =>
    offers.some((offer) => lotRatings[offer.parkingLotId]?.sources.includes(source)),
  );
  return (
    <>
      {sections}
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

/**
 * Sorting and filtering the offers of the tariffs page (issue 37 item 3): the query names of the plain GET form,
 * the sort keys, the filter predicates and the query a choice is written back as. Pure and free of zod, so the
 * offer list's island can import it without the schema library (decision 0019); the zod schema that reads a URL
 * is `offer-query.ts`.
 */
import { TARIFF_CATEGORIES } from '~/constants.ts';
import type { Offer } from './offer.ts';

/**
 * The sort orders, as they stand in `?sortierung=`: `empfehlung` (the shop's order, one list per category),
 * `preis` (total for the stay, cheapest first), `entfernung` (distance to the terminal, nearest first),
 * `transfer` (transfer minutes, shortest first), `bewertung` (the car park's rating, best first).
 */
export const OFFER_SORTS = ['empfehlung', 'preis', 'entfernung', 'transfer', 'bewertung'] as const;

/** One sort order of {@link OFFER_SORTS}. */
export type OfferSort = (typeof OFFER_SORTS)[number];

/** A tariff category (`shuttle`, `valet`, `terminal`), as in `?kategorie=`. */
type OfferCategory = (typeof TARIFF_CATEGORIES)[number];

/** The yes/no filters of the form. */
type OfferFlag = 'covered' | 'keysKept' | 'evCharging' | 'freeCancellation';

/** The yes/no filters in the order the form shows them. */
export const OFFER_FLAGS: readonly OfferFlag[] = ['covered', 'keysKept', 'evCharging', 'freeCancellation'];

/**
 * The query names (German, like the page's path): `sortierung`, `kategorie` (repeated for several), and the
 * flags `ueberdacht`, `schluessel`, `laden`, `storno`, each set by the value `1`. Source: issue 37 item 3.
 */
export const OFFER_QUERY_NAMES = {
  sort: 'sortierung',
  category: 'kategorie',
  covered: 'ueberdacht',
  keysKept: 'schluessel',
  evCharging: 'laden',
  freeCancellation: 'storno',
} as const satisfies Record<OfferFlag | 'sort' | 'category', string>;

/** The visitor's choice: a sort order and the filters (an empty category list: every category). */
export type OfferQuery = {
  sort: OfferSort;
  /** the categories to show, in the order of `TARIFF_CATEGORIES`; empty: all */
  categories: OfferCategory[];
} & Record<OfferFlag, boolean>;

/** No choice made: the shop's order, nothing filtered. */
export const DEFAULT_OFFER_QUERY: OfferQuery = {
  sort: 'empfehlung',
  categories: [],
  covered: false,
  keysKept: false,
  evCharging: false,
  freeCancellation: false,
};

/** Whether any filter is set (the sort order is not a filter): an empty result then offers to reset them. */
export function hasOfferFilters(query: OfferQuery): boolean {
  return query.categories.length > 0 || OFFER_FLAGS.some((flag) => query[flag]);
}

/**
 * Whether an offer passes every chosen filter: its category is one of the chosen (when any), covered parking,
 * keys kept (the customer keeps the car key: the lot's `keysHandedOver` is false, i.e. not valet), EV charging,
 * and free cancellation still open for this stay (`Offer.freeCancellation`). Source: issue 37 item 3.
 */
export function offerMatches(offer: Offer, query: OfferQuery): boolean {
  if (query.categories.length > 0 && !query.categories.includes(offer.category)) return false;
  if (query.covered && !offer.features.covered) return false;
  if (query.keysKept && offer.features.keysHandedOver) return false;
  if (query.evCharging && !offer.features.evCharging) return false;
  if (query.freeCancellation && !offer.freeCancellation) return false;
  return true;
}

/** The sort key of an offer (smaller first); null sorts last. */
function sortKey(offer: Offer, sort: OfferSort, ratingOf: (offer: Offer) => number | null): number | null {
  switch (sort) {
    case 'preis':
      return offer.price?.totalCents ?? null;
    case 'entfernung':
      return offer.distanceMeters;
    case 'transfer':
      return offer.transferMinutes;
    case 'bewertung': {
      const rating = ratingOf(offer);
      // best first: the negated average, so the smaller key comes first like every other order
      return rating === null ? null : -rating;
    }
    default:
      return 0;
  }
}

/**
 * The offers in the chosen order (a new array; ties keep the given order, `empfehlung` keeps it whole). Offers
 * that cannot be booked for the stay (sold out or without a price) go after the bookable ones in every order but
 * `empfehlung`, and an offer without the sort's value (no rating) after those with one.
 *
 * @param ratingOf - the car park's average rating (0–5 stars), null when it has no reviews.
 * Source: issue 37 item 3 (sort by total price, distance to the terminal, transfer time or rating).
 */
export function sortOffers(
  offers: readonly Offer[],
  sort: OfferSort,
  ratingOf: (offer: Offer) => number | null = () => null,
): Offer[] {
  if (sort === 'empfehlung') return [...offers];
  const bookable = (offer: Offer) => (offer.price && !offer.soldOut ? 0 : 1);
  return offers
    .map((offer, index) => ({ offer, index, key: sortKey(offer, sort, ratingOf) }))
    .sort(
      (a, b) =>
        bookable(a.offer) - bookable(b.offer) ||
        (a.key === null ? 1 : 0) - (b.key === null ? 1 : 0) ||
        (a.key ?? 0) - (b.key ?? 0) ||
        a.index - b.index,
    )
    .map((entry) => entry.offer);
}

/**
 * The offers the page lists for a choice: filtered by {@link offerMatches}, ordered by {@link sortOffers}.
 *
 * @param ratingOf - the car park's average rating, null without reviews (for `bewertung`).
 */
export function applyOfferQuery(
  offers: readonly Offer[],
  query: OfferQuery,
  ratingOf?: (offer: Offer) => number | null,
): Offer[] {
  return sortOffers(
    offers.filter((offer) => offerMatches(offer, query)),
    query.sort,
    ratingOf,
  );
}

/**
 * The choice as query pairs `[name, value]`, defaults left out, in a fixed order (one choice, one URL: the page
 * cache keys on it). For the search form's hidden fields and the links that keep the choice.
 */
export function offerQueryParams(query: OfferQuery): [string, string][] {
  const pairs: [string, string][] = [];
  if (query.sort !== DEFAULT_OFFER_QUERY.sort) pairs.push([OFFER_QUERY_NAMES.sort, query.sort]);
  for (const category of TARIFF_CATEGORIES) {
    if (query.categories.includes(category)) pairs.push([OFFER_QUERY_NAMES.category, category]);
  }
  for (const flag of OFFER_FLAGS) if (query[flag]) pairs.push([OFFER_QUERY_NAMES[flag], '1']);
  return pairs;
}

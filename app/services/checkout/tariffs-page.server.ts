/**
 * The tariffs page's search (`checkout.tariffs`, DESIGN §3: `/buchung/tarife?airport=&entry=&exit=`): the
 * airport list for the search form, the chosen airport, the field problems of the query and the offers for
 * the stay. The route module only reads the query, translates the message keys and renders.
 */
import type { Database } from '#database/client.server.ts';
import { parseLocalDateTime } from '~/domain/local-time.ts';
import { localized } from '~/domain/localized.ts';
import type { Offer } from '~/domain/offer.ts';
import { applyOfferQuery, DEFAULT_OFFER_QUERY, type OfferQuery } from '~/domain/offer-filters.ts';
import { billableDays } from '~/domain/stay.ts';
import type { Locale } from '~/i18n.ts';
import { stayMessageKey } from './cart.server.ts';
import { listAirports, loadTariffs, searchOffers } from '../catalogue/catalog.server.ts';
import type { RatingSummary } from '~/domain/ratings.ts';
import { loadLotRatings } from '../ratings/ratings.server.ts';

/** The search form's fields as they stand in the URL. */
type TariffsQuery = { airport: string; entry: string; exit: string };

/** Translation key of the problem of each search field (SPEC §5 messages; `validation.*`, `search.error.*`). */
type TariffsQueryErrors = Partial<Record<keyof TariffsQuery, string>>;

/** What the tariffs page shows; names in the page's language, times airport local `YYYY-MM-DDTHH:mm`. */
export type TariffsPage = {
  /** every airport for the search form's select, locked ones marked */
  airports: { slug: string; iata: string; name: string; locked: boolean }[];
  /** the airport of the query, or null when unknown or missing */
  airport: { id: number; slug: string; iata: string; name: string; locked: boolean; comment: string | null } | null;
  /** the query as typed (shown again in the form) */
  values: TariffsQuery;
  /** message keys of the fields that are missing, unknown, malformed or break the stay rules; `{}` when fine */
  errors: TariffsQueryErrors;
  /** billable calendar days of the stay (DESIGN §6), null while the query has errors */
  days: number | null;
  /**
   * the offers for the stay that pass the chosen filters, in the chosen order (issue 37 item 3); empty for a
   * locked airport or a query with errors
   */
  offers: Offer[];
  /** how many offers the stay has before filtering (0: none at all; more than `offers.length`: some filtered out) */
  offerTotal: number;
  /** the sort and filters applied (`DEFAULT_OFFER_QUERY` when none) */
  offerQuery: OfferQuery;
  /**
   * each parking lot's own customer rating, keyed by lot id (`Offer.parkingLotId`); a lot without reviews is
   * absent and its offer shows none (decision 0042)
   */
  lotRatings: Record<number, RatingSummary>;
};

/**
 * Runs the tariffs page's search: looks the airport up by slug, checks the entry and exit times (format, then
 * the stay rules every tariff shares: exit after entry, not in the past) and prices every active tariff of the
 * airport for the stay ({@link searchOffers}: availability per day, a tariff without a price list unpriced).
 *
 * @param query - `airport` slug, `entry` and `exit` local `YYYY-MM-DDTHH:mm` as typed (may be empty or wrong).
 * Then filters and sorts the offers by the visitor's choice ({@link applyOfferQuery}; rating order by the lots'
 * own ratings).
 *
 * @param options.now - current instant (lead time, free cancellation); `options.locale` - language of the names;
 * `options.offerQuery` - the sort and filters (parsed by `parseOfferQuery`), default none.
 * @returns the page's data; bad input becomes `errors`, never an exception. Throws only on database errors.
 * Source: DESIGN §3 (checkout.tariffs), §6 (Availability, Tariff), SPEC §5, issue 37 item 3.
 */
export async function searchTariffs(
  db: Database,
  query: TariffsQuery,
  options: { now: Date; locale: Locale; offerQuery?: OfferQuery },
): Promise<TariffsPage> {
  const { now, locale, offerQuery = DEFAULT_OFFER_QUERY } = options;
  const rows = await listAirports(db);
  const airports = rows.map((a) => ({
    slug: a.slug,
    iata: a.iata,
    name: localized(a, 'name', locale),
    locked: a.status === 'locked',
  }));

  const errors: TariffsQueryErrors = {};
  // The list already holds every airport: no second query for the chosen one (issue 11).
  const airport = (query.airport && rows.find((a) => a.slug === query.airport)) || null;
  if (!airport) errors.airport = query.airport ? 'search.error.airport_unknown' : 'validation.required';
  if (!parseLocalDateTime(query.entry)) errors.entry = query.entry ? 'validation.stay.invalid' : 'validation.datetime';
  if (!parseLocalDateTime(query.exit)) errors.exit = query.exit ? 'validation.stay.invalid' : 'validation.datetime';

  let offers: Offer[] = [];
  let lotRatings: Record<number, RatingSummary> = {};
  if (airport && !errors.entry && !errors.exit) {
    // The tariffs are cached (no query): their lots' ratings are read in one grouped query beside the occupancy.
    const tariffs = await loadTariffs(db, airport.id);
    const [search, ratings] = await Promise.all([
      searchOffers(db, { airport, entry: query.entry, exit: query.exit, now, locale, tariffs }),
      airport.status === 'locked' ? {} : loadLotRatings(db, [...new Set(tariffs.map((t) => t.lot.id))]),
    ]);
    for (const v of search.stayViolations) {
      errors[v.field === 'entryTime' ? 'entry' : 'exit'] ??= stayMessageKey(v.code);
    }
    offers = search.offers;
    if (offers.length > 0) lotRatings = ratings;
  }
  const offerTotal = offers.length;
  offers = applyOfferQuery(offers, offerQuery, (offer) => lotRatings[offer.parkingLotId]?.average ?? null);

  const valid = Object.keys(errors).length === 0;
  return {
    airports,
    airport: airport
      ? {
          id: airport.id,
          slug: airport.slug,
          iata: airport.iata,
          name: localized(airport, 'name', locale),
          locked: airport.status === 'locked',
          comment: localized(airport, 'comment', locale) ?? null,
        }
      : null,
    values: query,
    errors,
    days: valid ? billableDays(query.entry, query.exit) : null,
    offers,
    offerTotal,
    offerQuery,
    lotRatings,
  };
}

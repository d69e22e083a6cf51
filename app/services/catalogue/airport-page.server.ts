/**
 * The airport page's data (`airports.show`, DESIGN §3: `/parkplatz/:airport`): the airport with its texts and
 * gallery, every airport for the search form and the map, the parking lots of its tariffs for the map, and the
 * tariffs' "from" prices. The route module only maps an unknown airport to the 404 and translates the meta texts.
 */
import type { Database } from '#database/client.server.ts';
import type { AirportPageLot } from '~/domain/airport-page-view.ts';
import { FROM_PRICE_SEARCH_DAYS } from '~/domain/from-price.ts';
import { startOfLocalDay } from '~/domain/local-time.ts';
import { localized, lotAddress } from '~/domain/localized.ts';
import { distinctLots } from '~/domain/map-lots.ts';
import { tariffServices, type ServiceItem } from '~/domain/tariff-services.ts';
import type { Locale } from '~/i18n.ts';
import {
  findAirportBySlug,
  listAirportSummaries,
  loadFromPrices,
  loadTariffs,
  type AirportSummary,
  type TariffFromPrices,
} from './catalog.server.ts';

/** What the airport page shows; texts in the page's language, coordinates in decimal degrees. */
type AirportPage = {
  airport: {
    slug: string;
    iata: string;
    name: string;
    city: string;
    /** status `locked`: the page shows no offers, only the notice (DESIGN §6) */
    locked: boolean;
    /** empty when the airport has none */
    description: string;
    directions: string;
    comment: string | null;
    /** the ratings provider's id of the airport, null when it has none */
    ratingId: string | null;
    /** site-relative image URLs with their alternative texts */
    gallery: { src: string; alt: string }[];
    /** the airport's own video, null for the shop's "how it works" video */
    videoUrl: string | null;
  };
  /** every airport, for the search form and the map */
  airports: AirportSummary[];
  /** the parking lots of the airport's active tariffs, each once (`address` one line, comma separated) */
  lots: AirportPageLot[];
  /** the lowest price of one day and of eight days per tariff with the stay each is for ({@link loadFromPrices};
   * tariffs with neither are left out; none for a locked airport), with what each includes (the `services` modal) */
  tariffs: (TariffFromPrices & { services: ServiceItem[]; openingHours: string })[];
  /** the weeks of entry dates the "from" prices were searched in ({@link FROM_PRICE_SEARCH_DAYS}) */
  priceSearchWeeks: number;
  /** earliest selectable local date-time of the search form (today 00:00 at the airport) */
  minDate: string;
};

/**
 * Loads the airport page: the airport by slug, then every airport and the airport's active tariffs together;
 * the lots of those tariffs (each once, {@link distinctLots}) and their "from" prices ({@link loadFromPrices}: the
 * occupancy of the coming weeks, one more query beside the others; skipped for a locked airport, which shows no
 * prices).
 *
 * @param slug - the airport's slug from the URL (any string).
 * @param options.locale - language of the texts; `options.now` - current instant ("today" for prices and dates).
 * @returns the page, or null when no airport has this slug. Throws only on database errors.
 * Source: DESIGN §3 (airports.show: tariffs overview, map, gallery), DESIGN §6 (Airport status, Tariff).
 */
export async function loadAirportPage(
  db: Database,
  slug: string,
  options: { locale: Locale; now: Date },
): Promise<AirportPage | null> {
  const { locale, now } = options;
  const airport = await findAirportBySlug(db, slug);
  if (!airport) return null;
  const loading = loadTariffs(db, airport.id);
  const [airports, tariffs, fromPrices] = await Promise.all([
    listAirportSummaries(db, locale),
    loading,
    airport.status === 'locked' ? [] : loading.then((list) => loadFromPrices(db, list, { airport, now, locale })),
  ]);
  return {
    airport: {
      slug: airport.slug,
      iata: airport.iata,
      name: localized(airport, 'name', locale),
      city: airport.city,
      locked: airport.status === 'locked',
      description: localized(airport, 'description', locale),
      directions: localized(airport, 'directions', locale),
      comment: localized(airport, 'comment', locale) ?? null,
      ratingId: airport.ratingId,
      gallery: airport.gallery.map((g) => ({ src: g.src, alt: localized(g, 'alt', locale) })),
      videoUrl: airport.videoUrl,
    },
    airports,
    lots: distinctLots(
      tariffs.map(({ lot }) => ({
        id: lot.id,
        name: lot.name,
        operator: lot.operator,
        address: lotAddress(lot).join(', '),
        addressLines: lotAddress(lot),
        latitude: lot.latitude,
        longitude: lot.longitude,
        phone: lot.phone,
        distanceMeters: lot.distanceMeters,
        transferMinutes: lot.transferMinutes,
        openingHours: localized(lot, 'openingHours', locale),
        arrivalInstructions: localized(lot, 'arrivalInstructions', locale),
        features: {
          covered: lot.features.covered,
          keysHandedOver: lot.features.keysHandedOver,
          evCharging: lot.features.evCharging,
          security24h: lot.features.security24h,
        },
        categories: [...new Set(tariffs.filter((t) => t.lot.id === lot.id).map((t) => t.category))],
      })),
    ),
    tariffs: fromPrices.map((row) => {
      const tariff = tariffs.find((t) => t.id === row.id)!;
      const services = tariffServices(
        { ...tariff, features: tariff.lot.features, transferMinutes: tariff.lot.transferMinutes },
        locale,
      );
      return { ...row, services, openingHours: localized(tariff.lot, 'openingHours', locale) };
    }),
    priceSearchWeeks: FROM_PRICE_SEARCH_DAYS / 7,
    minDate: startOfLocalDay(now, airport.timeZone),
  };
}

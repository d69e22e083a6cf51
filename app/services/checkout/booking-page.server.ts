/**
 * The booking page's data (`checkout.booking`, DESIGN §3: `/buchung`): the session cart resolved against the
 * catalogue, with everything the browser needs to validate and price the stay live (the tariff's limits and
 * price lists). When the cart cannot be booked any more the page is left with a message instead.
 */
import type { Database } from '#database/client.server.ts';
import type { BookingView } from '~/domain/booking-page.ts';
import type { Cart } from '~/domain/cart-schema.ts';
import { startOfLocalDay } from '~/domain/local-time.ts';
import { localized, lotAddress } from '~/domain/localized.ts';
import { priceStayIfBookable } from '~/domain/pricing.ts';
import type { Locale } from '~/i18n.ts';
import { resolveCart } from '../catalogue/catalog.server.ts';

/** The booking view plus the tariffs page of the stay, German path (`/buchung/tarife?…`), to choose another offer. */
type BookingPage = BookingView & { tariffsPath: string };

/**
 * The booking page, or where to send the visitor instead:
 * - `leave` `/` with `checkout.no_cart` when there is no cart or its airport is gone (`dropCart` when a cart
 *   existed);
 * - `leave` the tariffs page of the stay with `checkout.airport_locked` / `checkout.tariff_gone` (cart dropped).
 */
export type BookingPageResult =
  { kind: 'page'; page: BookingPage } | { kind: 'leave'; path: string; messageKey: string; dropCart: boolean };

/**
 * Resolves the session cart (airport, lock, active tariff: {@link resolveCart}) and builds the booking page's
 * data; prices the stay with the one "not bookable" rule ({@link priceStayIfBookable}).
 *
 * @param cart - the session cart, or undefined.
 * @param options.locale - language of the names; `options.now` - current instant (the date pickers' minimum).
 * @returns the page or the place to go with a message key (never throws for a stale cart). Database errors pass.
 * Source: DESIGN §3 (checkout.booking needs a cart), §6 (locked airports are not bookable).
 */
export async function loadBookingPage(
  db: Database,
  cart: Cart | undefined,
  options: { locale: Locale; now: Date },
): Promise<BookingPageResult> {
  const { locale, now } = options;
  if (!cart) return { kind: 'leave', path: '/', messageKey: 'checkout.no_cart', dropCart: false };
  const resolved = await resolveCart(db, cart);
  if (resolved.kind === 'no_cart' || resolved.kind === 'no_airport') {
    return { kind: 'leave', path: '/', messageKey: 'checkout.no_cart', dropCart: true };
  }
  const { airport } = resolved;
  const search = new URLSearchParams({ airport: airport.slug, entry: cart.entryTime, exit: cart.exitTime });
  const tariffsPath = `/buchung/tarife?${search}`;
  if (resolved.kind === 'locked') {
    return { kind: 'leave', path: tariffsPath, messageKey: 'checkout.airport_locked', dropCart: true };
  }
  if (resolved.kind === 'no_tariff') {
    return { kind: 'leave', path: tariffsPath, messageKey: 'checkout.tariff_gone', dropCart: true };
  }
  const { tariff } = resolved;
  const lot = tariff.lot;
  return {
    kind: 'page',
    page: {
      cart: { airportId: cart.airportId, tariffId: cart.tariffId, entryTime: cart.entryTime, exitTime: cart.exitTime },
      airport: {
        id: airport.id,
        slug: airport.slug,
        name: localized(airport, 'name', locale),
        iata: airport.iata,
        timeZone: airport.timeZone,
      },
      tariff: {
        id: tariff.id,
        name: localized(tariff, 'name', locale),
        category: tariff.category,
        lotName: lot.name,
        lotAddress: lotAddress(lot).join(', '),
        includedPersons: tariff.includedPersons,
        maxPersons: tariff.maxPersons,
        maxChildSeats: tariff.maxChildSeats,
        allowedBulkyBaggage: tariff.allowedBulkyBaggage,
        extraPersonPrice: tariff.extraPersonPrice,
        childSeatPrice: tariff.childSeatPrice,
        freeCancellationHours: tariff.freeCancellationHours,
        priceLists: tariff.priceLists,
      },
      // A stay no price list covers any more gets no price: the page says so and the server decides.
      price: priceStayIfBookable({
        tariff,
        entry: cart.entryTime,
        exit: cart.exitTime,
        personCount: 1,
        childrenSeat: 0,
      }),
      minDate: startOfLocalDay(now, airport.timeZone),
      tariffsPath,
    },
  };
}

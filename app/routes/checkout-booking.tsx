import { data } from 'react-router';
import { CheckoutPage } from '~/components/checkout/checkout-page.tsx';
import type { BookingPageData } from '~/components/checkout/types.ts';
import { PAYMENT_TYPES } from '~/domain/checkout-schema.ts';
import { startOfLocalDay } from '~/domain/local-time.ts';
import { localized, lotAddress } from '~/domain/localized.ts';
import { priceStayIfBookable } from '~/domain/pricing.ts';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { resolveCart } from '~/services/catalog.server.ts';
import type { Route } from './+types/checkout-booking';
import { redirectWithFlash } from './helpers/flash.server.ts';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = toLocale(params.lang);
  const t = translator(locale);
  const { session } = context;
  const { db } = context.app;

  // Sends the visitor elsewhere with an info message (the flash is shown on the next page).
  const leave = async (path: string, messageKey: string, dropCart: boolean) => {
    if (dropCart) session.unset('cart');
    return redirectWithFlash(
      session,
      localePath(locale, path),
      { type: 'info', message: t(messageKey) },
      { headers: NO_STORE },
    );
  };

  const cart = session.get('cart');
  if (!cart) throw await leave('/', 'checkout.no_cart', false);

  const resolved = await resolveCart(db, cart);
  if (resolved.kind === 'no_cart' || resolved.kind === 'no_airport') throw await leave('/', 'checkout.no_cart', true);
  const { airport } = resolved;
  const search = new URLSearchParams({ airport: airport.slug, entry: cart.entryTime, exit: cart.exitTime });
  const tariffsPath = `/buchung/tarife?${search}`;
  if (resolved.kind === 'locked') throw await leave(tariffsPath, 'checkout.airport_locked', true);
  if (resolved.kind === 'no_tariff') throw await leave(tariffsPath, 'checkout.tariff_gone', true);
  const { tariff } = resolved;

  // A stay no price list covers any more gets no price: the page says so and the server decides.
  const price = priceStayIfBookable({
    tariff,
    entry: cart.entryTime,
    exit: cart.exitTime,
    personCount: 1,
    childrenSeat: 0,
  });
  const lot = tariff.lot;
  const page: BookingPageData = {
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
    paymentTypes: PAYMENT_TYPES,
    authenticated: Boolean(session.get('userId')),
    price,
    minDate: startOfLocalDay(context.app.now(), airport.timeZone),
    tariffsUrl: localePath(locale, tariffsPath),
    addressAutocomplete: Boolean(context.app.env.ADDRESS_AUTOCOMPLETE_URL),
  };
  return data({ title: t('checkout.meta.title'), page }, { headers: NO_STORE });
}

export function headers() {
  return NO_STORE;
}

export default function CheckoutBooking({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage page={loaderData.page} />;
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }];
}

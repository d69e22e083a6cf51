import { data } from 'react-router';
import { CheckoutPage } from '~/components/checkout/checkout-page.tsx';
import type { BookingPageData } from '~/components/checkout/types.ts';
import { PAYMENT_TYPES } from '~/domain/checkout-schema.ts';
import { startOfLocalDay } from '~/domain/local-time.ts';
import { priceStay, type PriceBreakdown } from '~/domain/pricing.ts';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { findAirportById, loadTariffs } from '~/services/catalog.server.ts';
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
    return redirectWithFlash(session, localePath(locale, path), { type: 'info', message: t(messageKey) }, { headers: NO_STORE });
  };

  const cart = session.get('cart');
  if (!cart) throw await leave('/', 'checkout.no_cart', false);

  const airport = await findAirportById(db, cart.airportId);
  if (!airport) throw await leave('/', 'checkout.no_cart', true);
  const search = new URLSearchParams({ airport: airport.slug, entry: cart.entryTime, exit: cart.exitTime });
  const tariffsPath = `/buchung/tarife?${search}`;
  if (airport.status === 'locked') throw await leave(tariffsPath, 'checkout.airport_locked', true);
  const [tariff] = await loadTariffs(db, airport.id, [cart.tariffId]);
  if (!tariff) throw await leave(tariffsPath, 'checkout.tariff_gone', true);

  let price: PriceBreakdown | null = null;
  try {
    price = priceStay({ tariff, entry: cart.entryTime, exit: cart.exitTime, personCount: 1, childrenSeat: 0 });
  } catch {
    price = null; // e.g. a stay no price list covers any more; the page says so and the server decides
  }
  const en = locale === 'en';
  const lot = tariff.lot;
  const page: BookingPageData = {
    cart: { airportId: cart.airportId, tariffId: cart.tariffId, entryTime: cart.entryTime, exitTime: cart.exitTime },
    airport: { id: airport.id, slug: airport.slug, name: en ? airport.nameEn : airport.nameDe, iata: airport.iata, timeZone: airport.timeZone },
    tariff: {
      id: tariff.id,
      name: en ? tariff.nameEn : tariff.nameDe,
      category: tariff.category,
      lotName: lot.name,
      lotAddress: `${lot.street} ${lot.streetNumber}, ${lot.postcode} ${lot.city}`,
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

/**
 * The cart: one tariff for one stay kept in the server-side session (DESIGN §5 `POST /api/checkout/cart`).
 * Used by the JSON API and by the tariffs page's no-JavaScript form action, so both apply the same rules.
 */
import type { Database } from '#database/client.server.ts';
import type { Cart } from '~/domain/cart-schema.ts';
import type { SessionPort } from '../session-port.ts';
import { CartSchema } from '~/domain/cart-schema.ts';
import { issuesToFieldKeys } from '~/domain/field-errors.ts';
import type { PriceBreakdown } from '~/domain/pricing.ts';
import type { Locale } from '~/i18n.ts';
import { localized } from '~/domain/localized.ts';
import { resolveCart, searchOffers } from '../catalogue/catalog.server.ts';
import { RequestError } from '../request-error.server.ts';

/**
 * Why a cart request was refused. `status` 422: `fields` maps each field key as sent to translation keys;
 * 409: `messageKey` says why (sold out, airport locked).
 */
export class CartError extends RequestError {}

/** What the cart endpoint answers: the stored cart plus what the page needs to show it. */
export type CartView = Cart & {
  airport: { id: number; slug: string; iata: string; name: string };
  tariff: { id: number; name: string; category: string };
  price: PriceBreakdown;
};

/** Translation key of a stay rule violation (app/domain/booking-rules.ts codes). */
export function stayMessageKey(code: string): string {
  return `validation.stay.${code}`;
}

/**
 * Validates `body` (`{airportId, tariffId, entryTime, exitTime}`) against the catalogue and the tariff's
 * occupancy at `now`, stores the cart in `session` (not yet saved) and returns it with its price.
 * Throws `CartError` 422 on bad input or a stay the tariff does not allow, 409 when sold out or locked.
 */
export async function putInCart(
  db: Database,
  session: SessionPort,
  body: unknown,
  options: { now: Date; locale: Locale },
): Promise<CartView> {
  const parsed = CartSchema.safeParse(body ?? {});
  if (!parsed.success) throw new CartError(422, 'validation.failed', issuesToFieldKeys(parsed.error.issues));
  const input = parsed.data;

  const resolved = await resolveCart(db, input);
  if (resolved.kind === 'no_cart' || resolved.kind === 'no_airport') {
    throw new CartError(422, 'validation.failed', { airportId: ['validation.invalid'] });
  }
  if (resolved.kind === 'locked') throw new CartError(409, 'api.error.airport_locked');
  const { airport } = resolved;

  // Stay problems are reported before an unknown tariff (the order the form shows them in).
  const search = await searchOffers(db, {
    airport,
    entry: input.entryTime,
    exit: input.exitTime,
    now: options.now,
    locale: options.locale,
    tariffs: resolved.kind === 'ok' ? [resolved.tariff] : [],
  });
  const violationFields = (list: { field: string; code: string }[]) => {
    const fields: Record<string, string[]> = {};
    for (const v of list) (fields[v.field] ??= []).push(stayMessageKey(v.code));
    return fields;
  };
  if (search.stayViolations.length > 0) {
    throw new CartError(422, 'validation.failed', violationFields(search.stayViolations));
  }
  const offer = search.offers.find((o) => o.tariffId === input.tariffId);
  if (!offer) throw new CartError(422, 'validation.failed', { tariffId: ['validation.invalid'] });
  if (offer.violations.length === 0 && !offer.price) throw new CartError(409, 'checkout.api.not_bookable');
  if (offer.violations.length > 0 || !offer.price) {
    throw new CartError(422, 'validation.failed', violationFields(offer.violations));
  }
  if (offer.soldOut) throw new CartError(409, 'api.error.sold_out');

  const cart: Cart = {
    airportId: airport.id,
    tariffId: offer.tariffId,
    entryTime: input.entryTime,
    exitTime: input.exitTime,
  };
  session.set('cart', cart);
  return {
    ...cart,
    airport: {
      id: airport.id,
      slug: airport.slug,
      iata: airport.iata,
      name: localized(airport, 'name', options.locale),
    },
    tariff: { id: offer.tariffId, name: offer.name, category: offer.category },
    price: offer.price,
  };
}

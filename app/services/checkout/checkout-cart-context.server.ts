/**
 * Checkout step 0: the session cart's airport and tariff, or the checkout's 409 when there is nothing to book.
 */
import type { Database } from '#database/client.server.ts';
import type { Cart } from '~/domain/cart-schema.ts';
import { resolveCart, type AirportRow, type TariffWithLot } from '../catalogue/catalog.server.ts';
import { CheckoutError } from './checkout-error.server.ts';

/** The cart's airport and (active) tariff with its lot and price lists, as loaded from the catalogue. */
export type CartContext = { airport: AirportRow; tariff: TariffWithLot };

/**
 * Loads the airport and the active tariff named by the session cart (`resolveCart`).
 *
 * @param cart - the session cart, or null/undefined when there is none.
 * @returns the airport and tariff.
 * @throws CheckoutError 409 `checkout.api.no_cart` when there is no cart or it names no active tariff of an
 *   existing airport; 409 `api.error.airport_locked` when the airport is locked. Database errors pass through.
 * Source: DESIGN §5 (POST checkout: the session's cart names the tariff), DESIGN §6 (Airport status).
 */
export async function loadCartContext(db: Database, cart: Cart | null | undefined): Promise<CartContext> {
  const resolved = await resolveCart(db, cart);
  if (resolved.kind === 'locked') throw new CheckoutError(409, 'api.error.airport_locked');
  if (resolved.kind !== 'ok') throw new CheckoutError(409, 'checkout.api.no_cart');
  return { airport: resolved.airport, tariff: resolved.tariff };
}

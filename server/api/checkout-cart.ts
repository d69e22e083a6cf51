/**
 * `POST /api/checkout/cart` (SPEC §7, DESIGN §5): `{airportId, tariffId, entryTime, exitTime}` →
 * `{cart, redirect}`; 422 on bad input (field keys as sent), 409 when sold out or the airport is locked.
 */
import { Router } from 'express';
import { localePath } from '~/i18n.ts';
import { putInCart } from '~/services/checkout/cart.server.ts';
import type { AppContext } from '../context.server.ts';
import { apiLocals, handle, sendJson } from './http.server.ts';

/** Router for the cart endpoint. */
export function cartRouter(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/checkout/cart',
    handle(async (req, res) => {
      // A refused cart (CartError) becomes 409/422 JSON in the API's error handler.
      const { session, locale } = apiLocals(res);
      const cart = await putInCart(ctx.db, session, req.body, { now: ctx.now(), locale });
      await sendJson(res, 200, { cart, redirect: localePath(locale, '/buchung') });
    }),
  );
  return router;
}

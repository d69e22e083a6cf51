/**
 * `POST /api/checkout/cart` (SPEC §7, DESIGN §5): `{airportId, tariffId, entryTime, exitTime}` →
 * `{cart, redirect}`; 422 on bad input (field keys as sent), 409 when sold out or the airport is locked.
 */
import { Router } from 'express';
import { localePath } from '~/i18n.ts';
import { CartError, putInCart } from '~/services/cart.server.ts';
import type { AppContext } from '../context.server.ts';
import { apiLocals, handle, HttpError, sendJson, ValidationError } from './http.server.ts';

/** Router for the cart endpoint. */
export function cartRouter(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/checkout/cart',
    handle(async (req, res) => {
      const { session, locale, t } = apiLocals(res);
      try {
        const cart = await putInCart(ctx.db, session, req.body, { now: ctx.now(), locale });
        await sendJson(res, 200, { cart, redirect: localePath(locale, '/buchung') });
      } catch (error) {
        if (!(error instanceof CartError)) throw error;
        if (error.status === 409) throw new HttpError(409, t(error.messageKey));
        const fields = Object.fromEntries(
          Object.entries(error.fields).map(([field, keys]) => [field, keys.map((k) => t(k))]),
        );
        throw new ValidationError(t(error.messageKey), fields);
      }
    }),
  );
  return router;
}

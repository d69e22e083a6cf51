/**
 * `POST /api/price-watch` (issue 37 item 2, DESIGN §5): `{email, airportId, entryTime, exitTime}` → 202
 * `{message}`, the same answer whether or not the address watches the stay already; the double opt-in mail follows
 * in the background. 422 with the field keys as sent (an unknown or locked airport on `airportId`, a past or too
 * long stay on `entryTime`/`exitTime`); 429 per client IP with `Retry-After`. CSRF by the API middleware.
 */
import { Router } from 'express';
import { requestPriceWatch } from '~/services/subscriptions/price-watch.server.ts';
import type { AppContext } from '../context.server.ts';
import { apiLocals, handle, sendJson } from './http.server.ts';

/** Router for the price watch request. */
export function priceWatchRouter(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/price-watch',
    handle(async (req, res) => {
      const { locale, t } = apiLocals(res);
      await requestPriceWatch(ctx, { body: req.body as unknown, locale, clientIp: req.ip ?? '' });
      await sendJson(res, 202, { message: t('price_watch.accepted') });
    }),
  );
  return router;
}

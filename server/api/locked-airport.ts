/**
 * `POST /api/locked-airport-notification` (SPEC §7): `{email, airportId, airportStatus}` → 201 `{message}`;
 * 422 with field keys as sent; 409 when the airport can be booked (again); 429 with `Retry-After` beyond the
 * per-IP limit.
 */
import { Router } from 'express';
import { signUpForLockedAirport } from '~/services/subscriptions/locked-airport.server.ts';
import type { AppContext } from '../context.server.ts';
import { apiLocals, handle, sendJson } from './http.server.ts';

/** Router for the locked-airport notification sign-up. */
export function lockedAirportRouter(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/locked-airport-notification',
    handle(async (req, res) => {
      // A refused sign-up (LockedAirportError) becomes 409/422/429 JSON in the API's error handler; the per-IP
      // limit lives in the service, shared with the tariffs page's form without JavaScript.
      const { locale, t } = apiLocals(res);
      await signUpForLockedAirport(ctx.db, req.body, locale, req.ip ?? '');
      await sendJson(res, 201, { message: t('locked.success') });
    }),
  );
  return router;
}

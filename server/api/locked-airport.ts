/**
 * `POST /api/locked-airport-notification` (SPEC §7): `{email, airportId, airportStatus}` → 201 `{message}`;
 * 422 with field keys as sent; 409 when the airport can be booked (again).
 */
import { Router } from 'express';
import { signUpForLockedAirport } from '~/services/locked-airport.server.ts';
import type { AppContext } from '../context.server.ts';
import { apiLocals, handle, sendJson } from './http.server.ts';

/** Router for the locked-airport notification sign-up. */
export function lockedAirportRouter(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/locked-airport-notification',
    handle(async (req, res) => {
      // A refused sign-up (LockedAirportError) becomes 409/422 JSON in the API's error handler.
      const { locale, t } = apiLocals(res);
      await signUpForLockedAirport(ctx.db, req.body, locale);
      await sendJson(res, 201, { message: t('locked.success') });
    }),
  );
  return router;
}

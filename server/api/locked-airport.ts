/**
 * `POST /api/locked-airport-notification` (SPEC §7): `{email, airportId, airportStatus}` → 201 `{message}`;
 * 422 with field keys as sent; 409 when the airport can be booked (again).
 */
import { Router } from 'express';
import { LockedAirportError, signUpForLockedAirport } from '~/services/locked-airport.server.ts';
import type { AppContext } from '../context.server.ts';
import { apiLocals, handle, HttpError, sendJson, ValidationError } from './http.server.ts';

/** Router for the locked-airport notification sign-up. */
export function lockedAirportRouter(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/locked-airport-notification',
    handle(async (req, res) => {
      const { locale, t } = apiLocals(res);
      try {
        await signUpForLockedAirport(ctx.db, req.body, locale);
      } catch (error) {
        if (!(error instanceof LockedAirportError)) throw error;
        if (error.status === 409) throw new HttpError(409, t(error.messageKey));
        throw new ValidationError(
          t(error.messageKey),
          Object.fromEntries(Object.entries(error.fields).map(([f, keys]) => [f, keys.map((k) => t(k))])),
        );
      }
      await sendJson(res, 201, { message: t('locked.success') });
    }),
  );
  return router;
}

/**
 * Managing a booking (issue 12, DESIGN §5 error shapes):
 * - `POST /api/reservations/{reference}/cancel` `{}` → 200 `{reservation}` (with `creditNoteNumber`); with
 *   `dryRun: true` → 200 `{quote}` (amount, invoice to credit), nothing changed;
 * - `POST /api/reservations/{reference}/change` with the travel step's fields (`entryTime`, `exitTime`,
 *   `personCount`, `childrenSeat`, `bulkyBaggage`, `licensePlate`) and `dryRun: true` → 200 `{quote}` (old and new
 *   price, difference, per-day breakdown); without `dryRun` it needs an `Idempotency-Key` and changes the booking
 *   → 200 `{reservation, redirect, quote}` (the same key replays the answer).
 * - `POST /api/reservations/{reference}/flight-delay` `{arrivalTime}` (airport local) → 200 `{reservation}` with
 *   `expectedExitTime` and `delayCoveredUntil` (issue 35 item 1): the customer reports a late return flight.
 * Access: the owner's session or a session with guest access; anyone else 404. 409 too late / not active / sold
 * out, 422 validation. The service does the work; this module only wires.
 */
import { Router } from 'express';
import { submitFlightDelay } from '~/services/flights/flight-delay.server.ts';
import { submitCancel, submitChange } from '~/services/reservations/reservation-manage.server.ts';
import type { AppContext } from '../context.server.ts';
import { apiLocals, handle, sendJson } from './http.server.ts';

/** Router for the reservation management endpoints. */
export function reservationsRouter(ctx: AppContext): Router {
  const router = Router();

  router.post(
    '/reservations/:reference/cancel',
    handle(async (req, res) => {
      const { session } = apiLocals(res);
      const answer = await submitCancel(ctx, {
        session,
        reference: String(req.params.reference),
        body: req.body,
      });
      await sendJson(res, answer.status, answer.body);
    }),
  );

  router.post(
    '/reservations/:reference/change',
    handle(async (req, res) => {
      const { session, locale } = apiLocals(res);
      const answer = await submitChange(ctx, {
        session,
        reference: String(req.params.reference),
        body: req.body,
        idempotencyKey: req.get('Idempotency-Key'),
        locale,
      });
      await sendJson(res, answer.status, answer.body);
    }),
  );

  router.post(
    '/reservations/:reference/flight-delay',
    handle(async (req, res) => {
      const { session } = apiLocals(res);
      const answer = await submitFlightDelay(ctx, {
        session,
        reference: String(req.params.reference),
        body: req.body,
      });
      await sendJson(res, answer.status, answer.body);
    }),
  );

  return router;
}

/**
 * The checkout endpoints (SPEC §7, DESIGN §5):
 * - `POST /api/checkout/validate` `{step, …fields}` and `POST /api/checkout/validate/{travel,billing-address,payment}`
 *   → `{valid: true}` or 422 `{message, errors}` (field keys exactly as sent);
 * - `POST /api/checkout` (optional `Idempotency-Key`) → 201 `{reservation, redirect}`; 409 no cart / sold out /
 *   key in flight, 422 validation or key mismatch.
 */
import { Router, type Request, type Response } from 'express';
import { localePath } from '~/i18n.ts';
import {
  CheckoutError,
  placeReservation,
  validateCheckoutStep,
  type Reservation,
  type ValidatedStep,
} from '~/services/checkout.server.ts';
import { grantGuestAccess } from '~/services/guest-access.server.ts';
import { beginIdempotency, completeIdempotency, releaseIdempotency } from '~/services/idempotency.server.ts';
import { deliverPendingMail, enqueueReservationConfirmation } from '~/services/mail.server.ts';
import { buildGuestAccessUrl } from '~/services/reservations.server.ts';
import type { AppContext } from '../context.server.ts';
import { apiLocals, handle, HttpError, requestErrorToHttp, sendJson, ValidationError } from './http.server.ts';

const STEPS: readonly ValidatedStep[] = ['travel', 'billingAddress', 'payment'];

function bodyObject(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** The public view of a new reservation in the 201 answer. */
function reservationView(reservation: Reservation) {
  return {
    reference: reservation.reference,
    status: reservation.status,
    totalCents: reservation.totalCents,
    currency: 'EUR' as const,
    entryTime: reservation.entryLocal,
    exitTime: reservation.exitLocal,
    paymentType: reservation.paymentType,
    invoiceNumber: reservation.invoiceNumber,
  };
}

/** Router for the checkout validation and submit endpoints. */
export function checkoutRouter(ctx: AppContext): Router {
  const router = Router();

  /** Answers `{valid: true}` or throws the 409/422 HttpError of one step's validation. */
  async function validate(step: ValidatedStep, body: Record<string, unknown>, res: Response): Promise<void> {
    const { session, t } = apiLocals(res);
    // A CheckoutError (no cart) becomes 409 JSON in the API's error handler.
    const errors = await validateCheckoutStep(ctx.db, { step, body, cart: session.get('cart'), now: ctx.now() });
    if (Object.keys(errors).length > 0) throw requestErrorToHttp(new CheckoutError(422, 'validation.failed', errors), t);
    await sendJson(res, 200, { valid: true });
  }

  router.post(
    '/checkout/validate',
    handle(async (req, res) => {
      const { t } = apiLocals(res);
      const { step, ...fields } = bodyObject(req);
      if (typeof step !== 'string' || !(STEPS as readonly string[]).includes(step)) {
        throw new ValidationError(t('validation.failed'), { step: [t('validation.invalid')] });
      }
      await validate(step as ValidatedStep, fields, res);
    }),
  );
  router.post('/checkout/validate/travel', handle((req, res) => validate('travel', bodyObject(req), res)));
  router.post('/checkout/validate/billing-address', handle((req, res) => validate('billingAddress', bodyObject(req), res)));
  router.post('/checkout/validate/payment', handle((req, res) => validate('payment', bodyObject(req), res)));

  router.post(
    '/checkout',
    handle(async (req, res) => {
      const { session, locale, t } = apiLocals(res);
      const body = bodyObject(req);
      const cart = session.get('cart') ?? null;

      // Idempotency first: after a success the cart is gone, and a replay must still get the first answer.
      const header = req.get('Idempotency-Key');
      let idempotencyKey: string | null = null;
      if (header !== undefined) {
        const decision = await beginIdempotency(ctx.db, { key: header, sessionId: session.id, body, cart });
        if (decision.kind === 'replay') {
          res.status(decision.status).json(decision.body);
          return;
        }
        if (decision.kind === 'refused') throw new HttpError(decision.status, t(decision.messageKey));
        idempotencyKey = decision.key;
      }

      const answer = (reservation: Reservation) => ({
        reservation: reservationView(reservation),
        redirect: localePath(locale, `/reservierung/${reservation.reference}`),
      });

      let placed: Awaited<ReturnType<typeof placeReservation>>;
      try {
        placed = await placeReservation(ctx.db, {
          cart,
          body,
          userId: session.get('userId') ?? null,
          locale,
          now: ctx.now(),
          // The stored answer commits with the booking, so a crash in between cannot book twice.
          inTransaction: idempotencyKey
            ? (tx, reservation) => completeIdempotency(tx, idempotencyKey!, 201, answer(reservation))
            : undefined,
        });
      } catch (error) {
        if (error instanceof CheckoutError) {
          const httpError = requestErrorToHttp(error, t);
          if (idempotencyKey) {
            // A 422 depends only on the request and is stored for replays; a 409 (sold out) depends on the
            // moment, so the key is released and a retry is judged afresh.
            if (httpError.status === 409) await releaseIdempotency(ctx.db, idempotencyKey);
            else await completeIdempotency(ctx.db, idempotencyKey, httpError.status, httpError.toJSON());
          }
          throw httpError;
        }
        if (idempotencyKey) {
          await releaseIdempotency(ctx.db, idempotencyKey).catch((err: unknown) =>
            ctx.logger.error({ err }, 'could not release idempotency key'),
          );
        }
        throw error;
      }

      const { reservation, guestToken } = placed;
      grantGuestAccess(session, reservation.reference);
      session.unset('cart');

      // The booking stands whatever happens to the mail (issue 3); the outbox worker retries delivery.
      const mailCtx = { db: ctx.db, env: ctx.env, logger: ctx.logger };
      const origin = ctx.env.PUBLIC_URL ?? `${req.protocol}://${req.get('host')}`;
      const accessUrl = buildGuestAccessUrl(origin, locale, reservation.reference, guestToken);
      try {
        await enqueueReservationConfirmation(mailCtx, { reservationId: reservation.id, accessUrl });
      } catch (err) {
        ctx.logger.error({ err, reservationId: reservation.id }, 'could not enqueue the confirmation mail');
      }

      await sendJson(res, 201, answer(reservation));
      void deliverPendingMail(mailCtx).catch((err: unknown) => ctx.logger.error({ err }, 'mail delivery failed'));
    }),
  );

  return router;
}

/**
 * The checkout endpoints (SPEC §7, DESIGN §5):
 * - `POST /api/checkout/validate` `{step, …fields}` and `POST /api/checkout/validate/{travel,billing-address,payment}`
 *   → `{valid: true}` or 422 `{message, errors}` (field keys exactly as sent);
 * - `POST /api/checkout/coupon` `{couponCode, entryTime?, exitTime?}` → `{coupon: {code, kind, value}}` or 422
 *   `{message, errors: {couponCode}}` (the payment step's "apply" button; issue 12 item 5);
 * - `POST /api/checkout` (optional `Idempotency-Key`) → 201 `{reservation, redirect}`; 409 no cart / sold out /
 *   key in flight, 422 validation or key mismatch.
 */
import { Router, type Request, type Response } from 'express';
import { CheckoutError, validateCheckoutStep, type ValidatedStep } from '~/services/checkout/checkout.server.ts';
import { submitCheckout } from '~/services/checkout/checkout-submit.server.ts';
import { quoteCoupon } from '~/services/checkout/checkout-coupon.server.ts';
import { asObject } from '~/services/checkout/checkout-validate.server.ts';
import type { AppContext } from '../context.server.ts';
import { apiLocals, handle, sendJson } from './http.server.ts';

const STEPS: readonly ValidatedStep[] = ['travel', 'billingAddress', 'payment'];

const bodyObject = (req: Request) => asObject(req.body);

/** Router for the checkout validation and submit endpoints. */
export function checkoutRouter(ctx: AppContext): Router {
  const router = Router();

  /** Answers `{valid: true}`, or throws the CheckoutError (409 no cart, 422 field errors) of one step. */
  async function validate(step: ValidatedStep, body: Record<string, unknown>, res: Response): Promise<void> {
    const { session } = apiLocals(res);
    // A CheckoutError (no cart, or these field errors) becomes 409/422 JSON in the API's error handler.
    const errors = await validateCheckoutStep(ctx.db, { step, body, cart: session.get('cart'), now: ctx.now() });
    if (Object.keys(errors).length > 0) throw new CheckoutError(422, 'validation.failed', errors);
    await sendJson(res, 200, { valid: true });
  }

  router.post(
    '/checkout/validate',
    handle(async (req, res) => {
      const { step, ...fields } = bodyObject(req);
      const known = typeof step === 'string' && (STEPS as readonly string[]).includes(step);
      if (!known) throw new CheckoutError(422, 'validation.failed', { step: ['validation.invalid'] });
      await validate(step as ValidatedStep, fields, res);
    }),
  );
  router.post(
    '/checkout/validate/travel',
    handle((req, res) => validate('travel', bodyObject(req), res)),
  );
  router.post(
    '/checkout/validate/billing-address',
    handle((req, res) => validate('billingAddress', bodyObject(req), res)),
  );
  router.post(
    '/checkout/validate/payment',
    handle((req, res) => validate('payment', bodyObject(req), res)),
  );

  router.post(
    '/checkout/coupon',
    handle(async (req, res) => {
      const { session } = apiLocals(res);
      const body = bodyObject(req);
      const result = await quoteCoupon(ctx.db, { code: body.couponCode, travel: body, cart: session.get('cart') });
      if ('errors' in result) throw new CheckoutError(422, 'validation.failed', result.errors);
      await sendJson(res, 200, result);
    }),
  );

  router.post(
    '/checkout',
    handle(async (req, res) => {
      const { session, locale } = apiLocals(res);
      const answer = await submitCheckout(ctx, {
        session,
        body: bodyObject(req),
        idempotencyKey: req.get('Idempotency-Key'),
        locale,
      });
      await sendJson(res, answer.status, answer.body);
    }),
  );

  return router;
}

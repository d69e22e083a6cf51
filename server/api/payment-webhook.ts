/**
 * `POST /api/payment/webhook/{provider}` (DESIGN §5, issue 13): the payment provider's signed event. Mounted before
 * the API's JSON parser, session and CSRF check (the provider has neither a session nor a token, and the signature
 * is computed over the raw body): the body is read raw (at most 256 kB), the signature decides. Everything else of
 * the API holds: JSON answers only, `no-store`, a rate limit per client IP, translated errors (German default).
 */
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { toLocale } from '~/i18n.ts';
import { translator } from '~/i18n.server.ts';
import { handlePaymentWebhook } from '~/services/payments/online-payment.server.ts';
import { DatabaseRateLimitStore } from '~/services/rate-limit-store.server.ts';
import type { AppContext } from '../context.server.ts';
import { HttpError, unreadableBodyError } from './http.server.ts';
import { apiRateLimit } from './rate-limit.server.ts';

/** The webhook router; mount it at `/api/payment/webhook` before the `/api` router. */
export function paymentWebhookRouter(ctx: AppContext): Router {
  const router = Router();
  router.use((req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    res.locals.t = translator(toLocale(req.get('App-Language')));
    next();
  });
  // Stripe retries at most a few times per event; a flood from one address is not the provider.
  router.use(
    apiRateLimit({ limit: 300, windowMs: 60_000, store: new DatabaseRateLimitStore(ctx.db, 'payment-webhook') }),
  );
  router.post('/:provider', express.raw({ type: () => true, limit: '256kb' }), (req, res, next) => {
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    handlePaymentWebhook(ctx, { provider: req.params.provider, signature: req.get('Stripe-Signature'), rawBody })
      .then((answer) => {
        const t = res.locals.t as ReturnType<typeof translator>;
        if (answer.status === 400) res.status(400).json({ message: t('payment.webhook.bad_signature') });
        else if (answer.status === 404) res.status(404).json({ message: t('api.error.not_found') });
        else res.status(answer.status).json(answer.body);
      })
      .catch(next);
  });
  router.use((_req, res) => {
    res.status(404).json({ message: (res.locals.t as ReturnType<typeof translator>)('api.error.not_found') });
  });
  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const t = res.locals.t as ReturnType<typeof translator>;
    if (error instanceof HttpError) {
      if (error.headers) res.set(error.headers);
      res.status(error.status).json(error.toJSON());
      return;
    }
    // A body that cannot be read (too large, declared compressed but not, an unknown encoding): 4xx, never 500.
    const unreadable = unreadableBodyError(error, t);
    if (unreadable) {
      res.status(unreadable.status).json(unreadable.toJSON());
      return;
    }
    ctx.logger.error({ err: error, path: req.path }, 'payment webhook error');
    res.status(500).json({ message: t('api.error.server') });
  });
  return router;
}

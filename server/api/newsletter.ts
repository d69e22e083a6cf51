/**
 * `POST /api/newsletter` (SPEC §7, DESIGN §5): `{email, firstname?, lastname?}` → 202 `{message}`, the same answer
 * for a new, pending or subscribed address; the double opt-in mail follows in the background. 422 with the field
 * keys as sent; 429 (per client IP) with `Retry-After`. CSRF is enforced by the API middleware (every POST).
 */
import { Router } from 'express';
import { toConsentSource } from '~/domain/newsletter.ts';
import { requestNewsletterSubscription } from '~/services/subscriptions/newsletter.server.ts';
import type { AppContext } from '../context.server.ts';
import { apiLocals, handle, sendJson } from './http.server.ts';

/** Router for the newsletter sign-up. */
export function newsletterRouter(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/newsletter',
    handle(async (req, res) => {
      const { locale, t } = apiLocals(res);
      const body: unknown = req.body;
      await requestNewsletterSubscription(ctx, {
        body,
        locale,
        clientIp: req.ip ?? '',
        userAgent: req.get('User-Agent'),
        source: toConsentSource((body as { source?: unknown } | null)?.source),
      });
      await sendJson(res, 202, { message: t('newsletter.accepted') });
    }),
  );
  return router;
}

/**
 * `POST /api/contact` (DESIGN §5, ours): `{topic, reference?, name, email, message}` → 202 `{message}`; 422 with
 * the field keys as sent; 429 with `Retry-After` when the client IP has sent too many messages. A filled honeypot
 * gets the same 202.
 */
import { Router } from 'express';
import { sendContactMessage } from '~/services/content/contact.server.ts';
import type { AppContext } from '../context.server.ts';
import { apiLocals, handle, sendJson } from './http.server.ts';

/** Router for the contact form. */
export function contactRouter(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/contact',
    handle(async (req, res) => {
      // A refusal (ContactError 422/429) becomes JSON in the API's error handler.
      const { locale, t } = apiLocals(res);
      await sendContactMessage(ctx, { body: req.body, clientIp: req.ip ?? '', locale });
      await sendJson(res, 202, { message: t('contact.success') });
    }),
  );
  return router;
}

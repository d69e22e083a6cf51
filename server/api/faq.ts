/**
 * `GET /api/faq` (ours): the FAQ entries in the caller's App-Language, `{entries: [{slug, category, question,
 * answer, airport}]}`, for the instant search of the FAQ search box on pages that do not carry the FAQ themselves.
 */
import { Router } from 'express';
import { listFaq } from '~/services/content/faq.server.ts';
import type { AppContext } from '../context.server.ts';
import { apiLocals, handle, sendJson } from './http.server.ts';

/** Router for the FAQ entries. */
export function faqRouter(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/faq',
    handle(async (_req, res) => {
      await sendJson(res, 200, { entries: await listFaq(ctx.db, apiLocals(res).locale) });
    }),
  );
  return router;
}

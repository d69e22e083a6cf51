/**
 * The ratings widget's API (SPEC §7, DESIGN §5; decision 0014), public data, no session written:
 * - `GET /api/ekomi-ratings/{id}/{page}` (page defaults to 1) → `{id, average, count, page, lastPage, reviews}`;
 *   unknown rating id → 404, page not a whole number from 1 → 422 `{message, errors: {page}}`, page past the end →
 *   200 with `reviews: []`.
 * - `GET /api/ekomi-ratings/translate/{id}` → `{id, comment, locale, translated}` in the App-Language; unknown
 *   review → 404.
 * Answers are cacheable for five minutes (`public`; the translation varies with `App-Language`).
 */
import { Router, type Response } from 'express';
import { loadRatingsPage, translateReview } from '~/services/ratings/ratings.server.ts';
import type { AppContext } from '../context.server.ts';
import { apiLocals, handle, HttpError } from './http.server.ts';

/** Browser and shared caches may keep an answer this long, seconds: reviews arrive a few times a day at most. */
const RATINGS_MAX_AGE_S = 300;

/** Sends public, cacheable JSON. No `sendJson`: saving the session could set a cookie on a shared answer. */
function sendPublic(res: Response, body: unknown): void {
  res.setHeader('Cache-Control', `public, max-age=${RATINGS_MAX_AGE_S}`);
  res.status(200).json(body);
}

/** Router of `ekomi-ratings`. */
export function ratingsRouter(ctx: AppContext): Router {
  const router = Router();
  // Before `:id{/:page}`, which would take `translate` for a rating id.
  router.get(
    '/ekomi-ratings/translate/:id',
    handle(async (req, res) => {
      const { locale, t } = apiLocals(res);
      const translation = await translateReview(ctx.db, String(req.params.id), locale);
      if (!translation) throw new HttpError(404, t('ratings.error.review_not_found'));
      res.setHeader('Vary', 'App-Language');
      sendPublic(res, translation);
    }),
  );
  router.get(
    '/ekomi-ratings/:id{/:page}',
    handle(async (req, res) => {
      // A malformed page (RatingsError 422) becomes JSON in the API's error handler.
      const rawPage = typeof req.params.page === 'string' ? req.params.page : undefined;
      const page = await loadRatingsPage(ctx.db, String(req.params.id), rawPage);
      if (!page) throw new HttpError(404, apiLocals(res).t('ratings.error.not_found'));
      sendPublic(res, page);
    }),
  );
  return router;
}

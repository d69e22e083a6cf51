/**
 * The photos of a handover record (issue 36 item 2) on their signed, expiring links:
 * `GET /uebergabe/foto/:id?v=<viewer>&exp=<unix s>&sig=<HMAC>`. Outside `/api` (an `<img>` sends no
 * `X-Requested-With`) and without the session: the signature is the authorisation, issued only to a page that checked
 * access (the customer's reservation pages, the back office's). A forged, expired or deleted photo's link answers 404.
 */
import { Router } from 'express';
import { servePhoto } from '~/services/backoffice/handover-records.server.ts';
import type { AppContext } from './context.server.ts';

/** The path prefix of the photo links (`signPhotoLink` builds them). */
const HANDOVER_PHOTO_PATH = '/uebergabe/foto';

/** The photo router (mount it before the pages). */
export function handoverPhotoRouter(ctx: AppContext): Router {
  const router = Router();
  router.get(`${HANDOVER_PHOTO_PATH}/:id`, (req, res, next) => {
    servePhoto(ctx, { id: req.params.id, query: req.query as Record<string, unknown> })
      .then((photo) => {
        if (!photo) {
          res.status(404).setHeader('Cache-Control', 'no-store').type('text/plain').send('Not found');
          return;
        }
        res
          .status(200)
          .setHeader('Content-Type', photo.contentType)
          // private: a shared cache must never keep a customer's car; no longer than the link itself lives
          .setHeader('Cache-Control', `private, max-age=${photo.maxAgeSeconds}`)
          .setHeader('X-Content-Type-Options', 'nosniff')
          .setHeader('Referrer-Policy', 'no-referrer')
          .send(Buffer.from(photo.bytes));
      })
      .catch(next);
  });
  return router;
}

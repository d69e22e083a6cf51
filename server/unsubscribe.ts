/**
 * One-click unsubscribe (RFC 8058) for the mails that carry `List-Unsubscribe: <…/unsubscribe/<list>/<token>>`
 * and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`: the mail provider POSTs `List-Unsubscribe=One-Click`
 * there, without cookies, so these endpoints live outside `/api` (no session, no CSRF); the token in the path
 * is the authentication. A GET (a person or a scanner opening the address) changes nothing and redirects to the
 * unsubscribe page, which asks for the click (RFC 8058 §3: GET must not unsubscribe).
 *
 * Lists: `newsletter` (the newsletter), `airport-alert` (mails about locked airports) and `price-watch` (the mails
 * of one price watch, issue 37 item 2: unsubscribing ends that watch).
 */
import express, { Router, type ErrorRequestHandler } from 'express';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { unreadableBodyError } from './api/http.server.ts';
import { unsubscribeAirportAlerts } from '~/services/catalogue/airport-status.server.ts';
import { unsubscribeNewsletter } from '~/services/subscriptions/newsletter.server.ts';
import { unsubscribePriceWatch } from '~/services/subscriptions/price-watch.server.ts';
import type { AppContext } from './context.server.ts';

/** Per list: the use case and the page (German path; the page itself offers the language switch). */
const LISTS = {
  newsletter: { unsubscribe: unsubscribeNewsletter, page: '/newsletter/abmelden/' },
  'airport-alert': { unsubscribe: unsubscribeAirportAlerts, page: '/benachrichtigung/abmelden/' },
  'price-watch': { unsubscribe: unsubscribePriceWatch, page: '/preisbeobachtung/abmelden/' },
} as const;

function listOf(name: string) {
  return Object.hasOwn(LISTS, name) ? LISTS[name as keyof typeof LISTS] : null;
}

/** The `/unsubscribe/:list/:token` router (mount it outside `/api`, before the pages). */
export function unsubscribeRouter(ctx: AppContext): Router {
  const router = Router();
  router.post('/unsubscribe/:list/:token', express.urlencoded({ extended: false, limit: '2kb' }), (req, res, next) => {
    const list = listOf(req.params.list);
    if (!list) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    list
      .unsubscribe(ctx, { token: req.params.token })
      .then((known) => {
        if (known) res.status(200).json({ message: 'Unsubscribed.' });
        else res.status(404).json({ message: 'Unknown unsubscribe link.' });
      })
      .catch(next);
  });
  router.get('/unsubscribe/:list/:token', (req, res, next) => {
    const list = listOf(req.params.list);
    if (!list) {
      next();
      return;
    }
    res.redirect(303, `${list.page}${encodeURIComponent(req.params.token)}`);
  });
  router.use('/unsubscribe', refuseUnreadableBody);
  return router;
}

/**
 * A body the parser cannot read (over 2 KB, a broken or unknown `Content-Encoding`, a charset other than UTF-8)
 * answers like every other body-parsing path: 413, 415 or 400 with the translated `{message}` (issue 31 item 3;
 * before, the error reached the page error handler: 500, logged as an error). A mail provider sends no language:
 * German unless `App-Language` says otherwise.
 */
const refuseUnreadableBody: ErrorRequestHandler = (error, req, res, next) => {
  const refusal = unreadableBodyError(error, translator(toLocale(req.get('App-Language'))));
  if (!refusal) {
    next(error);
    return;
  }
  res.status(refusal.status).setHeader('Cache-Control', 'no-store').json(refusal.toJSON());
};

/**
 * The JSON API under `/api` (SPEC §7, DESIGN §5). Order of the checks: JSON body (readable text) → `X-Requested-With`
 * (400) → session → CSRF for every non-GET and `GET auth/signout` (419) → the area routers → JSON 404.
 * Errors never leave as HTML; 500s carry no stack outside debug.
 */
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { containsUnreadableText } from '~/domain/readable-text.ts';
import { toLocale } from '~/i18n.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../database-availability.server.ts';
import { translator } from '~/i18n.server.ts';
import type { AppContext } from '../context.server.ts';
import { RequestError } from '~/services/request-error.server.ts';
import { apiLocals, HttpError, refuseDeepJson, requestErrorToHttp, unreadableBodyError } from './http.server.ts';
import { countedLimitKey, countedLimitOf, countedRateLimit } from './rate-limit.server.ts';
import { accountRouter } from './account.ts';
import { authRouter } from './auth.ts';
import { cartRouter } from './checkout-cart.ts';
import { lockedAirportRouter } from './locked-airport.ts';
import { checkoutRouter } from './checkout.ts';
import { errorReportRouter } from './error-report.ts';
import { addressAutocompleteRouter } from './address-autocomplete.ts';
import { newsletterRouter } from './newsletter.ts';
import { priceCalendarRouter } from './price-calendar.ts';
import { priceWatchRouter } from './price-watch.ts';
import { ratingsRouter } from './ratings.ts';
import { contactRouter } from './contact.ts';
import { faqRouter } from './faq.ts';
import { reservationsRouter } from './reservations.ts';
import { adminApiRouter } from './admin/router.ts';

/** Builds the `/api` router. */
export function createApiRouter(ctx: AppContext): Router {
  const api = Router();

  api.use((req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    const locale = toLocale(req.get('App-Language'));
    res.locals.locale = locale;
    res.locals.t = translator(locale);
    next();
  });

  api.use(express.json({ limit: '64kb', strict: true, verify: refuseDeepJson }));
  // A NUL byte or a lone surrogate anywhere in the body is text no field can hold (the database refuses NUL): 400
  // before any route, so no service ever sees it (issue 14 item 3).
  api.use((req, res, next) => {
    if (containsUnreadableText(req.body)) next(new HttpError(400, apiLocals(res).t('api.error.bad_text')));
    else next();
  });

  api.use((req, res, next) => {
    if (req.get('X-Requested-With') !== 'XMLHttpRequest') {
      next(new HttpError(400, apiLocals(res).t('api.error.requested_with')));
      return;
    }
    next();
  });

  // The session; on the paths with a counted limit (checkout, reservations) the same statement counts the request's
  // rate-limit hit (decision 0035: one round trip instead of two).
  api.use((req, res, next) => {
    const limit = countedLimitOf(req.path);
    const loaded = limit
      ? ctx.sessions.loadCounting(req.get('Cookie'), { key: countedLimitKey(limit, req), windowMs: limit.windowMs })
      : ctx.sessions.load(req.get('Cookie')).then((session) => ({ session, hit: undefined }));
    loaded
      .then(({ session, hit }) => {
        res.locals.session = session;
        res.locals.countedHit = limit && hit ? { limit, hit } : undefined;
        next();
      })
      .catch(next);
  });

  api.use((req, res, next) => {
    const needsToken = req.method !== 'GET' && req.method !== 'HEAD' ? true : req.path === '/auth/signout';
    if (needsToken && !apiLocals(res).session.verifyCsrf(req.get('X-CSRF-TOKEN'))) {
      next(new HttpError(419, apiLocals(res).t('api.error.csrf')));
      return;
    }
    next();
  });

  // Tiered limits per client IP on the endpoints that change business state; counters in the database so all
  // app processes share them (DESIGN §1, decision 0007). Generous enough for a family behind one NAT. The checkout's
  // and the reservations' (changing and cancelling a booking, issue 12) were counted with the session read above.
  api.use(countedRateLimit);

  api.use(authRouter(ctx));
  api.use(accountRouter(ctx));
  api.use(cartRouter(ctx));
  api.use(lockedAirportRouter(ctx));
  api.use(checkoutRouter(ctx));
  api.use(reservationsRouter(ctx));
  api.use(errorReportRouter(ctx));
  api.use(addressAutocompleteRouter(ctx));
  // Limited per client IP inside its service (the no-JS form shares the count).
  api.use(newsletterRouter(ctx));
  api.use(priceWatchRouter(ctx));
  api.use(ratingsRouter(ctx));
  api.use(contactRouter(ctx)); // its per-IP limit lives in the service (shared with the page's no-JS action)
  api.use(faqRouter(ctx));
  api.use(priceCalendarRouter(ctx)); // public prices (issue 37 item 1): reads only, no limit tier
  // The back office (issue 15): its own staff session, never the customer's.
  api.use('/admin', adminApiRouter(ctx));

  api.use((_req, res, next) => next(new HttpError(404, apiLocals(res).t('api.error.not_found'))));

  api.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const t = apiLocals(res).t ?? translator('de');
    let httpError: HttpError;
    const unreadable = unreadableBodyError(error, t);
    if (error instanceof HttpError) {
      httpError = error;
    } else if (error instanceof RequestError) {
      httpError = requestErrorToHttp(error, t);
    } else if (error instanceof URIError) {
      // A malformed percent-escape in a path parameter (e.g. `database/check/%ZZ`): the router cannot decode it.
      httpError = new HttpError(400, t('api.error.bad_url'));
    } else if (unreadable) {
      httpError = unreadable;
    } else if (isDatabaseUnavailable(error)) {
      ctx.logger.warn({ err: error, path: req.path }, 'database unavailable');
      httpError = new HttpError(503, t('api.error.unavailable'), undefined, {
        'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
      });
    } else {
      ctx.logger.error({ err: error, path: req.path }, 'api error');
      const message =
        ctx.env.APP_DEBUG && error instanceof Error ? (error.stack ?? error.message) : t('api.error.server');
      httpError = new HttpError(500, message);
    }
    for (const [name, value] of Object.entries(httpError.headers ?? {})) res.setHeader(name, value);
    res.status(httpError.status).json(httpError.toJSON());
  });

  return api;
}

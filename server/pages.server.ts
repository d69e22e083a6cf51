/**
 * The page handler: loads the visitor's session, sets its cookie, answers anonymous GETs of cacheable pages from
 * the page cache (`page-cache.server.ts`, issue 11) and hands everything else to React Router.
 */
import { createRequestHandler } from '@react-router/express';
import type { RequestHandler, Response } from 'express';
import { RouterContextProvider, type ServerBuild } from 'react-router';
import { shopContext, type ShopContext } from '~/router-context.ts';
import type { AppContext } from './context.server.ts';
import { isDatabaseUnavailable } from './database-availability.server.ts';
import { createPageCache, type PageCache } from './page-cache.server.ts';
import { sendCookieOnIdChange } from './session.server.ts';

/**
 * The Express handler of every page (`app.all('*splat', …)`), with its page cache. Outside development it loads the
 * server build before it resolves.
 *
 * @param options.build - loads the React Router server build (in development through Vite).
 * @param options.pageCacheSeconds - lifetime of a cached page, s; 0 turns the cache off (`PAGE_CACHE_SECONDS`).
 * @throws what loading the build throws (production only).
 * Source: DESIGN §1 (Express + React Router), issue 11 item 2; decision 0061 (the build loaded once).
 */
export async function createPageHandler(
  ctx: AppContext,
  options: { build: () => Promise<ServerBuild>; pageCacheSeconds: number },
): Promise<{ handler: RequestHandler; pageCache: PageCache }> {
  const mode = ctx.env.NODE_ENV === 'development' ? 'development' : 'production';
  // React Router builds its route table (every route flattened, ranked and compiled) once from a build, but again for
  // every request from a loader function, which development needs (Vite's newest modules): in production the build
  // never changes, and that table was 11 % of a web worker's CPU under uncached searches (decision 0061).
  const build = mode === 'development' ? options.build : await options.build();
  const rrHandler = createRequestHandler({
    build,
    mode,
    // React Router's typed context (v8_middleware, decision 0008): pages read it with context.get(shopContext).
    getLoadContext: (req, res) =>
      new RouterContextProvider(
        new Map([
          [
            shopContext,
            {
              app: ctx,
              session: res.locals.session,
              cspNonce: res.locals.cspNonce,
              clientIp: req.ip ?? '',
              stagingAuthorization: res.locals.stagingAuthorization,
              ...(res.locals.pageFailure as PageFailure | undefined)?.context,
            },
          ],
        ]),
      ),
  });
  const pageCache = createPageCache(ctx, { build, mode, ttlSeconds: options.pageCacheSeconds });
  const handler: RequestHandler = (req, res, next) => {
    ctx.sessions
      .load(req.get('Cookie'))
      .then(async (session) => {
        res.locals.session = session;
        // The id cookie is all the browser needs; data is written by whoever changes it.
        const cookie = await session.save();
        if (cookie) res.append('Set-Cookie', cookie);
        // A sign-in, sign-up or sign-out action changes the id: the answer must carry the new cookie.
        sendCookieOnIdChange(res, session, ctx.sessions);
        // The test host's pages carry its authorization in the head: never shared through the page cache.
        if (!res.locals.stagingAuthorization && (await pageCache.serve(req, res, session))) return;
        res.locals.pageFailure = pageFailure(ctx, req.originalUrl, res);
        return rrHandler(req, res, next);
      })
      .catch(next);
  };
  return { handler, pageCache };
}

/** What a page's loaders and actions failed with, told by entry.server's `handleError` (`ShopContext.reportError`). */
type PageFailure = { context: Required<Pick<ShopContext, 'reportError' | 'serverAnswers'>> };

/**
 * Collects the errors of one page request's loaders and actions. Other errors are logged (pino, JSON); an unreachable
 * database makes the server answer itself: React Router's 5xx answer (the document, or the data of a client
 * navigation) is replaced, before anything is sent, by the app's error handler's 503 page with `Retry-After`
 * (`pageErrorHandler`), as when the session could not even be loaded. Without it a loader that lost the database
 * answered the root error boundary's 500 page (issue 14 item 5, found by tests/integration/faults-database-restart).
 */
function pageFailure(ctx: AppContext, url: string, res: Response): PageFailure {
  let unavailable: unknown;
  const status = res.status;
  // React Router's Express adapter sets the status first, then headers and body; throwing there reaches its
  // `next(error)`, i.e. the app's error handler, with nothing sent yet.
  res.status = function (this: Response, code: number) {
    res.status = status; // once: the error handler sets its own status
    if (code >= 500 && unavailable !== undefined) throw unavailable;
    return status.call(this, code);
  };
  return {
    context: {
      reportError: (error) => {
        if (isDatabaseUnavailable(error)) unavailable ??= error;
        // A refusal of bad input, answered 400: worth a line, not an alarm (issue 31 item 9).
        else if (isForeignOriginRefusal(error)) ctx.logger.warn({ url, reason: error.message }, 'page action refused');
        else ctx.logger.error({ err: error, url }, 'page error');
      },
      serverAnswers: () => unavailable !== undefined,
    },
  };
}

/**
 * Whether `error` is React Router's refusal of a page action whose `Origin` header is not a URL or another site's
 * (`throwIfPotentialCSRFAttack`: a plain `Error` whose message ends "Aborting the action."; answered 400).
 */
function isForeignOriginRefusal(error: unknown): error is Error {
  return error instanceof Error && error.message.endsWith('Aborting the action.');
}

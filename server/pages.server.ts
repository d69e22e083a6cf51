/**
 * The page handler: loads the visitor's session, sets its cookie, answers anonymous GETs of cacheable pages from
 * the page cache (`page-cache.server.ts`, issue 11) and hands everything else to React Router.
 */
import { createRequestHandler } from '@react-router/express';
import type { RequestHandler } from 'express';
import { RouterContextProvider, type ServerBuild } from 'react-router';
import { shopContext } from '~/router-context.ts';
import type { AppContext } from './context.server.ts';
import { createPageCache, type PageCache } from './page-cache.server.ts';
import { sendCookieOnIdChange } from './session.server.ts';

/**
 * The Express handler of every page (`app.all('*splat', …)`), with its page cache.
 *
 * @param options.build - loads the React Router server build (in development through Vite).
 * @param options.pageCacheSeconds - lifetime of a cached page, s; 0 turns the cache off (`PAGE_CACHE_SECONDS`).
 * Source: DESIGN §1 (Express + React Router), issue 11 item 2.
 */
export function createPageHandler(
  ctx: AppContext,
  options: { build: () => Promise<ServerBuild>; pageCacheSeconds: number },
): { handler: RequestHandler; pageCache: PageCache } {
  const mode = ctx.env.NODE_ENV === 'development' ? 'development' : 'production';
  const rrHandler = createRequestHandler({
    build: options.build,
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
            },
          ],
        ]),
      ),
  });
  const pageCache = createPageCache(ctx, { build: options.build, mode, ttlSeconds: options.pageCacheSeconds });
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
        return rrHandler(req, res, next);
      })
      .catch(next);
  };
  return { handler, pageCache };
}

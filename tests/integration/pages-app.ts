/**
 * The real HTTP app with the page handler, for integration tests that need pages: the Express app of
 * `server/app.server.ts` with React Router's page handler, the server build loaded through Vite (as in
 * development). The app, the pages and every module a test asks for through `load` come from the build's own module
 * graph (one router context, one set of cache listeners, one mail hand-off), as in one server process.
 */
import { createServer, type ViteDevServer } from 'vite';
import type { ServerBuild } from 'react-router';
import type * as AppServer from '../../server/app.server.ts';
import type * as Pages from '../../server/pages.server.ts';
import type { PageCache } from '../../server/page-cache.server.ts';
import type { TestApp } from './harness.ts';

export type PagesApp = {
  app: ReturnType<typeof AppServer.createBaseApp>;
  pageCache: PageCache;
  /** A module of the build's graph (e.g. `/app/services/mail/mail.server.ts`), not the test's own copy of it. */
  load: <T>(modulePath: string) => Promise<T>;
  close: () => Promise<void>;
};

/** Starts Vite in middleware mode and builds the app over `test`'s context; `pageCacheSeconds` 0 turns the cache off. */
export async function startPagesApp(test: TestApp, options: { pageCacheSeconds: number }): Promise<PagesApp> {
  const vite: ViteDevServer = await createServer({
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'silent',
  });
  const load = <T>(modulePath: string) => vite.ssrLoadModule(modulePath) as Promise<T>;
  const build = () => load<ServerBuild>('virtual:react-router/server-build');
  const { createPageHandler } = await load<typeof Pages>('/server/pages.server.ts');
  const { createBaseApp } = await load<typeof AppServer>('/server/app.server.ts');
  const pages = createPageHandler(test.ctx, { build, pageCacheSeconds: options.pageCacheSeconds });
  return {
    app: createBaseApp(test.ctx, { pages: pages.handler }),
    pageCache: pages.pageCache,
    load,
    close: () => vite.close(),
  };
}

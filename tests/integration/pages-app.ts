/**
 * The real HTTP app with the page handler, for integration tests that need pages: the Express app of
 * `server/app.server.ts` with React Router's page handler, from the production build (`build/server/index.js`,
 * built first when missing or stale; `npm test` builds before vitest, decision 0048). The app, the pages and every
 * module a test asks for through `hooks` come from the build's own module graph (one router context, one set of
 * cache listeners, one mail hand-off), as in one server process. The bundle is loaded by Node itself (vitest leaves
 * `build/` external: vitest.config.ts), once per test file.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as ServerBundle from '../../server/index.ts';
import type { PageCache } from '../../server/page-cache.server.ts';
import type { TestApp } from './harness.ts';
import { buildIfNeeded } from './server-process.ts';

type Hooks = typeof ServerBundle.testHooks;

export type PagesApp = {
  app: ReturnType<Hooks['createBaseApp']>;
  pageCache: PageCache;
  /** The build's own modules (mail hand-off, newsletter work, cache events, the server build), not the test's copy. */
  hooks: Hooks;
  close: () => Promise<void>;
};

let bundle: Promise<typeof ServerBundle> | undefined;

/** Builds the app over `test`'s context from the production build; `pageCacheSeconds` 0 turns the cache off. */
export async function startPagesApp(test: TestApp, options: { pageCacheSeconds: number }): Promise<PagesApp> {
  bundle ??= (() => {
    buildIfNeeded();
    return import(pathToFileURL(path.resolve('build/server/index.js')).href) as Promise<typeof ServerBundle>;
  })();
  const hooks = (await bundle).testHooks;
  const pages = await hooks.createPageHandler(test.ctx, {
    build: hooks.serverBuild,
    pageCacheSeconds: options.pageCacheSeconds,
  });
  return {
    app: hooks.createBaseApp(test.ctx, { pages: pages.handler }),
    pageCache: pages.pageCache,
    hooks,
    close: async () => {},
  };
}

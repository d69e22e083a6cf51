/**
 * What the integration tests that need pages take from the production bundle (`build/server/index.js`, exported
 * there as `testHooks`; tests/integration/pages-app.ts, decision 0048): the page handler and the app, and the
 * modules whose state a page request shares with the test (the mail hand-off, the newsletter's background work, the
 * cache events), all from the bundle's own module graph, as in one server process. The shop never uses them.
 */
import type { ServerBuild } from 'react-router';

export { createBaseApp } from './app.server.ts';
export { createPageHandler } from './pages.server.ts';
export * as mail from '~/services/mail/mail.server.ts';
export * as newsletter from '~/services/subscriptions/newsletter.server.ts';
export * as cacheEvents from '~/services/cache-events.server.ts';

/** React Router's server build of this bundle (its routes, for tests that walk every page). */
export const serverBuild = () => import('virtual:react-router/server-build') as Promise<ServerBuild>;

/**
 * What every loader and action receives as `context` (set by the Express server in `server/index.ts`).
 */
import type { AppContext } from '#server/context.server.ts';
import type { Session } from '#server/session.server.ts';

declare module 'react-router' {
  interface AppLoadContext {
    /** process-wide services: database, env, logger, clock */
    app: AppContext;
    /** the visitor's session (cart, user, guest access, flash) */
    session: Session;
    /** nonce of this response's Content-Security-Policy, for inline scripts */
    cspNonce: string;
    /** the client's IP address as Express sees it (honours TRUST_PROXY), for per-client limits */
    clientIp: string;
  }
}

export {};

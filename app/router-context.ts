/**
 * The per-request values every loader, action and middleware reads through React Router's typed context
 * (`context.get(shopContext)`); the Express server sets them in `server/index.ts` (`v8_middleware`,
 * decision 0008). Type imports only: nothing of the server reaches the browser bundle.
 */
import { createContext } from 'react-router';
import type { AppContext } from '#server/context.server.ts';
import type { Session } from '#server/session.server.ts';

/** What the server hands to the pages for one request. */
export type ShopContext = {
  /** process-wide services: database, env, logger, clock */
  app: AppContext;
  /** the visitor's session (cart, user, guest access, flash) */
  session: Session;
  /** nonce of this response's Content-Security-Policy, for inline scripts */
  cspNonce: string;
  /** the client's IP address as Express sees it (honours TRUST_PROXY), for per-client limits */
  clientIp: string;
  /** on the test host only (SPEC §7, issue 16): the `Authorization` value the API client must send */
  stagingAuthorization?: string;
  /**
   * Told of every error a loader or action threw (entry.server's `handleError`): the server logs it as JSON, and when
   * it says the database is unreachable answers the request itself with its 503 page (issue 14 item 5).
   */
  reportError?: (error: unknown) => void;
  /** True once the server answers this request itself (see `reportError`): the document is then not rendered. */
  serverAnswers?: () => boolean;
};

/** The typed context key of {@link ShopContext}; no default: a page rendered without the server is a bug. */
export const shopContext = createContext<ShopContext>();

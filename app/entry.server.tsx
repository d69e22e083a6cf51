import fs from 'node:fs';
import path from 'node:path';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { currentTiming } from '#database/request-timing.server.ts';
import appStylesHref from './app.css?url';
import { provideDictionary } from './components/dictionary-store.ts';
import { provideInlineStyle } from './components/inline-styles.ts';
import { NonceProvider } from './components/nonce.tsx';
import { deferScriptsUntilPainted } from './head-priorities.server.ts';
import { DICTIONARIES } from './i18n.server.ts';
import { islandsReady } from './components/widgets/island.tsx';
import type { Locale } from './i18n.ts';
import { shopContext } from './router-context.ts';

export const streamTimeout = 5_000;

// The texts every page renders with (root.tsx reads them from the store, not from loader data).
for (const [locale, dictionary] of Object.entries(DICTIONARIES)) provideDictionary(locale as Locale, dictionary);

// The built stylesheet goes inline (root.tsx), read from the client build as server.js serves it (`build/client`
// beside the working directory, the project root). In development Vite serves the CSS itself and the page links it.
if (import.meta.env.PROD) {
  const file = path.resolve('build/client', `.${appStylesHref}`);
  if (fs.existsSync(file)) provideInlineStyle(appStylesHref, fs.readFileSync(file, 'utf8'));
}

/**
 * Errors thrown by loaders and actions go to the server (`ShopContext.reportError`): logged as JSON by pino instead
 * of React Router's default `console.error` text, and an unreachable database makes the server answer 503 itself.
 * Errors of requests the client gave up, and 4xx answers (an unknown path), are not errors of the shop.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  const shop = (context as RouterContextProvider).get(shopContext);
  if (shop.reportError) shop.reportError(error);
  else shop.app.logger.error({ err: error, url: request.url }, 'page error');
};

/** Every page and every page's data: private to the session whose CSRF token they carry (issue 31 item 7). */
const DOCUMENT_CACHE_CONTROL = 'private, no-store';

/**
 * A client navigation's data (`*.data`) holds the root loader's CSRF token too: the same rule as for documents.
 */
export function handleDataRequest(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', DOCUMENT_CACHE_CONTROL);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The database is unreachable: the server sends its own 503 page (server/pages.server.ts), nothing to render here.
  if (loadContext.get(shopContext).serverAnswers?.()) return new Response(null, { status: 503 });
  // One rule for every document, whatever its route set (issue 31 item 7): each carries the session's CSRF token
  // (root loader), so no shared cache may keep it, the 404 and error pages included.
  responseHeaders.set('Cache-Control', DOCUMENT_CACHE_CONTROL);
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(shopContext).cspNonce;

  const timing = currentTiming();
  const renderStart = performance.now();
  // lazily hydrated parts render on the server like any other component once their modules are loaded
  await islandsReady();

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the complete document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        // Scripts and the hoisted <style> elements (the inline stylesheet) carry the response's CSP nonce: the
        // policy's style-src has no 'unsafe-inline' (issue 14). A plain string would nonce only scripts.
        nonce: { script: nonce, style: nonce },
        // Every Suspense boundary (the lazily hydrated islands) goes out inline and complete: React 19.2 would
        // otherwise send large ones after the shell, revealed by an inline script, i.e. not without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          if (timing) timing.renderMs = performance.now() - renderStart;
          const body = deferScriptsUntilPainted(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

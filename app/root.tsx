import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { dictionaryOf, loadDictionary } from './components/dictionary-store.ts';
import { I18nProvider, useT } from './components/i18n-context.tsx';
import { inlineStyle } from './components/inline-styles.ts';
import { island } from './components/widgets/island.tsx';
import { useNonce } from './components/nonce.tsx';
import { translationsUrl } from './i18n.server.ts';
import { toLocale, type Dictionary } from './i18n.ts';
import { isCookieBarHidden } from './client/cookies.ts';
import { hasMapConsent } from './client/map-consent.ts';
import { currentUser } from './services/accounts/auth.server.ts';
import appStylesHref from './app.css?url';
import { shopContext } from './router-context.ts';
import { unreadableFormAnswer } from './routes/helpers/request-guards.server.ts';

// Header and footer hydrate from chunks of their own (issue 11: first-load JavaScript budget).
const SiteHeader = island(() => import('./components/layout/site-header.tsx').then((m) => ({ default: m.SiteHeader })));
const ClientLayer = island(() =>
  import('./components/widgets/client-layer.tsx').then((m) => ({ default: m.ClientLayer })),
);
const SiteFooter = island(() => import('./components/layout/site-footer.tsx').then((m) => ({ default: m.SiteFooter })));

// Before any page action: a posted form with a NUL byte or a lone surrogate is refused here (400), so no action
// hands such text to the database (issue 14 item 3).
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params }, next) => (await unreadableFormAnswer(request, toLocale(params.lang))) ?? next(),
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app, session, stagingAuthorization } = context.get(shopContext);
  const locale = toLocale(params.lang);
  const user = await currentUser(app, { session });
  const flash = session.takeFlash();
  if (session.dirty) await session.save();
  return data(
    {
      locale,
      csrfToken: session.csrfToken,
      translationsUrl: translationsUrl(locale),
      debug: app.env.APP_DEBUG,
      authenticated: user !== null,
      user: user ? { firstname: user.firstname, lastname: user.lastname } : null,
      flash: flash ?? null,
      analyticsUrl: app.env.ANALYTICS_URL ?? null,
      sampleData: app.env.SHOP_SAMPLE_DATA,
      // the visitor chose to load the interactive map (third-party tiles), see ~/client/map-consent.ts
      mapConsent: hasMapConsent(request.headers.get('cookie')),
      // the cookie bar goes out with the page (no late pop-in as the largest paint) until a choice is stored
      cookieBar: !isCookieBarHidden(request.headers.get('cookie') ?? ''),
      // the test host only (SPEC §7, issue 16): the header the API client adds; null everywhere else
      stagingAuthorization: stagingAuthorization ?? null,
      shop: {
        name: app.env.SHOP_NAME,
        address: app.env.SHOP_ADDRESS,
        email: app.env.SHOP_EMAIL,
        phone: app.env.SHOP_PHONE,
      },
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

/**
 * In the browser, before a client-side navigation renders: the target locale's texts (a switch from German to
 * English loads the English dictionary; the page's own was loaded before hydration, entry.client.tsx).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadDictionary(data.locale, data.translationsUrl);
  return data;
}

/** The route name of the page being shown (SPEC §2): the deepest route's id, or an error page name. */
function useRouteName(error: unknown): string {
  const matches = useMatches();
  if (error != null) return isRouteErrorResponse(error) && error.status === 404 ? 'errors.404' : 'errors.500';
  const deepest = matches[matches.length - 1]?.id ?? 'index';
  return deepest === 'not-found' ? 'errors.404' : deepest;
}

/**
 * The root is the error boundary of every page, so the headers of a thrown answer (a route's private 404:
 * `Cache-Control: private, no-store`, `X-Robots-Tag`) are applied here; other answers keep their route's own.
 */
export function headers({ errorHeaders, parentHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? parentHeaders;
}

const EMPTY: Dictionary = {};

const ZOD_JITLESS = '(globalThis.__zod_globalConfig ??= {}).jitless = true;';

/**
 * Buffers errors from the first byte until the client layer's reporter takes over (`drainEarlyErrors` in
 * ~/client/error-reporter.ts; issue 14 item 6): scripts hydrate late by design, and errors before that were lost.
 * At most 20, so a loop cannot fill the memory.
 */
const EARLY_ERROR_BUFFER =
  '(function(w){var b={errors:[]},h=function(e){if(b.errors.length<20)b.errors.push(e.type==="error"?e.error||new Error(e.message||"Script error"):e.reason)};' +
  'w.addEventListener("error",h);w.addEventListener("unhandledrejection",h);' +
  'b.stop=function(){w.removeEventListener("error",h);w.removeEventListener("unhandledrejection",h)};w.__shopEarlyErrors=b})(window);';

/**
 * A click on a script-only button (`<button type="button">`) that React has not hydrated yet would do nothing: the
 * scripts start downloading only once the page has painted (decision 0040), the root hydrates after that, and an
 * island's code arrives later still (the cookie bar's "accept" clicked right after the page showed was lost; React
 * 19 does not replay it). This first script holds such a click back (React is not to see it half-hydrated) and
 * clicks the button again as soon as React has hydrated it (its `__reactProps$…` key, which React sets on every
 * element it manages), for up to 10 s. Links and submit buttons need no help: they work before hydration as without
 * JavaScript. Every `type="button"` in the server's HTML is React's; a library's own buttons would need their own
 * `type` (none today).
 */
const EARLY_CLICK_REPLAY =
  '(function(d){var live=function(b){var k=Object.keys(b);for(var i=0;i<k.length;i++)if(k[i].indexOf("__reactProps$")===0)return true;return false};' +
  'd.addEventListener("click",function(e){var b=e.isTrusted&&e.target&&e.target.closest&&e.target.closest(\'button[type="button"]\');' +
  'if(!b||live(b))return;e.stopImmediatePropagation();var t=Date.now(),w=function(){if(!b.isConnected)return;' +
  'if(live(b))b.click();else if(Date.now()-t<1e4)requestAnimationFrame(w)};requestAnimationFrame(w)},true)})(document);';

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const error = useRouteError();
  const routeName = useRouteName(error);
  const locale = root?.locale ?? 'de';
  const nonce = useNonce();
  const translations = root?.translationsUrl ?? `/translations/${locale}.json`;
  const dictionary = dictionaryOf(locale) ?? EMPTY;
  const css = inlineStyle(appStylesHref);
  // A framed document (route handle `bare`) renders without the site's chrome; its links leave the frame.
  const matches = useMatches();
  const bare = matches.some((m) => (m.handle as { bare?: boolean } | undefined)?.bare === true);
  // The back office (issue 15, route handle `backOffice`) brings its own chrome: no shop header, footer or client
  // layer (no cookie bar: staff pages set no consent-bound cookie).
  const backOffice = matches.some((m) => (m.handle as { backOffice?: boolean } | undefined)?.backOffice === true);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="locale" content={locale} />
        <meta name="route-name" content={routeName} />
        <meta name="csrf-token" content={root?.csrfToken ?? ''} />
        <meta name="translations-url" content={translations} />
        <meta name="debug" content={root?.debug ? '1' : '0'} />
        <meta name="authenticated" content={root?.authenticated ? '1' : '0'} />
        {root?.stagingAuthorization ? (
          <>
            <meta name="api-authorization" content={root.stagingAuthorization} />
            <meta name="robots" content="noindex" />
          </>
        ) : null}
        <meta name="theme-color" content="#0b5cad" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* the texts entry.client.tsx waits for before hydrating, fetched in parallel with the modules */}
        <link rel="preload" as="fetch" href={translations} crossOrigin="anonymous" />
        {/* zod's first object schema probes `new Function` for its JIT; the CSP (no 'unsafe-eval') reports
            that probe as a violation (Lighthouse best practices, issue 11). Its documented `jitless` config
            skips the probe; zod reads the config from this global, and this runs before any module. */}
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: EARLY_ERROR_BUFFER + EARLY_CLICK_REPLAY + ZOD_JITLESS }}
        />
        {/* Without JavaScript nothing but technically necessary cookies is ever set: no choice to ask for. */}
        <noscript>
          <style nonce={nonce}>{'[data-cookie-bar]{display:none}'}</style>
        </noscript>
        {bare ? <base target="_parent" /> : null}
        {/* The site's CSS inline (issue 11: nothing render-blocking to fetch before the first paint); where the
            server has no built file (development) a stylesheet link, placed by its precedence ahead of the
            module preloads. In the browser an empty <style> of the same href: React adopts the server's. */}
        {css !== undefined || typeof document !== 'undefined' ? (
          <style href={appStylesHref} precedence="default" nonce={nonce}>
            {css ?? ''}
          </style>
        ) : (
          <link rel="stylesheet" href={appStylesHref} precedence="default" />
        )}
        <Meta />
        <Links />
      </head>
      <body className={bare ? 'bg-surface text-ink antialiased' : 'min-h-dvh bg-surface text-ink antialiased'}>
        <I18nProvider locale={locale} dictionary={dictionary}>
          {/* First in the document: on a phone the cookie bar stands above the header, and it must be parsed
              before the page, or the first paint would show the page without it and it would push everything
              down when the parser reaches it (a layout shift of a fifth of the screen; issue 11 CLS). Its
              modals and flash messages are fixed or in the top layer, so their place in the source does not
              matter to the layout. */}
          {bare || backOffice ? null : (
            <ClientLayer
              flash={root?.flash ?? null}
              dictionary={dictionary}
              cookieBar={root?.cookieBar ?? false}
              analyticsUrl={root?.analyticsUrl ?? null}
            />
          )}
          {bare ? (
            <main id="main">{children}</main>
          ) : backOffice ? (
            children
          ) : (
            <div className="flex min-h-dvh flex-col">
              <SiteHeader
                authenticated={root?.authenticated ?? false}
                user={root?.user ?? null}
                shopName={root?.shop.name ?? ''}
              />
              <main id="main" className="flex-1">
                {children}
              </main>
              {root ? <SiteFooter shop={root.shop} /> : null}
            </div>
          )}
        </I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <title>{t(notFound ? 'error.404.title' : 'error.500.title')}</title>
      <p className="text-6xl font-bold text-accent">{notFound ? '404' : '500'}</p>
      <h1 className="mt-4 text-2xl font-semibold">{t(notFound ? 'error.404.title' : 'error.500.title')}</h1>
      <p className="mt-3 text-muted">{t(notFound ? 'error.404.text' : 'error.500.text')}</p>
      <a className="btn-primary mt-8 inline-flex" href={t('nav.home.href')}>
        {t('error.back_home')}
      </a>
    </section>
  );
}

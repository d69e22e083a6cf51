/**
 * The client layer's page-wide part (SPEC §2, §4, §8, DESIGN §7), mounted once near the end of `<body>`:
 * global error reporting, the translator, the authentication flag, URL hash shortcuts, body scroll lock while a
 * modal is open, the account modals, flash messages (server flashes too), the cookie bar and analytics consent.
 *
 * Browser API for other scripts and tests: `window.eapFlash({title?, message?, type?, duration?})` or
 * `window.dispatchEvent(new CustomEvent('eap:flash', {detail: {...}}))` show a flash message.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ensureDataLayer, loadAnalytics } from '~/client/analytics.ts';
import { drainEarlyErrors, installGlobalErrorHandler } from '~/client/error-reporter.ts';
import type { FlashInput } from '~/client/flash-store.ts';
import { readHead } from '~/client/head.ts';
import { modalForHash, type ModalName } from '~/client/modal-store.ts';
import { authenticated, flash, modals, reportError, startTranslator } from '~/client/runtime.ts';
import type { Dictionary } from '~/i18n.ts';
import { CookieBar } from './cookie-bar.tsx';
import { FlashOutlet } from './flash-outlet.tsx';
import { useStore } from './use-store.ts';

// The account modals (forms, field rules) load when one of them first opens, not with every page (issue 11
// budget); without JavaScript the header links lead to the pages /anmelden, /registrieren, /passwort-vergessen.
const AccountModals = lazy(() => import('./account-modals.tsx').then((m) => ({ default: m.AccountModals })));
const ACCOUNT_MODALS: readonly ModalName[] = ['login', 'lostPassword', 'register', 'registered'];
const NO_MODAL = { open: null, opener: null } as const;

/** Mounts the account modals once one of them is asked for; they open themselves from the modal store. */
function AccountModalsOnDemand() {
  const open = useStore(modals, NO_MODAL).open;
  const [wanted, setWanted] = useState(false);
  if (!wanted && open !== null && ACCOUNT_MODALS.includes(open)) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <AccountModals />
    </Suspense>
  ) : null;
}

declare global {
  interface Window {
    /** Shows a flash message (client layer, SPEC §3). */
    eapFlash?: (input: FlashInput) => number;
  }
}

/** Props: what the root loader hands over (the server flash, the dictionary it rendered with, analytics URL). */
export type ClientLayerProps = {
  flash?: { title?: string; message: string; type?: string } | null;
  dictionary: Dictionary;
  analyticsUrl?: string | null;
  /** whether the server rendered the cookie bar (no choice stored in the request's cookies) */
  cookieBar?: boolean;
};

/** Mounts the page-wide client layer. Renders the account modals, the flash outlet and the cookie bar. */
export function ClientLayer({ flash: serverFlash, dictionary, analyticsUrl, cookieBar = false }: ClientLayerProps) {
  const location = useLocation();

  // Error reporting, data layer and the flash API: once per page.
  useEffect(() => {
    ensureDataLayer();
    const uninstall = installGlobalErrorHandler(window, reportError, () => readHead().debug);
    drainEarlyErrors(window as never, reportError, () => readHead().debug);
    window.eapFlash = (input) => flash(input);
    const onFlashEvent = (event: Event) => flash(((event as CustomEvent).detail ?? {}) as FlashInput);
    window.addEventListener('eap:flash', onFlashEvent);
    return () => {
      uninstall();
      delete window.eapFlash;
      window.removeEventListener('eap:flash', onFlashEvent);
    };
  }, []);

  useEffect(() => {
    startTranslator(dictionary);
  }, [dictionary]);

  // The authentication flag follows the head (SPEC §4), also after client-side navigations.
  useEffect(() => {
    authenticated.set(readHead().authenticated);
  }, [location.key]);

  // A flash carried by a server redirect.
  useEffect(() => {
    if (serverFlash) flash(serverFlash);
  }, [serverFlash]);

  // Hash shortcuts (SPEC §2): on load, on every hashchange and on client-side navigations with a hash.
  useEffect(() => {
    const check = () => {
      const name = modalForHash(window.location.hash);
      if (name && !modals.isOpen(name)) modals.open(name);
    };
    check();
    window.addEventListener('hashchange', check);
    return () => window.removeEventListener('hashchange', check);
  }, [location.hash]);

  // Page scroll hidden while a modal is open (SPEC §2); a closed shortcut modal drops its hash.
  useEffect(() => {
    let previous = modals.get().open;
    const sync = () => {
      const open = modals.get().open;
      document.body.style.overflow = open ? 'hidden' : '';
      if (previous && !open && modalForHash(window.location.hash)) {
        window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
      }
      previous = open;
    };
    sync();
    const unsubscribe = modals.subscribe(sync);
    return () => {
      unsubscribe();
      document.body.style.overflow = '';
    };
  }, []);

  const onConsent = useCallback((agreed: boolean) => loadAnalytics(analyticsUrl, agreed), [analyticsUrl]);

  return (
    <>
      <AccountModalsOnDemand />
      <FlashOutlet initial={serverFlash} />
      <CookieBar onConsent={onConsent} shownByServer={cookieBar} />
    </>
  );
}

/**
 * The page's client-layer singletons: UI stores, the flash store, the translator, the error reporter.
 * Module state is only changed in the browser (event handlers and effects); the server renders the initial values.
 */
import { FALLBACK_LOCALE } from '~/constants.ts';
import { loadDictionary } from '~/components/dictionary-store.ts';
import type { Dictionary } from '~/i18n.ts';
import { api } from './api.ts';
import type { SignedInUser } from './auth-state.ts';
import { createErrorReporter } from './error-reporter.ts';
import { createFlashStore, type FlashInput } from './flash-store.ts';
import { readHead } from './head.ts';
import { createModalStore } from './modal-store.ts';
import { createStore } from './store.ts';
import { createTranslator, type TranslationParams, type Translator } from './translator.ts';

/** Whether the mobile navigation is expanded (SPEC §2). */
export const mobileNav = createStore(false);
/** Id of the open dropdown menu, or null (one at a time). */
export const openDropdown = createStore<string | null>(null);
/** The authentication flag (SPEC §4): false by default, set on load from the head, false on sign-out. */
export const authenticated = createStore(typeof document !== 'undefined' && readHead().authenticated);

/** The signed-in user's name after a sign-in without a page load (null: take the server's, or signed out). */
export const signedInUser = createStore<SignedInUser | null>(null);

/** The modal store; opening login collapses the mobile navigation (SPEC §2), any modal closes dropdowns. */
export const modals = createModalStore({
  onOpen(name) {
    if (name === 'login') mobileNav.set(false);
    openDropdown.set(null);
  },
});

let translator: Translator | null = null;

/**
 * Starts the translator from the page head (SPEC §4): answers from `dictionary` (what the server rendered with)
 * and fetches the head's `translations-url` once. Safe to call again (keeps the first translator of a locale).
 */
export function startTranslator(dictionary: Dictionary): Translator {
  const head = readHead();
  if (!translator || translator.locale !== head.locale) {
    // fetches through the page's dictionary loader: the request entry.client.tsx made before hydrating
    translator = createTranslator({ locale: head.locale, url: head.translationsUrl, initial: dictionary });
    if (head.locale !== FALLBACK_LOCALE) {
      // German texts for keys the English file lacks; fetched lazily, only on English pages.
      loadDictionary(FALLBACK_LOCALE, `/translations/${FALLBACK_LOCALE}.json`)
        .then((de) => translator?.setFallback(de))
        .catch(() => undefined);
    }
    translator.load().catch(() => undefined);
  } else {
    translator.setInitial(dictionary);
  }
  return translator;
}

/** Translates with the page's translator; the key itself before `startTranslator` ran. */
export function t(key: string, params?: TranslationParams): string {
  return translator ? translator.t(key, params) : key;
}

/** The flash messages of the page (default text via the translator). */
export const flashes = createFlashStore({ t: (key) => t(key) });

/** Shows a flash message (SPEC §3): `{title?, message?, type = 'error', duration = 5000}`. */
export function flash(input: FlashInput): number {
  return flashes.show(input);
}

/** Reports an error per SPEC §8 (rethrows when the head's debug flag is 1). */
export const reportError = createErrorReporter({
  debug: () => readHead().debug,
  location: () => (typeof window === 'undefined' ? '' : window.location.href),
  send: (report) => api.errorReport(report),
});

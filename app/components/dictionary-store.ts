/**
 * The translation dictionaries the React tree renders with, kept out of the page's loader data (issue 11: the
 * German dictionary alone is ~55 KB of JSON, which was serialised into every HTML answer). The server provides
 * both locales at start (entry.server.tsx); the browser fetches its locale's `translations-url` (the same,
 * immutable, versioned `GET /translations/{locale}.json` the client layer uses, DESIGN §5) before it hydrates
 * (entry.client.tsx) and another locale's before a client-side navigation into it (root `clientLoader`).
 */
import type { Dictionary, Locale } from '~/i18n.ts';

const dictionaries = new Map<Locale, Dictionary>();
const loading = new Map<Locale, Promise<Dictionary>>();

/** Makes `dictionary` the texts of `locale` (server start, tests). */
export function provideDictionary(locale: Locale, dictionary: Dictionary): void {
  dictionaries.set(locale, dictionary);
}

/** The texts of `locale` when they are at hand; `undefined` before they are loaded. */
export function dictionaryOf(locale: Locale): Dictionary | undefined {
  return dictionaries.get(locale);
}

/**
 * Loads the texts of `locale` from `url` once (concurrent and later calls share the answer). Rejects when the
 * fetch fails or answers non-2xx; a later call tries again.
 */
export function loadDictionary(locale: Locale, url: string): Promise<Dictionary> {
  const known = dictionaries.get(locale);
  if (known) return Promise.resolve(known);
  let pending = loading.get(locale);
  if (!pending) {
    // credentials and mode as the page head's `<link rel="preload" as="fetch" crossorigin>`, so the preload is used
    pending = fetch(url, { credentials: 'same-origin' })
      .then((response) => {
        if (!response.ok) throw new Error(`Translations ${url}: HTTP ${response.status}`);
        return response.json() as Promise<Dictionary>;
      })
      .then(
        (dictionary) => {
          dictionaries.set(locale, dictionary);
          loading.delete(locale);
          return dictionary;
        },
        (error: unknown) => {
          loading.delete(locale);
          throw error;
        },
      );
    loading.set(locale, pending);
  }
  return pending;
}

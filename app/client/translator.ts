/**
 * The browser's translator (SPEC §4, §9, DESIGN §5). Translations are fetched once from the head's
 * `translations-url`. Until they arrive, and for keys they lack, the fallback answers: the dictionary the server
 * rendered with (same texts as the server, so no flash of keys), then the German (`de`, SPEC §9) texts when they
 * are loaded, then the key itself. Values that start with `json:` are parsed as JSON; `:name` placeholders are
 * replaced.
 */
import { FALLBACK_LOCALE } from '~/constants.ts';
import { loadDictionary } from '~/components/dictionary-store.ts';
import { interpolate, type Dictionary, type Locale } from '~/i18n.ts';

/** Prefix marking a translation value that holds JSON (SPEC §4). */
const JSON_PREFIX = 'json:';

/** Placeholder values. */
export type TranslationParams = Record<string, string | number>;

/**
 * Turns one raw translation value into its result: `json:`-prefixed values are parsed (an unparsable value is
 * returned as the text after the prefix); strings get their `:name` placeholders replaced, also the string
 * leaves of parsed JSON.
 */
export function resolveValue(raw: string, params?: TranslationParams): unknown {
  if (raw.startsWith(JSON_PREFIX)) {
    const source = raw.slice(JSON_PREFIX.length);
    try {
      return replaceDeep(JSON.parse(source), params);
    } catch {
      return interpolate(source, params);
    }
  }
  return interpolate(raw, params);
}

function replaceDeep(value: unknown, params?: TranslationParams): unknown {
  if (!params) return value;
  if (typeof value === 'string') return interpolate(value, params);
  if (Array.isArray(value)) return value.map((v) => replaceDeep(v, params));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceDeep(v, params)]));
  }
  return value;
}

/** Where the translator gets its texts. `fetchJson` is injectable for tests. */
export type TranslatorOptions = {
  locale: Locale;
  /** `<meta name="translations-url">` of the page. */
  url: string;
  /** The dictionary the server rendered with (root loader `dictionary`), answers until the fetch resolves. */
  initial?: Dictionary;
  /** German texts, when already at hand (on a German page the initial dictionary is German). */
  fallback?: Dictionary;
  fetchJson?: (url: string) => Promise<Dictionary>;
};

/**
 * Creates a translator. `load()` fetches the translations once (later calls return the same promise; a failed
 * fetch keeps the fallback answering and may be retried). `t(key, params)` answers a string (JSON values are
 * stringified); `value(key, params)` answers the parsed value.
 */
export function createTranslator(options: TranslatorOptions) {
  // by default the page's shared dictionary loader: one request per locale, also for hydration (entry.client.tsx)
  const fetchJson = options.fetchJson ?? ((url: string) => loadDictionary(options.locale, url));
  let fetched: Dictionary | null = null;
  let initial: Dictionary = options.initial ?? {};
  let fallback: Dictionary = options.fallback ?? (options.locale === FALLBACK_LOCALE ? initial : {});
  let pending: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  function raw(key: string): string | undefined {
    return fetched?.[key] ?? initial[key] ?? fallback[key];
  }

  function value(key: string, params?: TranslationParams): unknown {
    const text = raw(key);
    return text === undefined ? key : resolveValue(text, params);
  }

  function t(key: string, params?: TranslationParams): string {
    const result = value(key, params);
    return typeof result === 'string' ? result : JSON.stringify(result);
  }

  function load(): Promise<void> {
    pending ??= fetchJson(options.url).then(
      (dictionary) => {
        fetched = dictionary;
        if (options.locale === FALLBACK_LOCALE) fallback = dictionary;
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  }

  return {
    locale: options.locale,
    t,
    value,
    load,
    /** Whether the fetched translations are in. */
    get loaded() {
      return fetched !== null;
    },
    /** Supplies German texts later (e.g. on an English page). */
    setFallback(dictionary: Dictionary) {
      fallback = dictionary;
    },
    /** Replaces the server-rendered dictionary (after a client-side navigation to another locale). */
    setInitial(dictionary: Dictionary) {
      initial = dictionary;
    },
    /** Calls `listener` when the fetched translations arrive; returns the unsubscribe function. */
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The translator type. */
export type Translator = ReturnType<typeof createTranslator>;

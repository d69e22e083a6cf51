import { createContext, useContext, useMemo } from 'react';
import { FALLBACK_LOCALE } from '~/constants.ts';
import { localePath, lookup, type Dictionary, type Locale } from '~/i18n.ts';

type I18n = { locale: Locale; t: (key: string, params?: Record<string, string | number>) => string };

const I18nContext = createContext<I18n>({ locale: FALLBACK_LOCALE, t: (key) => key });

/**
 * Provides the texts the server rendered with, so hydration shows the same words (no flash of keys).
 * The dictionary comes from the root loader, i.e. the same JSON as `GET /translations/{locale}.json`.
 */
export function I18nProvider({
  locale,
  dictionary,
  children,
}: {
  locale: Locale;
  dictionary: Dictionary;
  children: React.ReactNode;
}) {
  const value = useMemo<I18n>(
    () => ({ locale, t: (key, params) => lookup(dictionary, {}, key, params) }),
    [locale, dictionary],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The text lookup of the current locale. */
export function useT() {
  return useContext(I18nContext).t;
}

/** The current interface locale. */
export function useLocale(): Locale {
  return useContext(I18nContext).locale;
}

/** Builds a path in the current locale: `href('/parkplatz')` → `/en/parkplatz` in English. */
export function useHref() {
  const locale = useLocale();
  return (path: string) => localePath(locale, path);
}

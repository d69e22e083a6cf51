/**
 * Locales and text lookup shared by the server renderer and the browser. German is the default and the
 * fallback locale (SPEC §1, §9); English lives under the `/en` prefix (DESIGN §3).
 */
import { FALLBACK_LOCALE } from './constants.ts';

/** An interface language: German (default) or English. */
export type Locale = 'de' | 'en';
/** A flat key → text dictionary, as served by `GET /translations/{locale}.json`. */
export type Dictionary = Record<string, string>;

/** Narrows any string to a supported locale, falling back to `de`. */
export function toLocale(value: string | null | undefined): Locale {
  return value === 'en' ? 'en' : FALLBACK_LOCALE;
}

/** Replaces `:name` placeholders with `params.name` (SPEC §4); unknown placeholders stay as they are. */
export function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** Looks `key` up in `dict`, then in `fallback`; returns the key itself when neither has it. */
export function lookup(dict: Dictionary, fallback: Dictionary, key: string, params?: Record<string, string | number>) {
  const text = dict[key] ?? fallback[key] ?? key;
  return interpolate(text, params);
}

/** Prefixes a German path with the locale (`/parkplatz` → `/en/parkplatz` for English). */
export function localePath(locale: Locale, path: string): string {
  if (locale === FALLBACK_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

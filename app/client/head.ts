/**
 * The page-head contract (DESIGN §4): the client layer learns where it is from these `<meta>` tags and nothing else.
 */
import { toLocale, type Locale } from '~/i18n.ts';

/** What the page head tells the client layer. */
export type PageHead = {
  locale: Locale;
  routeName: string;
  csrfToken: string;
  translationsUrl: string;
  /** `true` only when `<meta name="debug">` is exactly `1` (SPEC §8). */
  debug: boolean;
  authenticated: boolean;
};

/** Something with `querySelector`, i.e. a `Document` (injectable for tests). */
export type MetaSource = Pick<Document, 'querySelector'>;

function defaultSource(): MetaSource | null {
  return typeof document === 'undefined' ? null : document;
}

/** Reads the `content` of `<meta name="…">`; `''` when absent or outside a browser. */
export function readMeta(name: string, source: MetaSource | null = defaultSource()): string {
  return source?.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
}

/** Writes the `content` of `<meta name="…">` (used to refresh the CSRF token, SPEC §7). */
export function writeMeta(name: string, value: string, source: MetaSource | null = defaultSource()): void {
  source?.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.setAttribute('content', value);
}

/** Reads the whole page-head contract (DESIGN §4). */
export function readHead(source: MetaSource | null = defaultSource()): PageHead {
  const locale = toLocale(readMeta('locale', source));
  return {
    locale,
    routeName: readMeta('route-name', source) || 'index',
    csrfToken: readMeta('csrf-token', source),
    translationsUrl: readMeta('translations-url', source) || `/translations/${locale}.json`,
    debug: readMeta('debug', source) === '1',
    authenticated: readMeta('authenticated', source) === '1',
  };
}

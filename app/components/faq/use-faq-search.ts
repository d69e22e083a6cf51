import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '~/client/api.ts';
import { loadChunk } from '~/client/chunk-loader.ts';
import { reportError } from '~/client/runtime.ts';
import type * as FaqSearchModule from '~/domain/faq-search.ts';
import type { FaqHit } from '~/domain/faq-search.ts';
import type { FaqEntry } from '~/domain/faq-text.ts';

type SearchModule = typeof FaqSearchModule;

let moduleLoad: Promise<SearchModule> | null = null;
const entriesLoad = new Map<string, Promise<FaqEntry[]>>();

/** The search library chunk (MiniSearch + the index code), loaded once per page life; a failure may be retried. */
function loadSearchModule(): Promise<SearchModule> {
  moduleLoad ??= loadChunk(() => import('~/domain/faq-search.ts'), { name: 'faqSearch', address: 'faq-search' });
  moduleLoad.catch(() => (moduleLoad = null));
  return moduleLoad;
}

/** The FAQ entries of `locale` from `GET /api/faq` (once per language). */
function loadEntries(locale: string): Promise<FaqEntry[]> {
  let load = entriesLoad.get(locale);
  if (!load) {
    load = api.faq().then((body) => body.entries);
    load.catch(() => entriesLoad.delete(locale));
    entriesLoad.set(locale, load);
  }
  return load;
}

/**
 * The FAQ's instant search in the browser. Nothing is loaded at first: `prime()` (call it when the search box gets
 * the focus or the pointer, or when the visitor types) loads the search library chunk and – unless `entries` are
 * given (the FAQ page has them) – the entries of `locale` from the API, then builds the index. With
 * `primeOnIdle`, it primes itself when the browser is idle (the FAQ page, where searching is the point).
 * `search(query)` answers null until the index is ready, then the hits (best first).
 */
export function useFaqSearch({
  locale,
  entries,
  primeOnIdle = false,
}: {
  locale: string;
  entries?: FaqEntry[];
  primeOnIdle?: boolean;
}) {
  const [loaded, setLoaded] = useState<{ module: SearchModule; entries: FaqEntry[] } | null>(null);
  const started = useRef(false);

  const prime = useCallback(() => {
    if (started.current) return;
    started.current = true;
    Promise.all([loadSearchModule(), entries ? Promise.resolve(entries) : loadEntries(locale)]).then(
      ([module, list]) => setLoaded({ module, entries: list }),
      (error: unknown) => {
        started.current = false; // a later focus tries again
        void reportError(error);
      },
    );
  }, [entries, locale]);

  useEffect(() => {
    if (!primeOnIdle) return;
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const id = idle(prime, { timeout: 4000 });
    return () => cancel(id);
  }, [primeOnIdle, prime]);

  const index = useMemo(() => (loaded ? loaded.module.createFaqIndex(loaded.entries) : null), [loaded]);
  const search = useCallback(
    (query: string): FaqHit[] | null => (index && loaded ? loaded.module.searchFaq(index, query) : null),
    [index, loaded],
  );
  return { ready: index !== null, prime, search };
}

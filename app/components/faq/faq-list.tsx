/**
 * The FAQ page's content (DESIGN §3 `faq`): the search form, then either the answers to the query (highlighted,
 * open) or every question by category as an accordion. Without JavaScript the query comes from `?q=` and the
 * server's results; with JavaScript the results follow each keystroke (MiniSearch, loaded when the browser is idle).
 * `/faq#frage-<slug>` opens and scrolls to that question, on load and on every hash change.
 */
import { Link2, MapPin } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { smoothScrollTo } from '~/client/smooth-scroll.ts';
import { faqAnchor, highlight, slugFromHash, type FaqEntry, type TextRun } from '~/domain/faq-text.ts';
import { useLocale, useT } from '../i18n-context.tsx';
import { Accordion } from '../widgets/accordion.tsx';
import { FaqSearchForm, resultsLabel } from './faq-search-box.tsx';
import { Highlighted } from './highlighted.tsx';
import { useFaqSearch } from './use-faq-search.ts';

type Category = { key: string; entries: FaqEntry[] };
type Hit = { slug: string; terms: string[] };

/** Opens the question `<details>` and scrolls it below the sticky header; its summary gets the focus. */
function reveal(element: HTMLDetailsElement) {
  element.open = true;
  void smoothScrollTo(`#${CSS.escape(element.id)}`);
  element.querySelector('summary')?.focus({ preventScroll: true });
}

/** An answer: its text (highlighted when searching), the airport it is about, and its deep link. */
function Answer({ entry, runs }: { entry: FaqEntry; runs?: TextRun[] }) {
  const t = useT();
  return (
    <>
      <p className="leading-relaxed text-ink">{runs ? <Highlighted runs={runs} /> : entry.answer}</p>
      <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        {entry.airport ? (
          <span className="inline-flex items-center gap-1 text-muted">
            <MapPin aria-hidden size={14} />
            {t('faq.airport_only', { airport: entry.airport })}
          </span>
        ) : null}
        <a
          href={`#${faqAnchor(entry.slug)}`}
          className="inline-flex items-center gap-1 font-medium text-accent underline-offset-2 hover:underline"
        >
          <Link2 aria-hidden size={14} />
          {t('faq.link')}
          <span className="sr-only"> – {entry.question}</span>
        </a>
      </p>
    </>
  );
}

/** Every question by category: a jump list of the categories, then one accordion per category. */
function Categories({ categories }: { categories: Category[] }) {
  const t = useT();
  return (
    <>
      <nav aria-label={t('faq.categories')} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {categories.map(({ key }) => (
            <li key={key}>
              <a
                href={`#kategorie-${key}`}
                className="inline-flex min-h-9 items-center rounded-full border border-line bg-card px-3 text-sm font-medium hover:border-accent hover:text-accent"
              >
                {t(`faq.category.${key}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {categories.map(({ key, entries }) => (
        <section key={key} className="mt-8" aria-labelledby={`kategorie-${key}`}>
          <h2 id={`kategorie-${key}`} className="scroll-mt-20 text-xl font-semibold">
            {t(`faq.category.${key}`)}
          </h2>
          <div className="mt-3">
            <Accordion
              items={entries.map((entry) => ({
                id: faqAnchor(entry.slug),
                title: entry.question,
                content: <Answer entry={entry} />,
              }))}
            />
          </div>
        </section>
      ))}
    </>
  );
}

/** The FAQ page below its title: search form, results or categories. */
export function FaqList({
  categories,
  initialQuery,
  initialHits,
}: {
  categories: Category[];
  /** the server's query (`?q=`), '' when none */
  initialQuery: string;
  /** the server's results for `initialQuery` (null without a query) */
  initialHits: Hit[] | null;
}) {
  const t = useT();
  const locale = useLocale();
  const entries = useMemo(() => categories.flatMap((c) => c.entries), [categories]);
  const bySlug = useMemo(() => new Map(entries.map((e) => [e.slug, e])), [entries]);
  const [query, setQuery] = useState(initialQuery);
  const input = useRef<HTMLInputElement>(null);
  const pending = useRef<string | null>(null);
  const { ready, prime, search } = useFaqSearch({ locale, entries, primeOnIdle: true });

  const changeQuery = useCallback((value: string) => {
    setQuery(value);
    const url = new URL(window.location.href);
    if (value.trim()) url.searchParams.set('q', value.trim());
    else url.searchParams.delete('q');
    window.history.replaceState(window.history.state, '', url);
  }, []);

  // Deep links: on load and on every hash change. A question hidden by a search clears the search first.
  useEffect(() => {
    const onHash = () => {
      const slug = slugFromHash(window.location.hash);
      if (!slug) return;
      const element = document.getElementById(faqAnchor(slug));
      if (element instanceof HTMLDetailsElement) return reveal(element);
      if (!bySlug.has(slug)) return;
      pending.current = slug;
      if (input.current) input.current.value = '';
      changeQuery('');
    };
    onHash();
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [bySlug, changeQuery]);
  useEffect(() => {
    if (query || !pending.current) return;
    const element = document.getElementById(faqAnchor(pending.current));
    pending.current = null;
    if (element instanceof HTMLDetailsElement) reveal(element);
  }, [query]);

  const trimmed = query.trim();
  const live = trimmed ? search(trimmed)?.map(({ entry, terms }) => ({ slug: entry.slug, terms })) : null;
  const hits = trimmed ? (live ?? (trimmed === initialQuery ? initialHits : null)) : null;
  const clear = () => {
    if (input.current) input.current.value = '';
    changeQuery('');
    input.current?.focus();
  };

  return (
    <>
      <div className="card mt-6 p-5 sm:p-6">
        <FaqSearchForm
          inputRef={input}
          defaultQuery={initialQuery}
          onQuery={changeQuery}
          onPrime={prime}
          onSubmit={(event) => {
            if (ready) event.preventDefault(); // the results are already on the page
          }}
        />
      </div>
      {trimmed ? (
        <section className="mt-6" aria-label={t('faq.search.label')} data-faq-search-results>
          <p role="status" className="font-medium">
            {hits ? resultsLabel(t, hits.length, trimmed) : t('faq.search.loading')}
          </p>
          {hits && hits.length > 0 ? (
            <div className="mt-3">
              <Accordion
                key={trimmed}
                items={hits.flatMap(({ slug, terms }) => {
                  const entry = bySlug.get(slug);
                  if (!entry) return [];
                  return {
                    id: faqAnchor(slug),
                    open: true,
                    title: <Highlighted runs={highlight(entry.question, terms)} />,
                    content: <Answer entry={entry} runs={highlight(entry.answer, terms)} />,
                  };
                })}
              />
            </div>
          ) : null}
          <p className="mt-4">
            <a
              href="?"
              onClick={(event) => {
                event.preventDefault();
                clear();
              }}
              className="font-medium text-accent underline-offset-2 hover:underline"
            >
              {t('faq.search.clear')}
            </a>
          </p>
        </section>
      ) : (
        <Categories categories={categories} />
      )}
    </>
  );
}

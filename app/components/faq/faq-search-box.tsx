/**
 * The FAQ search box (SPEC §2: index, airports.show, faq and contact.index "search the FAQ"): a GET form to `/faq`
 * with `q`, which works without JavaScript (the FAQ page searches on the server). With JavaScript it shows instant
 * results under the box; the search library and the entries load only when the box is used (focus, pointer, typing).
 */
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Form, Link } from 'react-router';
import { excerpt, FAQ_QUERY_MAX_LENGTH, faqAnchor, highlight } from '~/domain/faq-text.ts';
import { useHref, useLocale, useT } from '../i18n-context.tsx';
import { Highlighted } from './highlighted.tsx';
import { useFaqSearch } from './use-faq-search.ts';

/** Instant results shown under the box (the FAQ page lists them all). */
const BOX_RESULTS = 5;

/** The search form itself: label, search input (`q`), submit button. Uncontrolled; `onQuery` hears every change. */
export function FaqSearchForm({
  inputRef,
  defaultQuery = '',
  onQuery,
  onPrime,
  onSubmit,
  labelClassName = 'field-label',
}: {
  inputRef?: React.Ref<HTMLInputElement>;
  defaultQuery?: string;
  onQuery: (query: string) => void;
  onPrime: () => void;
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
  labelClassName?: string;
}) {
  const t = useT();
  const href = useHref();
  const id = useId();
  return (
    <Form method="get" action={href('/faq')} role="search" onSubmit={onSubmit} data-faq-search>
      <label htmlFor={id} className={labelClassName}>
        {t('faq.search.label')}
      </label>
      <div className="flex flex-wrap gap-2">
        <div className="relative min-w-48 flex-1">
          <Search
            aria-hidden
            size={18}
            className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted"
          />
          <input
            ref={inputRef}
            id={id}
            type="search"
            name="q"
            defaultValue={defaultQuery}
            placeholder={t('faq.search.placeholder')}
            maxLength={FAQ_QUERY_MAX_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
            className="field-input pl-10"
            onFocus={onPrime}
            onPointerEnter={onPrime}
            onInput={(event) => {
              onPrime();
              onQuery(event.currentTarget.value);
            }}
          />
        </div>
        <button type="submit" className="btn-primary shrink-0">
          {t('faq.search.submit')}
        </button>
      </div>
    </Form>
  );
}

/** The results count of `query` as a sentence ("3 Antworten zu „Shuttle“"). */
export function resultsLabel(t: ReturnType<typeof useT>, count: number, query: string): string {
  if (count === 0) return t('faq.search.none', { query });
  return t(count === 1 ? 'faq.search.results_one' : 'faq.search.results_other', { count, query });
}

/** The box for pages other than the FAQ: the form, and with JavaScript the best answers while typing. */
export function FaqSearchBox({ title, className = '' }: { title?: string; className?: string }) {
  const t = useT();
  const href = useHref();
  const locale = useLocale();
  const [query, setQuery] = useState('');
  const { prime, search } = useFaqSearch({ locale });
  const trimmed = query.trim();
  const hits = trimmed ? search(trimmed) : null;
  const headingId = useId();
  return (
    <section className={`card p-5 sm:p-6 ${className}`} aria-labelledby={headingId} data-faq-search-box>
      <h2 id={headingId} className="text-xl font-semibold">
        {title ?? t('faq.search.title')}
      </h2>
      <div className="mt-3">
        <FaqSearchForm onQuery={setQuery} onPrime={prime} />
      </div>
      <div role="status" className="mt-3 text-sm text-muted empty:hidden">
        {trimmed && hits ? resultsLabel(t, hits.length, trimmed) : trimmed ? t('faq.search.loading') : ''}
      </div>
      {hits && hits.length > 0 ? (
        <>
          <ul className="mt-2 divide-y divide-line" data-faq-results>
            {hits.slice(0, BOX_RESULTS).map(({ entry, terms }) => (
              <li key={entry.slug} className="py-3">
                <Link
                  to={`${href('/faq')}#${faqAnchor(entry.slug)}`}
                  className="font-medium text-accent underline-offset-2 hover:underline"
                >
                  <Highlighted runs={highlight(entry.question, terms)} />
                </Link>
                <p className="mt-1 text-sm text-muted">
                  <Highlighted runs={excerpt(entry.answer, terms)} />
                </p>
              </li>
            ))}
          </ul>
          <Link
            to={`${href('/faq')}?q=${encodeURIComponent(trimmed)}`}
            className="mt-1 inline-block text-sm font-medium text-accent underline-offset-2 hover:underline"
          >
            {t('faq.search.more', { query: trimmed })}
          </Link>
        </>
      ) : null}
    </section>
  );
}

/**
 * The FAQ search (DESIGN §1 "FAQ search": MiniSearch in the browser, the same search on the server for `?q=`
 * without JavaScript). Typo-tolerant: prefix search and fuzzy search (one edit in words of 4–6 letters, two from 7
 * letters on) on the terms of `faq-text.ts`; the question counts double. All words must match; when that finds
 * nothing, any word may.
 * This module carries the search library, so the browser loads it only when a search box is used.
 */
import MiniSearch from 'minisearch';
import { cleanQuery, normalizeTerm, tokenize, type FaqEntry } from './faq-text.ts';

/** A search index over FAQ entries of one language. */
export type FaqIndex = { search: MiniSearch<FaqEntry>; bySlug: Map<string, FaqEntry> };

/** A found entry and the index terms it matched (for {@link highlight}). */
export type FaqHit = { entry: FaqEntry; terms: string[] };

const SEARCH_OPTIONS = {
  boost: { question: 2 },
  // prefix for words of 3+ letters (so "stor" finds "stornieren"); fuzzy: one edit from 4 letters on, two from 7
  // (Levenshtein counts two swapped letters as two edits: "Shuttel" → "shuttle")
  prefix: (term: string) => term.length >= 3,
  fuzzy: (term: string) => (term.length >= 7 ? 2 : term.length >= 4 ? 1 : false),
  weights: { prefix: 0.6, fuzzy: 0.4 },
};

/** Builds the index over `entries` (slugs must be unique). Fast: about 1 ms for 50 entries. */
export function createFaqIndex(entries: readonly FaqEntry[]): FaqIndex {
  const search = new MiniSearch<FaqEntry>({
    idField: 'slug',
    fields: ['question', 'answer'],
    tokenize,
    processTerm: (term) => normalizeTerm(term),
    searchOptions: { ...SEARCH_OPTIONS, tokenize, processTerm: (term) => normalizeTerm(term) },
  });
  search.addAll(entries);
  return { search, bySlug: new Map(entries.map((entry) => [entry.slug, entry])) };
}

/**
 * Searches `query` (cleaned with {@link cleanQuery}): every word must match (prefix or within the fuzzy distance);
 * if no entry has them all, entries matching any word are returned. Best first. An empty query, or one made only
 * of stop words, finds nothing.
 *
 * @param options.limit - at most this many hits (default all).
 */
export function searchFaq(index: FaqIndex, query: string, options: { limit?: number } = {}): FaqHit[] {
  const q = cleanQuery(query);
  if (!q) return [];
  let results = index.search.search(q, { combineWith: 'AND' });
  if (results.length === 0) results = index.search.search(q, { combineWith: 'OR' });
  const hits: FaqHit[] = [];
  for (const result of results) {
    const entry = index.bySlug.get(String(result.id));
    if (entry) hits.push({ entry, terms: result.terms });
  }
  return options.limit === undefined ? hits : hits.slice(0, options.limit);
}

/**
 * The FAQ (SPEC §1 "FAQ with search", DESIGN §3 `faq`): the entries of one language from `faq_entries`, the FAQ
 * page's data with its server-side search (`?q=`, the same MiniSearch search the browser runs), and the answers
 * about one airport for that airport's page.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { airports, faqEntries } from '#database/schema.ts';
import { createFaqIndex, searchFaq } from '~/domain/faq-search.ts';
import { cleanQuery, FAQ_CATEGORIES, type FaqEntry } from '~/domain/faq-text.ts';
import { localized } from '~/domain/localized.ts';
import type { Locale } from '~/i18n.ts';

/** A search result as the page needs it: the entry's slug and the index terms to highlight. */
type FaqPageHit = { slug: string; terms: string[] };

/** The FAQ page: every entry grouped by category (display order, each entry once), and the results of `query` when one was given. */
export type FaqPage = {
  categories: { key: string; entries: FaqEntry[] }[];
  /** the cleaned query ('' when none) */
  query: string;
  /** null without a query; else the hits, best first (possibly none) */
  hits: FaqPageHit[] | null;
};

/**
 * Every FAQ entry in `locale`, in the seed's order (`sort`); entries about one airport carry its name.
 * @param options.airportSlug - only the entries about this airport (none for an unknown slug).
 * @throws only on database errors.
 */
export async function listFaq(
  db: Database,
  locale: Locale,
  options: { airportSlug?: string } = {},
): Promise<FaqEntry[]> {
  const query = db
    .select({ entry: faqEntries, airport: { nameDe: airports.nameDe, nameEn: airports.nameEn } })
    .from(faqEntries)
    .leftJoin(airports, eq(airports.id, faqEntries.airportId))
    .orderBy(asc(faqEntries.sort), asc(faqEntries.id));
  const rows = await (options.airportSlug === undefined ? query : query.where(eq(airports.slug, options.airportSlug)));
  return rows.map(({ entry, airport }) => ({
    slug: entry.slug,
    category: entry.category,
    question: localized(entry, 'question', locale),
    answer: localized(entry, 'answer', locale),
    airport: airport ? localized(airport, 'name', locale) : null,
  }));
}

/**
 * Loads the FAQ page in `locale`: all entries, grouped by category in `FAQ_CATEGORIES` order (unknown categories
 * last, in their first appearance's order), and – for a non-empty `query` – the search results (see `searchFaq`:
 * prefix and fuzzy, every word, else any word).
 *
 * @param input.query - the raw `?q=` value (null when absent); cleaned and cut to 100 characters.
 * @throws only on database errors.
 * Source: DESIGN §3 (faq: search with `?q=` works without JavaScript), issue 10.
 */
export async function loadFaqPage(db: Database, input: { locale: Locale; query: string | null }): Promise<FaqPage> {
  const entries = await listFaq(db, input.locale);
  const order = [...FAQ_CATEGORIES, ...new Set(entries.map((e) => e.category))];
  const keys = [...new Set(order)].filter((key) => entries.some((e) => e.category === key));
  const query = cleanQuery(input.query);
  const hits = query
    ? searchFaq(createFaqIndex(entries), query).map(({ entry, terms }) => ({ slug: entry.slug, terms }))
    : null;
  return {
    categories: keys.map((key) => ({ key, entries: entries.filter((e) => e.category === key) })),
    query,
    hits,
  };
}

/**
 * Reads the tariffs page's sort and filter choice from its URL (issue 37 item 3). Every unknown or malformed value
 * is ignored (the default takes its place), so any query answers the page, never an error, and the same query
 * always gives the same page (it stays cacheable per URL, decision 0017).
 */
import { z } from 'zod';
import { TARIFF_CATEGORIES } from '~/constants.ts';
import { DEFAULT_OFFER_QUERY, OFFER_QUERY_NAMES, OFFER_SORTS, type OfferQuery } from './offer-filters.ts';

/** A yes/no filter: set by the value `1` only; anything else (absent, `0`, `ja`, …) leaves it off. */
const flag = z
  .string()
  .optional()
  .transform((value) => value === '1')
  .catch(false);

/**
 * The query as read from the URL (`sortierung`, `kategorie` repeated, `ueberdacht`, `schluessel`, `laden`,
 * `storno`; names in {@link OFFER_QUERY_NAMES}) → {@link OfferQuery}. Never fails: a bad sort is the default
 * order, unknown categories are dropped (duplicates too), a flag other than `1` is off.
 * Source: issue 37 item 3.
 */
export const OfferQuerySchema = z
  .object({
    sortierung: z.enum(OFFER_SORTS).catch(DEFAULT_OFFER_QUERY.sort),
    kategorie: z.array(z.string()).catch([]),
    ueberdacht: flag,
    schluessel: flag,
    laden: flag,
    storno: flag,
  })
  .transform((raw): OfferQuery => ({
    sort: raw.sortierung,
    categories: TARIFF_CATEGORIES.filter((category) => raw.kategorie.includes(category)),
    covered: raw.ueberdacht,
    keysKept: raw.schluessel,
    evCharging: raw.laden,
    freeCancellation: raw.storno,
  }));

/**
 * The choice in a URL's query (the first value of a repeated single name counts).
 *
 * @returns the choice; {@link DEFAULT_OFFER_QUERY} for a query without one. Never throws.
 */
export function parseOfferQuery(params: URLSearchParams): OfferQuery {
  const names = OFFER_QUERY_NAMES;
  const parsed = OfferQuerySchema.safeParse({
    sortierung: params.get(names.sort) ?? undefined,
    kategorie: params.getAll(names.category),
    ueberdacht: params.get(names.covered) ?? undefined,
    schluessel: params.get(names.keysKept) ?? undefined,
    laden: params.get(names.evCharging) ?? undefined,
    storno: params.get(names.freeCancellation) ?? undefined,
  });
  return parsed.success ? parsed.data : DEFAULT_OFFER_QUERY;
}

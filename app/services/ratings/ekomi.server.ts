/**
 * The eKomi review provider (SPEC §1 "customer ratings from a third-party review provider"): eKomi's v3 feedback
 * API, `GET {EKOMI_API_URL}/getFeedback?auth={interface id}|{interface password}&version=cust-1.0.0&type=json
 * &charset=utf-8&range=all`. Its JSON answer is an array of shop reviews
 * `{submitted, order_id, rating, review, comment?}`: `submitted` a Unix time in seconds, `order_id` the order id
 * the shop handed to eKomi (our reservation reference), `rating` 1–5 stars, `review` the customer's text,
 * `comment` the shop's public reply. Numbers may arrive as strings. eKomi has no review id (one review per
 * order: the order id is it) and no language field (guessed from the text, `review-locale.ts`).
 *
 * The credentials travel in the query string (eKomi's API wants them there): no URL is ever logged or put into
 * an error message.
 */
import { z } from 'zod';
import { RATING_MAX, RATING_MIN } from '~/constants.ts';
import { guessReviewLocale } from '~/domain/review-locale.ts';
import type { ImportedReview } from '~/domain/ratings.ts';

/** eKomi access (environment `EKOMI_INTERFACE_ID`, `EKOMI_INTERFACE_PASSWORD`, `EKOMI_API_URL`). */
export type EkomiConfig = {
  interfaceId: string;
  interfacePassword: string;
  /** base URL of the v3 API without a trailing slash, e.g. `https://api.ekomi.de/v3` */
  apiUrl: string;
  /** time-out of the one request, ms (default 30 s: the whole history comes in one answer) */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** eKomi could not be read: network error, time-out, non-2xx status or an answer that is not a review list. */
export class EkomiError extends Error {}

/** One row of eKomi's `getFeedback` JSON answer, as far as the shop uses it. */
const EkomiFeedbackSchema = z.object({
  submitted: z.coerce.number().int().positive(),
  order_id: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1).max(200)),
  rating: z.coerce.number(),
  review: z.string().nullish(),
});

/** A parsed eKomi review (`submitted` in Unix seconds). */
export type EkomiFeedback = z.infer<typeof EkomiFeedbackSchema>;

/**
 * Reads every shop review from eKomi (`range=all`). Rows that do not have the documented shape are dropped and
 * counted in `skipped`.
 *
 * @returns the rows in eKomi's order and the number skipped. Throws `EkomiError` when eKomi cannot be read or
 * does not answer with a JSON array (eKomi answers a wrong password with a short text, not JSON).
 */
export async function fetchEkomiFeedback(config: EkomiConfig): Promise<{ rows: EkomiFeedback[]; skipped: number }> {
  const url = new URL(`${config.apiUrl.replace(/\/+$/, '')}/getFeedback`);
  url.searchParams.set('auth', `${config.interfaceId}|${config.interfacePassword}`);
  url.searchParams.set('version', 'cust-1.0.0');
  url.searchParams.set('type', 'json');
  url.searchParams.set('charset', 'utf-8');
  url.searchParams.set('range', 'all');
  let body: unknown;
  try {
    const res = await (config.fetch ?? fetch)(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
    });
    if (!res.ok) throw new EkomiError(`eKomi getFeedback answered HTTP ${res.status}`);
    const text = await res.text();
    try {
      body = JSON.parse(text);
    } catch {
      throw new EkomiError(`eKomi getFeedback did not answer JSON (${JSON.stringify(text.slice(0, 80))})`);
    }
  } catch (error) {
    if (error instanceof EkomiError) throw error;
    throw new EkomiError(`eKomi getFeedback failed: ${(error as Error).name}`);
  }
  if (!Array.isArray(body)) throw new EkomiError('eKomi getFeedback did not answer a list of reviews');
  const rows: EkomiFeedback[] = [];
  for (const item of body) {
    const parsed = EkomiFeedbackSchema.safeParse(item);
    if (parsed.success) rows.push(parsed.data);
  }
  return { rows, skipped: body.length - rows.length };
}

/**
 * Turns eKomi rows into reviews to store: provider review id = order id, rating id and parking lot from
 * `placeFor(order id)` (the reservation's airport and lot, else the shop's own and none), comment trimmed,
 * language guessed, date from `submitted`.
 * Rows whose rating is not a whole number on the scale (SPEC §9: 0 to 5) are skipped; a rating without text is
 * kept (it counts in the average like every other; leaving it out would bend the figure).
 *
 * @returns the reviews and the number skipped. Pure.
 */
export function ekomiToReviews(
  rows: EkomiFeedback[],
  placeFor: (orderId: string) => { ratingId: string; parkingLotId: number | null },
): { reviews: ImportedReview[]; skipped: number } {
  const out: ImportedReview[] = [];
  for (const row of rows) {
    const comment = (row.review ?? '').trim();
    if (!Number.isInteger(row.rating) || row.rating < RATING_MIN || row.rating > RATING_MAX) continue;
    out.push({
      providerReviewId: row.order_id,
      ...placeFor(row.order_id),
      rating: row.rating,
      comment,
      locale: guessReviewLocale(comment),
      submittedAt: new Date(row.submitted * 1000),
      translations: {},
    });
  }
  return { reviews: out, skipped: rows.length - out.length };
}

/**
 * What shop page loaders and actions share (issue 32 item 3), kept out of the route modules so they stay wiring:
 * the start of a loader ({@link shopPage}), the ratings section and its JSON-LD ({@link pageRatings},
 * {@link shopRatings}) and a form action's frame ({@link handlePostedForm}; its good answer is the kit's
 * `savedRedirect`).
 */
import { ratingJsonLd, REVIEWS_PAGE_PARAM, SHOP_RATING_ID, type RatingsPage } from '~/domain/ratings.ts';
import type { ShopContext } from '~/router-context.ts';
import { loadRatingsSection } from '~/services/ratings/ratings.server.ts';
import { readPostedForm, refusal, type PageActionArgs, type PostedForm } from './form-kit.server.ts';

/** A page loader's start: the shop's app and session, the language and its translator (also the form kit's). */
export { shopPage } from './page-context.server.ts';

/** A page's ratings section and its JSON-LD (null when the rating has no reviews yet). */
type PageRatings<Ratings> = { ratings: Ratings; jsonLd: Record<string, unknown> | null };

/**
 * A rating's ratings section with the review page the URL asks for (`?bewertungen=`, decision 0014), and the
 * rating's JSON-LD about `subject` (schema.org, e.g. the shop's Organization). No rating id: neither.
 */
export async function pageRatings(
  app: ShopContext['app'],
  request: Request,
  ratingId: string,
  subject: Record<string, unknown>,
): Promise<PageRatings<RatingsPage>>;
export async function pageRatings(
  app: ShopContext['app'],
  request: Request,
  ratingId: string | null,
  subject: Record<string, unknown>,
): Promise<PageRatings<RatingsPage | null>>;
export async function pageRatings(
  app: ShopContext['app'],
  request: Request,
  ratingId: string | null,
  subject: Record<string, unknown>,
): Promise<PageRatings<RatingsPage | null>> {
  if (!ratingId) return { ratings: null, jsonLd: null };
  const ratings = await loadRatingsSection(app.db, ratingId, new URL(request.url).searchParams.get(REVIEWS_PAGE_PARAM));
  return { ratings, jsonLd: ratingJsonLd(subject, ratings) };
}

/** The shop's own rating (every review, the home page's) about the shop as a schema.org Organization. */
export function shopRatings(app: ShopContext['app'], request: Request) {
  const organization = { '@type': 'Organization', name: app.env.SHOP_NAME, url: new URL('/', app.env.PUBLIC_URL).href };
  return pageRatings(app, request, SHOP_RATING_ID, organization);
}

/**
 * A page action's frame: reads the posted form (the bad `_csrf` answer), runs `handle` and answers a service's
 * refusal (`RequestError`) with the kit's {@link refusal}; other errors are rethrown (500).
 */
export async function handlePostedForm<Answer>(args: PageActionArgs, handle: (posted: PostedForm) => Promise<Answer>) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  try {
    return await handle(posted);
  } catch (error) {
    return refusal(error, posted);
  }
}

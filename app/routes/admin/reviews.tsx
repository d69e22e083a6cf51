import { data, Form } from 'react-router';
import { ReviewFilterForm, ReviewList, ReviewPager, reviewsQuery } from '~/components/admin/reviews/review-list.tsx';
import { useT } from '~/components/i18n-context.tsx';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import { parseRowId } from '~/domain/row-id.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  listAdminReviews,
  listReviewScopes,
  ReviewAdminError,
  reviewProviderConfigured,
  setReviewHidden,
  startReviewImport,
} from '~/services/backoffice/admin-reviews.server.ts';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, refusal, savedRedirect } from '../helpers/form-kit.server.ts';
import { readStaffForm, requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/reviews';

/**
 * admin.reviews (`/admin/bewertungen`, issue 15 item 7, admin only): the stored reviews per airport (`?id=` a
 * rating id, `?versteckt=1` hidden ones only, `?seite=`), hiding and showing one, starting an import.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, 'reviews');
  const { app } = args.context.get(shopContext);
  const params = new URL(args.request.url).searchParams;
  const scopes = await listReviewScopes(app.db, toLocale(args.params.lang));
  const wanted = params.get('id');
  const ratingId = scopes.some((s) => s.ratingId === wanted) ? wanted : null;
  const hiddenOnly = params.get('versteckt') === '1';
  const page = parseRowId(params.get('seite')) ?? 1;
  const list = await listAdminReviews(app.db, { ratingId, hiddenOnly, page });
  return data(
    {
      scopes,
      filter: { ratingId, hiddenOnly, page },
      ...list,
      lastPage: Math.max(1, Math.ceil(list.total / ADMIN_REVIEWS_PAGE_SIZE)),
      providerConfigured: reviewProviderConfigured(app.env),
    },
    { headers: PRIVATE_HEADERS },
  );
}

/**
 * Hides or shows a review (`intent=hide|unhide`, `reviewId`), or starts an import (`intent=import`); back to the
 * list as it was (its filter and page come along in `back`) with the flash notice.
 */
export async function action(args: Route.ActionArgs) {
  const { actor, posted, refused } = await readStaffForm(args, 'reviews');
  if (refused) return refused;
  const { app, values, intent, t } = posted;
  const query = new URLSearchParams(values.back?.startsWith('?') ? values.back.slice(1) : '');
  const back = (done: string, params?: Record<string, number>) =>
    savedRedirect(posted, `/admin/bewertungen${query.size ? `?${query}` : ''}`, `admin.reviews.done.${done}`, params);
  try {
    if (intent === 'hide' || intent === 'unhide') {
      const id = parseRowId(values.reviewId);
      if (id === null) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
      await setReviewHidden(app.db, actor, id, intent === 'hide', app.now());
      return await back(intent === 'hide' ? 'hidden' : 'shown');
    }
    if (intent === 'import') {
      const result = await startReviewImport({ db: app.db, env: app.env }, actor, app.now());
      return await back('imported', { count: result.inserted });
    }
    return data(
      { intent, errors: {}, message: t('validation.invalid'), values },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  } catch (error) {
    if (error instanceof ReviewAdminError && error.reason) {
      app.logger.warn({ err: error.reason }, 'back office: ratings import failed');
    }
    return refusal(error, posted, { notFound: 'page' });
  }
}

export const headers = actionOrLoaderHeaders;

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { scopes, filter, reviews, total, lastPage } = loaderData;
  const back = reviewsQuery(filter, filter.page);
  return (
    <section>
      <title>{t('admin.meta.title', { page: t('admin.reviews.title') })}</title>
      <h1 className="text-2xl font-semibold">{t('admin.reviews.title')}</h1>
      {actionData?.message && (
        <p role="alert" className="mt-3 rounded border border-red-700 bg-red-50 p-3 text-red-900">
          {actionData.message}
        </p>
      )}
      <section className="card mt-4 p-4" aria-labelledby="reviews-import-title">
        <h2 id="reviews-import-title" className="text-lg font-semibold">
          {t('admin.reviews.import.title')}
        </h2>
        {loaderData.providerConfigured ? (
          <Form method="post" className="mt-2">
            <CsrfField />
            <input type="hidden" name="back" value={back} />
            <p className="mb-2 text-sm">{t('admin.reviews.import.text')}</p>
            <button type="submit" name="intent" value="import" className="btn-secondary min-h-11">
              {t('admin.reviews.import.submit')}
            </button>
          </Form>
        ) : (
          <p className="mt-2 text-sm">{t('admin.reviews.import.no_provider')}</p>
        )}
      </section>
      <ReviewFilterForm scopes={scopes} filter={filter} />
      <p className="mt-4 text-sm text-muted">{t('admin.reviews.total', { count: total })}</p>
      <ReviewList reviews={reviews} scopes={scopes} back={back} />
      <ReviewPager filter={filter} lastPage={lastPage} />
    </section>
  );
}

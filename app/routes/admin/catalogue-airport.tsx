import { data } from 'react-router';
import { CommentForm, LotList } from '~/components/admin/catalogue/airport-detail.tsx';
import { failureOf } from '~/components/admin/catalogue/failure.ts';
import { Notice } from '~/components/admin/catalogue/parts.tsx';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import { can } from '~/domain/staff-roles.ts';
import { shopContext } from '~/router-context.ts';
import { findCatalogueAirport, updateAirportComment } from '~/services/backoffice/admin-catalogue.server.ts';
import { catalogueExtra, thisPage } from './helpers/catalogue-form.server.ts';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, refusal, savedRedirect } from '../helpers/form-kit.server.ts';
import { readStaffForm, requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/catalogue-airport';
import { localized } from '~/domain/localized.ts';

/**
 * admin.catalogue.airport (`/admin/katalog/:airport`, issue 15 item 5): an airport's lots and tariffs (an
 * operator's own only; an airport without its lots is not found) and, for an admin, the airport's notice texts.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireStaff(args, 'capacity');
  const { app } = args.context.get(shopContext);
  const airport = await findCatalogueAirport(app.db, actor, args.params.airport);
  if (!airport) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  return data({ airport, canEdit: can(actor, 'airports') }, { headers: PRIVATE_HEADERS });
}

/** Saves the airport's notice in German and English (admin). */
export async function action(args: Route.ActionArgs) {
  const { actor, posted, refused } = await readStaffForm(args, 'airports');
  if (refused) return refused;
  const { app, values } = posted;
  try {
    await updateAirportComment(app, actor, {
      slug: args.params.airport,
      commentDe: values.commentDe ?? '',
      commentEn: values.commentEn ?? '',
    });
    return await savedRedirect(posted, thisPage(args.request), 'admin.catalogue.saved.comment', undefined, {
      localised: false,
    });
  } catch (error) {
    return refusal(error, { ...posted, intent: 'comment' }, { notFound: 'page', extra: catalogueExtra(posted.t) });
  }
}

export const headers = actionOrLoaderHeaders;

export default function AdminCatalogueAirport({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const locale = useLocale();
  const { airport, canEdit } = loaderData;
  const name = localized(airport, 'name', locale);
  const failure = failureOf(actionData);
  return (
    <section>
      <title>{t('admin.meta.title', { page: name })}</title>
      <a className="inline-flex min-h-11 items-center text-accent underline" href={href('/admin/katalog')}>
        {t('admin.catalogue.back')}
      </a>
      <h1 className="text-2xl font-semibold">
        {name} ({airport.iata}) · {t(`admin.catalogue.status.${airport.status}`)}
      </h1>
      {failure?.message && <Notice tone="error" message={failure.message} />}
      {canEdit && (
        <>
          <h2 className="mt-6 text-xl font-semibold">{t('admin.catalogue.comment.title')}</h2>
          <CommentForm airport={airport} values={failure?.values} errors={failure?.errors} />
        </>
      )}
      <h2 className="mt-8 text-xl font-semibold">{t('admin.catalogue.lots')}</h2>
      <LotList airport={airport} />
    </section>
  );
}

import { data } from 'react-router';
import { CommentForm, LotList } from '~/components/admin/catalogue/airport-detail.tsx';
import { failureOf } from '~/components/admin/catalogue/failure.ts';
import { Notice } from '~/components/admin/catalogue/parts.tsx';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import { can } from '~/domain/staff-roles.ts';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { findCatalogueAirport, updateAirportComment } from '~/services/backoffice/admin-catalogue.server.ts';
import { catalogueRefusal, savedMessage, savedRedirect } from './helpers/admin-catalogue.server.ts';
import { csrfFailure, readForm } from '../helpers/form-kit.server.ts';
import { ADMIN_HEADERS, requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/catalogue-airport';

/**
 * admin.catalogue.airport (`/admin/katalog/:airport`, issue 15 item 5): an airport's lots and tariffs (an
 * operator's own only; an airport without its lots is not found) and, for an admin, the airport's notice texts.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireStaff(args, 'capacity');
  const { app } = args.context.get(shopContext);
  const airport = await findCatalogueAirport(app.db, actor, args.params.airport);
  if (!airport) throw data(null, { status: 404, headers: ADMIN_HEADERS });
  const t = translator(toLocale(args.params.lang));
  return data(
    { airport, canEdit: can(actor, 'airports'), saved: savedMessage(args.request, t) },
    { headers: ADMIN_HEADERS },
  );
}

/** Saves the airport's notice in German and English (admin). */
export async function action(args: Route.ActionArgs) {
  const actor = await requireStaff(args, 'airports');
  const { app, session } = args.context.get(shopContext);
  const t = translator(toLocale(args.params.lang));
  const { values, csrfOk } = await readForm(args.request, session);
  if (!csrfOk) return csrfFailure(t, values, 'comment');
  try {
    await updateAirportComment(app, actor, {
      slug: args.params.airport,
      commentDe: values.commentDe ?? '',
      commentEn: values.commentEn ?? '',
    });
    return savedRedirect(args.request, 'comment');
  } catch (error) {
    return catalogueRefusal(error, t, { intent: 'comment', values });
  }
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return [...actionHeaders].length ? actionHeaders : loaderHeaders;
}

export default function AdminCatalogueAirport({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const locale = useLocale();
  const { airport, canEdit, saved } = loaderData;
  const name = locale === 'en' ? airport.nameEn : airport.nameDe;
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
      {saved && <Notice tone="ok" message={saved} />}
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

import { data } from 'react-router';
import { failureOf } from '~/components/admin/catalogue/failure.ts';
import { Notice } from '~/components/admin/catalogue/parts.tsx';
import { PriceListForm } from '~/components/admin/catalogue/price-list-form.tsx';
import { TariffForm } from '~/components/admin/catalogue/tariff-form.tsx';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import { shopContext } from '~/router-context.ts';
import {
  deleteSeason,
  findStaffTariff,
  savePriceList,
  updateTariff,
} from '~/services/backoffice/admin-catalogue.server.ts';
import { catalogueExtra, thisPage } from './helpers/catalogue-form.server.ts';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, refusal, savedRedirect } from '../helpers/form-kit.server.ts';
import { readStaffForm, requireStaff } from './helpers/staff-guard.server.ts';
import { parseRowId } from '~/domain/row-id.ts';
import type { Route } from './+types/catalogue-tariff';
import { localized } from '~/domain/localized.ts';

/**
 * admin.catalogue.tariff (`/admin/katalog/tarif/:tariffId`, issue 15 item 5): a tariff's main fields and its
 * price lists (the default list and the seasons, each a table of day totals); add and delete seasons. Admin and
 * the operator of the tariff's lot (another operator: 404; support: 403).
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireStaff(args, 'prices');
  const { app } = args.context.get(shopContext);
  const id = parseRowId(args.params.tariffId);
  const tariff = id === null ? null : await findStaffTariff(app.db, actor, id);
  if (!tariff) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  return data(tariff, { headers: PRIVATE_HEADERS });
}

/** `intent` `tariff` (main fields), `price_list` (save a list, or add a season without `listId`), `delete_season`. */
export async function action(args: Route.ActionArgs) {
  const { actor, posted, refused } = await readStaffForm(args, 'prices');
  if (refused) return refused;
  const { app, form, values, intent } = posted;
  const saved = (what: string) =>
    savedRedirect(posted, thisPage(args.request), `admin.catalogue.saved.${what}`, undefined, { localised: false });
  const tariffId = parseRowId(args.params.tariffId);
  if (tariffId === null) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  const listId = values.listId ? parseRowId(values.listId) : null;
  if (values.listId && listId === null) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  const cells = form.getAll('dayPrices').map((cell) => (typeof cell === 'string' ? cell : ''));
  try {
    if (intent === 'tariff') {
      await updateTariff(app, actor, tariffId, values);
      return await saved('tariff');
    }
    if (intent === 'price_list') {
      await savePriceList(app, actor, tariffId, listId, {
        name: values.name ?? '',
        dayPrices: cells,
        extraDayPrice: values.extraDayPrice ?? '',
        validFrom: values.validFrom ?? '',
        validTo: values.validTo ?? '',
      });
      return await saved(listId === null ? 'season_added' : 'price_list');
    }
    if (intent === 'delete_season' && listId !== null) {
      await deleteSeason(app, actor, tariffId, listId);
      return await saved('season_deleted');
    }
    throw data(null, { status: 400, headers: PRIVATE_HEADERS });
  } catch (error) {
    const extra = catalogueExtra(posted.t, { listId: values.listId ?? null, cells });
    return refusal(error, posted, { notFound: 'page', extra });
  }
}

export const headers = actionOrLoaderHeaders;

export default function AdminCatalogueTariff({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const locale = useLocale();
  const { tariff, lot, airport, priceLists } = loaderData;
  const failure = failureOf(actionData);
  const formFailure = (intent: string, listId: string | null) =>
    failure && failure.intent === intent && failure.listId === listId ? failure : null;
  const name = localized(tariff, 'name', locale);
  const airportName = localized(airport, 'name', locale);
  return (
    <section>
      <title>{t('admin.meta.title', { page: name })}</title>
      <a
        className="inline-flex min-h-11 items-center text-accent underline"
        href={href(`/admin/katalog/${airport.slug}`)}
      >
        {t('admin.catalogue.back_airport', { airport: airportName })}
      </a>
      <h1 className="text-2xl font-semibold">{name}</h1>
      <p className="text-muted">
        {lot.name} · {t('admin.catalogue.operator', { operator: lot.operator })} ·{' '}
        <a className="text-accent underline" href={href(`/admin/katalog/tarif/${tariff.id}/kapazitaet`)}>
          {t('admin.catalogue.edit_capacity')}
        </a>
      </p>
      {failure?.message && <Notice tone="error" message={failure.message} />}
      <h2 className="mt-6 text-xl font-semibold">{t('admin.catalogue.tariff.main')}</h2>
      <TariffForm
        tariff={tariff}
        values={failure?.intent === 'tariff' ? failure.values : undefined}
        errors={failure?.intent === 'tariff' ? failure.errors : undefined}
      />
      <h2 className="mt-8 text-xl font-semibold">{t('admin.catalogue.prices.title')}</h2>
      <p className="mt-1 max-w-prose text-sm text-muted">{t('admin.catalogue.prices.intro')}</p>
      {priceLists.map((list) => (
        <PriceListForm
          key={list.id}
          list={list}
          failure={formFailure('price_list', String(list.id)) ?? formFailure('delete_season', String(list.id))}
        />
      ))}
      <PriceListForm list={null} failure={formFailure('price_list', null)} />
    </section>
  );
}

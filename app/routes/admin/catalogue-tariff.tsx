import { data } from 'react-router';
import { failureOf } from '~/components/admin/catalogue/failure.ts';
import { Notice } from '~/components/admin/catalogue/parts.tsx';
import { PriceListForm } from '~/components/admin/catalogue/price-list-form.tsx';
import { TariffForm } from '~/components/admin/catalogue/tariff-form.tsx';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import {
  deleteSeason,
  findStaffTariff,
  savePriceList,
  updateTariff,
} from '~/services/backoffice/admin-catalogue.server.ts';
import { catalogueRefusal, savedMessage, savedRedirect } from './helpers/admin-catalogue.server.ts';
import { csrfFailure, readForm } from '../helpers/form-kit.server.ts';
import { ADMIN_HEADERS, requireStaff } from './helpers/staff-guard.server.ts';
import { parseRowId } from '~/domain/row-id.ts';
import type { Route } from './+types/catalogue-tariff';

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
  if (!tariff) throw data(null, { status: 404, headers: ADMIN_HEADERS });
  const t = translator(toLocale(args.params.lang));
  return data({ ...tariff, saved: savedMessage(args.request, t) }, { headers: ADMIN_HEADERS });
}

/** `intent` `tariff` (main fields), `price_list` (save a list, or add a season without `listId`), `delete_season`. */
export async function action(args: Route.ActionArgs) {
  const actor = await requireStaff(args, 'prices');
  const { app, session } = args.context.get(shopContext);
  const t = translator(toLocale(args.params.lang));
  const { form, values, csrfOk } = await readForm(args.request, session);
  const intent = values.intent ?? '';
  if (!csrfOk) return csrfFailure(t, values, intent);
  const tariffId = parseRowId(args.params.tariffId);
  if (tariffId === null) throw data(null, { status: 404, headers: ADMIN_HEADERS });
  const listId = values.listId ? parseRowId(values.listId) : null;
  if (values.listId && listId === null) throw data(null, { status: 404, headers: ADMIN_HEADERS });
  const cells = form.getAll('dayPrices').map((cell) => (typeof cell === 'string' ? cell : ''));
  try {
    if (intent === 'tariff') {
      await updateTariff(app, actor, tariffId, values);
      return savedRedirect(args.request, 'tariff');
    }
    if (intent === 'price_list') {
      await savePriceList(app, actor, tariffId, listId, {
        name: values.name ?? '',
        dayPrices: cells,
        extraDayPrice: values.extraDayPrice ?? '',
        validFrom: values.validFrom ?? '',
        validTo: values.validTo ?? '',
      });
      return savedRedirect(args.request, listId === null ? 'season_added' : 'price_list');
    }
    if (intent === 'delete_season' && listId !== null) {
      await deleteSeason(app, actor, tariffId, listId);
      return savedRedirect(args.request, 'season_deleted');
    }
    throw data(null, { status: 400, headers: ADMIN_HEADERS });
  } catch (error) {
    return catalogueRefusal(error, t, { intent, listId: values.listId ?? null, values, cells });
  }
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return [...actionHeaders].length ? actionHeaders : loaderHeaders;
}

export default function AdminCatalogueTariff({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const locale = useLocale();
  const { tariff, lot, airport, priceLists, saved } = loaderData;
  const failure = failureOf(actionData);
  const formFailure = (intent: string, listId: string | null) =>
    failure && failure.intent === intent && failure.listId === listId ? failure : null;
  const name = locale === 'en' ? tariff.nameEn : tariff.nameDe;
  const airportName = locale === 'en' ? airport.nameEn : airport.nameDe;
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
      {saved && <Notice tone="ok" message={saved} />}
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

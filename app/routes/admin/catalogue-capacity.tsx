import { data } from 'react-router';
import { CapacityForm, CapacityTable } from '~/components/admin/catalogue/capacity-calendar.tsx';
import { failureOf } from '~/components/admin/catalogue/failure.ts';
import { Notice } from '~/components/admin/catalogue/parts.tsx';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import { CAPACITY_PAGE_DAYS } from '~/domain/catalogue-view.ts';
import { addDaysToDate, parseLocalDate } from '~/domain/local-time.ts';
import { shopContext } from '~/router-context.ts';
import { loadCapacity, setCapacityRange } from '~/services/backoffice/admin-catalogue.server.ts';
import { catalogueExtra, thisPage } from './helpers/catalogue-form.server.ts';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, refusal, savedRedirect } from '../helpers/form-kit.server.ts';
import { readStaffForm, requireStaff } from './helpers/staff-guard.server.ts';
import { parseRowId } from '~/domain/row-id.ts';
import type { Route } from './+types/catalogue-capacity';
import { localized } from '~/domain/localized.ts';

/**
 * admin.catalogue.capacity (`/admin/katalog/tarif/:tariffId/kapazitaet`, issue 15 item 5): a tariff's daily
 * capacity for four weeks from `?von=` (default today), and the form that sets a date range's spaces, closes it
 * (blackout) or resets it; a reduction below the booked spaces is refused with the days.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireStaff(args, 'capacity');
  const { app } = args.context.get(shopContext);
  const id = parseRowId(args.params.tariffId);
  const from = parseLocalDate(new URL(args.request.url).searchParams.get('von') ?? '');
  const capacity = id === null ? null : await loadCapacity(app.db, actor, id, app.now(), from);
  if (!capacity) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  return data(capacity, { headers: PRIVATE_HEADERS });
}

/** Sets the capacity of `from`..`to` (`mode` `set` with `capacity`, `blackout`, `reset`). */
export async function action(args: Route.ActionArgs) {
  const { actor, posted, refused } = await readStaffForm(args, 'capacity');
  if (refused) return refused;
  const { app, values } = posted;
  const tariffId = parseRowId(args.params.tariffId);
  if (tariffId === null) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  try {
    const count = await setCapacityRange(app, actor, tariffId, {
      from: values.from ?? '',
      to: values.to ?? '',
      mode: values.mode ?? '',
      capacity: values.capacity ?? '',
    });
    return await savedRedirect(
      posted,
      thisPage(args.request),
      'admin.catalogue.saved.capacity',
      { count },
      { localised: false },
    );
  } catch (error) {
    return refusal(error, { ...posted, intent: 'capacity' }, { notFound: 'page', extra: catalogueExtra(posted.t) });
  }
}

export const headers = actionOrLoaderHeaders;

export default function AdminCatalogueCapacity({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const locale = useLocale();
  const { tariff, lot, days, from, today } = loaderData;
  const failure = failureOf(actionData);
  const name = localized(tariff, 'name', locale);
  const base = href(`/admin/katalog/tarif/${tariff.id}/kapazitaet`);
  return (
    <section>
      <title>{t('admin.meta.title', { page: `${t('admin.catalogue.capacity.title')} · ${name}` })}</title>
      <a
        className="inline-flex min-h-11 items-center text-accent underline"
        href={href(`/admin/katalog/tarif/${tariff.id}`)}
      >
        {name}
      </a>
      <h1 className="text-2xl font-semibold">
        {t('admin.catalogue.capacity.title')}: {name}
      </h1>
      <p className="text-muted">
        {lot.name} · {t('admin.catalogue.capacity.default', { capacity: tariff.capacity })}
      </p>
      <p className="mt-2 max-w-prose text-sm text-muted">{t('admin.catalogue.capacity.intro')}</p>
      {failure?.message && <Notice tone="error" message={failure.message} lines={failure.conflicts} />}
      <h2 className="mt-6 text-xl font-semibold">{t('admin.catalogue.capacity.change')}</h2>
      <CapacityForm today={today} values={failure?.values} errors={failure?.errors} />
      <nav className="mt-6 flex flex-wrap gap-2" aria-label={t('admin.catalogue.capacity.title')}>
        <a className="btn-secondary min-h-11" href={`${base}?von=${addDaysToDate(from, -CAPACITY_PAGE_DAYS)}`}>
          {t('admin.catalogue.capacity.earlier')}
        </a>
        <a className="btn-secondary min-h-11" href={`${base}?von=${addDaysToDate(from, CAPACITY_PAGE_DAYS)}`}>
          {t('admin.catalogue.capacity.later')}
        </a>
      </nav>
      <CapacityTable days={days} />
    </section>
  );
}

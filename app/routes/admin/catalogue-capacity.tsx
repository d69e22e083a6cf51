import { data } from 'react-router';
import { CapacityForm, CapacityTable } from '~/components/admin/catalogue/capacity-calendar.tsx';
import { failureOf } from '~/components/admin/catalogue/failure.ts';
import { Notice } from '~/components/admin/catalogue/parts.tsx';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import { CAPACITY_PAGE_DAYS } from '~/domain/catalogue-view.ts';
import { addDaysToDate, parseLocalDate } from '~/domain/local-time.ts';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { loadCapacity, setCapacityRange } from '~/services/backoffice/admin-catalogue.server.ts';
import { catalogueRefusal, savedMessage, savedRedirect } from './helpers/admin-catalogue.server.ts';
import { csrfFailure, readForm } from '../helpers/form-kit.server.ts';
import { ADMIN_HEADERS, requireStaff } from './helpers/staff-guard.server.ts';
import { parseRowId } from '~/domain/row-id.ts';
import type { Route } from './+types/catalogue-capacity';

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
  if (!capacity) throw data(null, { status: 404, headers: ADMIN_HEADERS });
  const t = translator(toLocale(args.params.lang));
  return data({ ...capacity, saved: savedMessage(args.request, t) }, { headers: ADMIN_HEADERS });
}

/** Sets the capacity of `from`..`to` (`mode` `set` with `capacity`, `blackout`, `reset`). */
export async function action(args: Route.ActionArgs) {
  const actor = await requireStaff(args, 'capacity');
  const { app, session } = args.context.get(shopContext);
  const t = translator(toLocale(args.params.lang));
  const { values, csrfOk } = await readForm(args.request, session);
  if (!csrfOk) return csrfFailure(t, values, 'capacity');
  const tariffId = parseRowId(args.params.tariffId);
  if (tariffId === null) throw data(null, { status: 404, headers: ADMIN_HEADERS });
  try {
    const count = await setCapacityRange(app, actor, tariffId, {
      from: values.from ?? '',
      to: values.to ?? '',
      mode: values.mode ?? '',
      capacity: values.capacity ?? '',
    });
    return savedRedirect(args.request, 'capacity', count);
  } catch (error) {
    return catalogueRefusal(error, t, { intent: 'capacity', values });
  }
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return [...actionHeaders].length ? actionHeaders : loaderHeaders;
}

export default function AdminCatalogueCapacity({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const locale = useLocale();
  const { tariff, lot, days, from, today, saved } = loaderData;
  const failure = failureOf(actionData);
  const name = locale === 'en' ? tariff.nameEn : tariff.nameDe;
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
      {saved && <Notice tone="ok" message={saved} />}
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

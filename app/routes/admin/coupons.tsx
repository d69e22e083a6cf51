import { data, Form, redirect, useRouteLoaderData } from 'react-router';
import { formatDay, formatInstant } from '~/components/admin/admin-format.ts';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import { formatMoney } from '~/domain/money.ts';
import { localePath } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import {
  createCoupon,
  listCouponAirports,
  listCoupons,
  setCouponDisabled,
  type CouponListEntry,
} from '~/services/backoffice/admin-coupons.server.ts';
import { adminRefusal, startAdminAction } from './helpers/admin-form.server.ts';
import { ADMIN_HEADERS, requireStaff } from './helpers/staff-guard.server.ts';
import { parseRowId } from '~/domain/row-id.ts';
import type { Route } from './+types/coupons';
import type { loader as layoutLoader } from './layout.tsx';

/** What a successful post says after the redirect (`?erledigt=`). */
const DONE = ['created', 'disabled', 'enabled'] as const;

/** admin.coupons (`/admin/gutscheine`, issue 15 item 6, admin only): the coupons with their use, and a new one. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, 'coupons');
  const { app } = args.context.get(shopContext);
  const [coupons, airports] = await Promise.all([listCoupons(app.db), listCouponAirports(app.db)]);
  const done = new URL(args.request.url).searchParams.get('erledigt');
  return data(
    { coupons, airports, done: (DONE as readonly string[]).includes(done ?? '') ? done : null },
    { headers: ADMIN_HEADERS },
  );
}

/** Creates a coupon (`intent=create`) or disables/enables one (`intent=disable|enable`, `couponId`). */
export async function action(args: Route.ActionArgs) {
  const { actor, app, form, values, intent, t, locale, failure } = await startAdminAction(args, 'coupons');
  if (failure) return failure;
  const back = (done: string) =>
    redirect(`${localePath(locale, '/admin/gutscheine')}?erledigt=${done}`, { headers: ADMIN_HEADERS });
  try {
    if (intent === 'create') {
      await createCoupon(
        app.db,
        actor,
        {
          code: values.code,
          kind: values.kind,
          value: values.value,
          validFrom: values.validFrom,
          validTo: values.validTo,
          minDays: values.minDays,
          usageLimit: values.usageLimit,
          airportIds: form.getAll('airportIds').map(String),
        },
        app.now(),
      );
      return back('created');
    }
    if (intent === 'disable' || intent === 'enable') {
      const id = parseRowId(values.couponId);
      if (id === null) throw data(null, { status: 404, headers: ADMIN_HEADERS });
      await setCouponDisabled(app.db, actor, id, intent === 'disable', app.now());
      return back(intent === 'disable' ? 'disabled' : 'enabled');
    }
    return data(
      { intent, errors: {}, message: t('validation.invalid'), values },
      { status: 400, headers: ADMIN_HEADERS },
    );
  } catch (error) {
    // The ticked airports come back ticked (a form value of its own: `values` keeps one value per name).
    const airportIds = form.getAll('airportIds').map(String).join(',');
    return adminRefusal(error, t, intent, { ...values, airportIds });
  }
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return [...actionHeaders].length ? actionHeaders : loaderHeaders;
}

export default function AdminCoupons({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const layout = useRouteLoaderData<typeof layoutLoader>('admin');
  const csrf = layout?.csrfToken ?? '';
  const failed = actionData && actionData.intent === 'create' ? actionData : undefined;
  const otherFailure = actionData && actionData.intent !== 'create' ? actionData.message : null;
  return (
    <section>
      <title>{t('admin.meta.title', { page: t('admin.coupons.title') })}</title>
      <h1 className="text-2xl font-semibold">{t('admin.coupons.title')}</h1>
      {loaderData.done && (
        <p role="status" className="mt-3 rounded border border-green-700 bg-green-50 p-3 text-green-900">
          {t(`admin.coupons.done.${loaderData.done}`)}
        </p>
      )}
      {otherFailure && (
        <p role="alert" className="mt-3 rounded border border-red-700 bg-red-50 p-3 text-red-900">
          {otherFailure}
        </p>
      )}
      <CouponList coupons={loaderData.coupons} airports={loaderData.airports} csrf={csrf} />
      <CreateForm airports={loaderData.airports} csrf={csrf} failed={failed} />
    </section>
  );
}

function couponValue(c: CouponListEntry, locale: 'de' | 'en'): string {
  return c.kind === 'percent' ? `${c.value} %` : formatMoney(c.value, locale);
}

function CouponList({
  coupons,
  airports,
  csrf,
}: {
  coupons: CouponListEntry[];
  airports: { id: number; iata: string }[];
  csrf: string;
}) {
  const t = useT();
  const locale = useLocale();
  const href = useHref();
  if (coupons.length === 0) return <p className="mt-4 text-muted">{t('admin.coupons.none')}</p>;
  return (
    <ul className="mt-4 grid gap-3 md:grid-cols-2" aria-label={t('admin.coupons.list')}>
      {coupons.map((c) => (
        <li key={c.id} className="card p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="font-mono text-lg font-semibold">{c.code}</h2>
            <span
              className={`rounded px-2 py-0.5 text-sm ${c.disabledAt ? 'bg-gray-200 text-gray-800' : 'bg-green-100 text-green-900'}`}
            >
              {c.disabledAt ? t('admin.coupons.state.disabled') : t('admin.coupons.state.active')}
            </span>
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">{t('admin.coupons.field.value')}</dt>
            <dd>{couponValue(c, locale)}</dd>
            <dt className="text-muted">{t('admin.coupons.field.validity')}</dt>
            <dd>
              {c.validFrom || c.validTo
                ? t('admin.coupons.validity', {
                    from: c.validFrom ? formatDay(c.validFrom, locale, true) : '…',
                    to: c.validTo ? formatDay(c.validTo, locale, true) : '…',
                  })
                : t('admin.coupons.validity_always')}
            </dd>
            <dt className="text-muted">{t('admin.coupons.field.minDays')}</dt>
            <dd>{c.minDays}</dd>
            <dt className="text-muted">{t('admin.coupons.field.uses')}</dt>
            <dd>
              {c.usageLimit === null
                ? t('admin.coupons.uses_unlimited', { used: c.usedCount })
                : t('admin.coupons.uses_limited', { used: c.usedCount, limit: c.usageLimit })}
            </dd>
            <dt className="text-muted">{t('admin.coupons.field.airports')}</dt>
            <dd>
              {c.airportIds
                ? c.airportIds.map((id) => airports.find((a) => a.id === id)?.iata ?? `#${id}`).join(', ')
                : t('admin.coupons.airports_all')}
            </dd>
            {c.disabledAt && (
              <>
                <dt className="text-muted">{t('admin.coupons.field.disabledAt')}</dt>
                <dd>{formatInstant(c.disabledAt, locale)}</dd>
              </>
            )}
          </dl>
          <div className="mt-3 flex flex-wrap gap-2">
            <a className="btn-secondary inline-flex min-h-11 items-center" href={href(`/admin/gutscheine/${c.id}`)}>
              {t('admin.coupons.show_uses', { count: c.reservations })}
              <span className="sr-only"> {c.code}</span>
            </a>
            <Form method="post">
              <input type="hidden" name="_csrf" value={csrf} />
              <input type="hidden" name="couponId" value={c.id} />
              <button
                type="submit"
                name="intent"
                value={c.disabledAt ? 'enable' : 'disable'}
                className="btn-secondary min-h-11"
              >
                {c.disabledAt ? t('admin.coupons.enable') : t('admin.coupons.disable')}
                <span className="sr-only"> {c.code}</span>
              </button>
            </Form>
          </div>
        </li>
      ))}
    </ul>
  );
}

function CreateForm({
  airports,
  csrf,
  failed,
}: {
  airports: { id: number; iata: string; nameDe: string; nameEn: string }[];
  csrf: string;
  failed?: { errors: Record<string, string>; message: string | null; values: Record<string, string> };
}) {
  const t = useT();
  const locale = useLocale();
  const v = failed?.values ?? {};
  const e = failed?.errors ?? {};
  const field = (name: string, type = 'text', extra: Record<string, string> = {}) => (
    <div>
      <label htmlFor={`coupon-${name}`} className="field-label">
        {t(`admin.coupons.field.${name}`)}
      </label>
      <input
        id={`coupon-${name}`}
        name={name}
        type={type}
        defaultValue={v[name] ?? ''}
        aria-invalid={e[name] ? true : undefined}
        aria-describedby={e[name] ? `coupon-${name}-error` : `coupon-${name}-hint`}
        className="field-input w-full"
        {...extra}
      />
      {e[name] ? (
        <p id={`coupon-${name}-error`} className="field-error">
          {e[name]}
        </p>
      ) : (
        <p id={`coupon-${name}-hint`} className="mt-1 text-xs text-muted">
          {t(`admin.coupons.hint.${name}`)}
        </p>
      )}
    </div>
  );
  return (
    <section className="card mt-8 p-4" aria-labelledby="coupon-create-title">
      <h2 id="coupon-create-title" className="text-lg font-semibold">
        {t('admin.coupons.create.title')}
      </h2>
      {failed?.message && (
        <p role="alert" className="field-error mt-2">
          {failed.message}
        </p>
      )}
      {failed && !failed.message && (
        <p role="alert" className="field-error mt-2">
          {t('validation.failed')}
        </p>
      )}
      <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="_csrf" value={csrf} />
        {field('code', 'text', { autoComplete: 'off', maxLength: '40' })}
        <fieldset>
          <legend className="field-label">{t('admin.coupons.field.kind')}</legend>
          <div className="flex flex-wrap gap-4">
            {(['percent', 'fixed'] as const).map((kind) => (
              <label key={kind} className="inline-flex min-h-11 items-center gap-2">
                <input type="radio" name="kind" value={kind} defaultChecked={(v.kind ?? 'percent') === kind} />
                {t(`admin.coupons.kind.${kind}`)}
              </label>
            ))}
          </div>
          {e.kind && <p className="field-error">{e.kind}</p>}
        </fieldset>
        {field('value', 'text', { inputMode: 'decimal' })}
        {field('minDays', 'number', { min: '1', step: '1' })}
        {field('validFrom', 'date')}
        {field('validTo', 'date')}
        {field('usageLimit', 'number', { min: '1', step: '1' })}
        <fieldset className="sm:col-span-2">
          <legend className="field-label">{t('admin.coupons.field.airports')}</legend>
          <p className="mb-1 text-xs text-muted">{t('admin.coupons.hint.airports')}</p>
          <div className="flex flex-wrap gap-x-4">
            {airports.map((a) => (
              <label key={a.id} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  name="airportIds"
                  value={a.id}
                  defaultChecked={(v.airportIds ?? '').split(',').includes(String(a.id))}
                />
                {a.iata} – {locale === 'en' ? a.nameEn : a.nameDe}
              </label>
            ))}
          </div>
          {e.airportIds && <p className="field-error">{e.airportIds}</p>}
        </fieldset>
        <div className="sm:col-span-2">
          <button type="submit" name="intent" value="create" className="btn-primary min-h-11">
            {t('admin.coupons.create.submit')}
          </button>
        </div>
      </Form>
    </section>
  );
}

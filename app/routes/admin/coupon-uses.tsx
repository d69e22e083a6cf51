import { data } from 'react-router';
import { formatInstant } from '~/components/admin/admin-format.ts';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import { formatMoney } from '~/domain/money.ts';
import { shopContext } from '~/router-context.ts';
import { CouponAdminError, loadCouponUses } from '~/services/backoffice/admin-coupons.server.ts';
import { requireStaff } from './helpers/staff-guard.server.ts';
import { parseRowId } from '~/domain/row-id.ts';
import type { Route } from './+types/coupon-uses';
import { PRIVATE_HEADERS } from '../helpers/form-kit.server.ts';

/** admin.coupons.show (`/admin/gutscheine/:id`, issue 15 item 6): the reservations that used a coupon. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, 'coupons');
  const { app } = args.context.get(shopContext);
  const id = parseRowId(args.params.id);
  if (id === null) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  try {
    return data(await loadCouponUses(app.db, id), { headers: PRIVATE_HEADERS });
  } catch (error) {
    if (error instanceof CouponAdminError) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
    throw error;
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function AdminCouponUses({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const href = useHref();
  const { coupon, uses } = loaderData;
  return (
    <section>
      <title>{t('admin.meta.title', { page: t('admin.coupons.uses.title', { code: coupon.code }) })}</title>
      <p>
        <a href={href('/admin/gutscheine')} className="inline-flex min-h-11 items-center underline">
          {t('admin.coupons.back')}
        </a>
      </p>
      <h1 className="text-2xl font-semibold">{t('admin.coupons.uses.title', { code: coupon.code })}</h1>
      <p className="mt-1 text-muted">
        {t('admin.coupons.uses.summary', { used: coupon.usedCount, count: uses.length })}
      </p>
      {uses.length === 0 ? (
        <p className="mt-4">{t('admin.coupons.uses.none')}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th scope="col" className="py-1 pr-3">
                  {t('admin.coupons.uses.reference')}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {t('admin.coupons.uses.booked')}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {t('admin.coupons.uses.status')}
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  {t('admin.coupons.uses.discount')}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t('admin.coupons.uses.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {uses.map((u) => (
                <tr key={u.reference} className="border-t border-line">
                  <th scope="row" className="py-1 pr-3 text-left">
                    <a
                      href={href(`/admin/reservierungen/${u.reference}`)}
                      className="inline-flex min-h-11 items-center font-mono underline"
                    >
                      {u.reference}
                    </a>{' '}
                    <span className="text-muted">{u.iata}</span>
                  </th>
                  <td className="py-1 pr-3">{formatInstant(u.createdAt, locale)}</td>
                  <td className="py-1 pr-3">{t(`admin.dashboard.status.${u.status}`)}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">
                    {formatMoney(-Math.abs(u.discountCents), locale)}
                  </td>
                  <td className="py-1 text-right tabular-nums">{formatMoney(u.totalCents, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import { Form } from 'react-router';
import { formatDay, formatInstant } from '~/components/admin/admin-format.ts';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import { formatMoney } from '~/domain/money.ts';

/** A coupon as the list shows it (the service's `CouponCard`, what this card reads of it). */
export type CouponCard = {
  id: number;
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  validFrom: string | null;
  validTo: string | null;
  minDays: number;
  usageLimit: number | null;
  usedCount: number;
  airportIds: number[] | null;
  disabledAt: Date | string | null;
  reservations: number;
};

function couponValue(c: CouponCard, locale: 'de' | 'en'): string {
  return c.kind === 'percent' ? `${c.value} %` : formatMoney(c.value, locale);
}

/** The coupons as cards (issue 15 item 6): value, validity, use, airports, and the disable/enable button. */
export function CouponList({ coupons, airports }: { coupons: CouponCard[]; airports: { id: number; iata: string }[] }) {
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
              <CsrfField />
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

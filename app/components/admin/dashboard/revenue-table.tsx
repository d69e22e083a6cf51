import { formatMonth } from '~/components/admin/admin-format.ts';
import { useLocale, useT } from '~/components/i18n-context.tsx';
import type { Dashboard } from '~/domain/dashboard.ts';
import { formatMoney } from '~/domain/money.ts';

/** Invoiced, credited and net revenue per month, newest first. */
export function RevenueTable({ revenue }: { revenue: Dashboard['revenue'] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section className="card mt-6 p-4" aria-labelledby="revenue-title">
      <h2 id="revenue-title" className="text-lg font-semibold">
        {t('admin.dashboard.revenue.title')}
      </h2>
      <p className="mb-3 text-sm text-muted">{t('admin.dashboard.revenue.note')}</p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left">
              <th scope="col" className="py-1 pr-3">
                {t('admin.dashboard.revenue.month')}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {t('admin.dashboard.revenue.invoiced')}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {t('admin.dashboard.revenue.credited')}
              </th>
              <th scope="col" className="py-1 text-right">
                {t('admin.dashboard.revenue.net')}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...revenue].reverse().map((m) => (
              <tr key={m.month} className="border-t border-line">
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {formatMonth(m.month, locale)}
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">
                  {formatMoney(m.invoicedCents, locale)}
                  <span className="hidden text-xs text-muted sm:block">
                    {t('admin.dashboard.revenue.invoices', { count: m.invoices })}
                  </span>
                </td>
                <td className="py-1 pr-3 text-right tabular-nums">
                  {formatMoney(m.creditedCents, locale)}
                  <span className="hidden text-xs text-muted sm:block">
                    {t('admin.dashboard.revenue.credit_notes', { count: m.creditNotes })}
                  </span>
                </td>
                <td className="py-1 text-right font-semibold tabular-nums">{formatMoney(m.netCents, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

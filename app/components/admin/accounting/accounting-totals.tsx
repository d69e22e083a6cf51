import { useLocale, useT } from '~/components/i18n-context.tsx';
import { accountingPaymentKey, type AccountingTotals, type AmountSums } from '~/domain/accounting.ts';
import { numberFormat } from '~/domain/intl-cache.ts';
import { formatMoney } from '~/domain/money.ts';

/** One totals table: a row per group (its name as the row header), then the month's total. */
function TotalsTable({
  id,
  title,
  groupLabel,
  rows,
  all,
}: {
  id: string;
  title: string;
  groupLabel: string;
  rows: { key: string; label: string; sums: AmountSums }[];
  all: AmountSums;
}) {
  const t = useT();
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const cells = (sums: AmountSums) => (
    <>
      <td className="hidden py-1 pr-3 text-right tabular-nums sm:table-cell">{sums.count}</td>
      <td className="py-1 pr-3 text-right tabular-nums">{money(sums.netCents)}</td>
      <td className="py-1 pr-3 text-right tabular-nums">{money(sums.vatCents)}</td>
      <td className="py-1 text-right tabular-nums">{money(sums.grossCents)}</td>
    </>
  );
  return (
    <div className="card p-4">
      {/* a region of its own, reachable with the keyboard, for when large amounts make it scroll on a phone */}
      <div className="overflow-x-auto" role="region" aria-labelledby={id} tabIndex={0}>
        <table className="w-full text-sm" data-totals={id}>
          <caption id={id} className="mb-2 text-left text-lg font-semibold">
            {title}
          </caption>
          <thead>
            <tr className="text-left">
              <th scope="col" className="py-1 pr-3">
                {groupLabel}
              </th>
              {(['count', 'net', 'vat', 'gross'] as const).map((col) => (
                <th
                  key={col}
                  scope="col"
                  // the count is the first to go on a phone: the amounts are what the table is for
                  className={`py-1 pr-3 text-right last:pr-0 ${col === 'count' ? 'hidden sm:table-cell' : ''}`}
                >
                  {t(`admin.accounting.col.${col}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-line">
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {row.label}
                </th>
                {cells(row.sums)}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-line font-semibold">
              <th scope="row" className="py-1 pr-3 text-left">
                {t('admin.accounting.col.total')}
              </th>
              {cells(all)}
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}

/** The month's totals per VAT rate and per payment type (invoices minus credit notes), side by side when wide. */
export function AccountingTotalsTables({ totals }: { totals: AccountingTotals }) {
  const t = useT();
  const locale = useLocale();
  const percent = numberFormat(locale, { maximumFractionDigits: 2 });
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
      <TotalsTable
        id="totals-vat"
        title={t('admin.accounting.totals.vat')}
        groupLabel={t('admin.accounting.col.vat_rate')}
        rows={totals.byVatRate.map(({ vatRateBp, ...sums }) => ({
          key: String(vatRateBp),
          label: t('admin.accounting.vat_rate', { rate: percent.format(vatRateBp / 100) }),
          sums,
        }))}
        all={totals.all}
      />
      <TotalsTable
        id="totals-payment"
        title={t('admin.accounting.totals.payment')}
        groupLabel={t('admin.accounting.col.payment')}
        rows={totals.byPaymentType.map(({ paymentType, ...sums }) => ({
          key: paymentType,
          label: t(`admin.accounting.payment.${accountingPaymentKey(paymentType)}`),
          sums,
        }))}
        all={totals.all}
      />
      <p className="text-sm text-muted xl:col-span-2">{t('admin.accounting.totals.note')}</p>
    </div>
  );
}

import { data } from 'react-router';
import { AccountingDownloads } from '~/components/admin/accounting/accounting-downloads.tsx';
import { AccountingTotalsTables } from '~/components/admin/accounting/accounting-totals.tsx';
import { MonthPicker } from '~/components/admin/accounting/month-picker.tsx';
import { formatMonth } from '~/components/admin/admin-format.ts';
import { useLocale, useT } from '~/components/i18n-context.tsx';
import { SHOP_TIME_ZONE } from '~/constants.ts';
import { currentAccountingMonth, parseAccountingMonth } from '~/domain/accounting.ts';
import { shopContext } from '~/router-context.ts';
import { loadAccountingMonth } from '~/services/backoffice/accounting.server.ts';
import { PRIVATE_HEADERS } from '../helpers/form-kit.server.ts';
import { requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/accounting';

/** The query parameter of the month picker (`?monat=2026-11`). */
const MONTH_PARAM = 'monat';

/**
 * admin.accounting (`/admin/buchhaltung?monat=YYYY-MM`, permission `accounting`: admin and accountant, issue 34 item
 * 5): the month's totals per VAT rate and per payment type and the three downloads (DATEV, CSV, ZIP). Without a month,
 * or with one that is not `YYYY-MM`, the current month (shop time zone).
 */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, 'accounting');
  const { app } = args.context.get(shopContext);
  const asked = parseAccountingMonth(new URL(args.request.url).searchParams.get(MONTH_PARAM));
  const view = await loadAccountingMonth(app, asked ?? currentAccountingMonth(app.now(), SHOP_TIME_ZONE));
  return data(view, { headers: PRIVATE_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function AccountingPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { month, months, totals, datev } = loaderData;
  return (
    <section className="grid grid-cols-1 gap-6">
      <title>{t('admin.meta.title', { page: t('admin.accounting.title') })}</title>
      <div>
        <h1 className="text-2xl font-semibold">{t('admin.accounting.title')}</h1>
        <p className="mt-1 max-w-3xl text-muted">{t('admin.accounting.intro')}</p>
      </div>
      <MonthPicker name={MONTH_PARAM} month={month} months={months} />
      <p data-accounting-month={month} aria-live="polite">
        {t('admin.accounting.summary', {
          month: formatMonth(month, locale),
          invoices: totals.all.invoices,
          credit_notes: totals.all.creditNotes,
        })}
      </p>
      <AccountingDownloads month={month} datev={datev} empty={totals.all.count === 0} />
      {totals.all.count === 0 ? (
        <p className="card p-4">{t('admin.accounting.empty')}</p>
      ) : (
        <AccountingTotalsTables totals={totals} />
      )}
    </section>
  );
}

import { data } from 'react-router';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { formatMoney } from '~/domain/money.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { RECONCILIATION_DAYS, reconcilePayments } from '~/services/payments/reconciliation.server.ts';
import { PRIVATE_HEADERS } from '../helpers/form-kit.server.ts';
import { requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/payments';

/**
 * admin.payments (`/admin/zahlungsabgleich`, permission `payments`, issue 33 item 6): the payment reconciliation of
 * the last 30 days, run when the page is opened — every mismatch between the provider's payments and refunds and
 * the shop's books, with the reservation, the payment intent and both amounts; none on a clean run. A provider that
 * does not answer is said, not a 500.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, 'payments');
  const { app } = args.context.get(shopContext);
  const locale = toLocale(args.params.lang);
  const money = (cents: number | null) => (cents === null ? '–' : formatMoney(cents, locale));
  const result = await reconcilePayments(app);
  const rows = result.mismatches.map((m) => ({
    kind: m.kind,
    reference: m.reference,
    paymentIntentId: m.paymentIntentId ?? '–',
    provider: money(m.providerCents),
    shop: money(m.shopCents),
  }));
  const state = result.unreachable
    ? 'unreachable'
    : !result.checked
      ? 'off'
      : rows.length === 0
        ? 'clean'
        : 'mismatches';
  return data({ state, rows, days: RECONCILIATION_DAYS }, { headers: PRIVATE_HEADERS });
}

export default function PaymentsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const { state, rows, days } = loaderData;
  return (
    <section className="grid gap-4">
      <title>{t('admin.meta.title', { page: t('admin.payments.title') })}</title>
      <h1 className="text-2xl font-semibold">{t('admin.payments.title')}</h1>
      <p className="text-sm text-muted">{t('admin.payments.intro', { days })}</p>
      {state === 'off' || state === 'unreachable' ? (
        <p className="card p-4" role={state === 'unreachable' ? 'alert' : undefined} data-reconciliation={state}>
          {t(state === 'off' ? 'admin.payments.no_provider' : 'admin.payments.unreachable')}
        </p>
      ) : state === 'clean' ? (
        <p className="card p-4" role="status" data-reconciliation="clean">
          {t('admin.payments.clean')}
        </p>
      ) : (
        <div className="card overflow-x-auto p-4">
          <table className="w-full text-left text-sm" data-reconciliation="mismatches">
            <caption className="mb-2 text-left font-medium">
              {t('admin.payments.count', { count: rows.length })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.payments.col.kind')}</th>
                <th scope="col">{t('admin.payments.col.reservation')}</th>
                <th scope="col">{t('admin.payments.col.intent')}</th>
                <th scope="col">{t('admin.payments.col.provider')}</th>
                <th scope="col">{t('admin.payments.col.shop')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i} data-mismatch={row.kind} className="border-t border-line">
                  <td>{t(`admin.payments.kind.${row.kind}`)}</td>
                  <td>
                    {row.reference ? (
                      <a className="underline" href={href(`/admin/reservierungen/${row.reference}`)}>
                        {row.reference}
                      </a>
                    ) : (
                      '–'
                    )}
                  </td>
                  <td className="font-mono">{row.paymentIntentId}</td>
                  <td>{row.provider}</td>
                  <td>{row.shop}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

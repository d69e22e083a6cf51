import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import type { Dashboard } from '~/domain/dashboard.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { formatMoney } from '~/domain/money.ts';

/**
 * The overstays billed at check-out and still unpaid (issue 33 item 4): their sum, then each with its invoice,
 * amount, exit and whether the payment link went out, linked to the barrier's card where staff settle it.
 */
export function OpenOverstays({ overstays }: { overstays: Dashboard['openOverstays'] }) {
  const t = useT();
  const locale = useLocale();
  const href = useHref();
  return (
    <section className="card mt-6 p-4" aria-labelledby="overstays-title" data-open-overstays={overstays.count}>
      <h2 id="overstays-title" className="text-lg font-semibold">
        {t('admin.dashboard.overstays.title')}
      </h2>
      {overstays.count === 0 ? (
        <p className="mt-2 text-muted">{t('admin.dashboard.overstays.none')}</p>
      ) : (
        <>
          <p className="mt-1 text-sm">
            {t('admin.dashboard.overstays.sum', {
              count: overstays.count,
              amount: formatMoney(overstays.totalCents, locale),
            })}
          </p>
          <ul className="mt-2 divide-y divide-line">
            {overstays.items.map((o) => (
              <li key={o.invoiceNumber} className="flex flex-wrap items-center gap-x-3 py-2 text-sm">
                <a
                  href={href(`/admin/checkin?${new URLSearchParams({ code: o.reference })}`)}
                  className="inline-flex min-h-11 items-center font-mono font-semibold underline"
                >
                  {o.reference}
                </a>
                <span>
                  {o.invoiceNumber} · <strong>{formatMoney(o.amountCents, locale)}</strong> ·{' '}
                  {t('admin.dashboard.overstays.exit', {
                    days: o.extraDays,
                    exit: formatLocalDateTime(o.exitLocal, locale),
                  })}
                  {o.linkSent ? ` · ${t('admin.dashboard.overstays.link_sent')}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

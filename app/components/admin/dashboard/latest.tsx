import { formatInstant } from '~/components/admin/admin-format.ts';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import type { Dashboard } from '~/domain/dashboard.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { formatMoney } from '~/domain/money.ts';

/** The newest reservations in the actor's scope, each linked to its page. */
export function Latest({ latest }: { latest: Dashboard['latest'] }) {
  const t = useT();
  const locale = useLocale();
  const href = useHref();
  return (
    <section className="card min-w-0 p-4" aria-labelledby="latest-title">
      <h2 id="latest-title" className="text-lg font-semibold">
        {t('admin.dashboard.latest.title')}
      </h2>
      {latest.length === 0 ? (
        <p className="mt-2 text-muted">{t('admin.dashboard.latest.none')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {latest.map((r) => (
            <li key={r.reference} className="py-2">
              <a
                href={href(`/admin/reservierungen/${r.reference}`)}
                className="inline-flex min-h-11 items-center font-mono font-semibold underline"
              >
                {r.reference}
              </a>{' '}
              <span className="text-sm">
                {r.iata} · {r.lotName} · {t(`admin.dashboard.status.${r.status}`)} · {formatMoney(r.totalCents, locale)}
              </span>
              <span className="block text-xs text-muted">
                {t('admin.dashboard.latest.stay', {
                  entry: formatLocalDateTime(r.entryLocal, locale),
                  exit: formatLocalDateTime(r.exitLocal, locale),
                })}{' '}
                · {t('admin.dashboard.latest.booked_at', { at: formatInstant(r.createdAt, locale) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

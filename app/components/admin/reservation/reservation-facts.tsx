import { Form } from 'react-router';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import type { DetailField, ReservationDetailTexts } from '~/domain/reservation-detail-view.ts';

function Fields({ rows }: { rows: DetailField[] }) {
  return (
    <dl className="grid grid-cols-[minmax(8rem,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-muted">{row.label}</dt>
          <dd className="min-w-0 break-words">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The head and the facts of a booking in the back office (issue 15 item 3): reference and status, the booking,
 * the customer with the resend button (not for an operator), price and payment, the documents.
 */
export function ReservationFacts({
  view,
  resendMessage,
}: {
  view: ReservationDetailTexts;
  resendMessage: string | null;
}) {
  const t = useT();
  const href = useHref();
  const fields = (rows: DetailField[]) => <Fields rows={rows} />;
  return (
    <>
      <title>{`${t('admin.reservations.detail.title', { reference: view.reference })} · ${t('admin.title')}`}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <a className="text-sm text-accent underline" href={href('/admin/reservierungen')}>
            {t('admin.reservations.back')}
          </a>
          <h1 className="mt-1 text-2xl font-semibold">
            {t('admin.reservations.detail.title', { reference: view.reference })}
          </h1>
        </div>
        <span
          className="rounded-full bg-accent-soft px-3 py-1 text-sm font-medium text-accent"
          data-status={view.status}
        >
          {view.statusLabel}
        </span>
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <section className="card p-4" aria-labelledby="booking-title">
          <h2 id="booking-title" className="mb-3 text-lg font-semibold">
            {t('admin.reservations.detail.booking')}
          </h2>
          {fields([
            ...view.booking,
            { label: t('admin.reservations.field.checked_in'), value: view.checkedIn ?? '–' },
            { label: t('admin.reservations.field.checked_out'), value: view.checkedOut ?? '–' },
          ])}
        </section>
        {view.customer ? (
          <section className="card p-4" aria-labelledby="customer-title">
            <h2 id="customer-title" className="mb-3 text-lg font-semibold">
              {t('admin.reservations.detail.customer')}
            </h2>
            {fields(view.customer)}
            {view.canResend ? (
              <Form method="post" className="mt-4">
                <CsrfField />
                <button type="submit" name="intent" value="resend" className="btn-secondary min-h-11">
                  {t('admin.reservations.resend')}
                </button>
              </Form>
            ) : null}
            {resendMessage ? (
              <p role="status" className="mt-3 rounded-lg border border-line bg-surface p-3 text-sm">
                {resendMessage}
              </p>
            ) : null}
          </section>
        ) : null}
        <section className="card p-4" aria-labelledby="price-title">
          <h2 id="price-title" className="mb-3 text-lg font-semibold">
            {t('admin.reservations.detail.price')}
          </h2>
          {fields(view.price)}
          <h3 className="mb-2 mt-4 font-semibold">{t('admin.reservations.detail.payment')}</h3>
          {fields(view.payment)}
        </section>
        <section className="card p-4" aria-labelledby="documents-title">
          <h2 id="documents-title" className="mb-3 text-lg font-semibold">
            {t('admin.reservations.detail.documents')}
          </h2>
          {view.documents.length === 0 ? (
            <p className="text-sm text-muted">{t('admin.reservations.detail.no_documents')}</p>
          ) : (
            <ul className="grid gap-1 text-sm">
              {view.documents.map((d) => (
                <li key={d.fileName}>
                  <a
                    href={href(`/admin/reservierungen/${view.reference}/dokumente/${d.fileName}`)}
                    download
                    className="inline-flex min-h-11 items-center gap-1 text-accent underline underline-offset-2"
                  >
                    {d.kind} <span className="font-mono">{d.number}</span>
                  </a>
                  {d.issued ? <span className="text-muted"> · {d.issued}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

/** The booking's history, oldest first, each entry with who did it (staff member or customer). */
export function ReservationHistory({ history }: { history: ReservationDetailTexts['history'] }) {
  const t = useT();
  return (
    <section className="card p-4" aria-labelledby="history-title">
      <h2 id="history-title" className="mb-3 text-lg font-semibold">
        {t('admin.reservations.detail.history')}
      </h2>
      <ol className="grid gap-2 border-l-2 border-line pl-4 text-sm" data-history>
        {history.map((e, i) => (
          <li key={i} data-history-kind={e.kind}>
            <span className="text-muted">{e.when}</span> · {e.label}
            {e.by ? <span className="block text-xs text-muted">{e.by}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

import { Form } from 'react-router';
import { useT } from '~/components/i18n-context.tsx';
import type { ReservationFilter } from '~/domain/reservation-search.ts';

const STATUSES = ['pending_payment', 'confirmed', 'cancelled', 'completed'] as const;

/**
 * The reservation search (a GET form that works without JavaScript): text, status, airport, a date range of the
 * entry or exit; refused fields show their message.
 */
export function ReservationSearchForm({
  filter,
  errors,
  airports,
}: {
  filter: ReservationFilter;
  errors: Record<string, string>;
  airports: { iata: string; name: string }[];
}) {
  const t = useT();
  const field = (name: string, label: string, input: React.ReactNode) => (
    <div>
      <label className="field-label" htmlFor={`f-${name}`}>
        {label}
      </label>
      {input}
      {errors[name] ? (
        <p id={`f-${name}-error`} className="field-error">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `f-${name}-error` } : {};
  return (
    <Form
      method="get"
      className="card mt-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4"
      aria-label={t('admin.reservations.search')}
    >
      <div className="sm:col-span-2">
        {field(
          'q',
          t('admin.reservations.filter.q'),
          <input id="f-q" name="q" type="search" className="field-input" defaultValue={filter.q} />,
        )}
      </div>
      {field(
        'status',
        t('admin.reservations.filter.status'),
        <select id="f-status" name="status" className="field-input" defaultValue={filter.status} {...invalid('status')}>
          <option value="">{t('admin.reservations.filter.any')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`reservation.status.${s}`)}
            </option>
          ))}
        </select>,
      )}
      {field(
        'airport',
        t('admin.reservations.filter.airport'),
        <select
          id="f-airport"
          name="airport"
          className="field-input"
          defaultValue={filter.airport}
          {...invalid('airport')}
        >
          <option value="">{t('admin.reservations.filter.any')}</option>
          {airports.map((a) => (
            <option key={a.iata} value={a.iata}>
              {a.iata} · {a.name}
            </option>
          ))}
        </select>,
      )}
      {field(
        'dateField',
        t('admin.reservations.filter.date_field'),
        <select id="f-dateField" name="dateField" className="field-input" defaultValue={filter.dateField}>
          <option value="entry">{t('admin.reservations.filter.entry')}</option>
          <option value="exit">{t('admin.reservations.filter.exit')}</option>
        </select>,
      )}
      {field(
        'from',
        t('admin.reservations.filter.from'),
        <input
          id="f-from"
          name="from"
          type="date"
          className="field-input"
          defaultValue={filter.from}
          {...invalid('from')}
        />,
      )}
      {field(
        'to',
        t('admin.reservations.filter.to'),
        <input id="f-to" name="to" type="date" className="field-input" defaultValue={filter.to} {...invalid('to')} />,
      )}
      <div className="flex items-end gap-2">
        <button type="submit" className="btn-primary min-h-11 flex-1">
          {t('admin.reservations.search')}
        </button>
      </div>
    </Form>
  );
}

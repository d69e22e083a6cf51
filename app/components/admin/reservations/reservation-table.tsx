import { useHref, useT } from '~/components/i18n-context.tsx';

/** A row of the list, its texts formatted by the loader. */
export type ReservationRow = {
  reference: string;
  statusLabel: string;
  checkin: string;
  /** a late or cancelled return flight, as one line (issue 35), or '' */
  flight: string;
  name: string;
  email: string | null;
  licensePlate: string | null;
  entry: string;
  exit: string;
  airport: string;
  lot: string;
  tariff: string;
  total: string;
};

/** One page of matches: a card per reservation on a phone, a table from a tablet on. */
export function ReservationTable({ rows, withEmail }: { rows: ReservationRow[]; withEmail: boolean }) {
  const t = useT();
  const href = useHref();
  return (
    <>
      {/* a phone: one card per reservation; from a tablet on: the table */}
      <ul className="mt-3 grid gap-3 md:hidden">
        {rows.map((row) => (
          <li key={row.reference} className="card grid gap-1 p-4 text-sm">
            <div className="flex items-center justify-between gap-2">
              <a
                className="inline-flex min-h-11 items-center font-mono text-base text-accent underline"
                href={href(`/admin/reservierungen/${row.reference}`)}
              >
                {row.reference}
              </a>
              <span className="text-right">
                <StatusLines row={row} />
              </span>
            </div>
            <p>
              {row.name} · {row.licensePlate || '–'}
            </p>
            {withEmail && row.email ? <p className="break-all text-muted">{row.email}</p> : null}
            <p>
              {row.entry} – {row.exit}
            </p>
            <p className="text-muted">
              {row.airport} · {row.lot} · {row.tariff}
            </p>
            <p className="font-semibold">{row.total}</p>
          </li>
        ))}
      </ul>
      <div className="mt-3 hidden overflow-x-auto rounded-lg border border-line bg-card md:block">
        <table className="w-full min-w-[48rem] text-left text-sm">
          <caption className="sr-only">{t('admin.reservations.title')}</caption>
          <thead className="bg-surface text-xs uppercase text-muted">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('admin.reservations.col.reference')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('admin.reservations.col.status')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('admin.reservations.col.customer')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('admin.reservations.col.plate')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('admin.reservations.col.stay')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('admin.reservations.col.lot')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t('admin.reservations.col.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.reference} className="border-t border-line align-top">
                <td className="px-3 py-2 font-mono">
                  <a
                    className="inline-flex min-h-11 items-center text-accent underline"
                    href={href(`/admin/reservierungen/${row.reference}`)}
                  >
                    {row.reference}
                  </a>
                </td>
                <td className="px-3 py-2">
                  <StatusLines row={row} />
                </td>
                <td className="px-3 py-2">
                  {row.name}
                  {withEmail && row.email ? <span className="block text-xs text-muted">{row.email}</span> : null}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{row.licensePlate || '–'}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {row.entry}
                  <span className="block">{row.exit}</span>
                </td>
                <td className="px-3 py-2">
                  {row.airport} · {row.lot}
                  <span className="block text-xs text-muted">{row.tariff}</span>
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap">{row.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The status, the barrier's state and a late return flight (issue 35), one under the other. */
function StatusLines({ row }: { row: Pick<ReservationRow, 'statusLabel' | 'checkin' | 'flight'> }) {
  return (
    <>
      {row.statusLabel}
      {row.checkin ? <span className="block text-xs text-muted">{row.checkin}</span> : null}
      {row.flight ? (
        <span className="block text-xs font-medium text-accent" data-flight-delay>
          {row.flight}
        </span>
      ) : null}
    </>
  );
}

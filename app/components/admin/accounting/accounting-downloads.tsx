import { useHref, useT } from '~/components/i18n-context.tsx';
import type { AccountingMonthNotes } from '~/domain/accounting.ts';

/**
 * The month's three downloads (DATEV, CSV, ZIP) as plain links to the resource routes, with what to know about the
 * DATEV file: placeholder numbers, documents of 0,00 € it leaves out, or a VAT rate it cannot book (then no link).
 */
export function AccountingDownloads({
  month,
  datev,
  empty,
}: {
  month: string;
  datev: AccountingMonthNotes;
  empty: boolean;
}) {
  const t = useT();
  const href = useHref();
  const path = (file: string) => href(`/admin/buchhaltung/${month}/${file}`);
  const files = [
    { file: 'datev.csv', key: 'datev', available: datev.bookable },
    { file: 'buchungen.csv', key: 'csv', available: true },
    { file: 'belege.zip', key: 'zip', available: true },
  ];
  return (
    <section className="card p-4" aria-labelledby="accounting-downloads">
      <h2 id="accounting-downloads" className="text-lg font-semibold">
        {t('admin.accounting.downloads')}
      </h2>
      <ul className="mt-3 grid gap-3 md:grid-cols-3">
        {files.map(({ file, key, available }) => (
          <li key={key} className="grid content-start gap-1">
            {available ? (
              <a className="btn-secondary min-h-11 justify-self-start" href={path(file)} download data-download={key}>
                {t(`admin.accounting.download.${key}`)}
              </a>
            ) : (
              <span className="font-medium text-muted">{t(`admin.accounting.download.${key}`)}</span>
            )}
            <span className="text-sm text-muted">{t(`admin.accounting.download.${key}_note`)}</span>
          </li>
        ))}
      </ul>
      {!empty && !datev.bookable ? (
        <p className="mt-3 text-sm" role="alert">
          {t('admin.accounting.datev.unbookable')}
        </p>
      ) : null}
      {datev.zeroAmounts > 0 ? (
        <p className="mt-3 text-sm">{t('admin.accounting.datev.zero', { count: datev.zeroAmounts })}</p>
      ) : null}
      {datev.placeholders ? (
        <p className="mt-3 text-sm text-muted">{t('admin.accounting.datev.placeholders')}</p>
      ) : null}
    </section>
  );
}

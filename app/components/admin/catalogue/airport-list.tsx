import { Form } from 'react-router';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import type { CatalogueAirport } from '~/domain/catalogue-view.ts';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import { localized } from '~/domain/localized.ts';

/**
 * The catalogue's airports (issue 15 item 5): name, IATA code, status, how many lots and tariffs the actor sees,
 * the link to them and, for an admin, the lock/unlock button (a plain form).
 */
export function AirportList({ airports, canLock }: { airports: CatalogueAirport[]; canLock: boolean }) {
  const t = useT();
  const href = useHref();
  const locale = useLocale();
  return (
    <ul className="mt-6 grid gap-3 md:grid-cols-2">
      {airports.map((airport) => {
        const name = localized(airport, 'name', locale);
        const tariffCount = airport.lots.reduce((sum, lot) => sum + lot.tariffs.length, 0);
        const locked = airport.status === 'locked';
        return (
          <li key={airport.slug} className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold">
                {name} <span className="text-muted">({airport.iata})</span>
              </h2>
              <p className="text-sm text-muted">
                <span
                  className={`mr-2 inline-block rounded px-2 py-0.5 text-xs font-semibold ${locked ? 'bg-red-100 text-danger' : 'bg-green-100 text-green-900'}`}
                >
                  {t(`admin.catalogue.status.${airport.status}`)}
                </span>
                {t('admin.catalogue.lots_count', { lots: airport.lots.length, tariffs: tariffCount })}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <a className="btn-secondary min-h-11" href={href(`/admin/katalog/${airport.slug}`)}>
                {t('admin.catalogue.open')}
              </a>
              {canLock && (
                <Form method="post" reloadDocument>
                  <CsrfField />
                  <input type="hidden" name="slug" value={airport.slug} />
                  <button
                    type="submit"
                    name="intent"
                    value={locked ? 'unlock' : 'lock'}
                    className={`${locked ? 'btn-primary' : 'btn-secondary'} min-h-11`}
                    aria-label={t(locked ? 'admin.catalogue.unlock_label' : 'admin.catalogue.lock_label', {
                      airport: name,
                    })}
                  >
                    {t(locked ? 'admin.catalogue.unlock' : 'admin.catalogue.lock')}
                  </button>
                </Form>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

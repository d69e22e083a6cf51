import { Form } from 'react-router';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import type { CatalogueAirport } from '~/domain/catalogue-view.ts';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import { localized } from '~/domain/localized.ts';

/** An airport's lots with their tariffs and the links to each tariff's prices and capacity. */
export function LotList({ airport }: { airport: CatalogueAirport }) {
  const t = useT();
  const href = useHref();
  const locale = useLocale();
  return (
    <div className="mt-4 grid gap-4">
      {airport.lots.map((lot) => (
        <article key={lot.id} className="card p-4">
          <h3 className="font-semibold">{lot.name}</h3>
          <p className="text-sm text-muted">{t('admin.catalogue.operator', { operator: lot.operator })}</p>
          {lot.tariffs.length === 0 ? (
            <p className="mt-2 text-sm">{t('admin.catalogue.no_tariffs')}</p>
          ) : (
            <ul className="mt-3 divide-y divide-line">
              {lot.tariffs.map((tariff) => (
                <li key={tariff.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{localized(tariff, 'name', locale)}</p>
                    <p className="text-sm text-muted">
                      {t(`admin.catalogue.category.${tariff.category}`)} ·{' '}
                      {t(tariff.active ? 'admin.catalogue.active' : 'admin.catalogue.inactive')} ·{' '}
                      {t('admin.catalogue.capacity_per_day', { capacity: tariff.capacity })}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <a className="btn-secondary min-h-11" href={href(`/admin/katalog/tarif/${tariff.id}`)}>
                      {t('admin.catalogue.edit_prices')}
                    </a>
                    <a className="btn-secondary min-h-11" href={href(`/admin/katalog/tarif/${tariff.id}/kapazitaet`)}>
                      {t('admin.catalogue.edit_capacity')}
                    </a>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </article>
      ))}
    </div>
  );
}

/** The airport's notice (the shop's eapcomment modal) in German and English, as a plain form. */
export function CommentForm({
  airport,
  values,
  errors,
}: {
  airport: CatalogueAirport;
  values?: Record<string, string>;
  errors?: Record<string, string>;
}) {
  const t = useT();
  const fields = [
    { name: 'commentDe', label: t('admin.catalogue.comment.de'), value: values?.commentDe ?? airport.commentDe ?? '' },
    { name: 'commentEn', label: t('admin.catalogue.comment.en'), value: values?.commentEn ?? airport.commentEn ?? '' },
  ];
  return (
    <Form method="post" reloadDocument className="card mt-4 grid gap-4 p-4">
      <CsrfField />
      <p className="text-sm text-muted">{t('admin.catalogue.comment.intro')}</p>
      {fields.map((field) => (
        <div key={field.name}>
          <label htmlFor={field.name} className="field-label">
            {field.label}
          </label>
          <textarea
            id={field.name}
            name={field.name}
            rows={4}
            maxLength={2000}
            defaultValue={field.value}
            className="field-input"
            aria-invalid={errors?.[field.name] ? true : undefined}
            aria-describedby={errors?.[field.name] ? `${field.name}-error` : undefined}
          />
          {errors?.[field.name] && (
            <p id={`${field.name}-error`} className="field-error">
              {errors[field.name]}
            </p>
          )}
        </div>
      ))}
      <div>
        <button type="submit" name="intent" value="comment" className="btn-primary min-h-11">
          {t('admin.catalogue.save')}
        </button>
      </div>
    </Form>
  );
}

import { Form } from 'react-router';
import { useT } from '~/components/i18n-context.tsx';
import { formatEuroInput, MAX_DAY_PRICES, type StaffPriceList } from '~/domain/catalogue-view.ts';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import { Field } from './parts.tsx';

/** Empty rows offered below a list's prices (to make the list longer). */
const SPARE_ROWS = 3;

/**
 * One price list as a table of day totals in euros (row n: the total for n days) plus the price per further
 * day; a season also has its name and dates. `list` null: the form of a new season. A plain form; the refused
 * post's cells and messages come back in `failure`.
 */
export function PriceListForm({
  list,
  failure,
}: {
  list: StaffPriceList | null;
  failure?: { cells: string[]; values: Record<string, string>; errors: Record<string, string> } | null;
}) {
  const t = useT();
  const key = list ? `list-${list.id}` : 'new';
  const isDefault = list !== null && list.validFrom === null && list.validTo === null;
  const cells = failure?.cells.length ? failure.cells : (list?.dayPrices ?? []).map(formatEuroInput);
  const rows = Math.min(MAX_DAY_PRICES, Math.max(cells.length + SPARE_ROWS, list ? 0 : 8));
  const errors = failure?.errors ?? {};
  const value = (name: string, fallback: string) => failure?.values[name] ?? fallback;
  const title = list
    ? isDefault
      ? t('admin.catalogue.prices.default')
      : t('admin.catalogue.prices.season', { from: list.validFrom ?? '…', to: list.validTo ?? '…' })
    : t('admin.catalogue.prices.new_season');
  return (
    <section className="card mt-4 p-4" aria-labelledby={`${key}-title`}>
      <h3 id={`${key}-title`} className="text-lg font-semibold">
        {title}
      </h3>
      <Form method="post" reloadDocument className="mt-3">
        <CsrfField />
        {list && <input type="hidden" name="listId" value={list.id} />}
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            id={`${key}-name`}
            name="name"
            label={t('admin.catalogue.prices.name')}
            defaultValue={value('name', list?.name ?? '')}
            error={errors.name}
            required
            maxLength={80}
          />
          {!isDefault && (
            <>
              <Field
                id={`${key}-validFrom`}
                name="validFrom"
                type="date"
                label={t('admin.catalogue.prices.validFrom')}
                defaultValue={value('validFrom', list?.validFrom ?? '')}
                error={errors.validFrom}
                required
              />
              <Field
                id={`${key}-validTo`}
                name="validTo"
                type="date"
                label={t('admin.catalogue.prices.validTo')}
                defaultValue={value('validTo', list?.validTo ?? '')}
                error={errors.validTo}
                required
              />
            </>
          )}
        </div>
        {errors.dayPrices && <p className="field-error">{errors.dayPrices}</p>}
        <table className="mt-4 w-full max-w-md text-left">
          <thead>
            <tr className="text-sm text-muted">
              <th scope="col" className="w-20 py-1 pr-3 font-medium">
                {t('admin.catalogue.prices.days')}
              </th>
              <th scope="col" className="py-1 font-medium">
                {t('admin.catalogue.prices.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rows }, (_, index) => {
              const error = errors[`dayPrices.${index}`];
              const id = `${key}-day-${index + 1}`;
              return (
                <tr key={index}>
                  <th scope="row" className="py-1 pr-3 font-normal tabular-nums">
                    {index + 1}
                  </th>
                  <td className="py-1">
                    <input
                      id={id}
                      name="dayPrices"
                      inputMode="decimal"
                      defaultValue={cells[index] ?? ''}
                      aria-label={t('admin.catalogue.prices.day_label', { days: index + 1 })}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      className="field-input min-h-11 tabular-nums"
                    />
                    {error && (
                      <p id={`${id}-error`} className="field-error">
                        {error}
                      </p>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="mt-1 text-sm text-muted">{t('admin.catalogue.prices.empty_rows')}</p>
        <Field
          id={`${key}-extraDayPrice`}
          name="extraDayPrice"
          inputMode="decimal"
          className="mt-4 max-w-md"
          label={t('admin.catalogue.prices.extraDayPrice')}
          defaultValue={value('extraDayPrice', list ? formatEuroInput(list.extraDayPrice) : '')}
          error={errors.extraDayPrice}
          required
        />
        <button type="submit" name="intent" value="price_list" className="btn-primary mt-4 min-h-11">
          {list ? t('admin.catalogue.prices.save') : t('admin.catalogue.prices.add_season')}
        </button>
      </Form>
      {list && !isDefault && (
        <Form method="post" reloadDocument className="mt-3">
          <CsrfField />
          <input type="hidden" name="listId" value={list.id} />
          <button type="submit" name="intent" value="delete_season" className="btn-secondary min-h-11 text-danger">
            {t('admin.catalogue.prices.delete')}
          </button>
        </Form>
      )}
    </section>
  );
}

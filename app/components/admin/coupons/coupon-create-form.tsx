import { Form } from 'react-router';
import { useLocale, useT } from '~/components/i18n-context.tsx';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import { localized } from '~/domain/localized.ts';

/**
 * The form of a new coupon (issue 15 item 6): code, kind and value, minimum days, validity, use limit and
 * airports; a refused post shows its messages and the values (ticked airports too).
 */
export function CouponCreateForm({
  airports,
  failed,
}: {
  airports: { id: number; iata: string; nameDe: string; nameEn: string }[];
  failed?: { errors: Record<string, string>; message: string | null; values: Record<string, string> };
}) {
  const t = useT();
  const locale = useLocale();
  const v = failed?.values ?? {};
  const e = failed?.errors ?? {};
  const field = (name: string, type = 'text', extra: Record<string, string> = {}) => (
    <div>
      <label htmlFor={`coupon-${name}`} className="field-label">
        {t(`admin.coupons.field.${name}`)}
      </label>
      <input
        id={`coupon-${name}`}
        name={name}
        type={type}
        defaultValue={v[name] ?? ''}
        aria-invalid={e[name] ? true : undefined}
        aria-describedby={e[name] ? `coupon-${name}-error` : `coupon-${name}-hint`}
        className="field-input w-full"
        {...extra}
      />
      {e[name] ? (
        <p id={`coupon-${name}-error`} className="field-error">
          {e[name]}
        </p>
      ) : (
        <p id={`coupon-${name}-hint`} className="mt-1 text-xs text-muted">
          {t(`admin.coupons.hint.${name}`)}
        </p>
      )}
    </div>
  );
  return (
    <section className="card mt-8 p-4" aria-labelledby="coupon-create-title">
      <h2 id="coupon-create-title" className="text-lg font-semibold">
        {t('admin.coupons.create.title')}
      </h2>
      {failed?.message && (
        <p role="alert" className="field-error mt-2">
          {failed.message}
        </p>
      )}
      {failed && !failed.message && (
        <p role="alert" className="field-error mt-2">
          {t('validation.failed')}
        </p>
      )}
      <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2" noValidate>
        <CsrfField />
        {field('code', 'text', { autoComplete: 'off', maxLength: '40' })}
        <fieldset>
          <legend className="field-label">{t('admin.coupons.field.kind')}</legend>
          <div className="flex flex-wrap gap-4">
            {(['percent', 'fixed'] as const).map((kind) => (
              <label key={kind} className="inline-flex min-h-11 items-center gap-2">
                <input type="radio" name="kind" value={kind} defaultChecked={(v.kind ?? 'percent') === kind} />
                {t(`admin.coupons.kind.${kind}`)}
              </label>
            ))}
          </div>
          {e.kind && <p className="field-error">{e.kind}</p>}
        </fieldset>
        {field('value', 'text', { inputMode: 'decimal' })}
        {field('minDays', 'number', { min: '1', step: '1' })}
        {field('validFrom', 'date')}
        {field('validTo', 'date')}
        {field('usageLimit', 'number', { min: '1', step: '1' })}
        <fieldset className="sm:col-span-2">
          <legend className="field-label">{t('admin.coupons.field.airports')}</legend>
          <p className="mb-1 text-xs text-muted">{t('admin.coupons.hint.airports')}</p>
          <div className="flex flex-wrap gap-x-4">
            {airports.map((a) => (
              <label key={a.id} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  name="airportIds"
                  value={a.id}
                  defaultChecked={(v.airportIds ?? '').split(',').includes(String(a.id))}
                />
                {a.iata} – {localized(a, 'name', locale)}
              </label>
            ))}
          </div>
          {e.airportIds && <p className="field-error">{e.airportIds}</p>}
        </fieldset>
        <div className="sm:col-span-2">
          <button type="submit" name="intent" value="create" className="btn-primary min-h-11">
            {t('admin.coupons.create.submit')}
          </button>
        </div>
      </Form>
    </section>
  );
}

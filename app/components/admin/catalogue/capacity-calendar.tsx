import { Form } from 'react-router';
import { useT } from '~/components/i18n-context.tsx';
import type { CapacityDay } from '~/domain/catalogue-view.ts';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import { Field } from './parts.tsx';

/** The capacity of a tariff's days: booked, the capacity in force, and whether it is the day's own (or closed). */
export function CapacityTable({ days }: { days: CapacityDay[] }) {
  const t = useT();
  return (
    <table className="mt-4 w-full max-w-xl text-left">
      <thead>
        <tr className="border-b border-line text-sm text-muted">
          <th scope="col" className="py-2 pr-3 font-medium">
            {t('admin.catalogue.capacity.day')}
          </th>
          <th scope="col" className="py-2 pr-3 text-right font-medium">
            {t('admin.catalogue.capacity.booked')}
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            {t('admin.catalogue.capacity.capacity')}
          </th>
        </tr>
      </thead>
      <tbody>
        {days.map((day) => (
          <tr key={day.day} className={`border-b border-line ${day.capacity === 0 ? 'bg-red-50' : ''}`}>
            <th scope="row" className="py-2 pr-3 font-normal tabular-nums">
              {day.day}
            </th>
            <td className="py-2 pr-3 text-right tabular-nums">{day.booked}</td>
            <td className="py-2 text-right tabular-nums">
              {day.capacity}
              {day.override !== null && (
                <span className="ml-2 rounded bg-line px-1.5 py-0.5 text-xs">
                  {t(day.capacity === 0 ? 'admin.catalogue.capacity.blackout' : 'admin.catalogue.capacity.override')}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The form that sets the capacity of a date range: spaces, a blackout (0) or back to the tariff's default. */
export function CapacityForm({
  today,
  values,
  errors = {},
}: {
  today: string;
  values?: Record<string, string>;
  errors?: Record<string, string>;
}) {
  const t = useT();
  const mode = values?.mode ?? 'set';
  return (
    <Form method="post" reloadDocument className="card mt-4 grid gap-4 p-4 sm:grid-cols-2">
      <CsrfField />
      <Field
        id="from"
        name="from"
        type="date"
        min={today}
        label={t('admin.catalogue.capacity.from')}
        defaultValue={values?.from ?? today}
        error={errors.from}
        required
      />
      <Field
        id="to"
        name="to"
        type="date"
        min={today}
        label={t('admin.catalogue.capacity.to')}
        defaultValue={values?.to ?? today}
        error={errors.to}
        required
      />
      <fieldset className="sm:col-span-2">
        <legend className="field-label">{t('admin.catalogue.capacity.mode')}</legend>
        <div className="flex flex-wrap gap-x-6">
          {(['set', 'blackout', 'reset'] as const).map((option) => (
            <label key={option} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="mode" value={option} defaultChecked={mode === option} className="size-5" />
              {t(`admin.catalogue.capacity.mode.${option}`)}
            </label>
          ))}
        </div>
        {errors.mode && <p className="field-error">{errors.mode}</p>}
      </fieldset>
      <Field
        id="capacity"
        name="capacity"
        type="number"
        min={0}
        inputMode="numeric"
        label={t('admin.catalogue.capacity.spaces')}
        defaultValue={values?.capacity ?? ''}
        error={errors.capacity}
      />
      <div className="flex items-end">
        <button type="submit" name="intent" value="capacity" className="btn-primary min-h-11">
          {t('admin.catalogue.capacity.apply')}
        </button>
      </div>
    </Form>
  );
}

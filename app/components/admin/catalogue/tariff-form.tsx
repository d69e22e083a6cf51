import { Form } from 'react-router';
import { useT } from '~/components/i18n-context.tsx';
import type { StaffTariff } from '~/domain/catalogue-view.ts';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import { Field } from './parts.tsx';

const NUMBER_FIELDS = [
  'capacity',
  'leadTimeMinutes',
  'maxStayDays',
  'bookingHorizonDays',
  'freeCancellationHours',
] as const;

/** A tariff's main fields (names, active, capacity per day, lead time, longest stay, horizon, free cancellation). */
export function TariffForm({
  tariff,
  values,
  errors = {},
}: {
  tariff: StaffTariff['tariff'];
  values?: Record<string, string>;
  errors?: Record<string, string>;
}) {
  const t = useT();
  const value = (name: keyof typeof tariff) => values?.[name] ?? String(tariff[name]);
  const active = values ? values.active === 'on' : tariff.active;
  return (
    <Form method="post" reloadDocument className="card mt-4 grid gap-4 p-4 sm:grid-cols-2">
      <CsrfField />
      {(['nameDe', 'nameEn'] as const).map((name) => (
        <Field
          key={name}
          id={name}
          name={name}
          label={t(`admin.catalogue.tariff.${name}`)}
          defaultValue={value(name)}
          error={errors[name]}
          required
          maxLength={120}
        />
      ))}
      {NUMBER_FIELDS.map((name) => (
        <Field
          key={name}
          id={name}
          name={name}
          type="number"
          inputMode="numeric"
          min={name === 'maxStayDays' || name === 'bookingHorizonDays' ? 1 : 0}
          label={t(`admin.catalogue.tariff.${name}`)}
          defaultValue={value(name)}
          error={errors[name]}
          required
        />
      ))}
      <label className="flex min-h-11 items-center gap-3 sm:col-span-2">
        <input type="checkbox" name="active" defaultChecked={active} className="size-5" />
        {t('admin.catalogue.tariff.active')}
      </label>
      <div className="sm:col-span-2">
        <button type="submit" name="intent" value="tariff" className="btn-primary min-h-11">
          {t('admin.catalogue.save')}
        </button>
      </div>
    </Form>
  );
}

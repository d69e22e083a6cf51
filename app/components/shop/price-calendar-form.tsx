import { CALENDAR_STAY_DAYS } from '~/domain/price-calendar.ts';
import { FormField } from '../ui/form-field.tsx';
import { useT } from '../i18n-context.tsx';

/**
 * The price calendar's query form (issue 37 item 1): the stay length (`tage`, 1–30) and the start week (`ab`, any
 * day of it), a plain GET form, so it works without JavaScript and the result is a URL one can bookmark.
 */
export function PriceCalendarForm({
  values,
  errors,
  minDate,
}: {
  /** the query as typed (shown again) */
  values: { tage: string; ab: string };
  /** translated message per bad field */
  errors: Partial<Record<'tage' | 'ab', string>>;
  /** the first selectable start date (this week's Monday), `YYYY-MM-DD` */
  minDate: string;
}) {
  const t = useT();
  return (
    <form method="get" className="card mt-6 flex flex-wrap items-start gap-4 p-4" aria-label={t('calendar.form.label')}>
      <FormField id="calendar-days" label={t('calendar.form.days')} error={errors.tage} className="w-32">
        {(control) => (
          <input
            {...control}
            type="number"
            name="tage"
            inputMode="numeric"
            min={CALENDAR_STAY_DAYS.min}
            max={CALENDAR_STAY_DAYS.max}
            required
            defaultValue={values.tage}
            className="field-input"
          />
        )}
      </FormField>
      <FormField
        id="calendar-from"
        label={t('calendar.form.from')}
        hint={t('calendar.form.from_hint')}
        error={errors.ab}
        hintHiddenOnError
        className="w-48"
      >
        {(control) => (
          <input {...control} type="date" name="ab" min={minDate} defaultValue={values.ab} className="field-input" />
        )}
      </FormField>
      {/* level with the inputs (below the labels), whatever the hint under the date adds */}
      <button type="submit" className="btn-primary sm:mt-6">
        {t('calendar.form.submit')}
      </button>
    </form>
  );
}

import { formatMonth } from '~/components/admin/admin-format.ts';
import { useLocale, useT } from '~/components/i18n-context.tsx';

/**
 * The month picker of the accountant's month: a plain GET form (works without JavaScript) with the months that have
 * documents up to the current one, newest first.
 */
export function MonthPicker({ name, month, months }: { name: string; month: string; months: string[] }) {
  const t = useT();
  const locale = useLocale();
  // a month asked for by address that the list does not hold (before the first document, in the future) stays pickable
  const options = months.includes(month) ? months : [month, ...months];
  return (
    <form method="get" className="flex flex-wrap items-end gap-3" data-month-picker>
      <div className="min-w-0 flex-1 sm:max-w-xs">
        <label htmlFor="accounting-month" className="field-label">
          {t('admin.accounting.month')}
        </label>
        <select id="accounting-month" name={name} defaultValue={month} className="field-input w-full">
          {options.map((m) => (
            <option key={m} value={m}>
              {formatMonth(m, locale)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary min-h-11">
        {t('admin.accounting.show')}
      </button>
    </form>
  );
}

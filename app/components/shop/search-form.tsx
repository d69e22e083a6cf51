import { Search } from 'lucide-react';
import { useHref, useT } from '../i18n-context.tsx';
import { FormField, type FieldControlProps } from '../ui/form-field.tsx';
import { LazyFeature } from '../widgets/lazy-feature.tsx';

/** An airport as offered in the search form. */
export type SearchAirport = { slug: string; iata: string; name: string; locked: boolean };

/** Values to preset: slug and local `YYYY-MM-DDTHH:mm` times. */
export type SearchValues = { airport?: string; entry?: string; exit?: string };

/**
 * The stay search. A plain GET form to the tariffs page, so it works before and without JavaScript;
 * `datetime-local` sends exactly the wire format `YYYY-MM-DDTHH:mm` (DESIGN §5). On routes with the `datePicker`
 * feature (index, airports.show) a calendar button beside the entry label fills both inputs (only an enhancement).
 */
export function SearchForm({
  airports,
  values = {},
  errors = {},
  minDate,
  hidden = [],
  compact = false,
}: {
  airports: SearchAirport[];
  values?: SearchValues;
  errors?: Partial<Record<'airport' | 'entry' | 'exit', string>>;
  /** earliest selectable local date-time */
  minDate?: string;
  /** query pairs sent along unchanged (the tariffs page's sort and filters, issue 37 item 3) */
  hidden?: [string, string][];
  compact?: boolean;
}) {
  const t = useT();
  const href = useHref();
  const dateInput = (name: 'entry' | 'exit', value: string | undefined) => (control: FieldControlProps) => (
    <input
      {...control}
      name={name}
      type="datetime-local"
      required
      step={900}
      min={minDate}
      defaultValue={value}
      className="field-input"
    />
  );
  return (
    <form
      method="get"
      action={href('/buchung/tarife')}
      className={`card grid gap-4 p-4 sm:p-6 ${compact ? 'lg:grid-cols-[minmax(14rem,1fr)_minmax(13rem,15rem)_minmax(13rem,15rem)_auto]' : 'md:grid-cols-2'} lg:items-end`}
      aria-label={t('search.title')}
      data-search-form
    >
      {hidden.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <FormField
        id="search-airport"
        label={t('search.airport')}
        error={errors.airport}
        className={compact ? '' : 'md:col-span-2'}
      >
        {(control) => (
          <select {...control} name="airport" required defaultValue={values.airport ?? ''} className="field-input">
            <option value="" disabled>
              {t('search.airport.placeholder')}
            </option>
            {airports.map((a) => (
              <option key={a.slug} value={a.slug}>
                {a.name} ({a.iata}){a.locked ? ` – ${t('airport.locked.short')}` : ''}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id="search-entry"
        label={t('search.entry')}
        error={errors.entry}
        hint={t('search.entry.hint')}
        hintHiddenOnError
        className="relative"
        // No spinner in the label row: the button simply appears once its chunk is there.
        labelAside={
          <LazyFeature
            name="datePicker"
            props={{ entryId: 'search-entry', exitId: 'search-exit', minDate, iconOnly: compact }}
            delayMs={60_000}
          />
        }
      >
        {dateInput('entry', values.entry)}
      </FormField>
      <FormField
        id="search-exit"
        label={t('search.exit')}
        error={errors.exit}
        hint={t('search.exit.hint')}
        hintHiddenOnError
      >
        {dateInput('exit', values.exit)}
      </FormField>
      <div className={compact ? '' : 'md:col-span-2'}>
        <button type="submit" className="btn-primary w-full lg:w-auto">
          <Search aria-hidden size={18} />
          {t('search.submit')}
        </button>
      </div>
    </form>
  );
}

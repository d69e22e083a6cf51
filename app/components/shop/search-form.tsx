import { Search } from 'lucide-react';
import { LazyFeature } from '../widgets/lazy-feature.tsx';
import { useHref, useT } from '../i18n-context.tsx';

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
  compact = false,
}: {
  airports: SearchAirport[];
  values?: SearchValues;
  errors?: Partial<Record<'airport' | 'entry' | 'exit', string>>;
  /** earliest selectable local date-time */
  minDate?: string;
  compact?: boolean;
}) {
  const t = useT();
  const href = useHref();
  const fieldError = (name: 'airport' | 'entry' | 'exit') =>
    errors[name] ? (
      <p id={`search-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;
  return (
    <form
      method="get"
      action={href('/buchung/tarife')}
      className={`card grid gap-4 p-4 sm:p-6 ${compact ? 'lg:grid-cols-[minmax(14rem,1fr)_minmax(13rem,15rem)_minmax(13rem,15rem)_auto]' : 'md:grid-cols-2'} lg:items-end`}
      aria-label={t('search.title')}
      data-search-form
    >
      <div className={compact ? '' : 'md:col-span-2'}>
        <label className="field-label" htmlFor="search-airport">
          {t('search.airport')}
        </label>
        <select
          id="search-airport"
          name="airport"
          required
          defaultValue={values.airport ?? ''}
          className="field-input"
          aria-invalid={errors.airport ? true : undefined}
          aria-describedby={errors.airport ? 'search-airport-error' : undefined}
        >
          <option value="" disabled>
            {t('search.airport.placeholder')}
          </option>
          {airports.map((a) => (
            <option key={a.slug} value={a.slug}>
              {a.name} ({a.iata}){a.locked ? ` – ${t('airport.locked.short')}` : ''}
            </option>
          ))}
        </select>
        {fieldError('airport')}
      </div>
      <div className="relative">
        <div className="flex items-end justify-between gap-2">
          <label className="field-label" htmlFor="search-entry">
            {t('search.entry')}
          </label>
          <div className="mb-1 -mt-1">
            {/* No spinner in the label row: the button simply appears once its chunk is there. */}
            <LazyFeature name="datePicker" props={{ entryId: 'search-entry', exitId: 'search-exit', minDate, iconOnly: compact }} delayMs={60_000} />
          </div>
        </div>
        <input
          id="search-entry"
          name="entry"
          type="datetime-local"
          required
          step={900}
          min={minDate}
          defaultValue={values.entry}
          className="field-input"
          aria-invalid={errors.entry ? true : undefined}
          aria-describedby={errors.entry ? 'search-entry-error' : 'search-entry-hint'}
        />
        {fieldError('entry') ?? (
          <p id="search-entry-hint" className="mt-1 text-xs text-muted">
            {t('search.entry.hint')}
          </p>
        )}
      </div>
      <div>
        <label className="field-label" htmlFor="search-exit">
          {t('search.exit')}
        </label>
        <input
          id="search-exit"
          name="exit"
          type="datetime-local"
          required
          step={900}
          min={minDate}
          defaultValue={values.exit}
          className="field-input"
          aria-invalid={errors.exit ? true : undefined}
          aria-describedby={errors.exit ? 'search-exit-error' : 'search-exit-hint'}
        />
        {fieldError('exit') ?? (
          <p id="search-exit-hint" className="mt-1 text-xs text-muted">
            {t('search.exit.hint')}
          </p>
        )}
      </div>
      <div className={compact ? '' : 'md:col-span-2'}>
        <button type="submit" className="btn-primary w-full lg:w-auto">
          <Search aria-hidden size={18} />
          {t('search.submit')}
        </button>
      </div>
    </form>
  );
}

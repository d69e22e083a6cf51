import { useState } from 'react';
import { useNavigate, useNavigation } from 'react-router';
import { SlidersHorizontal } from 'lucide-react';
import { TARIFF_CATEGORIES } from '~/constants.ts';
import {
  OFFER_FLAGS,
  OFFER_QUERY_NAMES,
  OFFER_SORTS,
  offerQueryParams,
  type OfferQuery,
} from '~/domain/offer-filters.ts';
import { useHref, useT } from '../i18n-context.tsx';
import { useHydrated } from '../widgets/use-hydrated.ts';

/** The stay the list is for: the search's own query fields, carried along by the filter form. */
export type OfferStay = { airport: string; entry: string; exit: string };

/** The tariffs page's URL for a stay and a choice (the search fields first, as the search form sends them). */
export function offersUrl(path: string, stay: OfferStay, query: OfferQuery): string {
  const params = new URLSearchParams([
    ['airport', stay.airport],
    ['entry', stay.entry],
    ['exit', stay.exit],
    ...offerQueryParams(query),
  ]);
  return `${path}?${params}`;
}

const chip =
  'inline-flex cursor-pointer items-center gap-2 rounded-full border border-line bg-white px-3 py-1.5 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent';

/**
 * Sort and filter controls of the offer list (issue 37 item 3): a plain GET form to the tariffs page (the stay
 * as hidden fields), so it works without JavaScript with its "apply" button. With JavaScript every change
 * navigates at once with React Router (the loader answers the new list, no page load; the scroll position
 * stays) and the button is not shown. The controls are controlled, so focus stays where the visitor is while the
 * list changes; the server's answer (a back/forward navigation too) resets them to what the URL says.
 */
export function OfferFilters({ query, stay }: { query: OfferQuery; stay: OfferStay }) {
  const t = useT();
  const href = useHref();
  const navigate = useNavigate();
  const busy = useNavigation().state === 'loading';
  const hydrated = useHydrated();
  const [choice, setChoice] = useState(query);
  const [shown, setShown] = useState(query);
  if (shown !== query) {
    // A new answer of the loader: the URL's choice wins (state from props, without an effect's extra render).
    setShown(query);
    setChoice(query);
  }
  const action = href('/buchung/tarife');
  const change = (next: OfferQuery) => {
    setChoice(next);
    void navigate(offersUrl(action, stay, next), { preventScrollReset: true });
  };
  const toggleCategory = (category: (typeof TARIFF_CATEGORIES)[number], on: boolean) =>
    change({
      ...choice,
      categories: TARIFF_CATEGORIES.filter((c) => (c === category ? on : choice.categories.includes(c))),
    });

  return (
    <form
      method="get"
      action={action}
      role="search"
      aria-label={t('offers.filter.title')}
      className="card mt-6 grid gap-4 p-4 sm:p-5"
      aria-busy={busy || undefined}
      data-offer-filters
      onSubmit={(event) => {
        event.preventDefault();
        change(choice);
      }}
    >
      <input type="hidden" name="airport" value={stay.airport} />
      <input type="hidden" name="entry" value={stay.entry} />
      <input type="hidden" name="exit" value={stay.exit} />
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <div className="min-w-56 flex-1 sm:max-w-xs">
          <label htmlFor="offer-sort" className="field-label">
            {t('offers.sort.label')}
          </label>
          <select
            id="offer-sort"
            name={OFFER_QUERY_NAMES.sort}
            className="field-input"
            value={choice.sort}
            onChange={(event) => change({ ...choice, sort: event.target.value as OfferQuery['sort'] })}
          >
            {OFFER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`offers.sort.${sort}`)}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="field-label">{t('offers.filter.category')}</legend>
          <div className="flex flex-wrap gap-2">
            {TARIFF_CATEGORIES.map((category) => (
              <label key={category} className={chip}>
                <input
                  type="checkbox"
                  name={OFFER_QUERY_NAMES.category}
                  value={category}
                  className="size-4 accent-accent"
                  checked={choice.categories.includes(category)}
                  onChange={(event) => toggleCategory(category, event.target.checked)}
                />
                {t(`tariff.category.${category}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <fieldset>
        <legend className="field-label">{t('offers.filter.features')}</legend>
        <div className="flex flex-wrap gap-2">
          {OFFER_FLAGS.map((flag) => (
            <label key={flag} className={chip}>
              <input
                type="checkbox"
                name={OFFER_QUERY_NAMES[flag]}
                value="1"
                className="size-4 accent-accent"
                checked={choice[flag]}
                onChange={(event) => change({ ...choice, [flag]: event.target.checked })}
              />
              {t(`offers.filter.${flag}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {hydrated ? null : (
        <div>
          <button type="submit" className="btn-secondary">
            <SlidersHorizontal aria-hidden size={18} />
            {t('offers.filter.apply')}
          </button>
        </div>
      )}
    </form>
  );
}

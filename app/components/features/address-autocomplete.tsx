/**
 * The billing-address autocomplete (SPEC §2 "address autocomplete"), lazily loaded as the `addressAutocomplete`
 * feature on checkout.booking, and only when the server has a geocoder (`ADDRESS_AUTOCOMPLETE_URL`).
 *
 * It enhances the street input the form already rendered (found by `inputId`; like the date picker, it does not
 * replace the input, so focus, value and browser autofill stay untouched while the chunk arrives) into a WAI-ARIA
 * combobox (APG "combobox with listbox popup", list autocomplete with manual selection): `role="combobox"`,
 * `aria-autocomplete="list"`, `aria-expanded`, `aria-controls` and `aria-activedescendant` on the input; a
 * listbox of suggestions below the street row. Typing 3+ characters asks `GET /api/address-autocomplete` after
 * 250 ms of quiet (older requests are aborted); arrow keys move, Enter chooses, Escape closes, a click chooses.
 * Choosing calls `onSelect` with street, house number (if any), postcode, city and country, which the form
 * dispatches through its reducer. A polite live region announces the number of suggestions and the choice.
 * Failures are silent (the plain input keeps working); a 404 (feature switched off) stops further requests.
 */
import { MapPin } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { api, isApiError } from '~/client/api.ts';
import type { AddressSuggestion } from '~/domain/address-suggestion.ts';
import { COUNTRIES } from '~/domain/checkout-options.ts';
import { useLocale, useT } from '../i18n-context.tsx';
import {
  AUTOCOMPLETE_DEBOUNCE_MS,
  closed,
  EMPTY_LIST,
  onKey,
  queryOf,
  suggestionPatch,
  withResults,
  type AddressPatch,
  type ListState,
} from './address-combobox.ts';
import { displayNamesOf } from '~/domain/intl-cache.ts';

/** Props: the id of the street input to enhance, and what to do with a chosen address. */
export type AddressAutocompleteProps = { inputId: string; onSelect: (patch: AddressPatch) => void };

/** Height reserved for the sticky site header when scrolling the list into view, in px. */
const STICKY_HEADER_PX = 80;

/** ARIA attributes this widget puts on the input (and removes again when it unmounts). */
const INPUT_ATTRIBUTES = ['role', 'aria-autocomplete', 'aria-controls', 'aria-expanded', 'aria-activedescendant'];

export default function AddressAutocomplete({ inputId, onSelect }: AddressAutocompleteProps) {
  const t = useT();
  const locale = useLocale();
  const listId = `${inputId}-suggestions`;
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [list, setList] = useState<ListState>(EMPTY_LIST);
  const [status, setStatus] = useState('');
  const [top, setTop] = useState<number | null>(null);
  const popup = useRef<HTMLDivElement>(null);
  // What the native listeners need from the latest render.
  const latest = useRef({ t, onSelect, list, suggestions });
  useEffect(() => {
    latest.current = { t, onSelect, list, suggestions };
  });
  const countryName = useMemo(() => {
    const names = displayNamesOf(locale, { type: 'region' });
    return (code: string) => names.of(code) ?? code;
  }, [locale]);

  const input = useCallback(() => {
    const el = document.getElementById(inputId);
    return el instanceof HTMLInputElement ? el : null;
  }, [inputId]);

  const choose = useCallback(
    (s: AddressSuggestion | undefined) => {
      if (!s) return;
      latest.current.onSelect(suggestionPatch(s, COUNTRIES));
      setList((l) => closed(l));
      setStatus(latest.current.t('feature.address.applied', { address: `${s.label}, ${countryName(s.country)}` }));
    },
    [countryName],
  );

  // Typing: debounce, ask, show. Blur closes. Static ARIA attributes on the input.
  useEffect(() => {
    const el = input();
    if (!el) return;
    let timer: number | undefined;
    let request: AbortController | null = null;
    let off = false; // the server said 404: the feature is not configured (any more)

    el.setAttribute('role', 'combobox');
    el.setAttribute('aria-autocomplete', 'list');
    el.setAttribute('aria-controls', listId);
    el.setAttribute('aria-expanded', 'false');

    const search = async (q: string) => {
      request?.abort();
      const controller = new AbortController();
      request = controller;
      try {
        const answer = await api.get<{ suggestions?: AddressSuggestion[] }>(
          `address-autocomplete?q=${encodeURIComponent(q)}`,
          {
            signal: controller.signal,
          },
        );
        if (controller.signal.aborted) return;
        const found = Array.isArray(answer?.suggestions) ? answer.suggestions : [];
        const focused = document.activeElement === el;
        setSuggestions(found);
        setList(withResults(found.length, focused));
        setStatus(
          focused && found.length > 0
            ? latest.current.t(found.length === 1 ? 'feature.address.count_one' : 'feature.address.count', {
                n: found.length,
              })
            : '',
        );
      } catch (error) {
        if (controller.signal.aborted) return;
        if (isApiError(error, 404)) off = true;
        setSuggestions([]);
        setList(EMPTY_LIST);
      }
    };

    const onInput = () => {
      window.clearTimeout(timer);
      const q = queryOf(el.value);
      if (off) return;
      if (q === null) {
        request?.abort();
        setSuggestions([]);
        setList(EMPTY_LIST);
        setStatus('');
        return;
      }
      timer = window.setTimeout(() => void search(q), AUTOCOMPLETE_DEBOUNCE_MS);
    };
    const onBlur = () => setList((l) => closed(l));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      const { list: current, suggestions: shown } = latest.current;
      const outcome = onKey(current, event.key, { altKey: event.altKey });
      if (!outcome.handled) return;
      event.preventDefault();
      setList(outcome.state);
      if (outcome.select !== null) choose(shown[outcome.select]);
    };

    el.addEventListener('input', onInput);
    el.addEventListener('blur', onBlur);
    el.addEventListener('keydown', onKeyDown);
    return () => {
      window.clearTimeout(timer);
      request?.abort();
      el.removeEventListener('input', onInput);
      el.removeEventListener('blur', onBlur);
      el.removeEventListener('keydown', onKeyDown);
      for (const name of INPUT_ATTRIBUTES) el.removeAttribute(name);
    };
  }, [input, listId, choose]);

  // The input mirrors the list: expanded or not, and which option is active.
  useEffect(() => {
    const el = input();
    if (!el) return;
    el.setAttribute('aria-expanded', String(list.open));
    if (list.open && list.active >= 0) {
      const active = `${listId}-${list.active}`;
      el.setAttribute('aria-activedescendant', active);
      document.getElementById(active)?.scrollIntoView({ block: 'nearest' });
    } else {
      el.removeAttribute('aria-activedescendant');
    }
  }, [input, list, listId]);

  // The popup sits right below the input (whatever error or hint text follows it), across the street row.
  useLayoutEffect(() => {
    if (!list.open) return;
    const place = () => {
      const el = input();
      const box = popup.current;
      const parent = box?.offsetParent;
      if (!el || !box || !parent) return;
      setTop(el.getBoundingClientRect().bottom - parent.getBoundingClientRect().top + 4);
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [input, list.open]);

  // On a short viewport (a phone with its keyboard up) an opened list that ends below the visible area scrolls
  // the page up by what is missing, at most until the input reaches the sticky header.
  useEffect(() => {
    const el = input();
    const box = popup.current;
    if (!list.open || top === null || !el || !box) return;
    const visible = window.visualViewport?.height ?? window.innerHeight;
    const missing = box.getBoundingClientRect().bottom + 8 - visible;
    const room = el.getBoundingClientRect().top - STICKY_HEADER_PX;
    if (missing > 0 && room > 0) window.scrollBy({ top: Math.min(missing, room) });
  }, [input, list.open, top]);

  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- only keeps the focus in the combobox input */}
      <div
        ref={popup}
        hidden={!list.open}
        className="absolute inset-x-0 z-20 overflow-hidden rounded-xl border border-line bg-card shadow-lg"
        style={top === null ? undefined : { top }}
        // Keeps the focus in the input when an option (or the scrollbar) is pressed, so blur does not close the list first.
        onMouseDown={(event) => event.preventDefault()}
        data-address-suggestions
      >
        <ul
          id={listId}
          role="listbox"
          aria-label={t('feature.address.suggestions')}
          className="max-h-80 overflow-y-auto py-1"
        >
          {suggestions.map((s, i) => {
            const active = list.open && i === list.active;
            return (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- ARIA combobox: the keys live on the input (aria-activedescendant)
              <li
                key={`${s.label}|${s.country}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={active}
                className={`flex min-h-11 cursor-pointer items-start gap-3 px-3 py-2 text-sm ${active ? 'bg-accent-soft' : 'hover:bg-surface'}`}
                onMouseMove={() => !active && setList((l) => ({ ...l, active: i }))}
                onClick={() => choose(s)}
              >
                <MapPin aria-hidden size={18} className="mt-0.5 shrink-0 text-accent" />
                <span className="min-w-0">
                  <span className="block font-medium text-ink">
                    {s.streetNumber ? `${s.street} ${s.streetNumber}` : s.street}
                  </span>
                  <span className="block text-muted">
                    {[s.postcode, s.city].filter(Boolean).join(' ')}, {countryName(s.country)}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
        <p className="border-t border-line bg-surface px-3 py-1.5 text-xs text-muted">
          {t('feature.address.attribution')}
        </p>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
    </>
  );
}

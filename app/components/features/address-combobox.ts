/**
 * Pure state of the address autocomplete's combobox (WAI-ARIA APG "combobox with listbox popup", list
 * autocomplete with manual selection): which suggestion is active and whether the list is open, changed by
 * results and keys; plus the form patch a chosen suggestion makes. No DOM, so it is unit-tested.
 */
import { ADDRESS_QUERY_LENGTH, type AddressSuggestion } from '~/domain/address-suggestion.ts';

/** Debounce between the last keystroke and the request, in ms. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 250;

/** The list: `count` suggestions, `active` the highlighted one (-1: none), `open` whether it is shown. */
export type ListState = { open: boolean; active: number; count: number };

/** No suggestions, closed. */
export const EMPTY_LIST: ListState = Object.freeze({ open: false, active: -1, count: 0 });

/** New results arrived: open when there are any (and `show`, i.e. the input still has focus), nothing active. */
export function withResults(count: number, show = true): ListState {
  return { open: show && count > 0, active: -1, count };
}

/** The list closed, keeping its suggestions (arrow down reopens it). */
export function closed(state: ListState): ListState {
  return state.open || state.active !== -1 ? { ...state, open: false, active: -1 } : state;
}

/** The outcome of a key: the next state, whether the key was ours (then the page must `preventDefault`), and the index chosen with Enter. */
export type KeyOutcome = { state: ListState; handled: boolean; select: number | null };

const ignore = (state: ListState): KeyOutcome => ({ state, handled: false, select: null });

/**
 * The combobox keys (`KeyboardEvent.key`):
 * - ArrowDown: opens a closed list with suggestions on the first one (Alt+ArrowDown: opens without moving),
 *   else moves down, wrapping to the first;
 * - ArrowUp: opens a closed list on the last one, else moves up, wrapping to the last;
 * - Enter: with an active suggestion chooses it and closes (the form is not submitted); otherwise not ours;
 * - Escape: closes an open list; on a closed list not ours (the typed text stays);
 * - everything else (typing, Home/End, Tab) is left to the text field.
 */
export function onKey(state: ListState, key: string, modifiers: { altKey?: boolean } = {}): KeyOutcome {
  const { open, active, count } = state;
  switch (key) {
    case 'ArrowDown':
      if (count === 0) return ignore(state);
      if (!open)
        return { state: { open: true, active: modifiers.altKey ? -1 : 0, count }, handled: true, select: null };
      if (modifiers.altKey) return { state, handled: true, select: null };
      return { state: { open, active: (active + 1) % count, count }, handled: true, select: null };
    case 'ArrowUp':
      if (count === 0) return ignore(state);
      if (!open) return { state: { open: true, active: count - 1, count }, handled: true, select: null };
      if (modifiers.altKey) return { state: closed(state), handled: true, select: null };
      return { state: { open, active: active <= 0 ? count - 1 : active - 1, count }, handled: true, select: null };
    case 'Enter':
      if (!open || active < 0 || active >= count) return ignore(state);
      return { state: closed(state), handled: true, select: active };
    case 'Escape':
      if (!open) return ignore(state);
      return { state: closed(state), handled: true, select: null };
    default:
      return ignore(state);
  }
}

/** The query sent for the text typed, or `null` when it is too short or too long to ask. */
export function queryOf(text: string): string | null {
  const q = text.replace(/\s+/g, ' ').trim();
  return q.length >= ADDRESS_QUERY_LENGTH.min && q.length <= ADDRESS_QUERY_LENGTH.max ? q : null;
}

/** The address fields a chosen suggestion sets (the house number only when it has one). */
export type AddressPatch = { street: string; streetNumber?: string; postcode: string; city: string; country?: string };

/**
 * The patch for the checkout state: street, house number (if the suggestion has one), postcode, city, and the
 * country when the form offers it (`countries`); a country the form cannot take is left as the user chose.
 */
export function suggestionPatch(s: AddressSuggestion, countries: readonly string[]): AddressPatch {
  return {
    street: s.street,
    ...(s.streetNumber ? { streetNumber: s.streetNumber } : {}),
    postcode: s.postcode,
    city: s.city,
    ...(countries.includes(s.country) ? { country: s.country } : {}),
  };
}

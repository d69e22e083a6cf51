import { describe, expect, it } from 'vitest';
import type { AddressSuggestion } from '~/domain/address-suggestion.ts';
import {
  closed,
  EMPTY_LIST,
  onKey,
  queryOf,
  suggestionPatch,
  withResults,
  type ListState,
} from './address-combobox.ts';

const open3: ListState = { open: true, active: -1, count: 3 };

describe('combobox list state', () => {
  it('opens on results only when there are some and the input still has focus', () => {
    expect(withResults(3)).toEqual(open3);
    expect(withResults(0)).toEqual({ open: false, active: -1, count: 0 });
    expect(withResults(3, false)).toEqual({ open: false, active: -1, count: 3 });
  });

  it('ArrowDown and ArrowUp move through the list, wrapping around', () => {
    let s = open3;
    const down = () => (s = onKey(s, 'ArrowDown').state);
    const up = () => (s = onKey(s, 'ArrowUp').state);
    expect(down().active).toBe(0);
    expect(down().active).toBe(1);
    expect(down().active).toBe(2);
    expect(down().active).toBe(0);
    expect(up().active).toBe(2);
    expect(up().active).toBe(1);
    expect(onKey({ ...open3, active: -1 }, 'ArrowUp').state.active).toBe(2);
  });

  it('arrows reopen a closed list with suggestions (Alt+ArrowDown without moving) and do nothing without any', () => {
    const shut = closed({ open: true, active: 1, count: 3 });
    expect(shut).toEqual({ open: false, active: -1, count: 3 });
    expect(onKey(shut, 'ArrowDown')).toEqual({
      state: { open: true, active: 0, count: 3 },
      handled: true,
      select: null,
    });
    expect(onKey(shut, 'ArrowUp').state).toEqual({ open: true, active: 2, count: 3 });
    expect(onKey(shut, 'ArrowDown', { altKey: true }).state).toEqual({ open: true, active: -1, count: 3 });
    expect(onKey({ open: true, active: 1, count: 3 }, 'ArrowUp', { altKey: true }).state.open).toBe(false);
    expect(onKey(EMPTY_LIST, 'ArrowDown')).toEqual({ state: EMPTY_LIST, handled: false, select: null });
  });

  it('Enter chooses the active suggestion and closes; without one it is left to the form', () => {
    expect(onKey({ open: true, active: 1, count: 3 }, 'Enter')).toEqual({
      state: { open: false, active: -1, count: 3 },
      handled: true,
      select: 1,
    });
    expect(onKey(open3, 'Enter')).toEqual({ state: open3, handled: false, select: null });
    expect(onKey(closed(open3), 'Enter').handled).toBe(false);
  });

  it('Escape closes an open list and is not ours on a closed one; other keys belong to the text field', () => {
    expect(onKey({ open: true, active: 2, count: 3 }, 'Escape')).toEqual({
      state: { open: false, active: -1, count: 3 },
      handled: true,
      select: null,
    });
    expect(onKey(closed(open3), 'Escape').handled).toBe(false);
    for (const key of ['a', 'Home', 'End', 'Tab', 'Backspace'])
      expect(onKey({ open: true, active: 1, count: 3 }, key).handled).toBe(false);
  });

  it('closing an already closed list keeps the same object (no re-render)', () => {
    const shut = closed(open3);
    expect(closed(shut)).toBe(shut);
  });
});

describe('queryOf', () => {
  it('asks from 3 to 100 characters, spaces collapsed', () => {
    expect(queryOf('  Ha ')).toBeNull();
    expect(queryOf(' Hau  pt ')).toBe('Hau pt');
    expect(queryOf('x'.repeat(100))).toHaveLength(100);
    expect(queryOf('x'.repeat(101))).toBeNull();
  });
});

describe('suggestionPatch', () => {
  const s: AddressSuggestion = {
    street: 'Hauptstraße',
    streetNumber: '5a',
    postcode: '60311',
    city: 'Frankfurt am Main',
    country: 'DE',
    label: 'x',
  };
  it('sets street, number, postcode, city and an offered country', () => {
    expect(suggestionPatch(s, ['DE', 'AT'])).toEqual({
      street: 'Hauptstraße',
      streetNumber: '5a',
      postcode: '60311',
      city: 'Frankfurt am Main',
      country: 'DE',
    });
  });
  it('keeps the typed house number when the suggestion has none, and a country the form does not offer is not set', () => {
    const { streetNumber: _n, ...streetOnly } = s;
    expect(suggestionPatch({ ...streetOnly, country: 'JP' }, ['DE'])).toEqual({
      street: 'Hauptstraße',
      postcode: '60311',
      city: 'Frankfurt am Main',
    });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFlashStore, normalizeFlash } from './flash-store.ts';

const t = (key: string) => `T(${key})`;

describe('normalizeFlash (filled rule)', () => {
  it('applies the defaults: type error, duration 5000, default message', () => {
    expect(normalizeFlash({}, t)).toEqual({
      id: 0,
      title: null,
      message: 'T(js.flash-message.message)',
      type: 'error',
      duration: 5000,
    });
  });
  it('treats empty strings, null and negative durations as not filled', () => {
    const flash = normalizeFlash({ title: '', message: '', type: '', duration: -1 }, t);
    expect(flash.title).toBeNull();
    expect(flash.message).toBe('T(js.flash-message.message)');
    expect(flash.type).toBe('error');
    expect(flash.duration).toBe(5000); // SPEC §9
  });
  it('keeps given values', () => {
    expect(normalizeFlash({ title: 'Hi', message: 'M', type: 'info', duration: 100 }, t, 3)).toEqual({
      id: 3,
      title: 'Hi',
      message: 'M',
      type: 'info',
      duration: 100,
    });
  });
  it('rejects unknown types', () => {
    expect(normalizeFlash({ message: 'x', type: 'bogus' }, t).type).toBe('error');
  });
});

describe('flash store timing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('removes a message after 5000 ms by default', () => {
    const store = createFlashStore({ t });
    store.show({ message: 'Hallo' });
    vi.advanceTimersByTime(4999);
    expect(store.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.get()).toHaveLength(0);
  });

  it('removes a message after its own duration', () => {
    const store = createFlashStore({ t });
    store.show({ message: 'a', duration: 1000 });
    store.show({ message: 'b' });
    vi.advanceTimersByTime(1000);
    expect(store.get().map((f) => f.message)).toEqual(['b']);
  });

  it('removes a message on dismiss (click) and clears its timer', () => {
    const store = createFlashStore({ t });
    const id = store.show({ message: 'x' });
    store.dismiss(id);
    expect(store.get()).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('notifies subscribers', () => {
    const store = createFlashStore({ t });
    const listener = vi.fn();
    store.subscribe(listener);
    store.show({ message: 'x' });
    vi.runAllTimers();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

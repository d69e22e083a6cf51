/**
 * Flash messages (SPEC §3, §4, §8, §9): title, message, type (default `error`), duration (default 5000 ms).
 * A message disappears after its duration or when clicked. Without a message the translation
 * `js.flash-message.message` is shown.
 */
import { FLASH_DURATION_MS } from '~/constants.ts';
import { isFilled } from '~/domain/filled.ts';
import { createStore } from './store.ts';

/** Flash types (DESIGN §7: `data-flash="<type>"`). */
type FlashType = 'error' | 'info' | 'success' | 'warning';
/** A flash message as callers give it. */
export type FlashInput = {
  title?: string | null;
  message?: string | null;
  type?: string | null;
  duration?: number | null;
};
/** A flash message on screen. */
export type Flash = { id: number; title: string | null; message: string; type: FlashType; duration: number };

/** Translation key of the default flash text (SPEC §8). */
const DEFAULT_FLASH_MESSAGE_KEY = 'js.flash-message.message';
const TYPES: readonly FlashType[] = ['error', 'info', 'success', 'warning'];

/**
 * Applies the defaults with the filled rule (SPEC §5): an unfilled type becomes `error`, an unfilled or
 * non-positive duration 5000 ms, an unfilled message the default text, an unfilled title none.
 */
export function normalizeFlash(input: FlashInput, t: (key: string) => string, id = 0): Flash {
  const type = isFilled(input.type) && TYPES.includes(input.type as FlashType) ? (input.type as FlashType) : 'error';
  const duration = isFilled(input.duration) && Number(input.duration) > 0 ? Number(input.duration) : FLASH_DURATION_MS;
  return {
    id,
    title: isFilled(input.title) ? String(input.title) : null,
    message: isFilled(input.message) ? String(input.message) : t(DEFAULT_FLASH_MESSAGE_KEY),
    type,
    duration,
  };
}

/** Timer functions, injectable for tests. */
export type Timers = { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (id: unknown) => void };
const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** Creates the flash store. `show` returns the id; the message leaves after its duration or on `dismiss(id)`. */
export function createFlashStore(options: { t?: (key: string) => string; timers?: Timers } = {}) {
  const store = createStore<readonly Flash[]>([]);
  const timers = options.timers ?? realTimers;
  const handles = new Map<number, unknown>();
  let t = options.t ?? ((key: string) => key);
  let nextId = 1;

  function dismiss(id: number) {
    const handle = handles.get(id);
    if (handle !== undefined) timers.clearTimeout(handle);
    handles.delete(id);
    store.set((list) => (list.some((f) => f.id === id) ? list.filter((f) => f.id !== id) : list));
  }

  return {
    get: store.get,
    subscribe: store.subscribe,
    show(input: FlashInput): number {
      const flash = normalizeFlash(input, t, nextId++);
      store.set((list) => [...list, flash]);
      handles.set(
        flash.id,
        timers.setTimeout(() => dismiss(flash.id), flash.duration),
      );
      return flash.id;
    },
    dismiss,
    clear() {
      for (const flash of store.get()) dismiss(flash.id);
    },
    /** Sets the translator used for the default text. */
    setTranslate(fn: (key: string) => string) {
      t = fn;
    },
  };
}

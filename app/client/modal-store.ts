/**
 * Which modal is open (SPEC §2, §4): only one at a time; opening one closes the others; opening login also
 * collapses the mobile navigation (done by the `onOpen` hook of the page's store, see `ui-state.ts`).
 */
import { createStore } from './store.ts';

/** The modals of SPEC §2. */
export const MODAL_NAMES = [
  'airportGallery',
  'gallery',
  'eapVideo',
  'services',
  'eapcomment',
  'login',
  'lostPassword',
  'register',
  'registered',
] as const;
/** One modal name. */
export type ModalName = (typeof MODAL_NAMES)[number];

/** Whether `value` is one of the modal names. */
export function isModalName(value: unknown): value is ModalName {
  return typeof value === 'string' && (MODAL_NAMES as readonly string[]).includes(value);
}

/** State: the open modal (or null) and the element that opened it (focus returns there on close). */
export type ModalState = { open: ModalName | null; opener: HTMLElement | null };

/** Creates the modal store. `onOpen` runs after a modal opens (e.g. collapse the navigation for login). */
export function createModalStore(hooks: { onOpen?: (name: ModalName) => void } = {}) {
  const store = createStore<ModalState>({ open: null, opener: null });
  return {
    ...store,
    /** Opens `name`, closing whichever modal was open. */
    open(name: ModalName, opener: HTMLElement | null = null) {
      const current = store.get();
      store.set({ open: name, opener: current.open ? current.opener : opener });
      hooks.onOpen?.(name);
    },
    /** Closes `name` (or any open modal when no name is given). Returns the opener to refocus. */
    close(name?: ModalName): HTMLElement | null {
      const current = store.get();
      if (current.open === null || (name && current.open !== name)) return null;
      store.set({ open: null, opener: null });
      return current.opener;
    },
    /** Opens `name` when closed, closes it when open. */
    toggle(name: ModalName, opener: HTMLElement | null = null) {
      if (store.get().open === name) this.close(name);
      else this.open(name, opener);
    },
    isOpen: (name: ModalName) => store.get().open === name,
  };
}

/** URL hash shortcuts (SPEC §2): `#registrieren` → register, `#login` → login. */
const HASH_SHORTCUTS: Readonly<Record<string, ModalName>> = Object.freeze({
  registrieren: 'register',
  login: 'login',
});

/** The modal a location hash (`#login`, `login`) opens, or null. */
export function modalForHash(hash: string): ModalName | null {
  const key = decodeURIComponent(hash.replace(/^#/, ''));
  return Object.hasOwn(HASH_SHORTCUTS, key) ? HASH_SHORTCUTS[key] : null;
}

import { describe, expect, it, vi } from 'vitest';
import { createModalStore, isModalName, MODAL_NAMES, modalForHash } from './modal-store.ts';

describe('modal store', () => {
  it('keeps one modal open at a time', () => {
    const store = createModalStore();
    store.open('login');
    expect(store.get().open).toBe('login');
    store.open('register');
    expect(store.get().open).toBe('register');
    expect(store.isOpen('login')).toBe(false);
  });

  it('closes only the named modal and returns the first opener', () => {
    const store = createModalStore();
    const opener = { id: 'btn' } as unknown as HTMLElement;
    store.open('login', opener);
    store.open('lostPassword', null);
    expect(store.close('login')).toBeNull();
    expect(store.close('lostPassword')).toBe(opener);
    expect(store.get().open).toBeNull();
  });

  it('toggles and calls onOpen', () => {
    const onOpen = vi.fn();
    const store = createModalStore({ onOpen });
    store.toggle('gallery');
    expect(store.isOpen('gallery')).toBe(true);
    store.toggle('gallery');
    expect(store.get().open).toBeNull();
    expect(onOpen).toHaveBeenCalledExactlyOnceWith('gallery');
  });

  it('knows the nine modal names of SPEC §2', () => {
    expect(MODAL_NAMES).toHaveLength(9);
    expect(isModalName('eapcomment')).toBe(true);
    expect(isModalName('nope')).toBe(false);
  });
});

describe('modalForHash', () => {
  it('maps the SPEC §2 shortcuts', () => {
    expect(modalForHash('#registrieren')).toBe('register');
    expect(modalForHash('#login')).toBe('login');
    expect(modalForHash('login')).toBe('login');
    expect(modalForHash('#main')).toBeNull();
    expect(modalForHash('')).toBeNull();
    expect(modalForHash('#constructor')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { markSignedIn, markSignedOut, type SignedInUser } from './auth-state.ts';
import { createStore } from './store.ts';

describe('auth state', () => {
  it('sign-in sets the flag, the head and the name; sign-out clears them', () => {
    const authenticated = createStore(false);
    const user = createStore<SignedInUser | null>(null);
    const meta: Record<string, string> = {};
    const deps = { authenticated, user, writeMeta: (n: string, v: string) => (meta[n] = v) };
    markSignedIn(deps, { firstname: 'Erika', lastname: 'Muster' });
    expect(authenticated.get()).toBe(true);
    expect(user.get()).toEqual({ firstname: 'Erika', lastname: 'Muster' });
    expect(meta.authenticated).toBe('1');
    markSignedOut(deps);
    expect(authenticated.get()).toBe(false);
    expect(user.get()).toBeNull();
    expect(meta.authenticated).toBe('0');
  });
});

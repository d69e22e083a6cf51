/**
 * The page's auth state after a sign-in, sign-up or sign-out without a page load (SPEC §4, DESIGN §4): the
 * client flag, `<meta name="authenticated">` (so a later `readHead()` agrees) and the signed-in user's name for
 * the header. The new CSRF token of the answer is written to the head by the API client itself (`api.ts`).
 */
import { writeMeta as defaultWriteMeta } from './head.ts';
import type { Store } from './store.ts';

/** The part of a user the page shows (the header's name). */
export type SignedInUser = { firstname: string; lastname: string };

/** What the auth state changes; injectable for tests. */
export type AuthStateDeps = {
  authenticated: Pick<Store<boolean>, 'set'>;
  user: Pick<Store<SignedInUser | null>, 'set'>;
  writeMeta?: (name: string, value: string) => void;
};

/** Marks the page signed in as `user`. */
export function markSignedIn(deps: AuthStateDeps, user: SignedInUser): void {
  (deps.writeMeta ?? defaultWriteMeta)('authenticated', '1');
  deps.user.set({ firstname: user.firstname, lastname: user.lastname });
  deps.authenticated.set(true);
}

/** Marks the page signed out. */
export function markSignedOut(deps: AuthStateDeps): void {
  (deps.writeMeta ?? defaultWriteMeta)('authenticated', '0');
  deps.user.set(null);
  deps.authenticated.set(false);
}

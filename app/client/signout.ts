/**
 * The sign-out flow of SPEC §4: the call `GET auth/signout` is made; whatever its outcome (failures are ignored,
 * SPEC §8) the user is marked signed out and the dropdown closes; an info flash titled
 * `js.signout.message.title` is shown; on account or user routes the browser goes to the site root, elsewhere
 * (checkout included) it stays.
 */

/** Translation key of the sign-out flash title (SPEC §4). */
const SIGNOUT_TITLE_KEY = 'js.signout.message.title';
/** Translation key of the sign-out flash text (ours). */
const SIGNOUT_MESSAGE_KEY = 'js.signout.message.text';

/** Whether the route (SPEC §2 route name) must be left after sign-out: `account` and `user.*`. */
export function leavesAfterSignOut(routeName: string): boolean {
  return (
    routeName === 'account' || routeName.startsWith('account.') || routeName === 'user' || routeName.startsWith('user.')
  );
}

/** What the flow acts on; injected so the flow is testable and UI-agnostic. */
export type SignOutDeps = {
  signout: () => Promise<unknown>;
  setAuthenticated: (value: boolean) => void;
  closeDropdown: () => void;
  flash: (input: { title: string; message: string; type: 'info' }) => void;
  t: (key: string) => string;
  routeName: string;
  /** Goes to the site root (of the current locale). */
  goToRoot: () => void;
  /** Refreshes the page data in place (checkout and other routes stay). */
  refresh?: () => void;
};

/** The event a page may cancel to refresh itself after a sign-out (the checkout puts its cart back first). */
export const SIGNED_OUT_EVENT = 'eap:signed-out';

/**
 * Refreshes the page after a sign-out that stays: announces {@link SIGNED_OUT_EVENT} (cancelable); when no page
 * takes it over (`preventDefault()`), `revalidate` runs.
 */
export function refreshAfterSignOut(target: EventTarget, revalidate: () => void): void {
  const event = new CustomEvent(SIGNED_OUT_EVENT, { cancelable: true });
  if (target.dispatchEvent(event)) revalidate();
}

/** Runs the sign-out flow; never rejects. Resolves with what happened to the page. */
export async function signOut(deps: SignOutDeps): Promise<'redirected' | 'stayed'> {
  try {
    await deps.signout();
  } catch {
    // SPEC §8: sign-out failures are ignored.
  }
  deps.setAuthenticated(false);
  deps.closeDropdown();
  deps.flash({ title: deps.t(SIGNOUT_TITLE_KEY), message: deps.t(SIGNOUT_MESSAGE_KEY), type: 'info' });
  if (leavesAfterSignOut(deps.routeName)) {
    deps.goToRoot();
    return 'redirected';
  }
  deps.refresh?.();
  return 'stayed';
}

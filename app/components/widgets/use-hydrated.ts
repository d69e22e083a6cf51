import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};

/**
 * False while the server renders and the browser hydrates, true from the first render after that (and on
 * client-side navigations at once). For what only the browser knows (storage, cookies), without a
 * setState-in-effect round trip.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

import { useSyncExternalStore } from 'react';
import type { Store } from '~/client/store.ts';

/** Reads a client-layer store in React; the server (and hydration) see `serverValue`. */
export function useStore<T>(store: Pick<Store<T>, 'get' | 'subscribe'>, serverValue: T): T {
  return useSyncExternalStore(store.subscribe, store.get, () => serverValue);
}

import { createContext, useContext } from 'react';

const NonceContext = createContext<string | undefined>(undefined);

/** Provides the Content-Security-Policy nonce during server rendering (undefined in the browser). */
export const NonceProvider = NonceContext.Provider;

/** The CSP nonce for inline scripts of this response. */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

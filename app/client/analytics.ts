/**
 * Analytics (SPEC §4, DESIGN §7). `window.dataLayer` always exists; the third-party script loads only after the
 * visitor agreed in the cookie bar and only when an address is configured (`ANALYTICS_URL`). The checkout events
 * of SPEC §4 are built in `checkout-analytics.ts`.
 */
import { isFilled } from '~/domain/filled.ts';

type WithDataLayer = { dataLayer?: unknown[] };

/** Ensures `target.dataLayer` is an array and returns it (DESIGN §7). */
export function ensureDataLayer(target: WithDataLayer = globalThis as WithDataLayer): unknown[] {
  target.dataLayer = target.dataLayer || [];
  return target.dataLayer;
}

let loaded = false;

/**
 * Loads the third-party analytics script once, when `url` is configured and `consent` is given. The script
 * carries the page's CSP nonce (taken from the framework's own scripts). Returns whether it was inserted now.
 */
export function loadAnalytics(url: string | null | undefined, consent: boolean, doc: Document = document): boolean {
  ensureDataLayer();
  if (loaded || !consent || !isFilled(url)) return false;
  loaded = true;
  const nonce = doc.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  const script = doc.createElement('script');
  script.async = true;
  script.src = url as string;
  script.dataset.analytics = '';
  if (nonce) script.nonce = nonce;
  doc.head.appendChild(script);
  return true;
}

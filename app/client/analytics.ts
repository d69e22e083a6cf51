/**
 * Analytics (SPEC §4, DESIGN §7). `window.dataLayer` always exists; the third-party script loads only after the
 * visitor agreed in the cookie bar and only when an address is configured (`ANALYTICS_URL`). Checkout events
 * are produced for step 1 (travel), 2 (billingAddress, option logged in / not logged in) and 3 (submit) only.
 */
import { CHECKOUT_ANALYTICS_STEPS } from '~/constants.ts';
import { isFilled } from '~/domain/filled.ts';

/** A data-layer entry. */
export type DataLayerEntry = Record<string, unknown>;
type WithDataLayer = { dataLayer?: DataLayerEntry[] };

/** Ensures `target.dataLayer` is an array and returns it (DESIGN §7). */
export function ensureDataLayer(target: WithDataLayer = globalThis as WithDataLayer): DataLayerEntry[] {
  target.dataLayer = target.dataLayer || [];
  return target.dataLayer;
}

/** Checkout steps of SPEC §4. */
export type CheckoutStep = 'travel' | 'billingAddress' | 'payment' | 'submit';
/** Option texts of step 2 (SPEC §4). */
export const CHECKOUT_OPTION = { loggedIn: 'logged in', notLoggedIn: 'not logged in' } as const;

/**
 * The checkout event of a step, or `null` for payment or an empty step (SPEC §4).
 * `products` are the page's tariff entries (with their category).
 */
export function checkoutEvent(step: CheckoutStep | '' | null | undefined, products: unknown[], authenticated: boolean): DataLayerEntry | null {
  if (!isFilled(step) || step === 'payment') return null;
  const number = CHECKOUT_ANALYTICS_STEPS[step as keyof typeof CHECKOUT_ANALYTICS_STEPS];
  if (!number) return null;
  const actionField: Record<string, unknown> = { step: number };
  if (step === 'billingAddress') actionField.option = authenticated ? CHECKOUT_OPTION.loggedIn : CHECKOUT_OPTION.notLoggedIn;
  return { event: 'checkout', ecommerce: { checkout: { actionField, products } } };
}

/** Pushes the checkout event of `step` to the data layer, when the step produces one. Returns it. */
export function trackCheckoutStep(step: CheckoutStep, products: unknown[], authenticated: boolean): DataLayerEntry | null {
  const event = checkoutEvent(step, products, authenticated);
  if (event) ensureDataLayer().push(event);
  return event;
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

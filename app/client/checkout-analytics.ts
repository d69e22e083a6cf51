/**
 * Checkout analytics (SPEC §4, DESIGN §7): the data-layer event of a checkout step. Events exist for step 1
 * (travel), step 2 (billingAddress, with the option "logged in" / "not logged in") and step 3 (submit) only;
 * payment or an empty step produce nothing.
 */
import { CHECKOUT_ANALYTICS_STEPS } from '~/constants.ts';
import { isFilled } from '~/domain/filled.ts';
import { ensureDataLayer } from './analytics.ts';

/** One product of the checkout event (the booked tariff). `price` is the total in euro, two decimals. */
export type CheckoutProduct = { id: string; name: string; category: string; price: string; quantity: number };

/** The checkout event pushed to `window.dataLayer`. */
export type CheckoutEvent = {
  event: 'checkout';
  ecommerce: {
    checkout: {
      actionField: { step: 1 | 2 | 3; option?: 'logged in' | 'not logged in' };
      products: CheckoutProduct[];
    };
  };
};

/** A step name as SPEC §4 lists them, or an empty value. */
export type AnalyticsStep = 'travel' | 'billingAddress' | 'payment' | 'submit' | '' | null | undefined;

/**
 * The event of `step`, or null for payment, an empty step or an unknown name (SPEC §4).
 * The option of step 2 says whether the visitor is signed in.
 */
export function checkoutEvent(
  step: AnalyticsStep,
  { authenticated, products }: { authenticated: boolean; products: CheckoutProduct[] },
): CheckoutEvent | null {
  if (!isFilled(step) || !Object.hasOwn(CHECKOUT_ANALYTICS_STEPS, step as string)) return null;
  const number = CHECKOUT_ANALYTICS_STEPS[step as keyof typeof CHECKOUT_ANALYTICS_STEPS];
  const actionField: CheckoutEvent['ecommerce']['checkout']['actionField'] = { step: number };
  if (step === 'billingAddress') actionField.option = authenticated ? 'logged in' : 'not logged in';
  return { event: 'checkout', ecommerce: { checkout: { actionField, products } } };
}

/** The product entry of a tariff priced at `totalCents` (gross cents). */
export function checkoutProduct(
  tariff: { id: number; name: string; category: string },
  totalCents: number,
): CheckoutProduct {
  return {
    id: String(tariff.id),
    name: tariff.name,
    category: tariff.category,
    price: (totalCents / 100).toFixed(2),
    quantity: 1,
  };
}

/**
 * Pushes the event of `step` to `target.dataLayer` (created when missing) and returns it; pushes nothing and
 * returns null when the step produces no event.
 */
export function pushCheckoutEvent(
  step: AnalyticsStep,
  options: { authenticated: boolean; products: CheckoutProduct[] },
  target?: Parameters<typeof ensureDataLayer>[0],
): CheckoutEvent | null {
  const event = checkoutEvent(step, options);
  if (event) ensureDataLayer(target).push(event);
  return event;
}

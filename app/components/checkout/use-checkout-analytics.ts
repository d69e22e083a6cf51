import { useCallback, useEffect, useRef } from 'react';
import { checkoutProduct, pushCheckoutEvent } from '~/client/checkout-analytics.ts';
import type { PriceBreakdown } from '~/domain/pricing.ts';
import type { FormStep } from './checkout-model.ts';
import type { BookingPageData } from './types.ts';

/** A checkout analytics step (SPEC §4). */
export type TrackedStep = 'travel' | 'billingAddress' | 'submit';

/**
 * The checkout's analytics events (SPEC §4), each at most once per page view: step 1 when travel is shown,
 * step 2 when the billing address is shown (both once the stored state is restored), and `submit` through the
 * returned `track`.
 */
export function useCheckoutAnalytics(
  page: BookingPageData,
  price: PriceBreakdown | null,
  restored: boolean,
  step: FormStep,
) {
  const fired = useRef(new Set<TrackedStep>());
  const { tariff, authenticated } = page;
  const totalCents = price?.totalCents ?? page.price?.totalCents ?? 0;
  const track = useCallback(
    (name: TrackedStep) => {
      if (fired.current.has(name)) return;
      fired.current.add(name);
      pushCheckoutEvent(name, { authenticated, products: [checkoutProduct(tariff, totalCents)] });
    },
    [authenticated, tariff, totalCents],
  );

  // Runs again when the price changes; the once-per-step guard makes that harmless.
  useEffect(() => {
    if (restored && (step === 'travel' || step === 'billingAddress')) track(step);
  }, [restored, step, track]);
  return track;
}

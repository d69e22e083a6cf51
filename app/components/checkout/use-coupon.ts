import { useEffect, useRef, useState } from 'react';
import { api, isApiError } from '~/client/api.ts';
import type { Travel } from '~/domain/checkout-schema.ts';
import type { AppliedCoupon } from '~/domain/pricing.ts';
import { useT } from '../i18n-context.tsx';
import { currentCoupon, normalizeServerErrors, type CheckoutAction, type CheckoutFormState } from './checkout-model.ts';
import type { CouponApply } from './payment-step.tsx';

/**
 * The payment step's "apply" button with JavaScript (issue 12 item 5): asks the server
 * (`POST /api/checkout/coupon`) whether the typed code is valid for the stay entered, and keeps what it
 * accepted. The coupon counts only while the field still holds its code (typing another one drops it);
 * `initial` is the coupon the server accepted without JavaScript (the page's loader checked it again). After a
 * reload the code comes back from this tab's storage, the server's answer does not: once the state is restored
 * (`restored`), a filled-in code is asked again, quietly (one no longer valid just gives no discount).
 */
export function useCoupon({
  initial,
  state,
  dispatch,
  restored,
}: {
  initial: AppliedCoupon | null;
  state: CheckoutFormState;
  dispatch: React.Dispatch<CheckoutAction>;
  restored: boolean;
}): CouponApply {
  const t = useT();
  const [accepted, setAccepted] = useState<AppliedCoupon | null>(initial);
  const [pending, setPending] = useState(false);
  const { payment, travel } = state.checkout;
  const applied = currentCoupon(accepted, payment);
  const rechecked = useRef(false);
  useEffect(() => {
    if (!restored || rechecked.current) return;
    rechecked.current = true;
    if (accepted || !payment.couponCode.trim()) return;
    void apply(payment.couponCode, travel).then(setAccepted, () => undefined);
  }, [restored, accepted, payment.couponCode, travel]);

  const showError = (messages: string[]) => {
    const others = Object.fromEntries(Object.entries(state.errors).filter(([field]) => field !== 'couponCode'));
    dispatch({ type: 'errors', errors: { ...others, couponCode: messages } });
  };
  const onApply = () => {
    if (pending) return;
    setPending(true);
    void apply(payment.couponCode, travel)
      .then(setAccepted, (error: unknown) => {
        setAccepted(null);
        if (isApiError(error, 422)) {
          const fields = normalizeServerErrors(error.body?.errors, error.body?.message ?? 'validation.failed');
          return showError(fields.couponCode ?? Object.values(fields).flat());
        }
        showError([isApiError(error) && error.body?.message ? error.body.message : t('checkout.error.network')]);
      })
      .finally(() => setPending(false));
  };
  return { applied, pending, onApply };
}

/** The server's answer for `code` and the stay entered. */
async function apply(code: string, travel: Travel): Promise<AppliedCoupon> {
  const { coupon } = await api.checkout.coupon({
    couponCode: code,
    entryTime: travel.entryTime,
    exitTime: travel.exitTime,
  });
  return coupon;
}

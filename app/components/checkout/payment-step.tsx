import { Banknote, CreditCard, FileText } from 'lucide-react';
import type { FieldErrors, Payment } from '~/domain/checkout-schema.ts';
import type { AppliedCoupon } from '~/domain/pricing.ts';
import { useHref, useT } from '../i18n-context.tsx';
import type { CheckoutAction } from './checkout-model.ts';
import { describe, FieldError, TextField } from './fields.tsx';

const ICONS: Record<string, typeof FileText> = { invoice: FileText, on_site: Banknote, online: CreditCard };

/** The coupon's "apply" button: what the server accepted (null: none yet), whether it is asking, the click. */
export type CouponApply = { applied: AppliedCoupon | null; pending: boolean; onApply: () => void };

/**
 * Step 3: payment type as radio cards, coupon code with its own "apply" button (issue 12 item 5: the summary
 * shows the discounted price before booking), and the legal note above the booking button.
 */
export function PaymentStep({
  payment,
  paymentTypes,
  errors,
  dispatch,
  coupon,
}: {
  payment: Payment;
  paymentTypes: readonly string[];
  errors: FieldErrors;
  dispatch: React.Dispatch<CheckoutAction>;
  coupon: CouponApply;
}) {
  const t = useT();
  const href = useHref();
  const set = (patch: Partial<Payment>) => dispatch({ type: 'payment', patch });
  const aria = describe('paymentType', errors);
  return (
    <div className="grid gap-5">
      {/* aria-invalid belongs to the radio group, not its radios (WAI-ARIA 1.2). */}
      <fieldset role="radiogroup" aria-invalid={aria['aria-invalid']} aria-describedby={aria['aria-describedby']}>
        <legend className="field-label">{t('checkout.payment.type')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {paymentTypes.map((type, i) => {
            const Icon = ICONS[type] ?? FileText;
            return (
              <label
                key={type}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-card p-4 hover:border-accent has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:checked]:ring-2 has-[:checked]:ring-accent/30"
                data-payment-type={type}
              >
                <input
                  type="radio"
                  id={i === 0 ? 'co-paymentType' : undefined}
                  name="paymentType"
                  value={type}
                  className="mt-1 size-4 accent-accent"
                  checked={payment.paymentType === type}
                  onChange={() => set({ paymentType: type })}
                  aria-describedby={`co-payment-${type}-text`}
                />
                <span className="flex-1">
                  <span className="flex items-center gap-2 font-semibold">
                    <Icon aria-hidden size={18} className="text-accent" />
                    {t(`checkout.payment.${type}`)}
                  </span>
                  <span id={`co-payment-${type}-text`} className="mt-1 block text-sm text-muted">
                    {t(`checkout.payment.${type}.text`)}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        <FieldError name="paymentType" errors={errors} />
      </fieldset>

      <div className="flex flex-wrap items-start gap-3">
        <TextField
          name="couponCode"
          label={t('checkout.payment.couponCode')}
          value={payment.couponCode}
          onChange={(couponCode) => set({ couponCode: couponCode.toUpperCase() })}
          errors={errors}
          optional
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          hint={t('checkout.payment.coupon_hint')}
          className="w-full sm:max-w-xs"
        />
        {/* Without JavaScript a submit with `intent=coupon`: the server checks the code and shows the page again. */}
        <button
          type="submit"
          name="intent"
          value="coupon"
          formNoValidate
          className="btn-secondary sm:mt-7"
          disabled={coupon.pending}
          aria-busy={coupon.pending || undefined}
          onClick={(event) => {
            event.preventDefault();
            coupon.onApply();
          }}
          data-coupon-apply
        >
          {t('checkout.payment.coupon_apply')}
        </button>
      </div>
      <p role="status" className="-mt-3 text-sm font-medium text-success empty:hidden" data-coupon-applied>
        {coupon.applied ? t('checkout.payment.coupon_applied', { code: coupon.applied.code }) : ''}
      </p>

      <p className="text-sm text-muted">
        {t('checkout.payment.legal_before')}{' '}
        <a className="text-accent underline" href={href('/agb')} target="_blank" rel="noopener">
          {t('checkout.payment.terms')}
        </a>{' '}
        {t('checkout.payment.legal_and')}{' '}
        <a className="text-accent underline" href={href('/datenschutz')} target="_blank" rel="noopener">
          {t('checkout.payment.privacy')}
        </a>
        {t('checkout.payment.legal_after')}
      </p>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { api } from '~/client/api.ts';
import { SIGNED_OUT_EVENT } from '~/client/signout.ts';
import { saveBillingAddress } from '../account/save-address.ts';
import { useT } from '../i18n-context.tsx';
import { BillingStep } from './billing-step.tsx';
import {
  FORM_ERROR,
  FORM_STEPS,
  type CheckoutAction,
  type CheckoutFormState,
  type FormStep,
  type ServerFormState,
} from './checkout-model.ts';
import { FormErrors } from './fields.tsx';
import { PaymentStep, type CouponApply } from './payment-step.tsx';
import { CheckoutReview } from './review.tsx';
import { StepActions } from './step-actions.tsx';
import { Stepper } from './stepper.tsx';
import { SummaryPanel } from './summary-panel.tsx';
import { TravelStep } from './travel-step.tsx';
import type { BookingPageData } from './types.ts';
import { useCheckoutAnalytics } from './use-checkout-analytics.ts';
import { useCheckoutState } from './use-checkout-state.ts';
import { useCoupon } from './use-coupon.ts';
import { useLivePrice } from './use-live-price.ts';
import { useStepValidation } from './use-step-validation.ts';
import { useHydrated } from '../widgets/use-hydrated.ts';
import { CsrfField } from '../ui/csrf-field.tsx';
import type { AppliedCoupon } from '~/domain/pricing.ts';

/**
 * The server's side of the form without JavaScript (issue 11 item 7): the step and fields kept in the session,
 * and the coupon its "apply" button got accepted (checked again by the loader; issue 12 item 5).
 */
export type ServerForm = {
  step: FormStep;
  fields: Record<string, unknown> | null;
  idempotencyKey: string;
  coupon: AppliedCoupon | null;
};
/** A refused post of the form: the step to show, field → translation keys, a form message (key or text). */
export type RefusedForm = { step: FormStep; errors: Record<string, string[]>; message: string | null };

/** The server state to start from, or null when the server knows nothing the browser does not (JS flow). */
function serverState(form: ServerForm, refused: RefusedForm | null): ServerFormState | null {
  if (!form.fields && !refused && form.step === 'travel') return null;
  const errors = { ...refused?.errors, ...(refused?.message ? { [FORM_ERROR]: [refused.message] } : {}) };
  return { step: refused?.step ?? form.step, fields: form.fields, errors };
}

/**
 * The booking form (issue 3): travel → billing address → payment → submit. The state lives in the browser
 * (SPEC §3) and in `sessionStorage`, so a reload keeps it; each step is checked in the browser (SPEC §5 rule +
 * the shared zod schema), then by the server, before the next one opens. Without JavaScript (and before
 * hydration) the same markup is a post form: each step goes to the route's action (issue 11 item 7).
 */
export function CheckoutPage({
  page,
  form,
  refused,
}: {
  page: BookingPageData;
  form: ServerForm;
  refused: RefusedForm | null;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const {
    state,
    dispatch,
    restored,
    finish: forget,
  } = useCheckoutState(page.cart, page.prefill, serverState(form, refused));
  const [saveAddress, setSaveAddress] = useState(false);
  const revalidator = useRevalidator();
  // Signing out ends the session and its cart; the visitor stays here (SPEC §4), so the cart is put back
  // into the new session before the page data reload.
  useEffect(() => {
    const onSignedOut = (event: Event) => {
      event.preventDefault();
      api.checkout
        .cart(page.cart)
        .catch(() => undefined)
        .finally(() => void revalidator.revalidate());
    };
    window.addEventListener(SIGNED_OUT_EVENT, onSignedOut);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
  }, [page.cart, revalidator]);
  // After the booking: the address goes to the account when ticked (failures do not stop the booking).
  const finish = async () => {
    forget();
    if (page.authenticated && saveAddress) await saveBillingAddress(state.checkout.billingAddress, page.newsletter);
  };
  const coupon = useCoupon({ initial: form.coupon, state, dispatch, restored });
  const price = useLivePrice(page.tariff, state.checkout.travel, coupon.applied);
  const track = useCheckoutAnalytics(page, price, restored, state.step);
  const { pending, conflict, goto, onSubmit, pageRef, formRef, headingRef } = useStepValidation({
    page,
    state,
    dispatch,
    restored,
    track,
    finish,
  });
  const { step } = state;
  const stepIndex = FORM_STEPS.indexOf(step);
  const isLast = step === 'payment';

  return (
    <div ref={pageRef} className="container-page py-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('checkout.title')}</h1>
      <Stepper current={step} onGoto={goto} disabled={pending} />

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <SummaryPanel
          page={page}
          travel={state.checkout.travel}
          price={price}
          couponCode={coupon.applied?.code ?? null}
        />

        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Enter from the form's own inputs, delegated */}
        <form
          ref={formRef}
          method="post"
          noValidate
          onSubmit={onSubmit}
          onKeyDown={(event) => {
            // Enter in a field moves on from steps 1 and 2, but never places the binding order on step 3; in the
            // coupon field it applies the code (as without JavaScript, where "apply" is the first submit button).
            if (isLast && event.key === 'Enter' && event.target instanceof HTMLInputElement) {
              event.preventDefault();
              if (event.target.name === 'couponCode') coupon.onApply();
            }
          }}
          className="card p-5 sm:p-6"
          aria-labelledby="co-step-title"
          data-checkout-step={step}
        >
          <h2 id="co-step-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
            <span className="block text-sm font-medium text-muted">
              {t('checkout.steps.position', { n: stepIndex + 1, total: FORM_STEPS.length })}
            </span>
            {t(`checkout.step.${step}`)}
          </h2>
          <p className="mt-1 text-sm text-muted">{t(`checkout.step.${step}.intro`)}</p>
          <CsrfField />
          <input type="hidden" name="step" value={step} />
          <input type="hidden" name="idempotencyKey" value={form.idempotencyKey} />
          {conflict ? <ConflictNotice message={conflict} tariffsUrl={page.tariffsUrl} /> : null}
          <div className="mt-4">
            <FormErrors id="co-form-error" messages={state.errors[FORM_ERROR]} />
          </div>
          <div className="mt-4">
            <StepFields
              page={page}
              state={state}
              dispatch={dispatch}
              saveAddress={saveAddress}
              onSaveAddress={setSaveAddress}
              coupon={coupon}
              onEdit={goto}
            />
          </div>
          <StepActions
            isFirst={stepIndex === 0}
            isLast={isLast}
            pending={pending}
            disabled={hydrated && !restored}
            onBack={() => goto(FORM_STEPS[stepIndex - 1])}
            tariffsUrl={page.tariffsUrl}
          />
        </form>
      </div>
    </div>
  );
}

/** The fields of the current step; on the last one the review of the others first (issue 12 item 5). */
function StepFields({
  page,
  state,
  dispatch,
  saveAddress,
  onSaveAddress,
  coupon,
  onEdit,
}: {
  page: BookingPageData;
  state: CheckoutFormState;
  dispatch: React.Dispatch<CheckoutAction>;
  saveAddress: boolean;
  onSaveAddress: (save: boolean) => void;
  coupon: CouponApply;
  onEdit: (step: FormStep) => void;
}) {
  const { step, checkout, errors } = state;
  if (step === 'travel') return <TravelStep travel={checkout.travel} errors={errors} dispatch={dispatch} page={page} />;
  if (step === 'billingAddress') {
    return (
      <BillingStep
        billing={checkout.billingAddress}
        invoice={checkout.billIsDifferentAddress}
        errors={errors}
        dispatch={dispatch}
        addressAutocomplete={page.addressAutocomplete}
        account={{ authenticated: page.authenticated, saveAddress, onSaveAddress }}
      />
    );
  }
  return (
    <div className="grid gap-6">
      <CheckoutReview checkout={checkout} onEdit={onEdit} />
      <PaymentStep
        payment={checkout.payment}
        paymentTypes={page.paymentTypes}
        errors={errors}
        dispatch={dispatch}
        coupon={coupon}
      />
    </div>
  );
}

/** The server's 409 (the offer sold out meanwhile), with the way back to the tariffs. */
function ConflictNotice({ message, tariffsUrl }: { message: string; tariffsUrl: string }) {
  const t = useT();
  return (
    <div
      id="co-conflict"
      tabIndex={-1}
      role="alert"
      className="mt-4 rounded-lg border-2 border-danger bg-danger-soft p-4 text-danger"
      data-conflict
    >
      <p className="font-semibold">{message}</p>
      <a className="mt-2 inline-block font-medium underline" href={tariffsUrl}>
        {t('checkout.conflict.back')}
      </a>
    </div>
  );
}

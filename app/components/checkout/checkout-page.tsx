import { ChevronDown, ChevronLeft, ChevronRight, Lock } from 'lucide-react';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { api, isApiError } from '~/client/api.ts';
import { checkoutProduct, pushCheckoutEvent } from '~/client/checkout-analytics.ts';
import { checkoutToWire, stepToWire } from '~/domain/checkout-schema.ts';
import { formatMoney } from '~/domain/money.ts';
import { useLocale, useT } from '../i18n-context.tsx';
import { BillingStep } from './billing-step.tsx';
import { BookingSummary } from './booking-summary.tsx';
import {
  cartKeyOf,
  checkoutReducer,
  clientStepErrors,
  FORM_ERROR,
  FORM_STEPS,
  firstStepWithError,
  initialFormState,
  livePrice,
  newIdempotencyKey,
  normalizeServerErrors,
  restoreFormState,
  serializeFormState,
  STORAGE_KEY,
  type FormStep,
} from './checkout-model.ts';
import { FormErrors } from './fields.tsx';
import { PaymentStep } from './payment-step.tsx';
import { Stepper } from './stepper.tsx';
import { TravelStep } from './travel-step.tsx';
import type { BookingPageData } from './types.ts';

const VALIDATE_PATH: Record<Exclude<FormStep, 'payment'>, string> = {
  travel: 'checkout/validate/travel',
  billingAddress: 'checkout/validate/billing-address',
};

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: the form still works, it just forgets on reload
  }
}

/**
 * The booking form (issue 3): travel → billing address → payment → submit. The state lives here (SPEC §3:
 * held on the client) and in `sessionStorage`, so a reload keeps it; each step is checked in the browser
 * (SPEC §5 rule + the shared zod schema), then by the server, before the next one opens.
 */
export function CheckoutPage({ page }: { page: BookingPageData }) {
  const t = useT();
  const locale = useLocale();
  const cartKey = cartKeyOf(page.cart);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const fresh = useMemo(() => initialFormState(page.cart), [cartKey]);
  const [state, dispatch] = useReducer(checkoutReducer, fresh);
  const [restored, setRestored] = useState(false);
  const [pending, setPending] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [summaryOpen, setSummaryOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<'heading' | 'error' | null>(null);
  const fired = useRef(new Set<string>());
  const busy = useRef(false);
  const finished = useRef(false);

  const { step, checkout, errors } = state;
  const price = useMemo(() => livePrice(page.tariff, checkout.travel), [page.tariff, checkout.travel]);
  const limits = page.tariff;

  // Restore what this browser tab entered for this cart (after hydration: the server cannot know it).
  useEffect(() => {
    const next = restoreFormState(storage()?.getItem(STORAGE_KEY) ?? null, fresh);
    dispatch({ type: 'restore', state: next });
    setRestored(true);
  }, [fresh]);

  useEffect(() => {
    if (!restored || finished.current) return;
    try {
      storage()?.setItem(STORAGE_KEY, serializeFormState(state));
    } catch {
      // quota or privacy mode: nothing to do
    }
  }, [restored, state]);

  const products = () => [checkoutProduct(page.tariff, price?.totalCents ?? page.price?.totalCents ?? 0)];
  const track = (name: 'travel' | 'billingAddress' | 'submit') => {
    if (fired.current.has(name)) return;
    fired.current.add(name);
    pushCheckoutEvent(name, { authenticated: page.authenticated, products: products() });
  };

  // SPEC §4: step 1 when travel is shown, step 2 when the billing address is shown (once per page view each).
  useEffect(() => {
    if (restored && (step === 'travel' || step === 'billingAddress')) track(step);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [restored, step]);

  // Focus after a step change (the step heading) or a failed check (the first invalid field).
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'heading') {
      headingRef.current?.focus();
      headingRef.current?.scrollIntoView?.({ block: 'start' });
    } else if (target === 'error') {
      const el =
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        document.getElementById('co-form-error') ??
        document.getElementById('co-conflict');
      el?.focus();
      el?.scrollIntoView?.({ block: 'center' });
    }
  }, [step, errors, conflict]);

  const goto = (target: FormStep) => {
    if (busy.current) return;
    focusNext.current = 'heading';
    setConflict(null);
    dispatch({ type: 'goto', step: target });
  };

  const showErrors = (next: typeof errors, atStep?: FormStep) => {
    focusNext.current = 'error';
    dispatch({ type: 'errors', errors: next, step: atStep });
  };

  const networkMessage = (error: unknown) =>
    isApiError(error) && error.body?.message ? error.body.message : t(isApiError(error) ? 'api.error.server' : 'checkout.error.network');

  async function next(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current || !restored) return;
    const local = clientStepErrors(step, checkout, limits);
    if (Object.keys(local).length > 0) return showErrors(local);
    if (step === 'payment') return submit();

    busy.current = true;
    setPending(true);
    try {
      await api.post(VALIDATE_PATH[step], stepToWire(checkout, step));
    } catch (error) {
      busy.current = false;
      setPending(false);
      if (isApiError(error, 422)) {
        return showErrors(normalizeServerErrors(error.body?.errors, error.body?.message ?? 'validation.failed'));
      }
      return showErrors({ [FORM_ERROR]: [networkMessage(error)] });
    }
    busy.current = false;
    setPending(false);
    goto(FORM_STEPS[FORM_STEPS.indexOf(step) + 1]);
  }

  async function submit() {
    busy.current = true;
    setPending(true);
    setConflict(null);
    // One key per submission attempt, kept (and stored) until it succeeds, so a retry after a lost answer
    // cannot book twice; a 422 ends the attempt (the corrected data are a new one).
    const key = state.idempotencyKey ?? newIdempotencyKey();
    if (key !== state.idempotencyKey) {
      dispatch({ type: 'idempotencyKey', key });
      try {
        storage()?.setItem(STORAGE_KEY, serializeFormState({ ...state, idempotencyKey: key }));
      } catch {
        // ignore
      }
    }
    track('submit');
    try {
      const result = await api.post<{ redirect: string }>('checkout', checkoutToWire(checkout), {
        headers: { 'Idempotency-Key': key },
      });
      finished.current = true;
      storage()?.removeItem(STORAGE_KEY);
      window.location.assign(result.redirect);
    } catch (error) {
      busy.current = false;
      setPending(false);
      if (isApiError(error, 409)) {
        focusNext.current = 'error';
        setConflict(error.body?.message ?? t('api.error.sold_out'));
        return;
      }
      if (isApiError(error, 422)) {
        dispatch({ type: 'idempotencyKey', key: null });
        const fields = normalizeServerErrors(error.body?.errors, error.body?.message ?? 'validation.failed');
        return showErrors(fields, firstStepWithError(fields) ?? 'payment');
      }
      showErrors({ [FORM_ERROR]: [networkMessage(error)] });
    }
  }

  const stepIndex = FORM_STEPS.indexOf(step);
  const isLast = step === 'payment';

  return (
    <div className="container-page py-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('checkout.title')}</h1>
      <Stepper current={step} onGoto={goto} disabled={pending} />

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <aside className="card overflow-hidden lg:sticky lg:top-4 lg:order-last" aria-labelledby="co-summary-title">
          <h2 id="co-summary-title" className="sr-only lg:not-sr-only lg:block lg:px-5 lg:pt-5 lg:text-lg lg:font-semibold">
            {t('checkout.summary.title')}
          </h2>
          <button
            type="button"
            className="flex w-full items-center justify-between gap-3 px-5 py-4 text-left lg:hidden"
            aria-expanded={summaryOpen}
            aria-controls="co-summary"
            onClick={() => setSummaryOpen((open) => !open)}
          >
            <span className="font-semibold">{t('checkout.summary.title')}</span>
            <span className="flex items-center gap-2">
              <span className="text-lg font-bold" data-mobile-total>
                {price ? formatMoney(price.totalCents, locale) : '—'}
              </span>
              <ChevronDown aria-hidden size={18} className={`transition-transform ${summaryOpen ? 'rotate-180' : ''}`} />
            </span>
          </button>
          <div id="co-summary" className={`${summaryOpen ? 'block border-t border-line' : 'hidden'} lg:block lg:border-0`}>
            <BookingSummary page={page} travel={checkout.travel} price={price} />
          </div>
        </aside>

        <form
          ref={formRef}
          noValidate
          onSubmit={next}
          onKeyDown={(event) => {
            // Enter in a field moves on from steps 1 and 2, but never places the binding order on step 3.
            if (isLast && event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
          }}
          className="card p-5 sm:p-6" aria-labelledby="co-step-title" data-checkout-step={step}>
          <h2 id="co-step-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
            <span className="block text-sm font-medium text-muted">
              {t('checkout.steps.position', { n: stepIndex + 1, total: FORM_STEPS.length })}
            </span>
            {t(`checkout.step.${step}`)}
          </h2>
          <p className="mt-1 text-sm text-muted">{t(`checkout.step.${step}.intro`)}</p>

          {conflict ? (
            <div id="co-conflict" tabIndex={-1} role="alert" className="mt-4 rounded-lg border-2 border-danger bg-danger-soft p-4 text-danger" data-conflict>
              <p className="font-semibold">{conflict}</p>
              <a className="mt-2 inline-block font-medium underline" href={page.tariffsUrl}>
                {t('checkout.conflict.back')}
              </a>
            </div>
          ) : null}

          <div className="mt-4">
            <FormErrors id="co-form-error" messages={errors[FORM_ERROR]} />
          </div>

          <div className="mt-4">
            {step === 'travel' ? <TravelStep travel={checkout.travel} errors={errors} dispatch={dispatch} page={page} /> : null}
            {step === 'billingAddress' ? (
              <BillingStep
                billing={checkout.billingAddress}
                invoice={checkout.billIsDifferentAddress}
                errors={errors}
                dispatch={dispatch}
                addressAutocomplete={page.addressAutocomplete}
              />
            ) : null}
            {step === 'payment' ? <PaymentStep payment={checkout.payment} paymentTypes={page.paymentTypes} errors={errors} dispatch={dispatch} /> : null}
          </div>

          <div className="mt-6 flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-between">
            {stepIndex > 0 ? (
              <button type="button" className="btn-secondary" onClick={() => goto(FORM_STEPS[stepIndex - 1])} disabled={pending}>
                <ChevronLeft aria-hidden size={18} />
                {t('checkout.back')}
              </button>
            ) : (
              <a className="btn-secondary" href={page.tariffsUrl}>
                <ChevronLeft aria-hidden size={18} />
                {t('checkout.change_tariff')}
              </a>
            )}
            <button type="submit" className="btn-primary" disabled={pending || !restored} aria-busy={pending || undefined} data-step-submit>
              {isLast ? <Lock aria-hidden size={18} /> : null}
              {pending ? t(isLast ? 'checkout.submitting' : 'checkout.checking') : t(isLast ? 'checkout.submit' : 'checkout.next')}
              {!isLast && !pending ? <ChevronRight aria-hidden size={18} /> : null}
            </button>
          </div>
        </form>
      </div>
      <noscript>
        <p className="mt-4 rounded-lg bg-warn-soft p-4 text-warn">{t('checkout.noscript')}</p>
      </noscript>
    </div>
  );
}

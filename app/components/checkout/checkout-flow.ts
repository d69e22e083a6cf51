/**
 * What the booking form's buttons do, as plain functions over a {@link FlowContext}: check a step in the
 * browser and on the server, then move on; or submit the booking. The hook `useStepValidation` builds the
 * context from the page's state.
 */
import { api, isApiError } from '~/client/api.ts';
import { checkoutToWire, stepToWire, type FieldErrors } from '~/domain/checkout-schema.ts';
import {
  clientStepErrors,
  FORM_ERROR,
  FORM_STEPS,
  firstStepWithError,
  newIdempotencyKey,
  normalizeServerErrors,
  type CheckoutAction,
  type CheckoutFormState,
  type FormStep,
} from './checkout-model.ts';
import type { TrackedStep } from './use-checkout-analytics.ts';
import type { FocusTarget } from './use-step-focus.ts';
import type { BookingPageData } from './types.ts';

const VALIDATE_PATH: Record<Exclude<FormStep, 'payment'>, string> = {
  travel: 'checkout/validate/travel',
  billingAddress: 'checkout/validate/billing-address',
};

/** Everything the flow reads and changes. */
export type FlowContext = {
  state: CheckoutFormState;
  limits: BookingPageData['tariff'];
  dispatch: React.Dispatch<CheckoutAction>;
  t: (key: string) => string;
  /** true while a request runs (a ref, so a double click in the same render sees it) */
  busy: { current: boolean };
  setPending: (pending: boolean) => void;
  setConflict: (message: string | null) => void;
  requestFocus: (target: FocusTarget) => void;
  track: (step: TrackedStep) => void;
  store: (state: CheckoutFormState) => void;
  finish: () => void | Promise<void>;
};

/** Opens `target` with its heading focused (unless a request runs). */
export function gotoStep(ctx: FlowContext, target: FormStep): void {
  if (ctx.busy.current) return;
  ctx.requestFocus('heading');
  ctx.setConflict(null);
  ctx.dispatch({ type: 'goto', step: target });
}

function showErrors(ctx: FlowContext, errors: FieldErrors, atStep?: FormStep): void {
  ctx.requestFocus('error');
  ctx.dispatch({ type: 'errors', errors, step: atStep });
}

function networkMessage(ctx: FlowContext, error: unknown): string {
  if (isApiError(error) && error.body?.message) return error.body.message;
  return ctx.t(isApiError(error) ? 'api.error.server' : 'checkout.error.network');
}

function settle(ctx: FlowContext): void {
  ctx.busy.current = false;
  ctx.setPending(false);
}

/**
 * The step's primary button: the browser's check (SPEC §5 rule, zod schema, tariff limits), then the server's
 * (`POST checkout/validate/*`), then the next step; on the last step, the booking.
 */
export async function submitStep(ctx: FlowContext): Promise<void> {
  const { step, checkout } = ctx.state;
  const local = clientStepErrors(step, checkout, ctx.limits);
  if (Object.keys(local).length > 0) return showErrors(ctx, local);
  if (step === 'payment') return submitBooking(ctx);

  ctx.busy.current = true;
  ctx.setPending(true);
  try {
    await api.post(VALIDATE_PATH[step], stepToWire(checkout, step));
  } catch (error) {
    settle(ctx);
    if (isApiError(error, 422)) {
      return showErrors(ctx, normalizeServerErrors(error.body?.errors, error.body?.message ?? 'validation.failed'));
    }
    return showErrors(ctx, { [FORM_ERROR]: [networkMessage(ctx, error)] });
  }
  settle(ctx);
  gotoStep(ctx, FORM_STEPS[FORM_STEPS.indexOf(step) + 1]);
}

/** The booking (`POST /api/checkout`); on success the browser follows the answer's redirect. */
async function submitBooking(ctx: FlowContext): Promise<void> {
  const { state } = ctx;
  ctx.busy.current = true;
  ctx.setPending(true);
  ctx.setConflict(null);
  // One key per submission attempt, kept (and stored) until it succeeds, so a retry after a lost answer
  // cannot book twice; a 422 ends the attempt (the corrected data are a new one).
  const key = state.idempotencyKey ?? newIdempotencyKey();
  if (key !== state.idempotencyKey) {
    ctx.dispatch({ type: 'idempotencyKey', key });
    ctx.store({ ...state, idempotencyKey: key });
  }
  ctx.track('submit');
  try {
    const result = await api.post<{ redirect: string }>('checkout', checkoutToWire(state.checkout), {
      headers: { 'Idempotency-Key': key },
    });
    await ctx.finish();
    window.location.assign(result.redirect);
  } catch (error) {
    settle(ctx);
    if (isApiError(error, 409)) {
      ctx.requestFocus('error');
      ctx.setConflict(error.body?.message ?? ctx.t('api.error.sold_out'));
      return;
    }
    if (isApiError(error, 422)) {
      ctx.dispatch({ type: 'idempotencyKey', key: null });
      const fields = normalizeServerErrors(error.body?.errors, error.body?.message ?? 'validation.failed');
      return showErrors(ctx, fields, firstStepWithError(fields) ?? 'payment');
    }
    showErrors(ctx, { [FORM_ERROR]: [networkMessage(ctx, error)] });
  }
}

import { useRef, useState } from 'react';
import { useT } from '../i18n-context.tsx';
import { gotoStep, submitStep, type FlowContext } from './checkout-flow.ts';
import type { CheckoutAction, CheckoutFormState, FormStep } from './checkout-model.ts';
import type { TrackedStep } from './use-checkout-analytics.ts';
import { storeFormState } from './use-checkout-state.ts';
import { useStepFocus } from './use-step-focus.ts';
import type { BookingPageData } from './types.ts';

/**
 * The step flow of the booking form: `onSubmit` checks the current step (browser, then server) and opens the
 * next one, or books on the last; `goto` opens another step. `pending` is true while a request runs;
 * `conflict` holds the server's 409 message (sold out meanwhile). Focus follows each change.
 */
export function useStepValidation({
  page,
  state,
  dispatch,
  restored,
  track,
  finish,
}: {
  page: BookingPageData;
  state: CheckoutFormState;
  dispatch: React.Dispatch<CheckoutAction>;
  restored: boolean;
  track: (step: TrackedStep) => void;
  finish: () => void | Promise<void>;
}) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const busy = useRef(false);
  const { pageRef, formRef, headingRef, requestFocus } = useStepFocus(state.step, state.errors, conflict);
  const ctx = (): FlowContext => ({
    state,
    limits: page.tariff,
    dispatch,
    t,
    busy,
    setPending,
    setConflict,
    requestFocus,
    track,
    store: storeFormState,
    finish,
  });

  const goto = (target: FormStep) => gotoStep(ctx(), target);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current || !restored) return;
    void submitStep(ctx());
  };
  return { pending, conflict, goto, onSubmit, pageRef, formRef, headingRef };
}

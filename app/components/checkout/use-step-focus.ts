import { useEffect, useRef } from 'react';
import type { FieldErrors } from '~/domain/checkout-schema.ts';
import type { FormStep } from './checkout-model.ts';

/** Where focus goes after the next render: the step heading (a step change) or the first problem (a failed check). */
export type FocusTarget = 'heading' | 'error';

/**
 * Moves focus after a step change or a failed check, once the new step or the messages are rendered.
 * `requestFocus` is called before the state change; the effect runs when step, errors or conflict change.
 */
export function useStepFocus(step: FormStep, errors: FieldErrors, conflict: string | null) {
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pending = useRef<FocusTarget | null>(null);

  useEffect(() => {
    const target = pending.current;
    pending.current = null;
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

  const requestFocus = (target: FocusTarget) => {
    pending.current = target;
  };
  return { formRef, headingRef, requestFocus };
}

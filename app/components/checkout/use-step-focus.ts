import { useEffect, useRef } from 'react';
import type { FieldErrors } from '~/domain/checkout-schema.ts';
import type { FormStep } from './checkout-model.ts';

/** Where focus goes after the next render: the step heading (a step change) or the first problem (a failed check). */
export type FocusTarget = 'heading' | 'error';

/**
 * Moves focus after a step change or a failed check, once the new step or the messages are rendered.
 * `requestFocus` is called before the state change; the effect runs when step, errors or conflict change.
 * `pageRef` goes on the checkout's outermost element: a new step starts at its top, where the page without
 * JavaScript lands too (title, step bar, on a phone the price bar, then the step heading).
 */
export function useStepFocus(step: FormStep, errors: FieldErrors, conflict: string | null) {
  const pageRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pending = useRef<FocusTarget | null>(null);

  useEffect(() => {
    const target = pending.current;
    pending.current = null;
    if (target === 'heading') {
      // focus() alone would scroll just far enough to show the heading, leaving the step bar above it (or, with
      // the old `block: 'start'`, the heading itself under the sticky header). The root's scroll-padding-top
      // (app.css) keeps both scrolls below the header; `nearest` only moves when the heading is still out of
      // view (a phone with the price summary unfolded).
      headingRef.current?.focus({ preventScroll: true });
      pageRef.current?.scrollIntoView?.({ block: 'start' });
      headingRef.current?.scrollIntoView?.({ block: 'nearest' });
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
  return { pageRef, formRef, headingRef, requestFocus };
}

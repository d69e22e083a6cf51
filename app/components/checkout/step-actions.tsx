import { ChevronLeft, ChevronRight, Lock } from 'lucide-react';
import { useT } from '../i18n-context.tsx';

/**
 * The buttons under a step: back (on step 1: back to the tariffs to choose another offer) and the primary
 * button, "next" or, on the last step, the binding booking.
 */
export function StepActions({
  isFirst,
  isLast,
  pending,
  disabled,
  onBack,
  tariffsUrl,
}: {
  isFirst: boolean;
  isLast: boolean;
  pending: boolean;
  /** the primary button waits (e.g. for the stored state) */
  disabled: boolean;
  onBack: () => void;
  tariffsUrl: string;
}) {
  const t = useT();
  return (
    // The primary button comes first in the markup: it is the form's default button (Enter in a field).
    <div className="mt-6 flex flex-col gap-3 border-t border-line pt-5 sm:flex-row-reverse sm:items-center sm:justify-between">
      <button
        type="submit"
        className="btn-primary"
        disabled={pending || disabled}
        aria-busy={pending || undefined}
        data-step-submit
      >
        {isLast ? <Lock aria-hidden size={18} /> : null}
        {pending
          ? t(isLast ? 'checkout.submitting' : 'checkout.checking')
          : t(isLast ? 'checkout.submit' : 'checkout.next')}
        {!isLast && !pending ? <ChevronRight aria-hidden size={18} /> : null}
      </button>
      {isFirst ? (
        <a className="btn-secondary" href={tariffsUrl}>
          <ChevronLeft aria-hidden size={18} />
          {t('checkout.change_tariff')}
        </a>
      ) : (
        // Without JavaScript a submit of the form with `intent=back` (the server keeps the fields unchecked).
        <button
          type="submit"
          name="intent"
          value="back"
          formNoValidate
          className="btn-secondary"
          onClick={(event) => {
            event.preventDefault();
            onBack();
          }}
          disabled={pending}
        >
          <ChevronLeft aria-hidden size={18} />
          {t('checkout.back')}
        </button>
      )}
    </div>
  );
}

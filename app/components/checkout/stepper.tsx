import { Check } from 'lucide-react';
import { useT } from '../i18n-context.tsx';
import { FORM_STEPS, type FormStep } from './checkout-model.ts';

/**
 * The step indicator: the three step names in order, the current one with `aria-current="step"`; earlier
 * steps are buttons that go back (what was entered stays).
 */
export function Stepper({
  current,
  onGoto,
  disabled,
}: {
  current: FormStep;
  onGoto: (step: FormStep) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const index = FORM_STEPS.indexOf(current);
  return (
    <nav aria-label={t('checkout.steps.label')} className="mt-4">
      <ol className="flex items-center gap-2 text-sm sm:gap-4" data-stepper>
        {FORM_STEPS.map((step, i) => {
          const done = i < index;
          const isCurrent = i === index;
          const badge = (
            <span
              aria-hidden
              className={`flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-bold ${
                isCurrent
                  ? 'border-accent bg-accent text-white'
                  : done
                    ? 'border-accent bg-accent-soft text-accent'
                    : 'border-line bg-card text-muted'
              }`}
            >
              {done ? <Check size={14} /> : i + 1}
            </span>
          );
          const name = t(`checkout.step.${step}`);
          return (
            <li
              key={step}
              className={`flex min-w-0 items-center gap-2 ${isCurrent ? 'flex-1' : 'sm:flex-1'}`}
              aria-current={isCurrent ? 'step' : undefined}
            >
              {done ? (
                <button
                  type="button"
                  className="-my-2 flex min-h-11 min-w-11 items-center gap-2 rounded-md text-accent underline-offset-2 hover:underline"
                  onClick={() => onGoto(step)}
                  disabled={disabled}
                >
                  {badge}
                  <span className="sr-only sm:not-sr-only sm:truncate">
                    <span className="sr-only">{t('checkout.steps.back_to')} </span>
                    {name}
                  </span>
                </button>
              ) : (
                <>
                  {badge}
                  <span
                    className={
                      isCurrent ? 'truncate font-semibold text-ink' : 'sr-only text-muted sm:not-sr-only sm:truncate'
                    }
                  >
                    <span className="sr-only">
                      {t('checkout.steps.position', { n: i + 1, total: FORM_STEPS.length })}{' '}
                    </span>
                    {name}
                  </span>
                </>
              )}
              {i < FORM_STEPS.length - 1 ? <span aria-hidden className="hidden h-px flex-1 bg-line sm:block" /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

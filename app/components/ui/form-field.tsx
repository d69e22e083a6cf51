import { useT } from '../i18n-context.tsx';

/** The ARIA wiring a {@link FormField} hands to its control. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** DOM id of a field's error message (`<control id>-error`). */
export const fieldErrorId = (id: string) => `${id}-error`;
/** DOM id of a field's hint (`<control id>-hint`). */
export const fieldHintId = (id: string) => `${id}-hint`;

/** `aria-invalid` and `aria-describedby` (error first, then hint) of the control with `id`. */
export function fieldAria(id: string, { invalid, hint }: { invalid: boolean; hint: boolean }): FieldControlProps {
  const ids = [invalid ? fieldErrorId(id) : null, hint ? fieldHintId(id) : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': invalid ? true : undefined, 'aria-describedby': ids || undefined };
}

type FormFieldProps = {
  /** the control's id: the label points at it, error and hint ids derive from it */
  id: string;
  label: React.ReactNode;
  /** the message of an invalid value; none means valid */
  error?: React.ReactNode;
  hint?: React.ReactNode;
  /** a short form shows either the hint or the error, not both */
  hintHiddenOnError?: boolean;
  /** marks the label "(optional)"; required fields carry no marker (most fields are required) */
  optional?: boolean;
  /** beside the label, right-aligned (e.g. the date picker's button) */
  labelAside?: React.ReactNode;
  /** the field's name for `data-field-error` (the checkout's tests and focus logic find errors by it) */
  errorName?: string;
  /** `alert` when the error appears without a page load and must be announced */
  errorRole?: 'alert';
  className?: string;
  /** the control (input, select, textarea, or a group around one), given its id and ARIA attributes */
  children: (control: FieldControlProps) => React.ReactNode;
};

/**
 * One form field: label, control, error message and hint, with the control wired to them (`id`,
 * `aria-invalid`, `aria-describedby`). The shop's forms all use it, so every field reads the same to a screen
 * reader and looks the same.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  hintHiddenOnError = false,
  optional = false,
  labelAside,
  errorName,
  errorRole,
  className,
  children,
}: FormFieldProps) {
  const t = useT();
  const invalid = Boolean(error);
  const showHint = Boolean(hint) && !(invalid && hintHiddenOnError);
  const labelElement = (
    <label className="field-label" htmlFor={id}>
      {label}
      {optional ? <span className="font-normal text-muted"> ({t('checkout.optional')})</span> : null}
    </label>
  );
  return (
    <div className={className}>
      {labelAside ? (
        <div className="flex items-end justify-between gap-2">
          {labelElement}
          <div className="mb-1 -mt-1">{labelAside}</div>
        </div>
      ) : (
        labelElement
      )}
      {children(fieldAria(id, { invalid, hint: showHint }))}
      {invalid ? (
        <p id={fieldErrorId(id)} role={errorRole} className="field-error" data-field-error={errorName}>
          {error}
        </p>
      ) : null}
      {showHint ? (
        <p id={fieldHintId(id)} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

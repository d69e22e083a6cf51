import type { FieldErrors } from '~/domain/checkout-schema.ts';
import { fieldAria, fieldErrorId, fieldHintId, FormField } from '../ui/form-field.tsx';
import { useT } from '../i18n-context.tsx';

/** The DOM id of a checkout field, by wire key (e.g. `co-billIsDifferentAddressStreet`). */
export const fieldId = (name: string) => `co-${name}`;

/** `aria-invalid` and `aria-describedby` of a field with optional error and hint (for groups without a FormField). */
export function describe(name: string, errors: FieldErrors, hasHint = false) {
  const aria = fieldAria(fieldId(name), { invalid: (errors[name]?.length ?? 0) > 0, hint: hasHint });
  return { 'aria-invalid': aria['aria-invalid'], 'aria-describedby': aria['aria-describedby'] };
}

/** The translated messages of a field, or null (server texts pass through `t` unchanged). */
export function useFieldError() {
  const t = useT();
  return (name: string, errors: FieldErrors) => (errors[name]?.length ? errors[name].map((m) => t(m)).join(' ') : null);
}

/** The error of a field group (fieldset) whose controls have no FormField. */
export function FieldError({ name, errors }: { name: string; errors: FieldErrors }) {
  const message = useFieldError()(name, errors);
  if (!message) return null;
  return (
    <p id={fieldErrorId(fieldId(name))} className="field-error" data-field-error={name}>
      {message}
    </p>
  );
}

/** A hint below a field group. */
export function FieldHint({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <p id={fieldHintId(fieldId(name))} className="mt-1 text-xs text-muted">
      {children}
    </p>
  );
}

type TextFieldProps = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: FieldErrors;
  optional?: boolean;
  hint?: React.ReactNode;
  className?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'className'>;

/** A checkout text input in its {@link FormField}. */
export function TextField({
  name,
  label,
  value,
  onChange,
  errors,
  optional,
  hint,
  className,
  ...rest
}: TextFieldProps) {
  const error = useFieldError()(name, errors);
  return (
    <FormField
      id={fieldId(name)}
      label={label}
      error={error}
      hint={hint}
      optional={optional}
      errorName={name}
      className={className}
    >
      {(control) => (
        <input
          {...control}
          name={name}
          type="text"
          className="field-input"
          value={value}
          required={!optional}
          onChange={(e) => onChange(e.target.value)}
          {...rest}
        />
      )}
    </FormField>
  );
}

/** A checkout select in its {@link FormField}. */
export function SelectField({
  name,
  label,
  value,
  onChange,
  errors,
  options,
  className,
  autoComplete,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: FieldErrors;
  options: { value: string; label: string }[];
  className?: string;
  autoComplete?: string;
}) {
  const error = useFieldError()(name, errors);
  return (
    <FormField id={fieldId(name)} label={label} error={error} errorName={name} className={className}>
      {(control) => (
        <select
          {...control}
          name={name}
          className="field-input"
          value={value}
          autoComplete={autoComplete}
          onChange={(e) => onChange(e.target.value)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** The errors that belong to no field, above the step's fields. */
export function FormErrors({ messages, id }: { messages: string[] | undefined; id: string }) {
  const t = useT();
  if (!messages?.length) return null;
  return (
    <div
      id={id}
      tabIndex={-1}
      role="alert"
      className="rounded-lg border border-danger bg-danger-soft px-4 py-3 text-sm text-danger"
      data-form-error
    >
      {messages.map((m, i) => (
        <p key={i}>{t(m)}</p>
      ))}
    </div>
  );
}

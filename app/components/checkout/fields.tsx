import type { FieldErrors } from '~/domain/checkout-schema.ts';
import { useT } from '../i18n-context.tsx';

/** The DOM id of a checkout field, by wire key (e.g. `co-billIsDifferentAddressStreet`). */
export const fieldId = (name: string) => `co-${name}`;
const errorId = (name: string) => `co-${name}-error`;
const hintId = (name: string) => `co-${name}-hint`;

/** `aria-invalid` and `aria-describedby` of a field with optional error and hint. */
export function describe(name: string, errors: FieldErrors, hasHint = false) {
  const invalid = (errors[name]?.length ?? 0) > 0;
  const ids = [invalid ? errorId(name) : null, hasHint ? hintId(name) : null].filter(Boolean).join(' ');
  return { 'aria-invalid': invalid ? (true as const) : undefined, 'aria-describedby': ids || undefined };
}

/** The translated messages of a field (server texts pass through `t` unchanged). */
export function FieldError({ name, errors }: { name: string; errors: FieldErrors }) {
  const t = useT();
  const list = errors[name];
  if (!list?.length) return null;
  return (
    <p id={errorId(name)} className="field-error" data-field-error={name}>
      {list.map((m) => t(m)).join(' ')}
    </p>
  );
}

/** A hint below a field. */
export function FieldHint({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <p id={hintId(name)} className="mt-1 text-xs text-muted">
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

/** A labelled text input with its error and hint. */
export function TextField({ name, label, value, onChange, errors, optional, hint, className, ...rest }: TextFieldProps) {
  const t = useT();
  return (
    <div className={className}>
      <label className="field-label" htmlFor={fieldId(name)}>
        {label}
        {optional ? <span className="font-normal text-muted"> ({t('checkout.optional')})</span> : null}
      </label>
      <input
        id={fieldId(name)}
        name={name}
        type="text"
        className="field-input"
        value={value}
        required={!optional}
        onChange={(e) => onChange(e.target.value)}
        {...describe(name, errors, Boolean(hint))}
        {...rest}
      />
      <FieldError name={name} errors={errors} />
      {hint ? <FieldHint name={name}>{hint}</FieldHint> : null}
    </div>
  );
}

/** A labelled select with its error. */
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
  return (
    <div className={className}>
      <label className="field-label" htmlFor={fieldId(name)}>
        {label}
      </label>
      <select
        id={fieldId(name)}
        name={name}
        className="field-input"
        value={value}
        autoComplete={autoComplete}
        onChange={(e) => onChange(e.target.value)}
        {...describe(name, errors)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError name={name} errors={errors} />
    </div>
  );
}

/** The errors that belong to no field, above the step's fields. */
export function FormErrors({ messages, id }: { messages: string[] | undefined; id: string }) {
  const t = useT();
  if (!messages?.length) return null;
  return (
    <div id={id} tabIndex={-1} role="alert" className="rounded-lg border border-danger bg-danger-soft px-4 py-3 text-sm text-danger" data-form-error>
      {messages.map((m, i) => (
        <p key={i}>{t(m)}</p>
      ))}
    </div>
  );
}

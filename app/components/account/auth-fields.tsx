/**
 * The fields of the account forms (sign-in, sign-up, lost and new password), shared by the modals and the
 * no-JS pages: uncontrolled inputs (read as `FormData` on submit), each in a `FormField`. `idPrefix` keeps ids
 * unique when a modal and a page form are on the same page.
 */
import { useHref, useT } from '../i18n-context.tsx';
import { FormField } from '../ui/form-field.tsx';

/** Translated field messages by wire name. */
export type FieldMessages = Partial<Record<string, string>>;

type FieldsProps = {
  idPrefix: string;
  errors?: FieldMessages;
  values?: Partial<Record<string, string>>;
  /** `alert` when errors appear without a page load (modals) */
  errorRole?: 'alert';
};

type InputProps = FieldsProps & {
  name: string;
  label: string;
  type?: string;
  autoComplete: string;
  hint?: string;
  maxLength?: number;
};

/** One text-like input in a FormField. */
export function TextInput({
  idPrefix,
  errors = {},
  values = {},
  errorRole,
  name,
  label,
  type = 'text',
  autoComplete,
  hint,
  maxLength = 254,
}: InputProps) {
  return (
    <FormField
      id={`${idPrefix}-${name}`}
      label={label}
      error={errors[name]}
      errorName={name}
      errorRole={errorRole}
      hint={hint}
    >
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          className="field-input"
          defaultValue={type === 'password' ? undefined : (values[name] ?? '')}
          autoComplete={autoComplete}
          maxLength={maxLength}
          required
          spellCheck={type === 'email' || type === 'password' ? false : undefined}
        />
      )}
    </FormField>
  );
}

/** Anrede: Mr, Ms, diverse (radios `1`, `0`, `d`). */
export function GenderRadios({ idPrefix, errors = {}, values = {}, errorRole }: FieldsProps) {
  const t = useT();
  const error = errors.gender;
  const errorId = `${idPrefix}-gender-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">{t('checkout.billing.gender')}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-1">
        {(
          [
            ['1', 'checkout.gender.mr'],
            ['0', 'checkout.gender.ms'],
            ['d', 'checkout.gender.diverse'],
          ] as const
        ).map(([value, key]) => (
          <label key={value} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name="gender"
              value={value}
              defaultChecked={values.gender === value}
              className="size-5 accent-accent"
              data-invalid={error ? true : undefined}
            />
            {t(key)}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role={errorRole} className="field-error" data-field-error="gender">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A tick box with its error (terms, newsletter). */
export function TickBox({
  idPrefix,
  errors = {},
  values = {},
  errorRole,
  name,
  children,
  defaultChecked = false,
}: FieldsProps & { name: string; children: React.ReactNode; defaultChecked?: boolean }) {
  const error = errors[name];
  const errorId = `${idPrefix}-${name}-error`;
  return (
    <div>
      <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm" htmlFor={`${idPrefix}-${name}`}>
        <input
          id={`${idPrefix}-${name}`}
          type="checkbox"
          name={name}
          value="1"
          defaultChecked={defaultChecked || values[name] === '1'}
          className="mt-0.5 size-5 shrink-0 accent-accent"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span>{children}</span>
      </label>
      {error ? (
        <p id={errorId} role={errorRole} className="field-error" data-field-error={name}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Sign-in: e-mail and password. */
export function SignInFields(props: FieldsProps) {
  const t = useT();
  return (
    <>
      <TextInput {...props} name="login" type="email" label={t('auth.page.email')} autoComplete="username" />
      <TextInput
        {...props}
        name="password"
        type="password"
        label={t('auth.page.password')}
        autoComplete="current-password"
        maxLength={128}
      />
    </>
  );
}

/** New password and its confirmation (sign-up, reset, change). */
export function NewPasswordFields(props: FieldsProps) {
  const t = useT();
  return (
    <>
      <TextInput
        {...props}
        name="password"
        type="password"
        label={t('auth.page.new_password')}
        autoComplete="new-password"
        hint={t('auth.page.password_hint')}
        maxLength={128}
      />
      <TextInput
        {...props}
        name="passwordConfirmation"
        type="password"
        label={t('auth.page.password_confirmation')}
        autoComplete="new-password"
        maxLength={128}
      />
    </>
  );
}

/** First and last name side by side (sign-up and the account's profile). */
export function NameFields(props: FieldsProps) {
  const t = useT();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextInput
        {...props}
        name="firstname"
        label={t('checkout.billing.firstname')}
        autoComplete="given-name"
        maxLength={100}
      />
      <TextInput
        {...props}
        name="lastname"
        label={t('checkout.billing.lastname')}
        autoComplete="family-name"
        maxLength={100}
      />
    </div>
  );
}

/** Sign-up: gender, names, e-mail, password twice, newsletter (unticked), terms (required). */
export function SignUpFields(props: FieldsProps) {
  const t = useT();
  const href = useHref();
  return (
    <>
      <GenderRadios {...props} />
      <NameFields {...props} />
      <TextInput {...props} name="email" type="email" label={t('auth.page.email')} autoComplete="email" />
      <NewPasswordFields {...props} />
      <TickBox {...props} name="newsletter">
        {t('auth.page.newsletter')}
      </TickBox>
      <TickBox {...props} name="terms">
        {t('auth.page.terms_before')}{' '}
        <a className="text-accent underline" href={href('/agb')} target="_blank" rel="noopener">
          {t('auth.page.terms_link')}
        </a>
        {t('auth.page.terms_after')}
      </TickBox>
    </>
  );
}

/** Lost password: the e-mail. */
export function LostPasswordFields(props: FieldsProps) {
  const t = useT();
  return <TextInput {...props} name="email" type="email" label={t('auth.page.email')} autoComplete="email" />;
}

/** A form-level message (e.g. a wrong password, too many attempts), announced. */
export function FormMessage({
  message,
  tone = 'danger',
}: {
  message: string | null | undefined;
  tone?: 'danger' | 'info';
}) {
  if (!message) return null;
  return (
    <p
      role={tone === 'danger' ? 'alert' : 'status'}
      className={`rounded-lg border p-3 text-sm ${tone === 'danger' ? 'border-danger bg-danger-soft text-danger' : 'border-line bg-accent-soft text-ink'}`}
      data-form-message
    >
      {message}
    </p>
  );
}

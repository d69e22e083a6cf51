/**
 * The newsletter sign-up (issue 10): in the footer of every page (e-mail only) and on `/newsletter` (with the
 * optional names). It shows the consent text next to the button; that text (with its version) is what the
 * server stores as proof. With JavaScript it calls `POST /api/newsletter` and answers in place; without, the
 * form posts to the `/newsletter` page's action, which redirects back here with a flash message.
 */
import { useState } from 'react';
import { useLocation } from 'react-router';
import { api, isApiError } from '~/client/api.ts';
import { issuesToFieldKeys } from '~/domain/field-errors.ts';
import { useHref, useT } from '../i18n-context.tsx';
import { CsrfField } from '../ui/csrf-field.tsx';
import { FormField } from '../ui/form-field.tsx';

type Values = { email?: string; firstname?: string; lastname?: string };

/** The state of a sign-up: the answer's message, or field and form errors. */
type Outcome = { ok: true; message: string } | { ok: false; errors: Record<string, string>; message?: string };

/**
 * Checks the values with the shared schema, loaded on the first submit (zod stays out of every page's first load,
 * issue 11); when it cannot load, the server's check (the same schema) answers alone.
 */
async function checkValues(values: Values) {
  try {
    const { NewsletterSignupSchema } = await import('~/domain/newsletter.ts');
    return NewsletterSignupSchema.safeParse(values);
  } catch {
    return null;
  }
}

/** Posts the form to the API; maps 422 field errors and other refusals to messages. */
async function submit(values: Values, source: string, t: (key: string) => string): Promise<Outcome> {
  const parsed = await checkValues(values);
  if (parsed && !parsed.success) {
    const keys = issuesToFieldKeys(parsed.error.issues);
    return { ok: false, errors: Object.fromEntries(Object.entries(keys).map(([f, k]) => [f, t(k[0])])) };
  }
  try {
    const body = await api.newsletter({ ...values, source });
    return { ok: true, message: body.message };
  } catch (error) {
    if (isApiError(error, 422)) {
      const fields = Object.fromEntries(Object.entries(error.fieldErrors).map(([f, list]) => [f, list[0] ?? '']));
      return { ok: false, errors: fields };
    }
    return { ok: false, errors: {}, message: isApiError(error) ? error.message : t('api.error.server') };
  }
}

/**
 * The sign-up form. `variant` `footer`: e-mail and button in one row; `page`: with first and last name.
 * `values`/`errors`/`message` refill the page variant after a refused post without JavaScript.
 */
export function NewsletterSignupForm({
  variant,
  values = {},
  errors: serverErrors = {},
  message: serverMessage,
}: {
  variant: 'footer' | 'page';
  values?: Values;
  errors?: Record<string, string>;
  message?: string | null;
}) {
  const t = useT();
  const href = useHref();
  const location = useLocation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = outcome && !outcome.ok ? outcome.errors : serverErrors;
  const formMessage = outcome && !outcome.ok ? outcome.message : serverMessage;
  const id = (name: string) => `newsletter-${variant}-${name}`;
  const titleId = id('title');

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => (form.has(name) ? String(form.get(name)) : undefined);
    setBusy(true);
    const result = await submit(
      { email: read('email'), firstname: read('firstname'), lastname: read('lastname') },
      variant,
      t,
    );
    setBusy(false);
    setOutcome(result);
  }

  const footer = variant === 'footer';
  // Footer on wide screens: title and text on the left, the fields on the right.
  const layout = footer ? 'lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start lg:gap-x-12' : '';
  const heading = (
    <div>
      <h2 id={titleId} className={footer ? 'text-base font-semibold text-ink' : 'sr-only'}>
        {t('newsletter.footer.title')}
      </h2>
      {footer ? <p className="mt-1 text-sm text-muted">{t('newsletter.footer.text')}</p> : null}
    </div>
  );
  if (outcome?.ok) {
    return (
      <section className={layout} aria-labelledby={titleId}>
        {heading}
        <p
          role="status"
          className="mt-3 rounded-lg border border-success/30 bg-success-soft p-3 text-sm text-ink lg:mt-0"
          data-newsletter-done
        >
          {outcome.message}
        </p>
      </section>
    );
  }
  return (
    <form
      method="post"
      action={href('/newsletter')}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={titleId}
      className={layout}
      data-newsletter-form={variant}
    >
      {heading}
      <div>
        <CsrfField />
        <input type="hidden" name="source" value={variant} />
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        {formMessage ? (
          <p role="alert" className="mt-3 rounded-lg border border-danger bg-danger-soft p-3 text-sm text-danger">
            {formMessage}
          </p>
        ) : null}
        {footer ? null : (
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {(['firstname', 'lastname'] as const).map((name) => (
              <FormField key={name} id={id(name)} label={t(`newsletter.form.${name}`)} optional error={errors[name]}>
                {(control) => (
                  <input
                    {...control}
                    name={name}
                    autoComplete={name === 'firstname' ? 'given-name' : 'family-name'}
                    defaultValue={values[name]}
                    className="field-input"
                  />
                )}
              </FormField>
            ))}
          </div>
        )}
        <div className={footer ? 'mt-3 flex flex-col gap-2 sm:flex-row sm:items-start lg:mt-0' : 'mt-4 grid gap-4'}>
          <FormField
            id={id('email')}
            label={t('newsletter.form.email')}
            error={errors.email}
            errorRole="alert"
            className="min-w-0 flex-1"
          >
            {(control) => (
              <input
                {...control}
                name="email"
                type="email"
                autoComplete="email"
                required
                defaultValue={values.email}
                className="field-input"
              />
            )}
          </FormField>
          <button
            type="submit"
            className={`btn-primary shrink-0 ${footer ? 'sm:mt-6' : ''}`}
            disabled={busy}
            aria-busy={busy}
          >
            {t('newsletter.form.submit')}
          </button>
        </div>
        <p className="mt-2 text-xs leading-relaxed text-muted" data-newsletter-consent>
          {t('newsletter.consent')}{' '}
          <a className="underline hover:text-accent" href={href('/datenschutz')}>
            {t('newsletter.privacy_link')}
          </a>
        </p>
      </div>
    </form>
  );
}

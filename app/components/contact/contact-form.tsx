/**
 * The contact form (DESIGN §3 `contact.index`): topic, optional booking number, name, e-mail, message and a
 * honeypot. Without JavaScript it posts to the page's action (`_csrf`, then a redirect with a flash message); with
 * JavaScript it checks the fields in the browser (the shared `ContactMessageSchema`) and calls `POST /api/contact`.
 */
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { api } from '~/client/api.ts';
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_MIN_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_TOPICS,
  contactBodyFromForm,
} from '~/domain/contact-schema.ts';
import { FormMessage } from '../account/auth-fields.tsx';
import { useApiForm } from '../account/use-api-form.ts';
import { useT } from '../i18n-context.tsx';
import { CsrfField } from '../ui/csrf-field.tsx';
import { FormField } from '../ui/form-field.tsx';

/** What a refused no-JS post hands back: field messages, a form message and the values to refill. */
export type ContactFormState = {
  errors?: Record<string, string>;
  message?: string | null;
  values?: Record<string, string>;
};

export function ContactForm({ refused, preset }: { refused?: ContactFormState; preset: Record<string, string> }) {
  const t = useT();
  const navigation = useNavigation();
  const [sent, setSent] = useState<string | null>(null);
  // once the browser posts through the API, the answer of an earlier no-JS post is stale
  const [viaApi, setViaApi] = useState(false);
  const api$ = useApiForm({
    toBody: contactBodyFromForm,
    schema: () => import('~/domain/contact-schema.ts').then((m) => m.ContactMessageSchema),
    call: (body) => api.contact(body),
    onSuccess: (result, form) => {
      form.reset();
      setSent(result.message);
    },
  });
  const errors = viaApi ? api$.errors : (refused?.errors ?? {});
  const values = refused?.values ?? preset;
  const message =
    (viaApi ? api$.message : refused?.message) ?? (Object.keys(errors).length ? t('contact.form.error') : null);
  const busy = api$.busy || navigation.state === 'submitting';
  const fieldProps = (name: string) => ({ error: errors[name], errorName: name, errorRole: 'alert' as const });

  return (
    <Form
      method="post"
      noValidate
      onSubmit={(event) => {
        setViaApi(true);
        setSent(null);
        api$.onSubmit(event);
      }}
      className="grid gap-5"
      data-contact-form
    >
      <CsrfField />
      {sent ? (
        <div
          role="status"
          className="flex gap-3 rounded-lg border border-success/30 bg-success-soft p-4"
          data-contact-sent
        >
          <CircleCheck aria-hidden size={20} className="mt-0.5 shrink-0 text-success" />
          <div>
            <p className="font-semibold text-ink">{t('contact.success_title')}</p>
            <p className="text-sm text-ink">{sent}</p>
          </div>
        </div>
      ) : null}
      <FormMessage message={message} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-topic" label={t('contact.form.topic')} {...fieldProps('topic')}>
          {(control) => (
            <select {...control} name="topic" className="field-input" defaultValue={values.topic ?? ''} required>
              <option value="" disabled>
                {t('contact.form.topic_choose')}
              </option>
              {CONTACT_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {t(`contact.topic.${topic}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id="contact-reference"
          label={t('contact.form.reference')}
          optional
          hint={t('contact.form.reference_hint')}
          {...fieldProps('reference')}
        >
          {(control) => (
            <input
              {...control}
              name="reference"
              className="field-input font-mono uppercase tracking-widest"
              defaultValue={values.reference ?? ''}
              maxLength={16}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
          )}
        </FormField>
        <FormField id="contact-name" label={t('contact.form.name')} {...fieldProps('name')}>
          {(control) => (
            <input
              {...control}
              name="name"
              className="field-input"
              defaultValue={values.name ?? ''}
              maxLength={CONTACT_NAME_MAX_LENGTH}
              autoComplete="name"
              required
            />
          )}
        </FormField>
        <FormField id="contact-email" label={t('contact.form.email')} {...fieldProps('email')}>
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              className="field-input"
              defaultValue={values.email ?? ''}
              maxLength={254}
              autoComplete="email"
              spellCheck={false}
              required
            />
          )}
        </FormField>
      </div>
      <FormField
        id="contact-message"
        label={t('contact.form.message')}
        hint={t('contact.form.message_hint')}
        {...fieldProps('message')}
      >
        {(control) => (
          <textarea
            {...control}
            name="message"
            rows={6}
            className="field-input min-h-36"
            defaultValue={values.message ?? ''}
            minLength={CONTACT_MESSAGE_MIN_LENGTH}
            maxLength={CONTACT_MESSAGE_MAX_LENGTH}
            required
          />
        )}
      </FormField>
      {/* Honeypot: off-screen, out of the tab order and hidden from assistive technology; people never fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">{t('contact.form.honeypot')}</label>
        <input
          id="contact-website"
          name={CONTACT_HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <p className="text-sm text-muted">{t('contact.form.privacy')}</p>
      <div>
        <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy}>
          {t('contact.form.submit')}
        </button>
      </div>
    </Form>
  );
}

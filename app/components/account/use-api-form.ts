import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import { isApiError } from '~/client/api.ts';
import { issuesToFieldKeys } from '~/domain/field-errors.ts';
import { useT } from '../i18n-context.tsx';
import type { FieldMessages } from './auth-fields.tsx';

/**
 * Field messages of a failed parse of `body` with the schema `load` resolves to (translated), or null when it
 * passes. The schema (and zod, ~24 KiB gzip) loads on the first submit, not with the page (issue 11 budget); when
 * it cannot load, the server's check alone answers (it validates with the same schema).
 */
async function schemaMessages(
  load: () => Promise<z.ZodType>,
  body: unknown,
  t: (key: string) => string,
): Promise<FieldMessages | null> {
  let schema: z.ZodType;
  try {
    schema = await load();
  } catch {
    return null;
  }
  const result = schema.safeParse(body);
  if (result.success) return null;
  const keys = issuesToFieldKeys(result.error.issues);
  return Object.fromEntries(Object.entries(keys).map(([field, list]) => [field, t(list[0] ?? 'validation.invalid')]));
}

/**
 * A form that posts to the API (the account modals, the account page with JavaScript): reads the form on
 * submit, validates in the browser (`schema` loads the shared zod schema), calls the API and shows its 422 field
 * messages (already translated by the server) or its message (429 and others). The first invalid field gets
 * the focus; field errors are announced (FormField `errorRole="alert"`).
 */
export function useApiForm<B, R>({
  toBody,
  schema,
  call,
  onSuccess,
}: {
  toBody: (form: FormData) => B;
  schema?: () => Promise<z.ZodType>;
  call: (body: B) => Promise<R>;
  onSuccess: (result: R, form: HTMLFormElement) => void;
}) {
  const t = useT();
  const [errors, setErrors] = useState<FieldMessages>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The messages are committed first (flushSync), so the invalid fields are marked when the focus moves: a frame
  // callback could run before React had rendered them (seen under load: the focus stayed on the button).
  const showErrors = (form: HTMLFormElement, fields: FieldMessages, formMessage: string | null) => {
    flushSync(() => {
      setBusy(false);
      setErrors(fields);
      setMessage(formMessage);
    });
    form.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid]')?.focus();
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const body = toBody(new FormData(form));
    setBusy(true);
    const invalid = schema ? await schemaMessages(schema, body, t) : null;
    if (invalid) {
      showErrors(form, invalid, null);
      return;
    }
    setErrors({});
    setMessage(null);
    try {
      onSuccess(await call(body), form);
    } catch (error) {
      if (isApiError(error, 422) && Object.keys(error.fieldErrors).length > 0) {
        const fields = Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
        const shown = Object.keys(fields).filter((k) => form.querySelector(`[name="${CSS.escape(k)}"]`));
        // a field the form does not show (e.g. a reset link's token) speaks through the form message
        showErrors(form, fields, shown.length === Object.keys(fields).length ? null : Object.values(fields).join(' '));
      } else if (isApiError(error)) {
        setMessage(error.body?.message ?? t('auth.page.error'));
      } else {
        setMessage(t('auth.page.error'));
      }
    } finally {
      setBusy(false);
    }
  };

  return { errors, message, busy, onSubmit: (e: React.FormEvent<HTMLFormElement>) => void onSubmit(e) };
}

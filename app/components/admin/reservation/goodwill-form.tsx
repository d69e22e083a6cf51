import { Form } from 'react-router';
import type { ManageBookingResult } from '~/components/reservation/manage-booking.tsx';
import { FormMessage, TextInput } from '~/components/account/auth-fields.tsx';
import { useT } from '~/components/i18n-context.tsx';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import { FormField } from '~/components/ui/form-field.tsx';

/**
 * Goodwill cancellation on the back office's reservation page (issue 33 item 5): the amount (empty: everything that
 * can go back, at most `max`, formatted) and the reason, one post (`intent` `goodwill`) that works without
 * JavaScript; `failure` is a refused post's answer (message, field errors, values).
 */
export function GoodwillForm({ max, failure }: { max: string; failure?: ManageBookingResult }) {
  const t = useT();
  const { errors = {}, values = {}, message } = failure ?? {};
  return (
    <section aria-labelledby="goodwill-title" className="card grid gap-3 p-5" data-goodwill>
      <h2 id="goodwill-title" className="text-lg font-semibold">
        {t('admin.goodwill.title')}
      </h2>
      <p className="text-sm text-muted">{t('admin.goodwill.intro', { max })}</p>
      <Form method="post" noValidate className="grid max-w-xl gap-3">
        <CsrfField />
        <input type="hidden" name="intent" value="goodwill" />
        <FormMessage message={message} />
        <FormField
          id="goodwill-amount"
          label={t('admin.goodwill.amount')}
          error={errors.amount}
          errorName="amount"
          optional
        >
          {(control) => (
            <input
              {...control}
              name="amount"
              className="field-input max-w-40"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={values.amount ?? ''}
            />
          )}
        </FormField>
        <TextInput
          idPrefix="goodwill"
          errors={errors}
          values={values}
          name="reason"
          label={t('admin.goodwill.reason')}
          autoComplete="off"
          maxLength={500}
        />
        <button type="submit" className="btn-secondary justify-self-start" data-goodwill-submit>
          {t('admin.goodwill.submit')}
        </button>
      </Form>
    </section>
  );
}

import { useState } from 'react';
import { Form } from 'react-router';
import { ApiError, api } from '~/client/api.ts';
import { useT } from '../i18n-context.tsx';
import { CsrfField } from '../ui/csrf-field.tsx';
import { FormField } from '../ui/form-field.tsx';

/**
 * Sign-up for news about a locked airport (SPEC §2 checkout.tariffs, §3 fields email, airportId,
 * airportStatus). With JavaScript it calls `POST /api/locked-airport-notification`; without, it posts to the
 * page's action (`intent=notify`).
 */
function LockedAirportForm({ airportId, result }: { airportId: number; result?: { ok: boolean; message: string } }) {
  const t = useT();
  const [state, setState] = useState<{ ok: boolean; message: string } | undefined>(result);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setBusy(true);
    try {
      const body = await api.post<{ message: string }>('locked-airport-notification', {
        email,
        airportId,
        airportStatus: 'locked',
      });
      setState({ ok: true, message: body.message });
    } catch (error) {
      const body = error instanceof ApiError ? error.body : null;
      setState({ ok: false, message: body?.errors?.email?.[0] ?? body?.message ?? t('api.error.server') });
    } finally {
      setBusy(false);
    }
  }

  if (state?.ok) {
    return (
      <p role="status" className="mt-4 rounded-lg bg-success-soft p-3 font-medium text-success">
        {state.message}
      </p>
    );
  }
  return (
    <Form
      method="post"
      onSubmit={onSubmit}
      className="mt-4"
      aria-labelledby="locked-form-title"
      data-locked-airport-form
    >
      <h3 id="locked-form-title" className="font-semibold">
        {t('locked.form.title')}
      </h3>
      <p className="mt-1 text-sm text-muted">{t('locked.form.text')}</p>
      <input type="hidden" name="intent" value="notify" />
      <input type="hidden" name="airportId" value={airportId} />
      <input type="hidden" name="airportStatus" value="locked" />
      <CsrfField />
      <FormField
        id="locked-email"
        label={t('locked.form.email')}
        error={state && !state.ok ? state.message : undefined}
        errorRole="alert"
        className="mt-3"
      >
        {(control) => (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              required
              className="field-input flex-1"
            />
            <button type="submit" className="btn-primary" disabled={busy}>
              {t('locked.form.submit')}
            </button>
          </div>
        )}
      </FormField>
    </Form>
  );
}

/** The tariffs page's notice for a locked airport: why there are no offers, and the sign-up form. */
export function LockedAirportNotice({
  airportId,
  comment,
  result,
}: {
  airportId: number;
  /** the airport's own notice; a general text when it has none */
  comment: string | null;
  result?: { ok: boolean; message: string };
}) {
  const t = useT();
  return (
    <section className="card mt-6 border-warn bg-warn-soft p-5" role="status" data-airport-locked>
      <h2 className="text-lg font-semibold text-warn">{t('tariffs.locked.title')}</h2>
      <p className="mt-2">{comment ?? t('tariffs.locked.text')}</p>
      <LockedAirportForm airportId={airportId} result={result} />
    </section>
  );
}

/**
 * "Preis beobachten" (issue 37 item 2): an e-mail field for watching the cheapest total of one stay at one
 * airport. Placed below the tariffs page's offers and, later, on the price calendar (it takes the airport's id and
 * the stay, nothing of the page around it). With JavaScript it calls `POST /api/price-watch` and answers in place;
 * without, it posts to `/preisbeobachtung`, whose action redirects back here with a flash notice (or shows its
 * own page with the messages when refused). The same answer whether or not the address watches already.
 */
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { api, isApiError } from '~/client/api.ts';
import { useHref, useT } from '../i18n-context.tsx';
import { CsrfField } from '../ui/csrf-field.tsx';
import { FormField } from '../ui/form-field.tsx';

/** What the form shows: nothing yet, the accepted answer, or the refusal's messages. */
type Outcome = { ok: true; message: string } | { ok: false; errors: Record<string, string>; message?: string };

/** The props of {@link PriceWatchForm}: the airport's numeric id and the stay (airport local `YYYY-MM-DDTHH:mm`). */
export type PriceWatchFormProps = {
  airportId: number;
  entry: string;
  exit: string;
  /** the address to refill after a refused post without JavaScript */
  email?: string;
  /** field messages (already translated) and the form's message after a refused post without JavaScript */
  errors?: Record<string, string>;
  message?: string | null;
  /** the page to come back to after the post without JavaScript (default: the current page) */
  returnTo?: string;
  /** false: no card and no visible heading of its own (a page whose frame already has both) */
  framed?: boolean;
  /** the watched stay in words, where the page shows several (the price calendar); default none */
  stay?: string;
};

/** The first message of each field of a 422 answer. */
function fieldMessages(errors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list[0] ?? '']));
}

/** The price watch form for one stay; see the module comment. */
export function PriceWatchForm({
  airportId,
  entry,
  exit,
  email,
  errors = {},
  message,
  returnTo,
  framed = true,
  stay,
}: PriceWatchFormProps) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const href = useHref();
  const location = useLocation();
  // The API's refusal replaces the server's messages of a post without JavaScript.
  const refusedNow = outcome?.ok === false ? outcome : null;
  const shown = refusedNow?.errors ?? errors;
  const formMessage = refusedNow ? refusedNow.message : message;
  const stayError = shown.entryTime ?? shown.exitTime ?? shown.airportId;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = String(new FormData(event.currentTarget).get('email') ?? '');
    setBusy(true);
    try {
      const body = await api.priceWatch({ email: address, airportId, entryTime: entry, exitTime: exit });
      setOutcome({ ok: true, message: body.message });
    } catch (error) {
      if (isApiError(error, 422)) setOutcome({ ok: false, errors: fieldMessages(error.fieldErrors) });
      else setOutcome({ ok: false, errors: {}, message: isApiError(error) ? error.message : t('api.error.server') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={framed ? 'card mt-6 p-5 sm:p-6' : ''} aria-labelledby="price-watch-title" data-price-watch>
      <h2 id="price-watch-title" className={framed ? 'flex items-center gap-2 text-lg font-semibold' : 'sr-only'}>
        <Bell aria-hidden size={20} className="text-accent" />
        {t('price_watch.form.title')}
      </h2>
      {stay ? <p className="mt-1 font-medium">{stay}</p> : null}
      <p className="mt-1 text-sm text-muted">{t('price_watch.form.text')}</p>
      {outcome?.ok ? (
        <p role="status" className="mt-4 rounded-lg border border-success/30 bg-success-soft p-3 text-sm text-ink">
          {outcome.message}
        </p>
      ) : (
        <form method="post" action={href('/preisbeobachtung')} onSubmit={onSubmit} noValidate className="mt-4">
          <CsrfField />
          <input type="hidden" name="airportId" value={airportId} />
          <input type="hidden" name="entryTime" value={entry} />
          <input type="hidden" name="exitTime" value={exit} />
          <input type="hidden" name="returnTo" value={returnTo ?? `${location.pathname}${location.search}`} />
          {formMessage || stayError ? (
            <p role="alert" className="mb-3 rounded-lg border border-danger bg-danger-soft p-3 text-sm text-danger">
              {formMessage ?? stayError}
            </p>
          ) : null}
          <FormField id="price-watch-email" label={t('price_watch.form.email')} error={shown.email} errorRole="alert">
            {(control) => (
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
                <input
                  {...control}
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  defaultValue={email}
                  className="field-input min-w-0 flex-1"
                />
                <button type="submit" className="btn-primary shrink-0" disabled={busy} aria-busy={busy}>
                  {t('price_watch.form.submit')}
                </button>
              </div>
            )}
          </FormField>
          <p className="mt-2 text-xs leading-relaxed text-muted">
            {t('price_watch.form.consent')}{' '}
            <a className="underline hover:text-accent" href={href('/datenschutz')}>
              {t('newsletter.privacy_link')}
            </a>
          </p>
        </form>
      )}
    </section>
  );
}

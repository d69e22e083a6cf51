import { Form } from 'react-router';
import type { FlightDelayPanel as View } from '~/domain/flight-delay-panel.ts';
import { useT } from '../i18n-context.tsx';
import { CsrfField } from '../ui/csrf-field.tsx';
import { PanelAnswer, type PanelResult } from './panel-answer.tsx';

/**
 * The return flight on the reservation page (issue 35 item 1): what is known of a delay (new arrival, expected exit,
 * until when leaving costs nothing) and, from 48 hours before the booked exit until the car has left, a form to state
 * the new arrival — a plain form post (works without JavaScript) to the page's action (`intent=flight-delay`).
 */
export function FlightDelayPanel({ view, result }: { view: View | null; result: PanelResult }) {
  const t = useT();
  if (!view) return null;
  const mine = result?.intent === 'flight-delay' ? result : undefined;
  const error = mine?.errors?.arrivalTime;
  return (
    <section
      aria-labelledby="flight-delay-title"
      className="mb-6 rounded-2xl border border-line bg-card p-4 sm:p-6 print:hidden"
      data-flight-delay-panel
    >
      <h2 id="flight-delay-title" className="text-lg font-semibold">
        {t('flight.panel.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {view.freeHours > 0 ? t('flight.panel.promise', { hours: view.freeHours }) : t('flight.panel.no_cover')}
      </p>
      {view.known ? (
        <p className="mt-3 rounded-lg bg-accent-soft p-3 text-sm" role="status" data-flight-delay-known>
          {view.known.cancelled
            ? t('flight.panel.cancelled')
            : t('flight.panel.known', { arrival: view.known.arrival ?? '–', exit: view.known.expectedExit })}
          {view.known.coveredUntil ? ` ${t('flight.panel.covered', { until: view.known.coveredUntil })}` : ''}
          {view.known.reportedByCustomer ? ` ${t('flight.panel.reported')}` : ''}
        </p>
      ) : null}
      <PanelAnswer result={result} intent="flight-delay" done="flight_delay" />
      {view.open ? (
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
          <CsrfField />
          <input type="hidden" name="intent" value="flight-delay" />
          <div className="min-w-0 flex-1 basis-60">
            <label className="field-label" htmlFor="flight-arrival">
              {t('flight.panel.arrival')}
            </label>
            <input
              id="flight-arrival"
              name="arrivalTime"
              type="datetime-local"
              className="field-input"
              defaultValue={view.suggestedArrival}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'flight-arrival-error' : 'flight-arrival-hint'}
            />
            <p id="flight-arrival-hint" className="mt-1 text-xs text-muted">
              {t('flight.panel.arrival_hint')}
            </p>
            {error ? (
              <p id="flight-arrival-error" className="mt-1 text-sm text-danger" data-field-error="arrivalTime">
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn-primary min-h-11">
            {t('flight.panel.submit')}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

import { Form } from 'react-router';
import type { HandoverPanelView } from '~/domain/handover.ts';
import { useT } from '../i18n-context.tsx';
import { CsrfField } from '../ui/csrf-field.tsx';
import { HandoverRecord } from './handover-record.tsx';
import { PanelAnswer, type PanelResult } from './panel-answer.tsx';

/**
 * "Übergabeprotokoll" on the reservation page (issue 36 item 3): the entry and exit records side by side (time,
 * odometer, fuel or charge, space, damage, photos on signed links), the kilometres driven and the fuel difference, and
 * "Problem melden": a plain form post to the page's action (`intent=handover-dispute`), also without JavaScript.
 */
export function HandoverPanel({ view, result }: { view: HandoverPanelView | null; result: PanelResult }) {
  const t = useT();
  if (!view) return null;
  const mine = result?.intent === 'handover-dispute' ? result : undefined;
  const error = mine?.errors?.message;
  const changes = [
    view.kmDriven === null ? '' : t('handover.panel.km_driven', { km: view.kmDriven }),
    view.fuelChange ? t('handover.panel.fuel_change', { change: view.fuelChange }) : '',
    view.chargeChange ? t('handover.panel.charge_change', { change: view.chargeChange }) : '',
  ].filter(Boolean);
  return (
    <section
      id="uebergabe"
      aria-labelledby="handover-title"
      className="mb-6 rounded-2xl border border-line bg-card p-4 sm:p-6"
      data-handover-panel
    >
      <h2 id="handover-title" className="text-lg font-semibold">
        {t('handover.panel.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('handover.panel.intro')}</p>
      {changes.length ? (
        <p className="mt-3 text-base font-semibold" data-handover-changes>
          {changes.join(' · ')}
        </p>
      ) : null}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <HandoverRecord record={view.entry} title={t('handover.entry')} />
        <HandoverRecord record={view.exit} title={t('handover.exit')} />
      </div>
      {view.keptUntil ? (
        <p className="mt-3 text-xs text-muted">{t('handover.panel.kept_until', { date: view.keptUntil })}</p>
      ) : null}
      {view.dispute ? (
        <p className="mt-4 rounded-lg bg-accent-soft p-3 text-sm" role="status" data-handover-dispute>
          {t('handover.panel.dispute_open', { when: view.dispute.openedAt })}
        </p>
      ) : null}
      <PanelAnswer result={result} intent="handover-dispute" done="handover_dispute" />
      {view.canDispute ? (
        <details className="mt-4" open={Boolean(error)}>
          <summary className="cursor-pointer font-medium text-accent underline">{t('handover.panel.report')}</summary>
          <Form method="post" className="mt-3 grid gap-3">
            <CsrfField />
            <input type="hidden" name="intent" value="handover-dispute" />
            <p className="text-sm text-muted">{t('handover.panel.report_intro')}</p>
            <div>
              <label className="field-label" htmlFor="handover-message">
                {t('handover.panel.report_message')}
              </label>
              <textarea
                id="handover-message"
                name="message"
                rows={4}
                maxLength={2000}
                required
                className="field-input"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'handover-message-error' : undefined}
              />
              {error ? (
                <p id="handover-message-error" className="mt-1 text-sm text-danger" data-field-error="message">
                  {error}
                </p>
              ) : null}
            </div>
            <button type="submit" className="btn-primary min-h-11 justify-self-start">
              {t('handover.panel.report_submit')}
            </button>
          </Form>
        </details>
      ) : null}
    </section>
  );
}

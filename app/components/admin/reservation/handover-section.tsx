import { Form } from 'react-router';
import { useT } from '~/components/i18n-context.tsx';
import { HandoverRecord } from '~/components/reservation/handover-record.tsx';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import type { HandoverPanelView } from '~/domain/handover.ts';

/**
 * The handover record on the back office's reservation page (issue 36 item 4): both records with their photos (each
 * view of a photo by staff is audited by its link), the kilometres driven, and the customer's open dispute with the
 * form that closes it (support and admins: `canClose`). `refusal`: the close form's refused post.
 */
export function HandoverSection({
  view,
  canClose,
  refusal,
}: {
  view: HandoverPanelView | null;
  canClose: boolean;
  refusal?: { message?: string | null; errors?: Record<string, string> };
}) {
  const t = useT();
  const error = refusal?.errors?.closingNote ?? refusal?.message ?? null;
  return (
    <section className="card grid gap-3 p-4" aria-labelledby="handover-title" data-admin-handover>
      <h2 id="handover-title" className="text-lg font-semibold">
        {t('handover.admin.title')}
      </h2>
      {view ? (
        <>
          {view.kmDriven !== null ? (
            <p className="font-semibold" data-handover-changes>
              {[
                t('handover.panel.km_driven', { km: view.kmDriven }),
                view.fuelChange ? t('handover.panel.fuel_change', { change: view.fuelChange }) : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          ) : null}
          <div className="grid gap-3 md:grid-cols-2">
            <HandoverRecord record={view.entry} title={t('handover.entry')} />
            <HandoverRecord record={view.exit} title={t('handover.exit')} />
          </div>
          {view.dispute ? (
            <div className="grid gap-2 rounded-lg border border-warn bg-warn-soft p-3" data-admin-dispute>
              <p className="font-semibold">{t('handover.admin.dispute', { when: view.dispute.openedAt })}</p>
              <p className="whitespace-pre-line break-words text-sm">{view.dispute.message}</p>
              {canClose ? (
                <Form method="post" className="grid gap-2">
                  <CsrfField />
                  <input type="hidden" name="intent" value="handover-close" />
                  <label className="field-label" htmlFor="handover-closing-note">
                    {t('handover.admin.close_note')}
                  </label>
                  <textarea
                    id="handover-closing-note"
                    name="closingNote"
                    rows={2}
                    maxLength={2000}
                    className="field-input"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? 'handover-closing-error' : undefined}
                  />
                  {error ? (
                    <p id="handover-closing-error" className="text-sm text-danger" role="alert">
                      {error}
                    </p>
                  ) : null}
                  <button type="submit" className="btn-secondary min-h-11 justify-self-start">
                    {t('handover.admin.close')}
                  </button>
                </Form>
              ) : null}
            </div>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-muted">{t('handover.admin.none')}</p>
      )}
    </section>
  );
}

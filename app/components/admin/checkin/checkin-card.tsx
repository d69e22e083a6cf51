import { Form } from 'react-router';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import { FactList } from '~/components/ui/fact-list.tsx';
import type { CheckinView } from '~/domain/checkin-card.ts';
import { HandoverFields } from './handover-fields.tsx';

/** A refused check-in or check-out of this page: the booking it was for and its field messages. */
export type CheckinRefusal = { reference?: string; errors: Record<string, string | undefined> } | undefined;

/**
 * One booking on the barrier's tablet (issue 15 item 4): its data, any overstay, the arrival or departure form with
 * the handover record's fields and photos (issue 36; a multipart form posting back to the search `code`) and the
 * link to the booking. `refused`: the page's refused post, whose field messages show on its booking's card.
 */
export function CheckinCardView({
  card,
  code,
  refused,
}: {
  card: CheckinView;
  code: string;
  refused?: CheckinRefusal;
}) {
  const t = useT();
  const errors = refused?.reference === card.reference ? refused.errors : {};
  const href = useHref();
  const rows: [string, string][] = [
    [t('admin.reservations.field.name'), card.name],
    [t('admin.reservations.field.plate'), card.licensePlate || '–'],
    [t('admin.reservations.field.entry'), card.entry],
    [t('admin.reservations.field.exit'), card.exit],
    [t('admin.reservations.field.lot'), `${card.airport} · ${card.lot}`],
    [t('admin.reservations.field.tariff'), card.tariff],
    [t('admin.reservations.field.persons'), String(card.persons)],
    [t('admin.reservations.field.child_seats'), String(card.childSeats)],
    [t('admin.reservations.field.bulky'), card.bulky.join(', ') || '–'],
    [t('admin.reservations.field.flights'), card.flights || '–'],
    [t('admin.reservations.field.checked_in'), card.checkedIn ?? '–'],
    [t('admin.reservations.field.checked_out'), card.checkedOut ?? '–'],
  ];
  const tone =
    card.state === 'parked'
      ? 'bg-accent-soft text-accent'
      : card.state === 'arriving'
        ? 'bg-success-soft text-success'
        : card.state === 'left'
          ? 'bg-surface text-muted'
          : 'bg-danger-soft text-danger';
  return (
    <article className="card grid gap-3 p-4" aria-labelledby={`card-${card.reference}`} data-checkin-card={card.state}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`card-${card.reference}`} className="font-mono text-xl font-semibold">
          {card.reference}
        </h2>
        <span className={`rounded-full px-3 py-1 text-sm font-medium ${tone}`}>{card.stateLabel}</span>
      </div>
      <FactList rows={rows} className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-1 text-sm" />
      {card.flightDelay ? (
        <p className="rounded-lg border border-accent bg-accent-soft p-3 text-sm" data-flight-delay>
          {card.flightDelay.text}
          {card.flightDelay.coveredUntil
            ? ` ${t('admin.checkin.flight.covered', { until: card.flightDelay.coveredUntil })}`
            : ''}
        </p>
      ) : null}
      {card.overstay?.late ? (
        <p role="alert" className="rounded-lg border border-warn bg-warn-soft p-3 text-sm text-warn" data-overstay>
          {card.overstay.extraDays > 0
            ? t(card.state === 'left' ? 'admin.checkin.overstay.left' : 'admin.checkin.overstay.now', {
                days: card.overstay.extraDays,
                amount: card.overstay.amount,
              })
            : t('admin.checkin.overstay.late')}
          {card.overstay.waivedDays > 0
            ? ` ${t('admin.checkin.overstay.waived', { days: card.overstay.waivedDays, amount: card.overstay.waivedAmount })}`
            : ''}
        </p>
      ) : null}
      {card.overstayInvoice ? <OverstayInvoiceBox card={card} code={code} /> : null}
      <div className="flex flex-wrap gap-3">
        {card.state === 'arriving' || card.state === 'parked' ? (
          <Form
            method="post"
            encType="multipart/form-data"
            action={`?${new URLSearchParams({ code: code || card.reference })}`}
            className="grid w-full gap-3"
          >
            <CsrfField />
            <input type="hidden" name="reference" value={card.reference} />
            {card.handover ? (
              <HandoverFields
                handover={card.handover}
                kind={card.state === 'arriving' ? 'entry' : 'exit'}
                idPrefix={`handover-${card.reference}`}
                errors={errors}
              />
            ) : null}
            {card.state === 'arriving' ? (
              <button
                type="submit"
                name="intent"
                value="check-in"
                className="btn-primary min-h-12 justify-self-start px-6 text-lg"
              >
                {t('admin.checkin.check_in')}
              </button>
            ) : (
              <>
                {card.flightDelay?.needsConfirmation ? (
                  <label className="mb-3 flex items-start gap-2 text-sm">
                    <input type="checkbox" name="confirmDelay" value="1" className="mt-1 h-5 w-5" />
                    <span>{t('admin.checkin.flight.confirm')}</span>
                  </label>
                ) : null}
                <button
                  type="submit"
                  name="intent"
                  value="check-out"
                  className="btn-primary min-h-12 justify-self-start px-6 text-lg"
                >
                  {t('admin.checkin.check_out')}
                </button>
              </>
            )}
          </Form>
        ) : null}
        <a
          className="btn-secondary inline-flex min-h-12 items-center"
          href={href(`/admin/reservierungen/${card.reference}`)}
        >
          {t('admin.checkin.details')}
        </a>
      </div>
    </article>
  );
}

/**
 * The overstay's own invoice at the departure (issue 33 item 4): number (a PDF link), amount and state; while open,
 * "paid in cash", "paid by card" and "send payment link" (when an online payment is configured) as plain form posts.
 */
function OverstayInvoiceBox({ card, code }: { card: CheckinView; code: string }) {
  const t = useT();
  const href = useHref();
  const invoice = card.overstayInvoice;
  if (!invoice) return null;
  return (
    <section
      className="grid gap-2 rounded-lg border border-line bg-surface p-3 text-sm"
      aria-labelledby={`overstay-${card.reference}`}
      data-overstay-invoice={invoice.paid ? 'paid' : 'open'}
    >
      <h3 id={`overstay-${card.reference}`} className="font-semibold">
        {t('admin.overstay.title')}
      </h3>
      <p>
        <a
          className="font-mono underline"
          href={href(`/admin/reservierungen/${card.reference}/dokumente/${encodeURIComponent(invoice.fileName)}`)}
        >
          {invoice.number}
        </a>
        {' · '}
        <strong>{invoice.amount}</strong>
        {' · '}
        {invoice.paid ? invoice.paidLabel : t('admin.overstay.open')}
      </p>
      {invoice.linkSent ? (
        <p className="text-muted">{t('admin.overstay.link_sent', { when: invoice.linkSent })}</p>
      ) : null}
      {invoice.paid ? null : (
        <Form
          method="post"
          action={`?${new URLSearchParams({ code: code || card.reference })}`}
          className="flex flex-wrap gap-2"
        >
          <CsrfField />
          <input type="hidden" name="reference" value={card.reference} />
          <button type="submit" name="intent" value="overstay-cash" className="btn-primary min-h-11">
            {t('admin.overstay.pay_cash')}
          </button>
          <button type="submit" name="intent" value="overstay-card" className="btn-secondary min-h-11">
            {t('admin.overstay.pay_card')}
          </button>
          {invoice.canSendLink ? (
            <button type="submit" name="intent" value="overstay-link" className="btn-secondary min-h-11">
              {t(invoice.linkSent ? 'admin.overstay.send_link_again' : 'admin.overstay.send_link')}
            </button>
          ) : null}
        </Form>
      )}
    </section>
  );
}

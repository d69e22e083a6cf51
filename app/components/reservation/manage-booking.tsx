import { CalendarClock, CalendarPlus, History, XCircle } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import { useT } from '../i18n-context.tsx';
import { CsrfField } from '../ui/csrf-field.tsx';

/** The page's view of managing the booking (built by the route's loader, see `manage-booking.server.ts`). */
export type ManageBookingView = {
  status: string;
  statusLabel: string;
  open: boolean;
  /** false while an online payment is pending: pay (or cancel) first, then change (issue 33 item 3) */
  changeable: boolean;
  /**
   * true after the free period until the booked exit (issue 35 item 2): the one change offered is a later exit (the
   * "extend" form); nothing else, no cancellation
   */
  extendable: boolean;
  deadline: string;
  closedMessage: string | null;
  travel: Record<'entryTime' | 'exitTime' | 'personCount' | 'childrenSeat' | 'bulkyBaggage' | 'licensePlate', string>;
  bulkyOptions: { flag: string; label: string }[];
  history: { kind: string; label: string; when: string }[];
};

/** What the route action answered (all optional: a refusal carries only message, errors and values). */
export type ManageBookingResult = {
  intent?: string;
  message?: string | null;
  errors?: Record<string, string>;
  values?: Record<string, string>;
  done?: 'changed' | 'cancelled' | 'flight_delay' | 'handover_dispute' | null;
  changeQuote?: {
    oldTotal: string;
    newTotal: string;
    difference: string;
    days: { day: string; booked: string; current: string; charged: string }[];
    documents: boolean;
    key: string;
    /** false when the back office cannot confirm it (the customer pays a dearer change's difference online, 0051) */
    confirmable: boolean;
  } | null;
  cancelQuote?: { summary: string; documents: string } | null;
};

const FIELD_CLASS = 'field-input';

/**
 * "Change" and "cancel" on the reservation page (issue 12): plain forms posting to the page's route action, so
 * they work without JavaScript (two steps: the quote with the amounts, then the confirmation with a hidden
 * idempotency key); with JavaScript React Router submits the same forms. After the free period the reason is
 * shown and, until the booked exit, the extension form (a later exit only, same two steps). Below, the booking's
 * history as a short timeline.
 */
export function ManageBooking({
  view,
  result: answer,
  title,
  onBehalf = false,
}: {
  view: ManageBookingView;
  result: ManageBookingResult | undefined;
  /** the heading (the back office acts on the customer's behalf); default "your booking" */
  title?: string;
  /** the back office's form: the texts that address the customer speak of the customer instead (`admin.manage.*`) */
  onBehalf?: boolean;
}) {
  const t = useT();
  // The page's other panels answer their own forms (the return flight, the handover's report): not shown here.
  const result = answer?.intent === 'flight-delay' || answer?.intent === 'handover-dispute' ? undefined : answer;
  const about = (key: 'intro' | 'summary' | 'day_charged' | 'documents') =>
    t(onBehalf ? `admin.manage.change.${key}` : `manage.change.${key}`);
  const busy = useNavigation().state === 'submitting';
  const done = result?.done ?? null;
  const values = !done && result?.values ? { ...view.travel, ...result.values } : view.travel;
  const errors = result?.errors ?? {};
  const changeQuote = done ? null : (result?.changeQuote ?? null);
  const cancelQuote = done ? null : (result?.cancelQuote ?? null);
  const fieldKey = JSON.stringify(values);
  const hidden = <CsrfField />;
  const travelHidden = (Object.keys(view.travel) as (keyof ManageBookingView['travel'])[]).map((name) => (
    <input key={name} type="hidden" name={name} value={values[name] ?? ''} />
  ));
  const field = (name: keyof ManageBookingView['travel'], label: string, props: React.ComponentProps<'input'>) => (
    <div className="grid gap-1">
      <label className="text-sm font-medium" htmlFor={`manage-${name}`}>
        {label}
      </label>
      <input
        {...props}
        id={`manage-${name}`}
        name={name}
        className={FIELD_CLASS}
        defaultValue={values[name]}
        key={`${name}-${fieldKey}`}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `manage-${name}-error` : undefined}
      />
      {errors[name] ? (
        <p id={`manage-${name}-error`} className="text-sm text-danger" data-field-error={name}>
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  // The quote of a change or an extension, with its confirmation (the same second step for both).
  const quoteBox = changeQuote ? (
    <div className="rounded-lg border border-accent p-4" data-manage-quote>
      <h4 className="font-semibold">
        {/* the back office extends on the customer's behalf: the neutral title, not "your extension" */}
        {view.extendable ? t(onBehalf ? 'manage.extend.title' : 'manage.extend.summary') : about('summary')}
      </h4>
      <dl className="mt-2 grid grid-cols-2 gap-1 text-sm">
        <dt>{t('manage.change.old_total')}</dt>
        <dd data-manage-old-total>{changeQuote.oldTotal}</dd>
        <dt>{t('manage.change.new_total')}</dt>
        <dd className="font-semibold" data-manage-new-total>
          {changeQuote.newTotal}
        </dd>
      </dl>
      <p className="mt-2 font-medium" data-manage-difference>
        {changeQuote.difference}
      </p>
      <table className="mt-3 w-full text-left text-sm">
        <thead>
          <tr>
            <th scope="col">{t('manage.change.day')}</th>
            <th scope="col">{t('manage.change.day_booked')}</th>
            <th scope="col">{t('manage.change.day_current')}</th>
            <th scope="col">{about('day_charged')}</th>
          </tr>
        </thead>
        <tbody>
          {changeQuote.days.map((d) => (
            <tr key={d.day}>
              <td>{d.day}</td>
              <td>{d.booked}</td>
              <td>{d.current}</td>
              <td>{d.charged}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {changeQuote.documents ? <p className="mt-2 text-sm text-muted">{about('documents')}</p> : null}
      {changeQuote.confirmable ? (
        <Form method="post" className="mt-3 flex flex-wrap gap-3">
          {hidden}
          {travelHidden}
          <input type="hidden" name="intent" value="change-confirm" />
          <input type="hidden" name="idempotencyKey" value={changeQuote.key} />
          <button type="submit" className="btn-primary" disabled={busy} data-manage-confirm-change>
            {t(view.extendable ? 'manage.extend.confirm' : 'manage.change.confirm')}
          </button>
        </Form>
      ) : (
        <p className="mt-3 rounded-lg border border-line p-3 text-sm" data-manage-not-confirmable>
          {t('admin.manage.error.pay_difference')}
        </p>
      )}
    </div>
  ) : null;

  return (
    <section className="card mb-6 grid gap-5 p-5 sm:p-6 print:hidden" aria-labelledby="manage-title" data-manage>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="manage-title" className="text-xl font-semibold">
          {title ?? t('manage.title')}
        </h2>
        <span
          className="rounded-full bg-accent-soft text-accent px-3 py-1 text-sm font-medium"
          data-manage-status={view.status}
        >
          {t('manage.status', { status: view.statusLabel })}
        </span>
      </div>
      {done && result?.message ? (
        <p role="status" className="rounded-lg border border-success bg-success-soft p-3 text-success" data-manage-done>
          {result.message}
        </p>
      ) : null}
      {!done && result?.message ? (
        <p role="alert" className="rounded-lg border border-danger bg-danger-soft p-3 text-danger" data-manage-error>
          {result.message}
        </p>
      ) : null}
      {view.open ? (
        <p className="text-sm text-muted" data-manage-deadline>
          {t('manage.deadline', { date: view.deadline })}
        </p>
      ) : view.closedMessage ? (
        <p className="rounded-lg border border-line p-3 text-sm" data-manage-closed>
          {view.closedMessage}
        </p>
      ) : null}

      {view.open ? (
        <details className="group grid gap-3" open={Boolean(result && !done) || undefined} data-manage-forms>
          <summary className="btn-secondary w-fit cursor-pointer list-none">{t('manage.open')}</summary>
          <div className="mt-4 grid gap-3">
            {view.changeable ? (
              <>
                <h3 className="flex items-center gap-2 font-semibold">
                  <CalendarClock aria-hidden size={18} />
                  {t('manage.change.title')}
                </h3>
                <p className="text-sm text-muted">{about('intro')}</p>
                <Form method="post" className="grid gap-3 sm:grid-cols-2" data-manage-change noValidate>
                  {hidden}
                  <input type="hidden" name="intent" value="change-quote" />
                  {field('entryTime', t('reservation.field.entry'), { type: 'datetime-local', required: true })}
                  {field('exitTime', t('reservation.field.exit'), { type: 'datetime-local', required: true })}
                  {field('personCount', t('reservation.field.persons'), { type: 'number', min: 1, required: true })}
                  {field('childrenSeat', t('reservation.field.child_seats'), { type: 'number', min: 0 })}
                  {field('licensePlate', t('reservation.field.license_plate'), { type: 'text', maxLength: 20 })}
                  {view.bulkyOptions.length > 0 ? (
                    <fieldset className="grid gap-1 sm:col-span-2" key={`bulky-${fieldKey}`}>
                      <legend className="text-sm font-medium">{t('reservation.field.bulky_baggage')}</legend>
                      <div className="flex flex-wrap gap-x-4 gap-y-1">
                        {view.bulkyOptions.map((o) => (
                          <label key={o.flag} className="inline-flex items-center gap-2 text-sm">
                            <input
                              type="checkbox"
                              name="bulky"
                              value={o.flag}
                              defaultChecked={values.bulkyBaggage.split(';').includes(o.flag)}
                            />
                            {o.label}
                          </label>
                        ))}
                      </div>
                      {errors.bulkyBaggage ? (
                        <p className="text-sm text-danger" data-field-error="bulkyBaggage">
                          {errors.bulkyBaggage}
                        </p>
                      ) : null}
                    </fieldset>
                  ) : null}
                  <div className="flex items-end">
                    <button type="submit" className="btn-secondary w-full" disabled={busy}>
                      {t('manage.change.quote')}
                    </button>
                  </div>
                </Form>
                {quoteBox}
              </>
            ) : null}

            <h3 className="mt-2 flex items-center gap-2 font-semibold">
              <XCircle aria-hidden size={18} />
              {t('manage.cancel.title')}
            </h3>
            {cancelQuote ? (
              <div className="rounded-lg border border-danger p-4" data-manage-cancel-quote>
                <p>{cancelQuote.summary}</p>
                <p className="mt-1 text-sm text-muted">{cancelQuote.documents}</p>
                <Form method="post" className="mt-3">
                  {hidden}
                  <input type="hidden" name="intent" value="cancel-confirm" />
                  <button type="submit" className="btn-primary" disabled={busy} data-manage-confirm-cancel>
                    {t('manage.cancel.confirm')}
                  </button>
                </Form>
              </div>
            ) : (
              <Form method="post">
                {hidden}
                <input type="hidden" name="intent" value="cancel-quote" />
                <button type="submit" className="btn-secondary" disabled={busy} data-manage-cancel>
                  {t('manage.cancel.start')}
                </button>
              </Form>
            )}
          </div>
        </details>
      ) : view.extendable && view.changeable ? (
        <div className="grid gap-3" data-manage-extend>
          <h3 className="flex items-center gap-2 font-semibold">
            <CalendarPlus aria-hidden size={18} />
            {t('manage.extend.title')}
          </h3>
          <p className="text-sm text-muted">{t('manage.extend.intro')}</p>
          <Form method="post" className="grid gap-3 sm:grid-cols-2" data-manage-extend-form noValidate>
            {hidden}
            <input type="hidden" name="intent" value="change-quote" />
            {/* entry and details as booked: only the exit moves */}
            {(['entryTime', 'personCount', 'childrenSeat', 'bulkyBaggage', 'licensePlate'] as const).map((name) => (
              <input key={name} type="hidden" name={name} value={view.travel[name]} />
            ))}
            {field('exitTime', t('manage.extend.exit'), {
              type: 'datetime-local',
              required: true,
              min: view.travel.exitTime,
            })}
            <div className="flex items-end">
              <button type="submit" className="btn-secondary w-full" disabled={busy} data-manage-extend-quote>
                {t('manage.extend.quote')}
              </button>
            </div>
          </Form>
          {quoteBox}
        </div>
      ) : null}

      {view.history.length > 0 ? (
        <div>
          <h3 className="flex items-center gap-2 font-semibold">
            <History aria-hidden size={18} />
            {t('manage.history.title')}
          </h3>
          <ol className="mt-2 grid gap-1 border-l-2 border-line pl-4 text-sm" data-manage-history>
            {view.history.map((e, i) => (
              <li key={i} data-history-kind={e.kind}>
                <span className="text-muted">{e.when}</span> · {e.label}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}

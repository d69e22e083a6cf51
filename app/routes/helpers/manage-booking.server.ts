/**
 * The reservation pages' "change" and "cancel" forms (issue 12), without JavaScript as with it: the loader's
 * view (status, free-change deadline, current travel data, history) and the route action's two steps — the
 * first post shows the quote (amounts, difference, what happens to the invoice), the second confirms it (a
 * change with the hidden idempotency key drawn for the quote). The services decide; this module only maps
 * the form to them and their answers to texts.
 */
import type { ManageBookingResult, ManageBookingView } from '~/components/reservation/manage-booking.tsx';
import crypto from 'node:crypto';
import { data, redirect } from 'react-router';
import { BULKY_BAGGAGE_FLAGS, BULKY_BAGGAGE_SEPARATOR } from '~/constants.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { instantToLocal } from '~/domain/local-time.ts';
import { formatMoney } from '~/domain/money.ts';
import { translator } from '~/i18n.server.ts';
import type { Locale } from '~/i18n.ts';
import type { ShopContext } from '~/router-context.ts';
import {
  historyKind,
  manageState,
  reservationHistory,
  submitCancel,
  submitChange,
} from '~/services/reservations/reservation-manage.server.ts';
import type { ReservationDetails } from '~/services/reservations/reservations.server.ts';
import { submitFlightDelay } from '~/services/flights/flight-delay.server.ts';
import { openHandoverDispute } from '~/services/handover/handover-view.server.ts';
import { PRIVATE_HEADERS, readPostedForm, refusal, type PageActionArgs } from './form-kit.server.ts';
import { cancelQuoteOf, changeQuoteOf } from './manage-quotes.server.ts';

/** The travel fields the change form posts (the checkout's travel step). */
const TRAVEL_FIELDS = ['entryTime', 'exitTime', 'personCount', 'childrenSeat', 'bulkyBaggage', 'licensePlate'] as const;

/** What a posted manage form answers: every field of the component's result is set. */
export type ManageActionData = Required<ManageBookingResult>;

/** One history row as the timeline reads (a mail with its kind when the kind has a name). */
function historyLabel(event: { kind: string; data: Record<string, unknown> }, locale: Locale): string {
  const t = translator(locale);
  const mail = typeof event.data.mail === 'string' ? `manage.history.mail.${event.data.mail}` : null;
  if (event.kind === 'mail_sent' && mail && t(mail) !== mail) {
    return t('manage.history.mail_sent_kind', { mail: t(mail) });
  }
  const total = (event.data.to as { totalCents?: unknown } | undefined)?.totalCents;
  const amount = event.data.amountCents;
  const label = t(`manage.history.${historyKind(event)}`, {
    total: formatMoney(typeof total === 'number' ? total : 0, locale),
    amount: formatMoney(typeof amount === 'number' ? amount : 0, locale),
  });
  // Changed or cancelled by the back office on the customer's behalf (issue 15 item 3).
  return event.data.staff ? t('manage.history.by_staff', { label }) : label;
}

/**
 * The page's view of managing `details` at the app's current time.
 * Source: issue 12 items 1, 2 and 6.
 */
export async function manageView(
  app: ShopContext['app'],
  details: ReservationDetails,
  locale: Locale,
): Promise<ManageBookingView> {
  const t = translator(locale);
  const r = details.reservation;
  const state = manageState(details, app.now());
  const deadline = formatLocalDateTime(state.deadlineLocal, locale);
  const events = await reservationHistory(app.db, r.id);
  return {
    status: r.status,
    statusLabel: t(`reservation.status.${r.status}`),
    open: state.open,
    changeable: r.status !== 'pending_payment',
    extendable: state.extendable,
    deadline,
    closedMessage: state.extendable
      ? t('manage.closed.extend_only', { date: deadline })
      : state.closedReason === 'manage.error.too_late'
        ? t('manage.closed.too_late', { date: deadline })
        : state.closedReason
          ? t('manage.closed.not_active')
          : null,
    travel: {
      entryTime: r.entryLocal,
      exitTime: r.exitLocal,
      personCount: String(r.personCount),
      childrenSeat: String(r.childrenSeat),
      bulkyBaggage: r.bulkyBaggage,
      licensePlate: r.licensePlate,
    },
    bulkyOptions: BULKY_BAGGAGE_FLAGS.filter(
      (flag) =>
        details.tariff.allowedBulkyBaggage.includes(flag) ||
        r.bulkyBaggage.split(BULKY_BAGGAGE_SEPARATOR).includes(flag),
    ).map((flag) => ({ flag, label: t(`reservation.bulky.${flag}`) })),
    history: events.map((e) => ({
      kind: e.kind,
      label: historyLabel(e, locale),
      when: formatLocalDateTime(instantToLocal(new Date(e.at), details.airport.timeZone), locale),
    })),
  };
}

/**
 * The travel fields of a posted manage form (`TRAVEL_FIELDS`; the change form's bulky-baggage check boxes
 * `bulky` joined, the confirmation's hidden `bulkyBaggage` as it is). `values` (the refill values) get the
 * joined flags instead of the check boxes.
 */
export function travelOfForm(form: FormData, values: Record<string, string>): Record<string, string> {
  const travel = Object.fromEntries(TRAVEL_FIELDS.map((f) => [f, String(form.get(f) ?? '').trim()]));
  // The change form has one check box per flag (`bulky`); the confirmation repeats the joined value.
  if (!form.has('bulkyBaggage')) {
    const checked = new Set(form.getAll('bulky').map(String));
    travel.bulkyBaggage = BULKY_BAGGAGE_FLAGS.filter((flag) => checked.has(flag)).join(BULKY_BAGGAGE_SEPARATOR);
  }
  values.bulkyBaggage = travel.bulkyBaggage;
  delete values.bulky;
  return travel;
}

/**
 * The route action of the reservation pages (issue 12): `intent` `change-quote` | `change-confirm` |
 * `cancel-quote` | `cancel-confirm` | `flight-delay` | `handover-dispute`, the travel fields, `_csrf`, and for `change-confirm` the `idempotencyKey`
 * drawn with the quote. The caller has checked access (`accessibleReservation`); the services check it again.
 *
 * @returns {@link ManageActionData} (200), or the service's refusal (404, 409, 422) with its message, or the
 *   kit's refusal of a bad token. Source: issue 12 (forms that work without JavaScript, two steps, refused
 *   after the free period).
 */
export async function manageAction(args: PageActionArgs, details: ReservationDetails) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, session, form, values, intent, locale, t } = posted;
  const reference = details.reservation.reference;
  // After the free period the one change left is the extension (issue 35 item 2): its own confirmation text.
  const extension = manageState(details, app.now()).extendable;
  const travel = travelOfForm(form, values);
  const empty = { intent, message: null, errors: {}, values, done: null, changeQuote: null, cancelQuote: null };
  const ok = (result: Partial<ManageActionData>, status = 200) =>
    data<ManageActionData>({ ...empty, ...result }, { status, headers: PRIVATE_HEADERS });
  try {
    switch (intent) {
      case 'change-quote':
      case 'change-confirm': {
        const confirm = intent === 'change-confirm';
        const answer = await submitChange(app, {
          session,
          reference,
          body: confirm ? travel : { ...travel, dryRun: true },
          idempotencyKey: confirm ? String(form.get('idempotencyKey') ?? '') || undefined : undefined,
          locale,
        });
        // A dearer change of a booking paid online waits for its difference: on to the payment (issue 33 item 1).
        if (confirm && answer.status === 202 && 'redirect' in answer.body) {
          return redirect(answer.body.redirect, { headers: PRIVATE_HEADERS });
        }
        if (answer.status !== 200) {
          // A replayed refusal (stored for the key): its message as first answered.
          return ok({ message: (answer.body as { message?: string }).message ?? t('api.error.server') }, answer.status);
        }
        if (confirm)
          return ok({ done: 'changed', message: t(extension ? 'manage.extend.done' : 'manage.change.done') });
        return ok({ changeQuote: changeQuoteOf(answer.body.quote, locale, crypto.randomUUID()) });
      }
      case 'cancel-quote':
      case 'cancel-confirm': {
        const confirm = intent === 'cancel-confirm';
        const answer = await submitCancel(app, { session, reference, body: { dryRun: !confirm } });
        if (confirm) return ok({ done: 'cancelled', message: t('manage.cancel.done') });
        if (!('quote' in answer.body)) throw new Error('a dry run answers a quote');
        return ok({ cancelQuote: cancelQuoteOf(answer.body.quote, locale) });
      }
      case 'flight-delay': {
        // the return flight is late (issue 35 item 1): the customer states the new arrival
        const answer = await submitFlightDelay(app, { session, reference, body: { arrivalTime: values.arrivalTime } });
        const { expectedExitTime, delayCoveredUntil } = answer.body.reservation;
        const when = (local: string) => formatLocalDateTime(local, locale);
        const message = delayCoveredUntil
          ? t('flight.report.done_covered', { exit: when(expectedExitTime), until: when(delayCoveredUntil) })
          : t('flight.report.done', { exit: when(expectedExitTime) });
        return ok({ done: 'flight_delay', message });
      }
      case 'handover-dispute': {
        // "Problem melden" under the handover record (issue 36 item 3): to support, the photos kept until settled
        await openHandoverDispute(app, { session, reference, message: values.message });
        return ok({ done: 'handover_dispute', message: t('handover.panel.report_done') });
      }
      default:
        return ok({ message: t('validation.invalid') }, 422);
    }
  } catch (error) {
    return refusal(error, posted);
  }
}

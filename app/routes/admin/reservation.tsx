import crypto from 'node:crypto';
import { data } from 'react-router';
import { ReservationFacts, ReservationHistory } from '~/components/admin/reservation/reservation-facts.tsx';
import { useT } from '~/components/i18n-context.tsx';
import { GoodwillForm } from '~/components/admin/reservation/goodwill-island.ts';
import { ManageBooking } from '~/components/islands/manage-booking.ts';
import type { ManageBookingResult } from '~/components/reservation/manage-booking.tsx';
import { formatMoney } from '~/domain/money.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import {
  cancelOnBehalf,
  changeOnBehalf,
  reservationDetailView,
  resendConfirmation,
  staffReservation,
} from '~/services/backoffice/admin-reservations.server.ts';
import { goodwillCancel, goodwillMax } from '~/services/backoffice/goodwill.server.ts';
import { RequestError } from '~/services/request-error.server.ts';
import { can } from '~/domain/staff-roles.ts';
import { closeHandoverDispute } from '~/services/backoffice/handover-records.server.ts';
import { handoverPanelOf } from '~/services/handover/handover-view.server.ts';
import { HandoverSection } from '~/components/admin/reservation/handover-section.tsx';
import {
  actionOrLoaderHeaders,
  PRIVATE_HEADERS,
  readPostedForm,
  refusal,
  savedRedirect,
} from '../helpers/form-kit.server.ts';
import { manageView, travelOfForm } from '../helpers/manage-booking.server.ts';
import { cancelQuoteOf, changeQuoteOf } from '../helpers/manage-quotes.server.ts';
import { requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/reservation';

/** A 404 of the back office (unknown reference or outside an operator's lots: the same answer). */
function notFound(error: unknown): never {
  if (error instanceof RequestError && error.status === 404) {
    throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  }
  throw error;
}

/**
 * admin.reservation (`/admin/reservierungen/:reference`, issue 15 item 3): the booking, the customer (not for an
 * operator), price, payment, documents and the history; cancel or change on the customer's behalf with the
 * customer's own two-step forms; send the confirmation again.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireStaff(args, 'reservations');
  const { app } = args.context.get(shopContext);
  const locale = toLocale(args.params.lang);
  const details = await staffReservation(app.db, actor, args.params.reference).catch(notFound);
  const [view, manage, goodwill, handover] = await Promise.all([
    reservationDetailView(app, actor, details, locale),
    manageView(app, details, locale),
    goodwillMax(app.db, actor, details.reservation),
    handoverPanelOf(app, details, locale, { staffId: actor.staffId }),
  ]);
  // The timeline is the page's own (it names the staff member); the manage form shows none.
  const goodwillOffer = goodwill === null ? null : formatMoney(goodwill, locale);
  const canClose = can(actor, 'customers');
  return data(
    { view, manage: { ...manage, history: [] }, goodwill: goodwillOffer, handover, canClose },
    { headers: PRIVATE_HEADERS },
  );
}

/** What a post answers: the manage form's result, or the resend's message. */
type ActionData = ManageBookingResult & { resent?: string | null };

/**
 * The posted forms: `intent` `change-quote` | `change-confirm` | `cancel-quote` | `cancel-confirm` (the
 * customer's services on the customer's behalf) | `goodwill` (issue 33) | `handover-close` (issue 36) | `resend`; the form kit checks `_csrf` first. Refusals
 * answer their status with the translated message and change nothing.
 */
export async function action(args: Route.ActionArgs) {
  const actor = await requireStaff(args, 'reservations');
  const { app } = args.context.get(shopContext);
  const reference = args.params.reference;
  const details = await staffReservation(app.db, actor, reference).catch(notFound);
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { form, values, intent, locale, t } = posted;
  const empty = { message: null, errors: {}, done: null, changeQuote: null, cancelQuote: null, resent: null };
  const answer = (result: ActionData, status = 200) =>
    data<ActionData>({ intent, values, ...empty, ...result }, { status, headers: PRIVATE_HEADERS });
  try {
    switch (intent) {
      case 'change-quote':
      case 'change-confirm': {
        const confirm = intent === 'change-confirm';
        const travel = travelOfForm(form, values);
        const result = await changeOnBehalf(app, actor, {
          reference,
          body: confirm ? travel : { ...travel, dryRun: true },
        });
        if (confirm) return answer({ done: 'changed', message: t('admin.reservations.changed') });
        return answer({ changeQuote: changeQuoteOf(result, locale, crypto.randomUUID(), { onBehalf: true }) });
      }
      case 'cancel-quote':
      case 'cancel-confirm': {
        const confirm = intent === 'cancel-confirm';
        const result = await cancelOnBehalf(app, actor, { reference, dryRun: !confirm });
        if (confirm) return answer({ done: 'cancelled', message: t('admin.reservations.cancelled') });
        return answer({ cancelQuote: cancelQuoteOf(result, locale) });
      }
      case 'goodwill': {
        const done = await goodwillCancel(app, actor, {
          reference,
          amount: String(form.get('amount') ?? ''),
          reason: String(form.get('reason') ?? ''),
        });
        return answer({
          done: 'cancelled',
          message: t('admin.goodwill.done', { amount: formatMoney(done.amountCents, locale) }),
        });
      }
      case 'handover-close': {
        await closeHandoverDispute(app, actor, details, { note: values.closingNote ?? '' });
        return await savedRedirect(posted, `/admin/reservierungen/${reference}`, 'handover.admin.closed');
      }
      case 'resend': {
        const { to } = await resendConfirmation(app, actor, { reference });
        return answer({ resent: t('admin.reservations.resent', { email: to }) });
      }
      default:
        return answer({ message: t('validation.invalid') }, 422);
    }
  } catch (error) {
    return refusal(error, posted, { notFound: 'page' });
  }
}

export function headers(args: Route.HeadersArgs) {
  return args.errorHeaders ?? actionOrLoaderHeaders(args);
}

export default function AdminReservation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { view, manage } = loaderData;
  const result = actionData as ActionData | undefined;
  const resendMessage = result?.intent === 'resend' ? (result.resent ?? result.message ?? null) : null;
  // A refused goodwill post shows its errors in its own form; its success, like a cancellation, above.
  const goodwillFailure = result?.intent === 'goodwill' && !result.done ? result : undefined;
  return (
    <section className="grid gap-5">
      <ReservationFacts view={view} resendMessage={resendMessage} />
      {/* the form's own bottom margin (a shop page's) is the grid's gap here */}
      <div className="[&>section]:mb-0">
        <ManageBooking
          view={manage}
          result={result?.intent === 'resend' || goodwillFailure ? undefined : result}
          title={t('admin.reservations.detail.manage')}
          onBehalf
        />
      </div>
      {loaderData.goodwill ? <GoodwillForm max={loaderData.goodwill} failure={goodwillFailure} /> : null}
      <HandoverSection
        view={loaderData.handover}
        canClose={loaderData.canClose}
        refusal={result?.intent === 'handover-close' ? result : undefined}
      />
      <ReservationHistory history={view.history} />
    </section>
  );
}

import crypto from 'node:crypto';
import { data, Form, useRouteLoaderData } from 'react-router';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { ManageBooking, type ManageBookingResult } from '~/components/reservation/manage-booking.tsx';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import {
  cancelOnBehalf,
  changeOnBehalf,
  reservationDetailView,
  resendConfirmation,
  staffReservation,
} from '~/services/backoffice/admin-reservations.server.ts';
import { RequestError } from '~/services/request-error.server.ts';
import { readForm, refusal } from '../helpers/form-kit.server.ts';
import { cancelQuoteOf, changeQuoteOf, manageView, travelOfForm } from '../helpers/manage-booking.server.ts';
import { ADMIN_HEADERS, requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/reservation';
import type { loader as layoutLoader } from './layout.tsx';

/** A 404 of the back office (unknown reference or outside an operator's lots: the same answer). */
function notFound(error: unknown): never {
  if (error instanceof RequestError && error.status === 404) throw data(null, { status: 404, headers: ADMIN_HEADERS });
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
  const [view, manage] = await Promise.all([
    reservationDetailView(app, actor, details, locale),
    manageView(app, details, locale),
  ]);
  // The timeline is the page's own (it names the staff member); the manage form shows none.
  return data({ view, manage: { ...manage, history: [] } }, { headers: ADMIN_HEADERS });
}

/** What a post answers: the manage form's result, or the resend's message. */
type ActionData = ManageBookingResult & { resent?: string | null };

/**
 * The posted forms: `intent` `change-quote` | `change-confirm` | `cancel-quote` | `cancel-confirm` (the
 * customer's services on the customer's behalf) | `resend`; `_csrf` checked first (419). Refusals answer their
 * status with the translated message and change nothing.
 */
export async function action(args: Route.ActionArgs) {
  const actor = await requireStaff(args, 'reservations');
  const { app, session } = args.context.get(shopContext);
  const locale = toLocale(args.params.lang);
  const t = translator(locale);
  const reference = args.params.reference;
  await staffReservation(app.db, actor, reference).catch(notFound);
  const { form, values, csrfOk } = await readForm(args.request, session);
  const intent = String(form.get('intent') ?? '');
  const empty: ActionData = {
    intent,
    message: null,
    errors: {},
    values,
    done: null,
    changeQuote: null,
    cancelQuote: null,
    resent: null,
  };
  const answer = (result: Partial<ActionData>, status = 200) =>
    data<ActionData>({ ...empty, ...result }, { status, headers: ADMIN_HEADERS });
  if (!csrfOk) return answer({ message: t('auth.page.csrf') }, 419);
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
        return answer({ changeQuote: changeQuoteOf(result, locale, crypto.randomUUID()) });
      }
      case 'cancel-quote':
      case 'cancel-confirm': {
        const confirm = intent === 'cancel-confirm';
        const result = await cancelOnBehalf(app, actor, { reference, dryRun: !confirm });
        if (confirm) return answer({ done: 'cancelled', message: t('admin.reservations.cancelled') });
        return answer({ cancelQuote: cancelQuoteOf(result, locale) });
      }
      case 'resend': {
        const { to } = await resendConfirmation(app, actor, { reference });
        return answer({ resent: t('admin.reservations.resent', { email: to }) });
      }
      default:
        return answer({ message: t('validation.invalid') }, 422);
    }
  } catch (error) {
    if (error instanceof RequestError && error.status === 404) notFound(error);
    const refused = refusal(error, t, values, intent);
    return data<ActionData>(
      { ...empty, ...refused.data },
      { status: refused.init?.status ?? 422, headers: ADMIN_HEADERS },
    );
  }
}

export function headers({ loaderHeaders, actionHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? ([...actionHeaders].length ? actionHeaders : loaderHeaders);
}

export default function AdminReservation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const layout = useRouteLoaderData<typeof layoutLoader>('admin');
  const csrfToken = layout?.csrfToken ?? '';
  const { view, manage } = loaderData;
  const fields = (rows: { label: string; value: string }[]) => (
    <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-muted">{row.label}</dt>
          <dd className="break-words">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
  const resendMessage = actionData?.intent === 'resend' ? (actionData.resent ?? actionData.message) : null;
  return (
    <section className="grid gap-5">
      <title>{`${t('admin.reservations.detail.title', { reference: view.reference })} · ${t('admin.title')}`}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <a className="text-sm text-accent underline" href={href('/admin/reservierungen')}>
            {t('admin.reservations.back')}
          </a>
          <h1 className="mt-1 text-2xl font-semibold">
            {t('admin.reservations.detail.title', { reference: view.reference })}
          </h1>
        </div>
        <span
          className="rounded-full bg-accent-soft px-3 py-1 text-sm font-medium text-accent"
          data-status={view.status}
        >
          {view.statusLabel}
        </span>
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <section className="card p-4" aria-labelledby="booking-title">
          <h2 id="booking-title" className="mb-3 text-lg font-semibold">
            {t('admin.reservations.detail.booking')}
          </h2>
          {fields([
            ...view.booking,
            { label: t('admin.reservations.field.checked_in'), value: view.checkedIn ?? '–' },
            { label: t('admin.reservations.field.checked_out'), value: view.checkedOut ?? '–' },
          ])}
        </section>
        {view.customer ? (
          <section className="card p-4" aria-labelledby="customer-title">
            <h2 id="customer-title" className="mb-3 text-lg font-semibold">
              {t('admin.reservations.detail.customer')}
            </h2>
            {fields(view.customer)}
            {view.canResend ? (
              <Form method="post" className="mt-4">
                <input type="hidden" name="_csrf" value={csrfToken} />
                <button type="submit" name="intent" value="resend" className="btn-secondary min-h-11">
                  {t('admin.reservations.resend')}
                </button>
              </Form>
            ) : null}
            {resendMessage ? (
              <p role="status" className="mt-3 rounded-lg border border-line bg-surface p-3 text-sm">
                {resendMessage}
              </p>
            ) : null}
          </section>
        ) : null}
        <section className="card p-4" aria-labelledby="price-title">
          <h2 id="price-title" className="mb-3 text-lg font-semibold">
            {t('admin.reservations.detail.price')}
          </h2>
          {fields(view.price)}
          <h3 className="mb-2 mt-4 font-semibold">{t('admin.reservations.detail.payment')}</h3>
          {fields(view.payment)}
        </section>
        <section className="card p-4" aria-labelledby="documents-title">
          <h2 id="documents-title" className="mb-3 text-lg font-semibold">
            {t('admin.reservations.detail.documents')}
          </h2>
          {view.documents.length === 0 ? (
            <p className="text-sm text-muted">{t('admin.reservations.detail.no_documents')}</p>
          ) : (
            <ul className="grid gap-1 text-sm">
              {view.documents.map((d) => (
                <li key={d.fileName}>
                  <a
                    href={href(`/admin/reservierungen/${view.reference}/dokumente/${d.fileName}`)}
                    download
                    className="inline-flex min-h-11 items-center gap-1 text-accent underline underline-offset-2"
                  >
                    {d.kind} <span className="font-mono">{d.number}</span>
                  </a>
                  {d.issued ? <span className="text-muted"> · {d.issued}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {/* the form's own bottom margin (a shop page's) is the grid's gap here */}
      <div className="[&>section]:mb-0">
        <ManageBooking
          view={manage}
          result={actionData?.intent === 'resend' ? undefined : actionData}
          csrfToken={csrfToken}
          title={t('admin.reservations.detail.manage')}
          onBehalf
        />
      </div>
      <section className="card p-4" aria-labelledby="history-title">
        <h2 id="history-title" className="mb-3 text-lg font-semibold">
          {t('admin.reservations.detail.history')}
        </h2>
        <ol className="grid gap-2 border-l-2 border-line pl-4 text-sm" data-history>
          {view.history.map((e, i) => (
            <li key={i} data-history-kind={e.kind}>
              <span className="text-muted">{e.when}</span> · {e.label}
              {e.by ? <span className="block text-xs text-muted">{e.by}</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}

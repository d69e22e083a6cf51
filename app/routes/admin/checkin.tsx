import { useCallback } from 'react';
import { data, Form, useNavigate } from 'react-router';
import { CheckinCardView } from '~/components/admin/checkin/checkin-card.tsx';
import { QrScanner } from '~/components/admin/qr-scanner.tsx';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { checkIn, checkOut, lookupForCheckin, type CheckinCard } from '~/services/backoffice/admin-checkin.server.ts';
import { markOverstayPaid, sendOverstayPaymentLink } from '~/services/backoffice/overstay.server.ts';
import { actionOrLoaderHeaders, PRIVATE_HEADERS, refusal, savedRedirect } from '../helpers/form-kit.server.ts';
import { handoverOfForm } from './helpers/handover-form.server.ts';
import { readStaffForm, requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/checkin';

/**
 * admin.checkin (`/admin/checkin`, issue 15 item 4): the barrier's tablet page. `?code=` (typed reference or
 * licence plate, or the scanned QR code) lists the matching bookings with their state and any overstay; the
 * buttons post the arrival or departure. A GET and a POST form: works without JavaScript; with it, the camera
 * reads the voucher's QR code (the page alone may use the camera: Permissions-Policy in `server/app.server.ts`).
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireStaff(args, 'checkin');
  const { app } = args.context.get(shopContext);
  const locale = toLocale(args.params.lang);
  const code = (new URL(args.request.url).searchParams.get('code') ?? '').trim().slice(0, 100);
  const cards = code ? await lookupForCheckin(app, actor, code, locale) : [];
  return data({ code, cards }, { headers: PRIVATE_HEADERS });
}

/**
 * `intent` `check-in` | `check-out` with the `reference`: marks the car; `overstay-cash` | `overstay-card` marks the
 * overstay's invoice paid at the car park, `overstay-link` mails the payment link (issue 33 item 4). Each redirects
 * to the booking (`?code=…`) with the flash notice; a refusal (a bad token, an unknown booking, a conflict) answers its translated message and changes nothing.
 */
export async function action(args: Route.ActionArgs) {
  const { actor, posted, refused } = await readStaffForm(args, 'checkin');
  if (refused) return refused;
  const { app, values, intent, locale, t } = posted;
  try {
    const reference = (values.reference ?? '').trim();
    const back = (code: string) => `/admin/checkin?${new URLSearchParams({ code })}`;
    if (intent === 'overstay-cash' || intent === 'overstay-card') {
      const method = intent === 'overstay-cash' ? 'cash' : 'card';
      await markOverstayPaid(app, actor, { reference, method });
      return await savedRedirect(posted, back(reference), `admin.overstay.done.${method}`);
    }
    if (intent === 'overstay-link') {
      await sendOverstayPaymentLink(app, actor, { reference });
      return await savedRedirect(posted, back(reference), 'admin.overstay.done.link');
    }
    if (intent !== 'check-in' && intent !== 'check-out') {
      return data(
        { intent, errors: {}, message: t('validation.invalid'), values },
        { status: 422, headers: PRIVATE_HEADERS },
      );
    }
    const mark = intent === 'check-in' ? checkIn : checkOut;
    const handover = await handoverOfForm(posted.form, values);
    const card = await mark(app, actor, { reference, locale, confirmDelay: values.confirmDelay === '1', handover });
    const done = intent === 'check-in' ? 'checked_in' : 'checked_out';
    return await savedRedirect(posted, back(card.reference), `admin.checkin.done.${done}`);
  } catch (error) {
    return refusal(error, posted, { values: { reference: values.reference ?? '' } });
  }
}

export function headers(args: Route.HeadersArgs) {
  return args.errorHeaders ?? actionOrLoaderHeaders(args);
}

export default function AdminCheckin({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const navigate = useNavigate();
  const { code, cards } = loaderData;
  // A scanned code: asked of the API first, so an unknown code keeps the camera running instead of reloading.
  const onCode = useCallback(
    async (scanned: string) => {
      const response = await fetch(`/api/admin/checkin/lookup?${new URLSearchParams({ code: scanned })}`, {
        headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
        credentials: 'same-origin',
      }).catch(() => null);
      if (!response?.ok) return false;
      const body = (await response.json()) as { matches: CheckinCard[] };
      if (body.matches.length === 0) return false;
      await navigate(`${href('/admin/checkin')}?${new URLSearchParams({ code: body.matches[0].reference })}`);
      return true;
    },
    [navigate, href],
  );
  return (
    <section className="grid gap-5">
      <title>{`${t('admin.checkin.title')} · ${t('admin.title')}`}</title>
      <h1 className="text-2xl font-semibold">{t('admin.checkin.title')}</h1>
      <Form method="get" className="card flex flex-wrap items-end gap-3 p-4" aria-label={t('admin.checkin.find')}>
        <div className="min-w-0 flex-1 basis-60">
          <label className="field-label" htmlFor="checkin-code">
            {t('admin.checkin.code')}
          </label>
          <input
            id="checkin-code"
            name="code"
            className="field-input text-lg"
            defaultValue={code}
            key={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
          />
        </div>
        <button type="submit" className="btn-primary min-h-11">
          {t('admin.checkin.find')}
        </button>
      </Form>
      <QrScanner onCode={onCode} />
      {actionData?.message ? (
        <p role="alert" className="rounded-lg border border-danger bg-danger-soft p-3 text-danger">
          {actionData.message}
        </p>
      ) : null}
      {code && cards.length === 0 ? (
        <p className="card p-4" role="status">
          {t('admin.checkin.none', { code })}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {cards.map((card) => (
          <CheckinCardView
            key={card.reference}
            card={card}
            code={code}
            refused={actionData && { reference: actionData.values?.reference, errors: actionData.errors ?? {} }}
          />
        ))}
      </div>
    </section>
  );
}

import { useCallback } from 'react';
import { data, Form, redirect, useNavigate, useRouteLoaderData } from 'react-router';
import { QrScanner } from '~/components/admin/qr-scanner.tsx';
import { useHref, useT } from '~/components/i18n-context.tsx';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { checkIn, checkOut, lookupForCheckin, type CheckinCard } from '~/services/backoffice/admin-checkin.server.ts';
import { RequestError } from '~/services/request-error.server.ts';
import { readForm } from '../helpers/form-kit.server.ts';
import { ADMIN_HEADERS, requireStaff } from './helpers/staff-guard.server.ts';
import type { Route } from './+types/checkin';
import type { loader as layoutLoader } from './layout.tsx';

/** What a finished mark reports after the redirect (`?done=`). */
const DONE = ['checked_in', 'checked_out'] as const;

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
  const url = new URL(args.request.url);
  const code = (url.searchParams.get('code') ?? '').trim().slice(0, 100);
  const done = url.searchParams.get('done');
  const cards = code ? await lookupForCheckin(app, actor, code, locale) : [];
  return data(
    { code, cards, done: (DONE as readonly string[]).includes(done ?? '') ? done : null },
    { headers: ADMIN_HEADERS },
  );
}

/**
 * `intent` `check-in` | `check-out` with the `reference` and `_csrf`: marks the car and redirects to the booking
 * (`?code=…&done=…`); a refusal (419, 404, 409) answers its translated message and changes nothing.
 */
export async function action(args: Route.ActionArgs) {
  const actor = await requireStaff(args, 'checkin');
  const { app, session } = args.context.get(shopContext);
  const locale = toLocale(args.params.lang);
  const t = translator(locale);
  const { form, csrfOk } = await readForm(args.request, session);
  const intent = String(form.get('intent') ?? '');
  const reference = String(form.get('reference') ?? '').trim();
  if (!csrfOk) return data({ message: t('auth.page.csrf') }, { status: 419, headers: ADMIN_HEADERS });
  try {
    if (intent !== 'check-in' && intent !== 'check-out') {
      return data({ message: t('validation.invalid') }, { status: 422, headers: ADMIN_HEADERS });
    }
    const mark = intent === 'check-in' ? checkIn : checkOut;
    const card = await mark(app, actor, { reference, locale });
    const query = new URLSearchParams({
      code: card.reference,
      done: intent === 'check-in' ? 'checked_in' : 'checked_out',
    });
    return redirect(`${localePath(locale, '/admin/checkin')}?${query}`, { headers: ADMIN_HEADERS });
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    return data({ message: t(error.messageKey) }, { status: error.status, headers: ADMIN_HEADERS });
  }
}

export function headers({ loaderHeaders, actionHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? ([...actionHeaders].length ? actionHeaders : loaderHeaders);
}

export default function AdminCheckin({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const navigate = useNavigate();
  const layout = useRouteLoaderData<typeof layoutLoader>('admin');
  const csrfToken = layout?.csrfToken ?? '';
  const { code, cards, done } = loaderData;
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
      {done ? (
        <p role="status" className="rounded-lg border border-success bg-success-soft p-3 text-success">
          {t(`admin.checkin.done.${done}`)}
        </p>
      ) : null}
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
          <Card key={card.reference} card={card} csrfToken={csrfToken} code={code} />
        ))}
      </div>
    </section>
  );
}

function Card({ card, csrfToken, code }: { card: CheckinCard; csrfToken: string; code: string }) {
  const t = useT();
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
      <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {card.overstay?.late ? (
        <p role="alert" className="rounded-lg border border-warn bg-warn-soft p-3 text-sm text-warn" data-overstay>
          {card.overstay.extraDays > 0
            ? t(card.state === 'left' ? 'admin.checkin.overstay.left' : 'admin.checkin.overstay.now', {
                days: card.overstay.extraDays,
                amount: card.overstay.amount,
              })
            : t('admin.checkin.overstay.late')}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {card.state === 'arriving' || card.state === 'parked' ? (
          <Form method="post" action={`?${new URLSearchParams({ code: code || card.reference })}`}>
            <input type="hidden" name="_csrf" value={csrfToken} />
            <input type="hidden" name="reference" value={card.reference} />
            {card.state === 'arriving' ? (
              <button type="submit" name="intent" value="check-in" className="btn-primary min-h-12 px-6 text-lg">
                {t('admin.checkin.check_in')}
              </button>
            ) : (
              <button type="submit" name="intent" value="check-out" className="btn-primary min-h-12 px-6 text-lg">
                {t('admin.checkin.check_out')}
              </button>
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

import { Search } from 'lucide-react';
import { data, Form, redirect, useNavigation, useRouteLoaderData } from 'react-router';
import { useT } from '~/components/i18n-context.tsx';
import { FormField } from '~/components/ui/form-field.tsx';
import { normalizeReference } from '~/domain/reference.ts';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { grantGuestAccess } from '~/services/guest-access.server.ts';
import { findReservationForLookup } from '~/services/reservations.server.ts';
import type { Session } from '#server/session.server.ts';
import { DatabaseRateLimitStore } from '~/services/rate-limit-store.server.ts';
import { isEmail } from '~/domain/field-errors.ts';
import type { Route } from './+types/guest-lookup';

/** Failed lookups a session may make per window before it is refused (brute-force brake). */
const LOOKUP_MAX_FAILURES = 10;
/** Failed lookups one client IP may make per window, over all its sessions (several people may share an IP). */
const LOOKUP_MAX_FAILURES_PER_IP = 30;
/** Window of the failure count, ms; the refusal lasts until the window of the first failure ends. */
const LOOKUP_WINDOW_MS = 15 * 60 * 1000;

const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store' };

type Failures = { count: number; since: number };
type Fields = { reference: string; email: string };
type ActionResult = { values: Fields; errors: Partial<Record<keyof Fields, string>>; message: string | null };

function readFailures(session: Session, now: number): Failures {
  const raw = session.get('guestLookupFailures');
  if (!raw || now - raw.since > LOOKUP_WINDOW_MS) return { count: 0, since: now };
  return raw;
}
function writeFailures(session: Session, value: Failures | null): void {
  if (value) session.set('guestLookupFailures', value);
  else session.unset('guestLookupFailures');
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const t = translator(toLocale(params.lang));
  const reference = new URL(request.url).searchParams.get('reference') ?? '';
  return data(
    { title: t('lookup.meta.title'), reference: normalizeReference(reference) ?? '', shopEmail: context.app.env.SHOP_EMAIL },
    { headers: PRIVATE_HEADERS },
  );
}

/**
 * guest.lookup: reference + e-mail → guest access and a redirect to the reservation page. A wrong pair gets
 * ONE message and status 404, the same whether the reference exists or not; malformed input gets field
 * messages and 422 (no database read, no hint). After {@link LOOKUP_MAX_FAILURES} failures in
 * {@link LOOKUP_WINDOW_MS} the session gets 429 with `Retry-After` until the window ends.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = toLocale(params.lang);
  const t = translator(locale);
  const form = await request.formData();
  const values: Fields = { reference: String(form.get('reference') ?? '').trim(), email: String(form.get('email') ?? '').trim() };
  const { session } = context;
  const answer = (status: number, result: Omit<ActionResult, 'values'>, headers: Record<string, string> = {}) =>
    data<ActionResult>({ values, ...result }, { status, headers: { ...PRIVATE_HEADERS, ...headers } });

  if (!session.verifyCsrf(String(form.get('_csrf') ?? ''))) {
    return answer(419, { errors: {}, message: t('api.error.csrf') });
  }
  const tooMany = (retryAfterSeconds: number) =>
    answer(
      429,
      { errors: {}, message: t('lookup.error.too_many', { minutes: Math.ceil(retryAfterSeconds / 60) }) },
      { 'Retry-After': String(retryAfterSeconds) },
    );
  const now = context.app.now().getTime();
  const failures = readFailures(session, now);
  if (failures.count >= LOOKUP_MAX_FAILURES) {
    return tooMany(Math.max(1, Math.ceil((failures.since + LOOKUP_WINDOW_MS - now) / 1000)));
  }

  // The session brake above is bypassed by dropping cookies; this one counts failures per client IP in the
  // database, shared by every app process (DESIGN §1).
  const ipFailures = new DatabaseRateLimitStore(context.app.db, 'guest-lookup');
  if ((await ipFailures.peek(context.clientIp)) >= LOOKUP_MAX_FAILURES_PER_IP) return tooMany(LOOKUP_WINDOW_MS / 1000);

  const errors: ActionResult['errors'] = {};
  const reference = normalizeReference(values.reference);
  if (!reference) errors.reference = t('lookup.error.reference');
  if (!isEmail(values.email)) errors.email = t('lookup.error.email');
  if (reference === null || errors.email) return answer(422, { errors, message: null });

  const details = await findReservationForLookup(context.app.db, reference, values.email);
  if (!details) {
    writeFailures(session, { count: failures.count + 1, since: failures.since });
    await session.save();
    await ipFailures.hit(context.clientIp, LOOKUP_WINDOW_MS);
    return answer(404, { errors: {}, message: t('lookup.error.not_found') });
  }
  grantGuestAccess(session, details.reservation.reference);
  writeFailures(session, null);
  await session.save();
  return redirect(localePath(locale, `/reservierung/${details.reservation.reference}`), { headers: PRIVATE_HEADERS });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const out = new Headers(PRIVATE_HEADERS);
  for (const source of [loaderHeaders, actionHeaders]) source?.forEach((value, key) => out.set(key, value));
  return out;
}

export default function GuestLookup({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const csrfToken = useRouteLoaderData<{ csrfToken: string }>('root')?.csrfToken ?? '';
  const values = actionData?.values ?? { reference: loaderData.reference, email: '' };
  const errors = actionData?.errors ?? {};
  const busy = navigation.state === 'submitting';
  return (
    <div className="container-page py-8 sm:py-14">
      <div className="mx-auto max-w-lg">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('lookup.title')}</h1>
        <p className="mt-2 text-muted">{t('lookup.intro')}</p>
        <Form method="post" className="card mt-6 grid gap-5 p-5 sm:p-6" aria-labelledby="lookup-title" noValidate>
          <h2 id="lookup-title" className="sr-only">{t('lookup.title')}</h2>
          <input type="hidden" name="_csrf" value={csrfToken} />
          {actionData?.message ? (
            <p role="alert" className="rounded-lg border border-danger bg-danger-soft p-3 text-sm text-danger" data-lookup-error>
              {actionData.message}
            </p>
          ) : null}
          <FormField id="lookup-reference" label={t('lookup.reference')} error={errors.reference} hint={t('lookup.reference_hint')} hintHiddenOnError>
            {(control) => (
              <input
                {...control}
                name="reference"
                className="field-input font-mono uppercase tracking-widest"
                defaultValue={values.reference}
                key={`ref-${values.reference}`}
                required
                maxLength={16}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
            )}
          </FormField>
          <FormField id="lookup-email" label={t('lookup.email')} error={errors.email}>
            {(control) => (
              <input
                {...control}
                name="email"
                type="email"
                className="field-input"
                defaultValue={values.email}
                key={`email-${values.email}`}
                required
                maxLength={254}
                autoComplete="email"
              />
            )}
          </FormField>
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            <Search aria-hidden size={18} />
            {t('lookup.submit')}
          </button>
        </Form>
        <p className="mt-4 text-sm text-muted">{t('lookup.help', { email: loaderData.shopEmail })}</p>
      </div>
    </div>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }];
}

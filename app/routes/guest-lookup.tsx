import { Search } from 'lucide-react';
import { data, Form, redirect, useNavigation } from 'react-router';
import { useT } from '~/components/i18n-context.tsx';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import { FormField } from '~/components/ui/form-field.tsx';
import { normalizeReference } from '~/domain/reference.ts';
import { translator } from '~/i18n.server.ts';
import { localePath, toLocale } from '~/i18n.ts';
import { lookUpGuestReservation } from '~/services/reservations/guest-lookup.server.ts';
import type { Route } from './+types/guest-lookup';
import { shopContext } from '~/router-context.ts';
import { readPostedForm } from './helpers/form-kit.server.ts';

const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store' };

type Fields = { reference: string; email: string };
type ActionResult = { values: Fields; errors: Partial<Record<keyof Fields, string>>; message: string | null };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app } = context.get(shopContext);
  const t = translator(toLocale(params.lang));
  const reference = new URL(request.url).searchParams.get('reference') ?? '';
  return data(
    {
      title: t('lookup.meta.title'),
      reference: normalizeReference(reference) ?? '',
      shopEmail: app.env.SHOP_EMAIL,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/**
 * guest.lookup (`/reservierung`, `?reference=` fills the field: a reservation page opened without access comes
 * here, issue 12 item 5): reference + e-mail → guest access and a redirect to the reservation page
 * (`lookUpGuestReservation`). A wrong pair gets ONE message and status 404, the same whether the reference
 * exists or not; malformed input gets field messages and 422; a brake answers 429 with `Retry-After`; a bad
 * token is the kit's refusal.
 */
export async function action(args: Route.ActionArgs) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, session, clientIp, form, locale, t } = posted;
  const values: Fields = {
    reference: String(form.get('reference') ?? '').trim(),
    email: String(form.get('email') ?? '').trim(),
  };
  const answer = (status: number, result: Omit<ActionResult, 'values'>, headers: Record<string, string> = {}) =>
    data<ActionResult>({ values, ...result }, { status, headers: { ...PRIVATE_HEADERS, ...headers } });

  const result = await lookUpGuestReservation(app, {
    session: session,
    clientIp: clientIp,
    ...values,
  });
  switch (result.kind) {
    case 'found':
      return redirect(localePath(locale, `/reservierung/${result.reference}`), { headers: PRIVATE_HEADERS });
    case 'invalid': {
      const errors = Object.fromEntries(Object.entries(result.errors).map(([field, key]) => [field, t(key)]));
      return answer(422, { errors, message: null });
    }
    case 'not_found':
      return answer(404, { errors: {}, message: t('lookup.error.not_found') });
    case 'too_many':
      return answer(
        429,
        { errors: {}, message: t('lookup.error.too_many', { minutes: Math.ceil(result.retryAfterSeconds / 60) }) },
        { 'Retry-After': String(result.retryAfterSeconds) },
      );
  }
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const out = new Headers(PRIVATE_HEADERS);
  for (const source of [loaderHeaders, actionHeaders]) source?.forEach((value, key) => out.set(key, value));
  return out;
}

export default function GuestLookup({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const values: Partial<Fields> = actionData?.values ?? { reference: loaderData.reference, email: '' };
  const errors: ActionResult['errors'] = actionData?.errors ?? {};
  const busy = navigation.state === 'submitting';
  return (
    <div className="container-page py-8 sm:py-14">
      <div className="mx-auto max-w-lg">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('lookup.title')}</h1>
        <p className="mt-2 text-muted">{t(loaderData.reference ? 'lookup.confirm' : 'lookup.intro')}</p>
        <Form method="post" className="card mt-6 grid gap-5 p-5 sm:p-6" aria-labelledby="lookup-title" noValidate>
          <h2 id="lookup-title" className="sr-only">
            {t('lookup.title')}
          </h2>
          <CsrfField />
          {actionData?.message ? (
            <p
              role="alert"
              className="rounded-lg border border-danger bg-danger-soft p-3 text-sm text-danger"
              data-lookup-error
            >
              {actionData.message}
            </p>
          ) : null}
          <FormField
            id="lookup-reference"
            label={t('lookup.reference')}
            error={errors.reference}
            hint={t('lookup.reference_hint')}
            hintHiddenOnError
          >
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

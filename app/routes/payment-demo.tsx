import { data, redirect } from 'react-router';
import { useHref, useLocale, useT } from '~/components/i18n-context.tsx';
import { CsrfField } from '~/components/ui/csrf-field.tsx';
import { formatMoney } from '~/domain/money.ts';
import { translator } from '~/i18n.server.ts';
import { toLocale } from '~/i18n.ts';
import { shopContext } from '~/router-context.ts';
import { completeDemoCheckout, loadDemoCheckout } from '~/services/payments/payment-demo.server.ts';
import type { Route } from './+types/payment-demo';
import { PRIVATE_HEADERS, readPostedForm } from './helpers/form-kit.server.ts';

/**
 * payment.demo (`/zahlung/demo/:session`, issue 13 item 5): the demo payment provider's "hosted checkout", a
 * clearly marked test page (only while `PAYMENT_DEMO=1` chooses the demo provider; else 404). No card field: three
 * buttons pay, decline or abandon, each a plain form POST (works without JavaScript); paying and declining send the
 * demo's signed webhook event through the real webhook handling, then the customer is back on the reservation page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { app } = context.get(shopContext);
  const checkout = await loadDemoCheckout(app, params.session);
  if (!checkout) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  const t = translator(toLocale(params.lang));
  return data({ title: t('payment.demo.meta_title'), checkout }, { headers: PRIVATE_HEADERS });
}

/**
 * Checks `_csrf` (a bad token: the kit's refusal, its message above the buttons) and the outcome, acts, and
 * redirects back to the reservation page.
 */
export async function action(args: Route.ActionArgs) {
  const { posted, refused } = await readPostedForm(args);
  if (refused) return refused;
  const { app, values, locale } = posted;
  const outcome = values.outcome;
  if (outcome !== 'pay' && outcome !== 'decline' && outcome !== 'abandon') {
    throw data(null, { status: 400, headers: PRIVATE_HEADERS });
  }
  const to = await completeDemoCheckout(app, {
    sessionId: args.params.session,
    outcome,
    locale,
    sessionSecret: app.env.SESSION_SECRET,
  });
  if (!to) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  throw redirect(to, { headers: PRIVATE_HEADERS });
}

export function headers() {
  return PRIVATE_HEADERS;
}

export default function PaymentDemo({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useHref();
  const { checkout } = loaderData;
  const locale = useLocale();
  return (
    <div className="container-page max-w-xl py-6 sm:py-10" data-payment-demo={checkout.sessionId}>
      <p
        className="mb-4 rounded-lg border-2 border-dashed border-danger bg-card px-4 py-2 text-sm font-bold uppercase text-danger"
        data-test-mode
      >
        {t('payment.demo.badge')}
      </p>
      <h1 className="text-2xl font-bold tracking-tight">{t('payment.demo.title')}</h1>
      <p className="mt-2 text-muted">{t('payment.demo.intro')}</p>
      <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">{t('payment.demo.reference')}</dt>
        <dd data-demo-reference>{checkout.reference}</dd>
        <dt className="font-semibold">{t('payment.demo.amount')}</dt>
        <dd data-demo-amount>{formatMoney(checkout.amountCents, locale)}</dd>
      </dl>
      {checkout.open ? (
        <form method="post" className="mt-6 flex flex-wrap gap-3">
          <CsrfField />
          {actionData?.message ? (
            <p role="alert" className="w-full text-sm text-danger" data-demo-error>
              {actionData.message}
            </p>
          ) : null}
          <button type="submit" name="outcome" value="pay" className="btn-primary">
            {t('payment.demo.pay')}
          </button>
          <button type="submit" name="outcome" value="decline" className="btn-danger">
            {t('payment.demo.decline')}
          </button>
          <button type="submit" name="outcome" value="abandon" className="btn-secondary">
            {t('payment.demo.abandon')}
          </button>
        </form>
      ) : (
        <p className="mt-6" role="status">
          {t('payment.demo.closed')}{' '}
          <a className="underline" href={href(`/reservierung/${checkout.reference}`)}>
            {t('payment.demo.back')}
          </a>
        </p>
      )}
    </div>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex, nofollow' }];
}

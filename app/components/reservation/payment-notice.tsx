/**
 * The online payment's state on the reservation page (issue 13): "payment pending" with the "pay now" link while
 * the hold lasts, "payment failed" after a declined payment, "expired" after an unpaid hold ended, and the refund
 * of a cancelled paid booking. Nothing for other payment types.
 */
import { useHref, useT } from '../i18n-context.tsx';

/** What the loader hands over (`paymentNotice` of `online-payment.server.ts`). */
export type PaymentNoticeView =
  | { state: 'pending'; holdUntil: string; holdUntilTime: string; payPath: string }
  | { state: 'failed' }
  | { state: 'expired' }
  | { state: 'refunded'; amountCents: number; amount: string }
  | null;

/** The notice box, or nothing. */
export function PaymentNotice({ view }: { view: PaymentNoticeView }) {
  const t = useT();
  const href = useHref();
  if (!view) return null;
  if (view.state === 'refunded') {
    return (
      <p className="mb-5 rounded-xl border border-line bg-card p-4" role="status" data-payment-state="refunded">
        {t('payment.notice.refunded', { amount: view.amount })}
      </p>
    );
  }
  const pending = view.state === 'pending';
  return (
    <section
      className={`mb-5 rounded-xl border-2 p-4 ${pending ? 'border-accent bg-accent-soft' : 'border-danger bg-card'}`}
      role={pending ? 'status' : 'alert'}
      data-payment-state={view.state}
    >
      <h2 className={`text-lg font-semibold ${pending ? '' : 'text-danger'}`}>
        {t(`payment.notice.${view.state}.title`)}
      </h2>
      <p className="mt-1">
        {pending
          ? t('payment.notice.pending.text', { time: view.holdUntilTime })
          : t(`payment.notice.${view.state}.text`)}
      </p>
      {pending ? (
        <p className="mt-3">
          <a className="btn-primary" href={href(view.payPath)} data-pay-now>
            {t('payment.notice.pay_now')}
          </a>
        </p>
      ) : null}
    </section>
  );
}

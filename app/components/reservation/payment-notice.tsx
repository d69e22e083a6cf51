/**
 * The online payment's state on the reservation page (issues 13 and 33): "payment pending" with the "pay now" link
 * while the hold lasts ("declined" with "pay again" after a declined attempt), the difference of a dearer change
 * still to pay, "payment failed" or "expired" with
 * "book again" (the same stay searched) once the hold was released, the refunds, and an overstay's open invoice
 * with "pay now" (any payment type, issue 33 item 4). Nothing else for other payment types.
 */
import type { PaymentNoticeView } from '~/domain/payment-notice.ts';
import { useHref, useT } from '../i18n-context.tsx';

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
  if (view.state === 'overstay_due') {
    return (
      <section
        className="mb-5 rounded-xl border-2 border-accent bg-accent-soft p-4"
        role="status"
        data-payment-state="overstay_due"
      >
        <h2 className="text-lg font-semibold">{t('payment.notice.overstay_due.title')}</h2>
        <p className="mt-1">
          {t('payment.notice.overstay_due.text', { amount: view.amount, invoice: view.invoiceNumber })}
        </p>
        {view.payPath && (
          <p className="mt-3">
            <a className="btn-primary" href={href(view.payPath)} data-pay-now>
              {t('payment.notice.pay_overstay', { amount: view.amount })}
            </a>
          </p>
        )}
      </section>
    );
  }
  if (view.state === 'change_pending') {
    return (
      <section
        className="mb-5 rounded-xl border-2 border-accent bg-accent-soft p-4"
        role={view.declined ? 'alert' : 'status'}
        data-payment-state="change_pending"
      >
        <h2 className="text-lg font-semibold">{t('payment.notice.change_pending.title')}</h2>
        <p className="mt-1">
          {view.declined ? `${t('payment.notice.declined.title')}. ` : ''}
          {t('payment.notice.change_pending.text', { amount: view.amount, time: view.holdUntilTime })}
        </p>
        <p className="mt-3">
          <a className="btn-primary" href={href(view.payPath)} data-pay-now>
            {t('payment.notice.pay_difference')}
          </a>
        </p>
      </section>
    );
  }
  const pending = view.state === 'pending';
  const state = pending && view.declined ? 'declined' : view.state;
  return (
    <section
      className={`mb-5 rounded-xl border-2 p-4 ${state === 'pending' ? 'border-accent bg-accent-soft' : 'border-danger bg-card'}`}
      role={state === 'pending' ? 'status' : 'alert'}
      data-payment-state={state}
    >
      <h2 className={`text-lg font-semibold ${state === 'pending' ? '' : 'text-danger'}`}>
        {t(`payment.notice.${state}.title`)}
      </h2>
      <p className="mt-1">
        {pending ? t(`payment.notice.${state}.text`, { time: view.holdUntilTime }) : t(`payment.notice.${state}.text`)}
      </p>
      <p className="mt-3">
        {pending ? (
          <a className="btn-primary" href={href(view.payPath)} data-pay-now>
            {t(view.declined ? 'payment.notice.pay_again' : 'payment.notice.pay_now')}
          </a>
        ) : (
          <a className="btn-secondary" href={href(view.rebookPath)} data-book-again>
            {t('payment.notice.book_again')}
          </a>
        )}
      </p>
    </section>
  );
}

/**
 * What the reservation page shows about an online payment (issues 13 and 33): the view the service builds
 * (`paymentNotice` in `app/services/payments/online-payment.server.ts`) and the component renders
 * (`app/components/reservation/payment-notice.tsx`). Times are the airport's wall clock `HH:mm`, paths have no
 * locale prefix, amounts in cents and formatted in the page's language.
 */
export type PaymentNoticeView =
  | { state: 'pending'; holdUntil: string; holdUntilTime: string; payPath: string; declined: boolean }
  | {
      state: 'change_pending';
      holdUntil: string;
      holdUntilTime: string;
      payPath: string;
      declined: boolean;
      amountCents: number;
      amount: string;
    }
  | { state: 'failed'; rebookPath: string }
  | { state: 'expired'; rebookPath: string }
  | { state: 'refunded'; amountCents: number; amount: string }
  /** an overstay billed at check-out is unpaid (issue 33 item 4); `payPath` null when no online payment is on */
  | { state: 'overstay_due'; amountCents: number; amount: string; invoiceNumber: string; payPath: string | null }
  | null;

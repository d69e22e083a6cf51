/**
 * The demo payment provider (issue 13 item 5, DESIGN §6): for local runs and tests, the default when Stripe is not
 * configured and `PAYMENT_DEMO=1`. Its "hosted checkout" is a clearly marked test page inside the shop
 * (`/zahlung/demo/:session`, no card fields) whose buttons pay, decline or abandon; paying and declining send a
 * Stripe-shaped event signed with the demo's own webhook secret to the same webhook handling (the same signature
 * check, `verifyStripeEvent`), so the whole flow runs on a laptop without any provider.
 */
import crypto from 'node:crypto';
import type { OnlinePaymentProvider, ProviderActivity } from './payment.server.ts';
import { signStripePayload, verifyStripeEvent } from './stripe.server.ts';

/** The path of the demo checkout page of a session (German path; the English one has the `/en` prefix). */
const DEMO_CHECKOUT_PATH = '/zahlung/demo';

/** What the customer does on the demo checkout page. */
export type DemoOutcome = 'pay' | 'decline' | 'abandon';

/** The demo's webhook secret, derived from the session secret (never the same as a real Stripe secret). */
function demoWebhookSecret(sessionSecret: string): string {
  return `whsec_demo_${crypto.createHmac('sha256', sessionSecret).update('payment-demo-webhook').digest('hex')}`;
}

/** The demo provider, which also books what its checkout page takes (the page tells it: {@link DemoProvider.capture}). */
export type DemoProvider = OnlinePaymentProvider & {
  /** Books a payment the demo checkout took (its "pay" button), for {@link OnlinePaymentProvider.listActivity}. */
  capture(payment: ProviderActivity['payments'][number]): void;
};

/** Whether `provider` is the demo provider (its checkout page books its captures). */
export function isDemoProvider(provider: OnlinePaymentProvider | null): provider is DemoProvider {
  return provider?.name === 'demo' && 'capture' in provider;
}

/**
 * The demo provider: a session is a random id `demo_cs_…` whose checkout URL is the demo page on the shop's own
 * origin (the success URL's); refunds succeed at once with an id derived from their idempotency key (a repeated
 * request gets the same refund, as at Stripe). It keeps its own ledger of captures and refunds (in memory, per
 * process: a demo), so the reconciliation (issue 33 item 6) runs the same code as with Stripe.
 * Source: issue 13 item 5, issue 33 item 6.
 */
export function createDemoProvider(config: { sessionSecret: string }): DemoProvider {
  const secret = demoWebhookSecret(config.sessionSecret);
  const ledger: ProviderActivity = { payments: [], refunds: [] };
  return {
    name: 'demo',
    capture(payment) {
      ledger.payments.push(payment);
    },
    async listActivity(since) {
      return {
        payments: ledger.payments.filter((p) => p.at.getTime() >= since.getTime()),
        refunds: ledger.refunds.filter((r) => r.at.getTime() >= since.getTime()),
      };
    },
    async createPayment(input) {
      const sessionId = `demo_cs_${crypto.randomBytes(12).toString('hex')}`;
      const success = new URL(input.successUrl);
      const prefix = success.pathname.startsWith('/en/') ? '/en' : '';
      return { sessionId, url: new URL(`${prefix}${DEMO_CHECKOUT_PATH}/${sessionId}`, success.origin).href };
    },
    verifyWebhook(signature, rawBody, now) {
      return verifyStripeEvent(secret, signature, rawBody, now);
    },
    async expirePayment() {
      // the demo page closes by itself: it reads the attempt's state
    },
    async refund(input) {
      const id = crypto.createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24);
      const refundId = `demo_re_${id}`;
      if (!ledger.refunds.some((r) => r.refundId === refundId)) {
        ledger.refunds.push({
          refundId,
          paymentIntentId: input.paymentIntentId,
          amountCents: input.amountCents,
          at: new Date(),
        });
      }
      return { refundId };
    },
  };
}

/** The demo payment intent of a demo checkout session (`demo_cs_…` → `demo_pi_…`). */
export function demoPaymentIntent(sessionId: string): string {
  return `demo_pi_${sessionId.replace(/^demo_cs_/, '')}`;
}

/**
 * The signed webhook call the demo checkout sends for `outcome` (none for `abandon`: the hold simply expires):
 * `checkout.session.completed` (paid) or `payment_intent.payment_failed`, shaped like Stripe's.
 * @returns the raw body and its `Stripe-Signature` header, or null for `abandon`.
 */
export function demoWebhookCall(
  sessionSecret: string,
  input: { outcome: DemoOutcome; sessionId: string; reference: string; amountCents: number; now: Date },
): { body: string; signature: string } | null {
  if (input.outcome === 'abandon') return null;
  const paymentIntent = demoPaymentIntent(input.sessionId);
  const created = Math.floor(input.now.getTime() / 1000);
  const event =
    input.outcome === 'pay'
      ? {
          id: `evt_demo_${crypto.randomBytes(12).toString('hex')}`,
          object: 'event',
          type: 'checkout.session.completed',
          created,
          data: {
            object: {
              id: input.sessionId,
              object: 'checkout.session',
              client_reference_id: input.reference,
              metadata: { reference: input.reference },
              payment_status: 'paid',
              status: 'complete',
              amount_total: input.amountCents,
              currency: 'eur',
              payment_intent: paymentIntent,
            },
          },
        }
      : {
          id: `evt_demo_${crypto.randomBytes(12).toString('hex')}`,
          object: 'event',
          type: 'payment_intent.payment_failed',
          created,
          data: {
            object: {
              id: paymentIntent,
              object: 'payment_intent',
              amount: input.amountCents,
              currency: 'eur',
              status: 'requires_payment_method',
              metadata: { reference: input.reference },
              last_payment_error: { code: 'card_declined', message: 'Your card was declined. (demo)' },
            },
          },
        };
  const body = JSON.stringify(event);
  return { body, signature: signStripePayload(demoWebhookSecret(sessionSecret), body, input.now) };
}

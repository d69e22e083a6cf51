/**
 * The Stripe adapter of the `PaymentProvider` seam (issue 13, DESIGN §6) with the official `stripe` SDK: a hosted
 * Checkout Session per payment attempt (card, PayPal, SEPA debit, Apple/Google Pay as the Stripe account allows:
 * the payment methods are the account's dynamic ones), webhook signature check (`webhooks.constructEvent`) and
 * refunds. Nothing of Stripe runs in the browser: the customer is sent to Stripe's page and comes back.
 * The demo provider (`demo.server.ts`) signs and reads the same event shapes through {@link verifyStripeEvent}.
 */
import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type CreatePaymentInput,
  type OnlinePaymentProvider,
  type PaymentEvent,
  type ProviderActivity,
} from './payment.server.ts';

/** Stripe's configuration (README, Configuration). `apiUrl`: another API base, e.g. a local test fixture. */
export type StripeConfig = { secretKey: string; webhookSecret: string; apiUrl?: string };

/** Seconds a webhook signature's timestamp may differ from the receiving time (Stripe's default). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The SDK's event verifier without a client (it needs no key). */
const webhooks = Stripe.webhooks;

/** A string id of an expandable Stripe field (`"pi_…"` or `{id: "pi_…"}`), or null. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id;
  }
  return null;
}

/**
 * Maps a Stripe event to what it means for a reservation: `checkout.session.completed` with `payment_status`
 * `paid` (or `no_payment_required`) and `checkout.session.async_payment_succeeded` → `paid`;
 * `checkout.session.async_payment_failed` and `payment_intent.payment_failed` → `failed`;
 * `checkout.session.expired` → `expired`; anything else (and a completed but still unpaid session, e.g. SEPA
 * debit under way) → `ignored`. The reference is the session's `client_reference_id`, or the payment intent's
 * `metadata.reference`.
 * Source: issue 13, Stripe API (Checkout Session and PaymentIntent objects).
 */
function readStripeEvent(event: { id: string; type: string; data: { object: unknown } }): PaymentEvent {
  const object = (event.data?.object ?? {}) as Record<string, unknown>;
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const base = {
    id: event.id,
    type: event.type,
    reference:
      typeof object.client_reference_id === 'string'
        ? object.client_reference_id
        : typeof metadata.reference === 'string'
          ? metadata.reference
          : null,
    amountCents: typeof object.amount_total === 'number' ? object.amount_total : null,
  };
  const session = { sessionId: idOf(object.id), paymentIntentId: idOf(object.payment_intent) };
  switch (event.type) {
    case 'checkout.session.completed': {
      const paid = object.payment_status === 'paid' || object.payment_status === 'no_payment_required';
      return { ...base, ...session, kind: paid ? 'paid' : 'ignored' };
    }
    case 'checkout.session.async_payment_succeeded':
      return { ...base, ...session, kind: 'paid' };
    case 'checkout.session.async_payment_failed':
      return { ...base, ...session, kind: 'failed' };
    case 'checkout.session.expired':
      return { ...base, ...session, kind: 'expired' };
    case 'payment_intent.payment_failed':
      return { ...base, sessionId: null, paymentIntentId: idOf(object.id), kind: 'failed' };
    default:
      return { ...base, sessionId: null, paymentIntentId: null, kind: 'ignored' };
  }
}

/**
 * Verifies a Stripe-signed webhook body with the SDK (`webhooks.constructEvent`: HMAC-SHA256 of
 * `timestamp.body` with the endpoint secret, timestamp within 5 minutes of `now`) and reads the event.
 * @throws WebhookSignatureError on a missing or wrong signature, a stale timestamp or a body that is no event.
 */
export function verifyStripeEvent(
  secret: string,
  signature: string | undefined,
  rawBody: Buffer,
  now: Date,
): PaymentEvent {
  if (!signature) throw new WebhookSignatureError('no Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      now.getTime(), // milliseconds
    );
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'bad signature');
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string') {
    throw new WebhookSignatureError('not an event');
  }
  return readStripeEvent(event as unknown as { id: string; type: string; data: { object: unknown } });
}

/**
 * Signs a webhook body like Stripe does (the SDK's test helper): the demo provider's own events and tests.
 * @returns the `Stripe-Signature` header value for `payload` at `now`.
 */
export function signStripePayload(secret: string, payload: string, now: Date): string {
  return webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(now.getTime() / 1000) });
}

/** The SDK's host/port/protocol options for another API base URL (tests' local fixture server). */
function hostOptions(apiUrl: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/**
 * The Stripe provider. Checkout Sessions are created in `payment` mode with one line item of the server's total
 * (EUR, gross), `client_reference_id` and metadata `reference` = the reservation reference (also on the payment
 * intent, so a `payment_intent.payment_failed` finds its reservation), the customer's e-mail, the page language,
 * `expires_at` and the idempotency key of the attempt; refunds with the reservation's idempotency key.
 * @throws (from the methods) Stripe's errors on API failures.
 * Source: issue 13 item 1, Stripe API (`POST /v1/checkout/sessions`, `…/{id}/expire`, `POST /v1/refunds`).
 */
export function createStripeProvider(config: StripeConfig): OnlinePaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    ...hostOptions(config.apiUrl),
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });
  return {
    name: 'stripe',
    async createPayment(input: CreatePaymentInput) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: input.reference,
          metadata: { reference: input.reference },
          payment_intent_data: { metadata: { reference: input.reference } },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: input.amountCents,
                product_data: { name: input.description },
              },
            },
          ],
          ...(input.email ? { customer_email: input.email } : {}),
          locale: input.locale,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    },
    verifyWebhook(signature, rawBody, now) {
      return verifyStripeEvent(config.webhookSecret, signature, rawBody, now);
    },
    async expirePayment(sessionId) {
      await stripe.checkout.sessions.expire(sessionId);
    },
    async refund(input) {
      const refund = await stripe.refunds.create(
        { payment_intent: input.paymentIntentId, amount: input.amountCents },
        { idempotencyKey: input.idempotencyKey },
      );
      return { refundId: refund.id };
    },
    async listActivity(since) {
      const created = { gte: Math.floor(since.getTime() / 1000) };
      const activity: ProviderActivity = { payments: [], refunds: [] };
      for await (const session of stripe.checkout.sessions.list({ created, limit: 100 })) {
        if (session.payment_status !== 'paid' || typeof session.payment_intent !== 'string') continue;
        activity.payments.push({
          paymentIntentId: session.payment_intent,
          reference: session.client_reference_id ?? null,
          amountCents: session.amount_total ?? 0,
          at: new Date(session.created * 1000),
        });
      }
      for await (const refund of stripe.refunds.list({ created, limit: 100 })) {
        if (refund.status === 'failed' || refund.status === 'canceled' || typeof refund.payment_intent !== 'string') {
          continue;
        }
        activity.refunds.push({
          refundId: refund.id,
          paymentIntentId: refund.payment_intent,
          amountCents: refund.amount,
          at: new Date(refund.created * 1000),
        });
      }
      return activity;
    },
  };
}

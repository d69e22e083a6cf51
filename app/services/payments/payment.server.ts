/**
 * Payment types and the `PaymentProvider` seam (DESIGN §6, issue 13). Offline types: `invoice` (pay within 14
 * days) and `on_site` (pay at the car park) confirm a reservation at once. The online type `online` goes through
 * the configured {@link OnlinePaymentProvider} (hosted checkout page + signed webhook; card data never touch our
 * pages): Stripe when `STRIPE_SECRET_KEY` and `STRIPE_WEBHOOK_SECRET` are set, else the built-in demo provider when
 * `PAYMENT_DEMO=1`, else none and `online` is not offered. The provider is one per process, set when the app is
 * built ({@link configurePaymentProvider}).
 */
import type { ReservationStatus } from '#database/schema.ts';
import { PAYMENT_TYPES, type PaymentType } from '~/domain/checkout-schema.ts';

/**
 * What a provider's webhook event means for us, after its signature was verified (DESIGN §6).
 * `kind`: `paid` (checkout completed and paid), `failed` (a payment was declined), `expired` (the hosted checkout
 * expired unpaid), `ignored` (any other event type). `reference` is our reservation reference as passed at
 * `createPayment` (`client_reference_id` / metadata); `amountCents` in euro cents, when the event carries it.
 */
export type PaymentEvent = {
  /** the provider's event id (stored once: replays change nothing) */
  id: string;
  /** the provider's event type, e.g. `checkout.session.completed` */
  type: string;
  kind: 'paid' | 'failed' | 'expired' | 'ignored';
  reference: string | null;
  sessionId: string | null;
  paymentIntentId: string | null;
  amountCents: number | null;
};

/** Why a webhook call was refused: no or a wrong signature (the API answers 400). */
export class WebhookSignatureError extends Error {}

/** What a hosted checkout needs to start (amounts in euro cents, the server's price). */
export type CreatePaymentInput = {
  /** our reservation reference: `client_reference_id` and metadata */
  reference: string;
  amountCents: number;
  /** the line shown on the hosted page, e.g. "Parken Frankfurt, 07.12.–14.12.2026" */
  description: string;
  locale: 'de' | 'en';
  email: string | null;
  /** absolute URLs back to the reservation page */
  successUrl: string;
  cancelUrl: string;
  /** one key per attempt: a retried creation returns the same session */
  idempotencyKey: string;
  /** when the hosted checkout stops accepting payment (at least 30 minutes after now at Stripe) */
  expiresAt: Date;
};

/**
 * What a provider took and gave back over a period (issue 33 item 6, reconciliation): its succeeded payments with
 * the reference we passed, and its refunds; euro cents.
 */
export type ProviderActivity = {
  payments: { paymentIntentId: string; reference: string | null; amountCents: number; at: Date }[];
  refunds: { refundId: string; paymentIntentId: string; amountCents: number; at: Date }[];
};

/**
 * An online payment provider (hosted payment page + signed webhook). Implementations never handle card data on
 * our pages. Source: DESIGN §6 (Payment types: online types through a `PaymentProvider`), issue 13.
 */
export interface OnlinePaymentProvider {
  /** provider id, the webhook path segment and `payments.provider`: `stripe` or `demo` */
  readonly name: 'stripe' | 'demo';
  /**
   * Starts a hosted checkout.
   * @returns the provider's session id and the URL to send the customer to.
   * @throws on provider errors (the reservation stays `pending_payment`; "pay now" tries again).
   */
  createPayment(input: CreatePaymentInput): Promise<{ sessionId: string; url: string }>;
  /**
   * Verifies the signature of a webhook call (`Stripe-Signature` header over the raw body) and reads its event.
   * @param now - the receiving time (the signature's timestamp must lie within 5 minutes of it).
   * @throws WebhookSignatureError when the signature is missing or wrong, or the body is no event.
   */
  verifyWebhook(signature: string | undefined, rawBody: Buffer, now: Date): PaymentEvent;
  /**
   * Closes a hosted checkout that must no longer take payment (our hold was released); a session already completed
   * or expired is left as it is.
   * @throws on provider errors (the caller logs them: a payment that still arrives is refunded).
   */
  expirePayment(sessionId: string): Promise<void>;
  /**
   * Refunds a payment (whole or part, euro cents).
   * @param input.idempotencyKey - derived from the reservation: a repeated request refunds once.
   * @returns the provider's refund id.
   * @throws on provider errors.
   */
  refund(input: {
    paymentIntentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string }>;
  /**
   * The provider's succeeded payments and refunds created since `since` (all pages), for the reconciliation.
   * @throws on provider errors.
   */
  listActivity(since: Date): Promise<ProviderActivity>;
}

/**
 * A payment type the shop offers. Offline types confirm at once (`confirmed`, invoice number assigned);
 * online types start as `pending_payment` and are confirmed by their provider's webhook.
 * `dueDays`: days to pay an invoice after confirmation (null when paid on site).
 * Source: DESIGN §6.
 */
export type PaymentMethod =
  | { id: string; kind: 'offline'; dueDays: number | null }
  | { id: string; kind: 'online'; provider: OnlinePaymentProvider };

/** The offline types (DESIGN §6: invoice: pay within 14 days; on_site: pay at the car park). */
const OFFLINE_METHODS: Readonly<Record<Exclude<PaymentType, 'online'>, PaymentMethod>> = Object.freeze({
  invoice: { id: 'invoice', kind: 'offline', dueDays: 14 },
  on_site: { id: 'on_site', kind: 'offline', dueDays: null },
});

let provider: OnlinePaymentProvider | null = null;

/**
 * Sets the process's online payment provider (null: `online` is not offered). Called when the app is built from
 * its configuration; tests call it to switch providers.
 */
export function configurePaymentProvider(next: OnlinePaymentProvider | null): void {
  provider = next;
}

/** The configured online payment provider, or null. */
export function paymentProvider(): OnlinePaymentProvider | null {
  return provider;
}

/**
 * The payment method of a type id, or null when the shop does not offer it (`online` without a provider).
 * Source: DESIGN §6.
 */
export function paymentMethod(id: string): PaymentMethod | null {
  if (!(PAYMENT_TYPES as readonly string[]).includes(id)) return null;
  if (id === 'online') return provider ? { id: 'online', kind: 'online', provider } : null;
  return OFFLINE_METHODS[id as Exclude<PaymentType, 'online'>];
}

/** The payment type ids offered now, in display order (`online` only with a provider). Source: DESIGN §6. */
export function offeredPaymentTypes(): PaymentType[] {
  return PAYMENT_TYPES.filter((id) => id !== 'online' || provider !== null);
}

/**
 * Status a new reservation starts in: `confirmed` for offline types (they confirm at once and get their
 * invoice number), `pending_payment` for online types until the webhook reports the payment.
 * Source: DESIGN §6 (Reservation status; Invoice number assigned on confirmation).
 */
export function initialStatus(method: PaymentMethod): ReservationStatus {
  return method.kind === 'offline' ? 'confirmed' : 'pending_payment';
}

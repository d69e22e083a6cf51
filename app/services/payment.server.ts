/**
 * Payment types and the `PaymentProvider` seam (DESIGN §6). Today only offline types exist: `invoice`
 * (pay within 14 days) and `on_site` (pay at the car park); both confirm a reservation at once. Online types
 * (hosted redirect + signed webhook, card data never on our pages) plug in later through
 * {@link OnlinePaymentProvider}; there is deliberately no fake online provider.
 */
import type { ReservationStatus, reservations } from '#database/schema.ts';
import { PAYMENT_TYPES, type PaymentType } from '~/domain/checkout-schema.ts';

/** A stored reservation row. */
type ReservationRow = typeof reservations.$inferSelect;

/**
 * What an online provider tells us through its webhook, after the signature was verified.
 * `amountCents` in euro cents; `reference` is our reservation reference passed at `createPayment`.
 * Source: DESIGN §6 (online types: hosted redirect + signed webhook).
 */
type PaymentEvent = {
  kind: 'paid' | 'failed' | 'cancelled';
  reference: string;
  providerPaymentId: string;
  amountCents: number;
};

/**
 * An online payment provider (hosted payment page + signed webhook). Not used yet; implementations must
 * never handle card data on our pages.
 * Source: DESIGN §6 (Payment types: online types through a `PaymentProvider` interface).
 */
interface OnlinePaymentProvider {
  /** payment type id offered to the customer, e.g. `paypal` */
  readonly id: string;
  /**
   * Starts a payment of `reservation.totalCents` (euro cents) on the provider's hosted page.
   * @returns the URL to send the customer to.
   * @throws on provider errors (the caller answers 5xx, the reservation stays `pending_payment`).
   */
  createPayment(
    reservation: ReservationRow,
    urls: { returnUrl: string; cancelUrl: string },
  ): Promise<{ redirectUrl: string }>;
  /**
   * Verifies the signature of a webhook call and reads its event.
   * @param headers - the request headers (lower-case names).
   * @param rawBody - the unparsed request body, as signed by the provider.
   * @throws when the signature is missing or wrong.
   */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): Promise<PaymentEvent>;
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

/**
 * The offered payment types by id. Keys must match `PAYMENT_TYPES` of the shared checkout schema (the
 * `Record` type enforces it). Source: DESIGN §6 (invoice: pay within 14 days; on_site: pay at the car park).
 */
const PAYMENT_METHODS: Readonly<Record<PaymentType, PaymentMethod>> = Object.freeze({
  invoice: { id: 'invoice', kind: 'offline', dueDays: 14 },
  on_site: { id: 'on_site', kind: 'offline', dueDays: null },
});

/**
 * The payment method of a type id, or null when the shop does not offer it.
 * Source: DESIGN §6.
 */
export function paymentMethod(id: string): PaymentMethod | null {
  return (PAYMENT_TYPES as readonly string[]).includes(id) ? PAYMENT_METHODS[id as PaymentType] : null;
}

/**
 * Status a new reservation starts in: `confirmed` for offline types (they confirm at once and get their
 * invoice number), `pending_payment` for online types until the webhook reports the payment.
 * Source: DESIGN §6 (Reservation status; Invoice number assigned on confirmation).
 */
export function initialStatus(method: PaymentMethod): ReservationStatus {
  return method.kind === 'offline' ? 'confirmed' : 'pending_payment';
}

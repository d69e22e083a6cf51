/**
 * The part of a visitor's session that services use (DESIGN §2: services import nothing from `server/`).
 * Type-only: `server/session.server.ts`'s `Session` implements it, and tests can pass a plain object.
 */
import type { Cart } from '~/domain/cart-schema.ts';

/**
 * The booking form's fields as posted without JavaScript, kept between its steps: flat wire fields
 * (DESIGN §5), the cart they belong to and the furthest step reached.
 */
export type CheckoutDraft = {
  /** `airportId:tariffId:entryTime:exitTime` of the cart the fields were entered for */
  cartKey: string;
  /** the furthest step the visitor may open */
  reached: 'travel' | 'billingAddress' | 'payment';
  /** the wire fields of the steps posted so far */
  fields: Record<string, unknown>;
  /** the coupon code the payment step's "apply" button got accepted (issue 12 item 5); counts while `fields.couponCode` holds it */
  coupon?: string;
};

/**
 * The session fields services read and write; all optional.
 * Source: DESIGN §1 (sessions, carts and counters live in the database), DESIGN §3 (guest access).
 */
export type SessionValues = {
  /** the signed-in customer */
  userId?: number;
  /** when the customer signed in (epoch ms); the absolute time-out counts from here (issue 8) */
  authenticatedAt?: number;
  /** last request of a signed-in session (epoch ms, refreshed at most once a minute); the idle time-out counts from here */
  lastSeenAt?: number;
  /** the tariff and stay chosen on the tariffs page (POST /api/checkout/cart) */
  cart?: Cart;
  /** the booking form without JavaScript: the fields entered so far for the current cart (issue 11 item 7) */
  checkoutDraft?: CheckoutDraft;
  /** the reservation just booked in this session: its page shows the thank-you banner once (issue 12 item 5) */
  bookedReference?: string;
  /** references of reservations this browser may open as a guest (mail link or lookup) */
  guestReservations?: string[];
};

/**
 * A session's row as a service's own statement stores it (decision 0035): the id, the data as JSON text, when the
 * row expires and the signed-in user (null for a guest).
 */
export type SessionRow = { id: string; json: string; expiresAt: Date; userId: number | null };

/**
 * A change of a session's fields, applied to the session or to a draft of it. It goes through `set` and `unset`
 * only (a new array, never a pushed element): a draft shares the session's unchanged values.
 */
export type SessionChange = (session: SessionPort) => void;

/**
 * A loaded session as services see it: read and change fields (changes are kept in memory) and `save()` them.
 * `id` identifies the session (idempotency keys are scoped to it).
 */
export interface SessionPort {
  /** the session id (changes when the session is rotated or destroyed) */
  readonly id: string;
  /** the CSRF token bound to the current id (new after `rotate()` and `destroy()`; DESIGN §5, decision 0003) */
  readonly csrfToken: string;
  /** a field's value, undefined when not set */
  get<K extends keyof SessionValues>(key: K): SessionValues[K];
  /** sets a field (persisted by `save()`) */
  set<K extends keyof SessionValues>(key: K, value: SessionValues[K]): void;
  /** removes a field (persisted by `save()`) */
  unset(key: keyof SessionValues): void;
  /** persists changed fields; what it returns (e.g. a cookie header) is the caller's business */
  save(): Promise<unknown>;
  /** gives the session a new id keeping its data (sign-in, sign-up: against session fixation); deletes the old row */
  rotate(): Promise<void>;
  /** deletes the stored session and continues as a new, empty, anonymous one with a new id (sign-out) */
  destroy(): Promise<void>;
  /**
   * The row this session is to be stored as once `change` is applied, leaving the session itself unchanged: for a
   * statement that stores the session with its own writes, so both commit together in one round trip (decision
   * 0035). After that statement has committed, call `applyStored(change)`. Absent on sessions not stored in the
   * `sessions` table (test doubles): the caller then applies the change and saves as usual.
   */
  rowAfter?(change: SessionChange): SessionRow;
  /** Applies `change`, whose row (`rowAfter(change)`) a statement has stored already: `save()` need not write it. */
  applyStored?(change: SessionChange): void;
}

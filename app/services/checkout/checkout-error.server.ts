/**
 * The checkout's refusal type, in a module of its own so every step of the checkout pipeline can throw it.
 */
import { RequestError } from '../request-error.server.ts';

/**
 * Why the checkout refused a request.
 * - `status` 422: `fields` maps each wire field key exactly as sent to translation keys, `messageKey` is
 *   `validation.failed` (or the reason when no field applies);
 * - `status` 409: a conflict with the state of the shop or the session: `checkout.api.no_cart` (no cart in the
 *   session), `checkout.api.sold_out` (a day of the stay is at capacity), `api.error.airport_locked`,
 *   `checkout.api.not_bookable` (the tariff has no price for the stay), `checkout.api.idempotency_in_flight`.
 *   `fields` is empty.
 * Source: DESIGN §5 (error shapes: 422 with field keys as sent, 409 conflict).
 */
export class CheckoutError extends RequestError {}

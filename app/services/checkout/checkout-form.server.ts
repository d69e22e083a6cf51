/**
 * The booking page without JavaScript (issue 11 item 7): each step is a real HTML form posting to the route's
 * action. The entered fields live in the session (`checkoutDraft`, next to the cart), each step is checked
 * with the same server validation as `POST /api/checkout/validate*`, and the last step books through the same
 * use case as `POST /api/checkout` (`submitCheckout`, with the form's idempotency key).
 */
import { BULKY_BAGGAGE_FLAGS } from '~/constants.ts';
import type { Cart } from '~/domain/cart-schema.ts';
import { phonePrefixOf } from '~/domain/checkout-options.ts';
import {
  INVOICE_ADDRESS_KEYS,
  invoiceWireKey,
  serializeBulkyBaggage,
  type FieldErrors,
} from '~/domain/checkout-schema.ts';
import type { AppliedCoupon } from '~/domain/pricing.ts';
import type { Locale } from '~/i18n.ts';
import { quoteCoupon } from './checkout-coupon.server.ts';
import { submitCheckout } from './checkout-submit.server.ts';
import { validateCheckoutStep, type ValidatedStep } from './checkout-validate.server.ts';
import { RequestError } from '../request-error.server.ts';
import type { ServiceContext } from '../service-context.ts';
import type { CheckoutDraft, SessionPort } from '../session-port.ts';

/** The steps in order (SPEC §4). */
export const CHECKOUT_STEPS = ['travel', 'billingAddress', 'payment'] as const satisfies readonly ValidatedStep[];

/** Wire keys of each step (DESIGN §5), used to tell which step a field error belongs to. */
const TRAVEL_KEYS = [
  'entryTime',
  'exitTime',
  'personCount',
  'childrenSeat',
  'bulkyBaggage',
  'licensePlate',
  'outboundFlightNumber',
  'returnFlightNumber',
];
const PAYMENT_KEYS = ['paymentType', 'couponCode'];
const GENDERS: Record<string, boolean | 'd'> = { mr: true, ms: false, d: 'd' };

/** The cart a draft belongs to: another tariff or stay starts a fresh draft. */
function cartKey(cart: Cart | undefined): string {
  return cart ? `${cart.airportId}:${cart.tariffId}:${cart.entryTime}:${cart.exitTime}` : '';
}

/** The session's draft for the current cart, or null (none, or one of another cart). */
export function currentDraft(session: SessionPort): CheckoutDraft | null {
  const draft = session.get('checkoutDraft');
  const key = cartKey(session.get('cart'));
  return draft && key && draft.cartKey === key ? draft : null;
}

/**
 * The step the page may show: the asked one (1-based `?schritt=`), at most the furthest step the draft
 * reached; the first step without a draft.
 */
export function visibleStep(session: SessionPort, asked: string | null): ValidatedStep {
  const reached = CHECKOUT_STEPS.indexOf(currentDraft(session)?.reached ?? 'travel');
  const index = Math.min(Math.max(Number.parseInt(asked ?? '1', 10) - 1 || 0, 0), reached);
  return CHECKOUT_STEPS[index];
}

/**
 * One step's posted form fields as the wire body of that step (DESIGN §5): checkboxes `bulkyBaggage.<flag>`
 * joined in SPEC §3 order, gender radios `mr|ms|d` as `true|false|'d'`, `billIsDifferent` as a boolean (the
 * invoice address only with it), licence plate, flight numbers and coupon upper-case, `phonePrefix` from an offered
 * `phoneRegionCode` (`phonePrefixOf`). Unknown keys are dropped.
 */
export function formToWire(step: ValidatedStep, values: Record<string, string>): Record<string, unknown> {
  const text = (key: string) => values[key] ?? '';
  if (step === 'travel') {
    const flags = Object.fromEntries(BULKY_BAGGAGE_FLAGS.map((f) => [f, `bulkyBaggage.${f}` in values]));
    return {
      entryTime: text('entryTime'),
      exitTime: text('exitTime'),
      personCount: text('personCount'),
      childrenSeat: values.childrenSeat ?? '0',
      bulkyBaggage: serializeBulkyBaggage(flags),
      licensePlate: text('licensePlate').toUpperCase(),
      outboundFlightNumber: text('outboundFlightNumber').toUpperCase(),
      returnFlightNumber: text('returnFlightNumber').toUpperCase(),
    };
  }
  if (step === 'payment') return { paymentType: text('paymentType'), couponCode: text('couponCode').toUpperCase() };
  const billIsDifferent = 'billIsDifferent' in values;
  const wire: Record<string, unknown> = { gender: GENDERS[text('gender')] ?? null, billIsDifferent };
  for (const key of ['firstname', 'lastname', 'email', 'phoneRegionCode', 'phonePrefix', 'phoneNumber']) {
    wire[key] = text(key);
  }
  // One "Land" select sets both phone fields (issue 12 item 5): an offered region's dialling code wins over the
  // hidden prefix the page was rendered with.
  wire.phonePrefix = phonePrefixOf(text('phoneRegionCode')) ?? text('phonePrefix');
  for (const key of ['company', 'street', 'streetNumber', 'postcode', 'city', 'country', 'vatId', 'buyerReference'])
    wire[key] = text(key);
  if (billIsDifferent) {
    for (const key of INVOICE_ADDRESS_KEYS) {
      const wireKey = invoiceWireKey(key);
      wire[wireKey] = key === 'gender' ? (GENDERS[text(wireKey)] ?? null) : text(wireKey);
    }
  }
  return wire;
}

/**
 * The coupon the draft's "apply" button got accepted, checked again now (it may have expired or been used up
 * meanwhile; the client's word is never taken), while the code field still holds it; else null.
 *
 * @returns code and value of the coupon (see `quoteCoupon`), or null.
 * @throws CheckoutError 409 without a usable cart (`loadCartContext`); database errors.
 * Source: issue 12 item 5.
 */
export async function draftCoupon(ctx: ServiceContext, session: SessionPort): Promise<AppliedCoupon | null> {
  const draft = currentDraft(session);
  if (!draft?.coupon || draft.fields.couponCode !== draft.coupon) return null;
  const quote = await quoteCoupon(ctx.db, { code: draft.coupon, travel: draft.fields, cart: session.get('cart') });
  return 'coupon' in quote ? quote.coupon : null;
}

/** The step a field belongs to (DESIGN §5 wire keys). */
function stepOf(field: string): ValidatedStep {
  if (TRAVEL_KEYS.includes(field)) return 'travel';
  if (PAYMENT_KEYS.includes(field)) return 'payment';
  return 'billingAddress';
}

/** What a posted step leads to: the next step, the booked reservation, or the page again with messages. */
export type CheckoutFormResult =
  | { kind: 'step'; step: ValidatedStep }
  | { kind: 'booked'; redirect: string }
  | { kind: 'refused'; status: number; step: ValidatedStep; errors: FieldErrors; messageKey: string | null };

/**
 * Handles one posted step of the booking form:
 * - `intent=back`: keeps the fields as entered (unchecked) and opens the previous step;
 * - `intent=coupon` on the payment step: keeps the payment fields and checks the coupon code against the
 *   entered stay (`quoteCoupon`); accepted: the draft remembers it and the step opens again with the
 *   discounted summary; refused: 422 with the message on `couponCode` (issue 12 item 5);
 * - travel, billing address: the step's fields are kept in the draft, then checked (`validateCheckoutStep`);
 *   valid: the draft reaches the next step;
 * - payment: the whole draft plus the payment fields go to `submitCheckout` with the form's idempotency key
 *   (a double submit replays the first answer: one reservation); the draft stays, so a resubmit sends the
 *   same body.
 *
 * @param input.values - the posted form fields (without `_csrf`); `step` names the posted step.
 * @returns see {@link CheckoutFormResult}; refusals carry field → translation keys, or a form message key.
 * @throws only unexpected errors (database); a refusal of the services (`RequestError`: 409 no cart, sold out,
 *   key in flight; 422 fields) is returned as `refused`.
 * Source: issue 11 item 7, DESIGN §5 (POST checkout, validate endpoints, Idempotency-Key).
 */
export async function postCheckoutStep(
  ctx: ServiceContext,
  input: { session: SessionPort; values: Record<string, string>; locale: Locale },
): Promise<CheckoutFormResult> {
  const { session, values } = input;
  const step = (CHECKOUT_STEPS as readonly string[]).includes(values.step) ? (values.step as ValidatedStep) : 'travel';
  const cart = session.get('cart');
  // After the booking the cart is gone, but the draft stays: a second submit sends the same body (a replay).
  const kept = cart ? currentDraft(session) : (session.get('checkoutDraft') ?? null);
  const draft: CheckoutDraft = kept ?? { cartKey: cartKey(cart), reached: 'travel', fields: {} };
  const wire = formToWire(step, values);
  draft.fields = { ...draft.fields, ...wire };
  session.set('checkoutDraft', draft);
  const index = CHECKOUT_STEPS.indexOf(step);
  if (values.intent === 'back') return { kind: 'step', step: CHECKOUT_STEPS[Math.max(index - 1, 0)] };

  try {
    if (values.intent === 'coupon' && step === 'payment') {
      const quote = await quoteCoupon(ctx.db, { code: wire.couponCode, travel: draft.fields, cart });
      draft.coupon = 'coupon' in quote ? quote.coupon.code : undefined;
      session.set('checkoutDraft', draft);
      if ('errors' in quote) return { kind: 'refused', status: 422, step, errors: quote.errors, messageKey: null };
      return { kind: 'step', step };
    }
    if (step !== 'payment') {
      const errors = await validateCheckoutStep(ctx.db, { step, body: wire, cart, now: ctx.now() });
      if (Object.keys(errors).length > 0) return { kind: 'refused', status: 422, step, errors, messageKey: null };
      const next = CHECKOUT_STEPS[index + 1];
      if (CHECKOUT_STEPS.indexOf(draft.reached) < index + 1) draft.reached = next;
      session.set('checkoutDraft', draft);
      return { kind: 'step', step: next };
    }
    const answer = await submitCheckout(ctx, {
      session,
      body: draft.fields,
      idempotencyKey: values.idempotencyKey || undefined,
      locale: input.locale,
    });
    const body = answer.body as { redirect?: string; message?: string; errors?: FieldErrors };
    if (answer.status < 300 && body.redirect) return { kind: 'booked', redirect: body.redirect };
    return {
      kind: 'refused',
      status: answer.status,
      step,
      errors: body.errors ?? {},
      messageKey: body.message ?? null,
    };
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    const errors = error.fields as FieldErrors;
    const first = Object.keys(errors)[0];
    const at = first ? stepOf(first) : step;
    return { kind: 'refused', status: error.status, step: at, errors, messageKey: first ? null : error.messageKey };
  }
}

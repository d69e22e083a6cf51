/**
 * Checkout step 1: validation. The shared zod step schemas (SPEC §5 plus formats) and the server rules that
 * need data — the tariff's stay limits and its limits on persons, child seats and baggage, coupons — for one
 * step (`POST /api/checkout/validate*`) or for a whole booking (`POST /api/checkout`).
 *
 * Messages are translation keys (`validation.*`), translated by the API layer.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { coupons } from '#database/schema.ts';
import type { Cart } from '~/domain/cart-schema.ts';
import { checkStay } from '~/domain/booking-rules.ts';
import {
  invoiceAddressFromWire,
  parseBulkyBaggage,
  serializeBulkyBaggage,
  validateStep,
  InvoiceAddressSchema,
  type FieldErrors,
} from '~/domain/checkout-schema.ts';
import { localToInstant, parseLocalDateTime } from '~/domain/local-time.ts';
import { billableDays } from '~/domain/stay.ts';
import { checkTariffLimits } from '~/domain/tariff-limits.ts';
import { loadCartContext, type CartContext } from './checkout-cart-context.server.ts';
import { CheckoutError } from './checkout-error.server.ts';
import { paymentMethod, type PaymentMethod } from '../payments/payment.server.ts';

/** The validatable checkout steps (SPEC §4; `submit` is `placeReservation`). */
export type ValidatedStep = 'travel' | 'billingAddress' | 'payment';

/** A coupon row. */
export type CouponRow = typeof coupons.$inferSelect;

function addError(errors: FieldErrors, field: string, key: string): void {
  const list = (errors[field] ??= []);
  if (!list.includes(key)) list.push(key);
}

function mergeErrors(target: FieldErrors, source: FieldErrors): void {
  for (const [field, keys] of Object.entries(source)) for (const key of keys) addError(target, field, key);
}

/**
 * Server rules of the travel step on top of the shared schema: stay limits of the tariff, and the tariff's
 * limits on persons, child seats and bulky baggage (`checkTariffLimits`, the same function the booking page
 * runs, so both give the same message). A field that already failed the schema is not checked again (one
 * mistake, one message).
 */
function travelRules(
  context: CartContext,
  body: Record<string, unknown>,
  schemaErrors: FieldErrors,
  now: Date,
): FieldErrors {
  const { airport, tariff } = context;
  const errors: FieldErrors = {};
  if (!schemaErrors.entryTime && !schemaErrors.exitTime) {
    const violations = checkStay({
      entry: String(body.entryTime).trim(),
      exit: String(body.exitTime).trim(),
      timeZone: airport.timeZone,
      now,
      limits: tariff,
    });
    for (const v of violations) addError(errors, v.field, `validation.stay.${v.code}`);
  }
  // Counts or baggage that failed the format rules are not checked against the tariff again.
  const flags = schemaErrors.bulkyBaggage
    ? null
    : parseBulkyBaggage(typeof body.bulkyBaggage === 'string' ? body.bulkyBaggage : '');
  const limits = checkTariffLimits(tariff, {
    personCount: schemaErrors.personCount ? Number.NaN : Number(body.personCount),
    childrenSeat: schemaErrors.childrenSeat ? Number.NaN : Number(body.childrenSeat),
    bulkyBaggage: flags ?? {},
  });
  for (const v of limits) addError(errors, v.field, v.messageKey);
  return errors;
}

/**
 * Checks a coupon code for a stay: it exists and is not disabled (issue 15), the entry date lies in its validity, the stay has its minimum
 * billable days, it is not used up, and it is valid at the airport.
 *
 * @param code - upper-case code as parsed by the payment schema (non-empty).
 * @param stay - local `YYYY-MM-DDTHH:mm` entry/exit times (already valid) and the airport id.
 * @returns the coupon row, or the translation key of the first failed rule
 *   (`validation.coupon.unknown|expired|min_days|used_up|airport`).
 * Source: DESIGN §6 (Coupon: code, percent or fixed amount, validity, minimum days, usage limit, airports).
 */
export async function checkCoupon(
  db: Database,
  code: string,
  stay: { entry: string; exit: string; airportId: number },
): Promise<{ coupon: CouponRow } | { error: string }> {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  // A code the back office disabled (issue 15 item 6) is refused like an unknown one.
  if (!coupon || coupon.disabledAt) return { error: 'validation.coupon.unknown' };
  const entryDate = parseLocalDateTime(stay.entry)?.date ?? '';
  // ISO dates compare correctly as strings; a coupon not yet valid counts as "not valid for this stay" too.
  if ((coupon.validFrom && entryDate < coupon.validFrom) || (coupon.validTo && entryDate > coupon.validTo)) {
    return { error: 'validation.coupon.expired' };
  }
  if (billableDays(stay.entry, stay.exit) < coupon.minDays) return { error: 'validation.coupon.min_days' };
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit)
    return { error: 'validation.coupon.used_up' };
  if (coupon.airportIds && !coupon.airportIds.includes(stay.airportId)) return { error: 'validation.coupon.airport' };
  return { coupon };
}

/**
 * Validates one step's wire fields and the server rules of that step; the whole list of problems.
 */
async function stepErrors(
  db: Database,
  context: CartContext,
  step: ValidatedStep,
  body: Record<string, unknown>,
  stay: { entry: string; exit: string } | null,
  now: Date,
): Promise<{ errors: FieldErrors; coupon: CouponRow | null }> {
  const result = validateStep(step, body);
  const errors: FieldErrors = result.success ? {} : { ...result.errors };
  let coupon: CouponRow | null = null;
  if (step === 'travel') {
    mergeErrors(errors, travelRules(context, body, errors, now));
  } else if (step === 'payment' && !errors.couponCode && stay) {
    const code = typeof body.couponCode === 'string' ? body.couponCode.trim().toUpperCase() : '';
    if (code) {
      const checked = await checkCoupon(db, code, { ...stay, airportId: context.airport.id });
      if ('error' in checked) addError(errors, 'couponCode', checked.error);
      else coupon = checked.coupon;
    }
  }
  return { errors, coupon };
}

/** The stay of a body when its times are valid and in order, else null (coupon rules need a stay). */
export function validStay(body: Record<string, unknown>, timeZone: string): { entry: string; exit: string } | null {
  if (typeof body.entryTime !== 'string' || typeof body.exitTime !== 'string') return null;
  const entry = body.entryTime.trim();
  const exit = body.exitTime.trim();
  if (!parseLocalDateTime(entry) || !parseLocalDateTime(exit)) return null;
  if (localToInstant(exit, timeZone).getTime() <= localToInstant(entry, timeZone).getTime()) return null;
  return { entry, exit };
}

/** The body as a plain object; anything else (array, null, a scalar) counts as an empty body. */
export function asObject(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/**
 * Validates one checkout step (`POST /api/checkout/validate*`): the shared zod step schema (SPEC §5 plus
 * formats) and the server rules that need data:
 * - travel: the cart tariff's stay limits (exit after entry, lead time, maximum stay, booking horizon;
 *   `validation.stay.<code>`), persons, child seats and bulky baggage within the tariff's limits
 *   (`checkTariffLimits`: `validation.tariff.max_persons|max_child_seats|bulky_baggage`); times are airport local;
 * - payment: the coupon against the cart's stay and airport (`validation.coupon.*` on `couponCode`).
 *
 * @param input.body - the step's flat wire fields (other keys are ignored).
 * @param input.cart - the session cart (names the tariff and, for the payment step, the stay).
 * @param input.now - current instant.
 * @returns field key (as sent) → translation keys; `{}` when valid.
 * @throws CheckoutError 409 `checkout.api.no_cart` without a usable cart, 409 `api.error.airport_locked`.
 * Source: SPEC §5, DESIGN §5 (validate endpoints), DESIGN §6 (tariff limits, coupons).
 */
export async function validateCheckoutStep(
  db: Database,
  input: { step: ValidatedStep; body: unknown; cart: Cart | null | undefined; now: Date },
): Promise<Record<string, string[]>> {
  const context = await loadCartContext(db, input.cart);
  const body = asObject(input.body);
  const stay =
    input.step === 'payment'
      ? validStay({ entryTime: input.cart!.entryTime, exitTime: input.cart!.exitTime }, context.airport.timeZone)
      : null;
  const { errors } = await stepErrors(db, context, input.step, body, stay, input.now);
  return errors;
}

/**
 * A booking whose every field passed validation, normalised for storage: times airport local
 * `YYYY-MM-DDTHH:mm`; `bulkyBaggage` in SPEC §3 flag order joined by `;`; `licensePlate` trimmed (by the
 * schema) and upper-case; flight numbers normalised (`LH 400`) or `''`; billing and invoice address with plain keys (no `billIsDifferentAddress` prefix).
 */
export type ValidatedBooking = {
  stay: { entry: string; exit: string };
  personCount: number;
  childrenSeat: number;
  bulkyBaggage: string;
  licensePlate: string;
  /** normalised IATA flight numbers (`LH 400`), `''` when not given (issue 12 item 5) */
  outboundFlightNumber: string;
  returnFlightNumber: string;
  billingAddress: Record<string, unknown>;
  invoiceAddress: Record<string, unknown> | null;
  method: PaymentMethod;
  coupon: CouponRow | null;
};

/**
 * Validates every step of a checkout body (schema + server rules) with the body's travel times, which win
 * over the cart's; the coupon is checked against that stay.
 *
 * @param context - the cart's airport and tariff.
 * @param body - the flat wire body of all steps.
 * @param now - current instant (lead time, booking horizon).
 * @returns the normalised booking.
 * @throws CheckoutError 422 `validation.failed` with all field errors of all steps (a payment type the shop
 *   does not offer: `paymentType` `validation.payment_type`).
 * Source: DESIGN §5 (POST checkout: every step's fields flat, travel times win over the cart's), SPEC §5.
 */
export async function validateBooking(
  db: Database,
  context: CartContext,
  body: Record<string, unknown>,
  now: Date,
): Promise<ValidatedBooking> {
  const stay = validStay(body, context.airport.timeZone);
  const errors: FieldErrors = {};
  let coupon: CouponRow | null = null;
  for (const step of ['travel', 'billingAddress', 'payment'] as const) {
    const result = await stepErrors(db, context, step, body, stay, now);
    mergeErrors(errors, result.errors);
    if (step === 'payment') coupon = result.coupon;
  }
  if (Object.keys(errors).length > 0) throw new CheckoutError(422, 'validation.failed', errors);
  const travel = validateStep('travel', body);
  const billing = validateStep('billingAddress', body);
  const payment = validateStep('payment', body);
  if (!travel.success || !billing.success || !payment.success || !stay) {
    throw new Error('checkout body passed validation but does not parse'); // unreachable
  }
  const method = paymentMethod(payment.data.paymentType);
  if (!method) throw new CheckoutError(422, 'validation.failed', { paymentType: ['validation.payment_type'] });

  const { billIsDifferent, ...billingFields } = billing.data;
  return {
    stay,
    personCount: travel.data.personCount,
    childrenSeat: travel.data.childrenSeat,
    bulkyBaggage: serializeBulkyBaggage(parseBulkyBaggage(travel.data.bulkyBaggage) ?? {}),
    licensePlate: travel.data.licensePlate.toUpperCase(),
    outboundFlightNumber: travel.data.outboundFlightNumber,
    returnFlightNumber: travel.data.returnFlightNumber,
    billingAddress: Object.fromEntries(
      Object.entries(billingFields).filter(([key]) => !key.startsWith('billIsDifferentAddress')),
    ),
    invoiceAddress: billIsDifferent ? InvoiceAddressSchema.parse(invoiceAddressFromWire(body)) : null,
    method,
    coupon,
  };
}

/** The travel step's fields, normalised like a booking's (see {@link ValidatedBooking}). */
export type ValidatedTravel = Pick<
  ValidatedBooking,
  'stay' | 'personCount' | 'childrenSeat' | 'bulkyBaggage' | 'licensePlate'
>;

/**
 * Validates the travel step's fields (`entryTime`, `exitTime`, `personCount`, `childrenSeat`, `bulkyBaggage`,
 * `licensePlate`) against a tariff exactly as the checkout's travel step does: the shared schema, the stay
 * limits (lead time, maximum stay, horizon) and the tariff's limits. Used to change a booking (issue 12).
 *
 * @param context - the airport and tariff the fields are checked against.
 * @param body - the flat wire fields (other keys are ignored).
 * @param now - current instant.
 * @returns the normalised travel data.
 * @throws CheckoutError 422 `validation.failed` with the field errors (keys as sent).
 * Source: SPEC §5 (travel step), DESIGN §6 (tariff limits), issue 12.
 */
export function validateTravel(context: CartContext, body: Record<string, unknown>, now: Date): ValidatedTravel {
  const result = validateStep('travel', body);
  const errors: FieldErrors = result.success ? {} : { ...result.errors };
  mergeErrors(errors, travelRules(context, body, errors, now));
  const stay = validStay(body, context.airport.timeZone);
  if (Object.keys(errors).length > 0 || !result.success || !stay) {
    throw new CheckoutError(
      422,
      'validation.failed',
      Object.keys(errors).length > 0 ? errors : { exitTime: ['validation.invalid'] },
    );
  }
  return {
    stay,
    personCount: result.data.personCount,
    childrenSeat: result.data.childrenSeat,
    bulkyBaggage: serializeBulkyBaggage(parseBulkyBaggage(result.data.bulkyBaggage) ?? {}),
    licensePlate: result.data.licensePlate.toUpperCase(),
  };
}

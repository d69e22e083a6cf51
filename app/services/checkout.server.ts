/**
 * The checkout on the server (issue 3): step validation with the rules that need data (tariff limits,
 * coupons) and placing a reservation — re-priced from the database, capacity checked under row locks,
 * coupon redeemed, invoice number and reference assigned — in one transaction (DESIGN §5, §6).
 *
 * Wire format and format rules come from the shared `~/domain/checkout-schema.ts`; messages are translation
 * keys (`validation.*`, `checkout.api.*`), translated by the API layer.
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { coupons, invoiceCounters, reservations, tariffDays } from '#database/schema.ts';
import type { Cart } from '~/domain/cart-schema.ts';
import { remainingSpaces } from '~/domain/availability.ts';
import { checkStay } from '~/domain/booking-rules.ts';
import { checkTariffLimits } from '~/domain/tariff-limits.ts';
import {
  invoiceAddressFromWire,
  parseBulkyBaggage,
  serializeBulkyBaggage,
  validateStep,
  InvoiceAddressSchema,
  type FieldErrors,
} from '~/domain/checkout-schema.ts';
import { SHOP_TIME_ZONE } from '~/constants.ts';
import { localToInstant, parseLocalDateTime, todayInZone } from '~/domain/local-time.ts';
import { priceStay, PricingError, type Coupon } from '~/domain/pricing.ts';
import { formatInvoiceNumber, generateReference } from '~/domain/reference.ts';
import { billableDays, stayDates } from '~/domain/stay.ts';
import type { Locale } from '~/i18n.ts';
import { resolveCart, type AirportRow, type TariffWithLot } from './catalog.server.ts';
import { createGuestToken } from './guest-access.server.ts';
import { initialStatus, paymentMethod } from './payment.server.ts';
import { RequestError } from './request-error.server.ts';

/** A stored reservation row. */
export type Reservation = typeof reservations.$inferSelect;

/** The validatable checkout steps (SPEC §4; `submit` is `placeReservation`). */
export type ValidatedStep = 'travel' | 'billingAddress' | 'payment';


/** How often a new reference is drawn when the random one is taken (1.1 × 10^12 values: practically never). */
const REFERENCE_ATTEMPTS = 5;

/**
 * Why the checkout refused a request.
 * - `status` 422: `fields` maps each wire field key exactly as sent to translation keys, `messageKey` is
 *   `validation.failed` (or the reason when no field applies);
 * - `status` 409: a conflict with the state of the shop or the session: `checkout.api.no_cart` (no cart in the
 *   session), `checkout.api.sold_out` (a day of the stay is at capacity), `api.error.airport_locked`,
 *   `checkout.api.not_bookable` (the tariff has no price for the stay). `fields` is empty.
 * Source: DESIGN §5 (error shapes: 422 with field keys as sent, 409 conflict).
 */
export class CheckoutError extends RequestError {}

/** The cart's airport and tariff as loaded from the catalogue. */
type CartContext = { airport: AirportRow; tariff: TariffWithLot };

/**
 * Loads the airport and the (active) tariff named by the session cart.
 * @throws CheckoutError 409 `checkout.api.no_cart` when there is no cart or it names no active tariff of its
 *   airport; 409 `api.error.airport_locked` when the airport is locked (DESIGN §6).
 */
async function loadCartContext(db: Database, cart: Cart | null | undefined): Promise<CartContext> {
  const resolved = await resolveCart(db, cart);
  if (resolved.kind === 'locked') throw new CheckoutError(409, 'api.error.airport_locked');
  if (resolved.kind !== 'ok') throw new CheckoutError(409, 'checkout.api.no_cart');
  return { airport: resolved.airport, tariff: resolved.tariff };
}

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
function travelRules(context: CartContext, body: Record<string, unknown>, schemaErrors: FieldErrors, now: Date): FieldErrors {
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
  const flags = schemaErrors.bulkyBaggage ? null : parseBulkyBaggage(typeof body.bulkyBaggage === 'string' ? body.bulkyBaggage : '');
  const limits = checkTariffLimits(tariff, {
    personCount: schemaErrors.personCount ? Number.NaN : Number(body.personCount),
    childrenSeat: schemaErrors.childrenSeat ? Number.NaN : Number(body.childrenSeat),
    bulkyBaggage: flags ?? {},
  });
  for (const v of limits) addError(errors, v.field, v.messageKey);
  return errors;
}

/** A coupon row. */
type CouponRow = typeof coupons.$inferSelect;

/**
 * Checks a coupon code for a stay: it exists, the entry date lies in its validity, the stay has its minimum
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
  if (!coupon) return { error: 'validation.coupon.unknown' };
  const entryDate = parseLocalDateTime(stay.entry)?.date ?? '';
  // ISO dates compare correctly as strings; a coupon not yet valid counts as "not valid for this stay" too.
  if ((coupon.validFrom && entryDate < coupon.validFrom) || (coupon.validTo && entryDate > coupon.validTo)) {
    return { error: 'validation.coupon.expired' };
  }
  if (billableDays(stay.entry, stay.exit) < coupon.minDays) return { error: 'validation.coupon.min_days' };
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return { error: 'validation.coupon.used_up' };
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
function validStay(body: Record<string, unknown>, timeZone: string): { entry: string; exit: string } | null {
  if (typeof body.entryTime !== 'string' || typeof body.exitTime !== 'string') return null;
  const entry = body.entryTime.trim();
  const exit = body.exitTime.trim();
  if (!parseLocalDateTime(entry) || !parseLocalDateTime(exit)) return null;
  if (localToInstant(exit, timeZone).getTime() <= localToInstant(entry, timeZone).getTime()) return null;
  return { entry, exit };
}

function asObject(body: unknown): Record<string, unknown> {
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
  const stay = input.step === 'payment' ? validStay({ entryTime: input.cart!.entryTime, exitTime: input.cart!.exitTime }, context.airport.timeZone) : null;
  const { errors } = await stepErrors(db, context, input.step, body, stay, input.now);
  return errors;
}

/**
 * Places a reservation (`POST /api/checkout`, DESIGN §5).
 *
 * 1. Validates every step (schema + server rules) with the body's travel times, which win over the cart's;
 *    any problem → CheckoutError 422 `validation.failed` with all field errors.
 * 2. Prices the stay from the database (`priceStay` on the tariff's price lists; client price fields are
 *    ignored), with the coupon applied. Amounts are integer euro cents, gross; times airport local.
 * 3. In one transaction: creates missing `tariff_days` rows for every stay date, locks them
 *    (`SELECT … FOR UPDATE`, date order, so concurrent checkouts cannot deadlock or overbook), checks the
 *    capacity (day override, else the tariff's), books one space per day, redeems the coupon with a guarded
 *    update, assigns the gapless invoice number (offline payment types confirm at once), draws a unique
 *    reference and inserts the reservation with a hashed guest token. Stored normalised: `bulkyBaggage` in
 *    SPEC §3 flag order, `licensePlate` trimmed and upper-case, billing/invoice address with plain keys.
 *    `inTransaction` runs last inside the same transaction (e.g. to store the idempotent answer atomically
 *    with the booking).
 *
 * @param input.cart - the session cart (names airport and tariff).
 * @param input.body - the flat wire body of all steps.
 * @param input.userId - the signed-in user, or null for a guest.
 * @param input.locale - the customer's language (stored for mails).
 * @param input.now - current instant (lead time, confirmation time, invoice year in {@link SHOP_TIME_ZONE}).
 * @returns the stored reservation and the plain guest access token (only its hash is stored).
 * @throws CheckoutError 409 `checkout.api.no_cart` / `api.error.airport_locked` / `checkout.api.sold_out` /
 *   `checkout.api.not_bookable`; 422 `validation.failed` (field errors, including `couponCode`
 *   `validation.coupon.used_up` when the last use was taken concurrently). Database errors pass through.
 * Source: DESIGN §5 (POST checkout), DESIGN §6 (Availability, Reservation, Invoice, Coupon, Payment types).
 */
export async function placeReservation(
  db: Database,
  input: {
    cart: Cart | null | undefined;
    body: unknown;
    userId: number | null;
    locale: Locale;
    now: Date;
    inTransaction?: (tx: Database, reservation: Reservation) => Promise<void>;
  },
): Promise<{ reservation: Reservation; guestToken: string }> {
  const { now } = input;
  const context = await loadCartContext(db, input.cart);
  const { airport, tariff } = context;
  const body = asObject(input.body);

  // Validate all steps; the coupon is checked against the body's stay (it wins over the cart's).
  const stay = validStay(body, airport.timeZone);
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

  let price;
  try {
    price = priceStay({
      tariff,
      entry: stay.entry,
      exit: stay.exit,
      personCount: travel.data.personCount,
      childrenSeat: travel.data.childrenSeat,
      coupon: coupon ? ({ kind: coupon.kind, value: coupon.value } satisfies Coupon) : null,
    });
  } catch (error) {
    if (error instanceof PricingError) throw new CheckoutError(409, 'checkout.api.not_bookable');
    throw error;
  }

  const { billIsDifferent, ...billingFields } = billing.data;
  const billingAddress = Object.fromEntries(
    Object.entries(billingFields).filter(([key]) => !key.startsWith('billIsDifferentAddress')),
  );
  const invoiceAddress = billIsDifferent ? InvoiceAddressSchema.parse(invoiceAddressFromWire(body)) : null;
  const bulkyBaggage = serializeBulkyBaggage(parseBulkyBaggage(travel.data.bulkyBaggage) ?? {});
  const dates = stayDates(stay.entry, stay.exit);
  const status = initialStatus(method);
  const guest = createGuestToken();
  const invoiceYear = Number(todayInZone(now, SHOP_TIME_ZONE).slice(0, 4));

  const reservation = await db.transaction(async (tx) => {
    // Day rows in date order; concurrent inserts of the same day wait on each other in that order too.
    await tx
      .insert(tariffDays)
      .values(dates.map((day) => ({ tariffId: tariff.id, day, booked: 0 })))
      .onConflictDoNothing();
    const days = await tx
      .select()
      .from(tariffDays)
      .where(and(eq(tariffDays.tariffId, tariff.id), inArray(tariffDays.day, dates)))
      .orderBy(asc(tariffDays.day))
      .for('update');
    if (remainingSpaces(dates, days, tariff.capacity) < 1) throw new CheckoutError(409, 'checkout.api.sold_out');
    await tx
      .update(tariffDays)
      .set({ booked: sql`${tariffDays.booked} + 1` })
      .where(and(eq(tariffDays.tariffId, tariff.id), inArray(tariffDays.day, dates)));

    if (coupon) {
      const redeemed = await tx
        .update(coupons)
        .set({ usedCount: sql`${coupons.usedCount} + 1` })
        .where(and(eq(coupons.id, coupon.id), or(isNull(coupons.usageLimit), lt(coupons.usedCount, coupons.usageLimit))))
        .returning({ id: coupons.id });
      if (redeemed.length === 0) {
        throw new CheckoutError(422, 'validation.failed', { couponCode: ['validation.coupon.used_up'] });
      }
    }

    // Gapless per year: the counter row stays locked until commit; a rollback returns the number.
    let invoiceNumber: string | null = null;
    if (status === 'confirmed') {
      const [counter] = await tx
        .insert(invoiceCounters)
        .values({ year: invoiceYear, last: 1 })
        .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
        .returning({ last: invoiceCounters.last });
      invoiceNumber = formatInvoiceNumber(invoiceYear, counter.last);
    }

    for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
      const [row] = await tx
        .insert(reservations)
        .values({
          reference: generateReference(),
          status,
          locale: input.locale,
          airportId: airport.id,
          tariffId: tariff.id,
          userId: input.userId,
          entryLocal: stay.entry,
          exitLocal: stay.exit,
          entryAt: localToInstant(stay.entry, airport.timeZone),
          exitAt: localToInstant(stay.exit, airport.timeZone),
          billableDays: price.billableDays,
          personCount: travel.data.personCount,
          childrenSeat: travel.data.childrenSeat,
          bulkyBaggage,
          licensePlate: travel.data.licensePlate.toUpperCase(),
          billingAddress,
          invoiceAddress,
          paymentType: method.id,
          couponCode: coupon?.code ?? null,
          parkingCents: price.parkingCents,
          personsCents: price.personsCents,
          childSeatsCents: price.childSeatsCents,
          discountCents: price.discountCents,
          totalCents: price.totalCents,
          vatCents: price.vatCents,
          vatRateBp: price.vatRateBp,
          guestTokenHash: guest.hash,
          invoiceNumber,
          createdAt: now,
          confirmedAt: status === 'confirmed' ? now : null,
        })
        // A taken reference is skipped without aborting the transaction; any other violation still throws.
        .onConflictDoNothing({ target: reservations.reference })
        .returning();
      if (row) {
        if (input.inTransaction) await input.inTransaction(tx as unknown as Database, row);
        return row;
      }
    }
    throw new Error(`no free reservation reference after ${REFERENCE_ATTEMPTS} attempts`);
  });
  return { reservation, guestToken: guest.token };
}

/**
 * The booking page's client state (issue 3): the SPEC §3 checkout entities plus the current step, the field
 * errors and the idempotency key of the pending submission, changed only through {@link checkoutReducer}.
 * Pure (no DOM): persistence helpers take and return strings; the page does the `sessionStorage` I/O.
 */
import type { BulkyBaggageFlag } from '~/constants.ts';
import {
  INVOICE_ADDRESS_KEYS,
  initialCheckoutState,
  invoiceWireKey,
  isBillingAddressValid,
  isPaymentValid,
  isTravelValid,
  parseBulkyBaggage,
  stepToWire,
  validateStep,
  type BillingAddress,
  type CheckoutState,
  type FieldErrors,
  type Gender,
  type InvoiceAddress,
  type Payment,
  type Travel,
} from '~/domain/checkout-schema.ts';
import { parseLocalDateTime } from '~/domain/local-time.ts';
import { checkTariffLimits, type TariffLimits } from '~/domain/tariff-limits.ts';
import {
  priceStayIfBookable,
  type AppliedCoupon,
  type Coupon,
  type PriceBreakdown,
  type TariffPricing,
} from '~/domain/pricing.ts';

/** The steps with a form, in order (SPEC §4; `submit` is the button on the last one). */
export const FORM_STEPS = ['travel', 'billingAddress', 'payment'] as const;
/** A step with a form. */
export type FormStep = (typeof FORM_STEPS)[number];

/** `sessionStorage` key of the stored state. One entry; it belongs to the cart named by `cartKey`. */
export const STORAGE_KEY = 'eap_checkout';
/** Field key of errors that belong to no field (shown above the step). */
export const FORM_ERROR = '_form';

/** The page state. `errors` maps wire field keys (DESIGN §5) to translation keys or server texts. */
export type CheckoutFormState = {
  cartKey: string;
  step: FormStep;
  checkout: CheckoutState;
  errors: FieldErrors;
  /** the key of the submission attempt in progress; kept until it succeeds or is definitively rejected */
  idempotencyKey: string | null;
};

/** What the reducer understands. Edits clear the errors of the fields they touch. */
export type CheckoutAction =
  | { type: 'travel'; patch: Partial<Omit<Travel, 'bulkyBaggage'>> }
  | { type: 'bulkyBaggage'; flag: BulkyBaggageFlag; value: boolean }
  | { type: 'billingAddress'; patch: Partial<BillingAddress> }
  | { type: 'invoiceAddress'; patch: Partial<InvoiceAddress> }
  | { type: 'payment'; patch: Partial<Payment> }
  | { type: 'goto'; step: FormStep }
  | { type: 'errors'; errors: FieldErrors; step?: FormStep }
  | { type: 'idempotencyKey'; key: string | null }
  | { type: 'restore'; state: CheckoutFormState };

/** The cart a state belongs to: a new cart (other tariff or stay) starts a fresh checkout. */
export function cartKeyOf(cart: { airportId: number; tariffId: number; entryTime: string; exitTime: string }): string {
  return `${cart.airportId}:${cart.tariffId}:${cart.entryTime}:${cart.exitTime}`;
}

/** A fresh state for a cart: SPEC §3 defaults with the cart's times. */
export function initialFormState(cart: {
  airportId: number;
  tariffId: number;
  entryTime: string;
  exitTime: string;
}): CheckoutFormState {
  return {
    cartKey: cartKeyOf(cart),
    step: 'travel',
    checkout: initialCheckoutState({ entryTime: cart.entryTime, exitTime: cart.exitTime }),
    errors: {},
    idempotencyKey: null,
  };
}

/**
 * The account's billing address (signed in) filled into the fields of `billing` that are still empty or at
 * their default (`defaults`: gender Mr, country DE …), so what this tab typed (or restored) wins. Returns the
 * patch, `{}` when nothing changes.
 */
export function prefillPatch(
  billing: BillingAddress,
  prefill: Partial<BillingAddress> | null,
  defaults: BillingAddress = initialCheckoutState({ entryTime: '', exitTime: '' }).billingAddress,
): Partial<BillingAddress> {
  const patch: Record<string, unknown> = {};
  if (!prefill) return patch;
  for (const [key, value] of Object.entries(prefill)) {
    if (!(key in billing) || key === 'billIsDifferent' || value === '' || value === null || value === undefined) {
      continue;
    }
    const current = billing[key as keyof BillingAddress];
    if (current === '' || current === null || current === defaults[key as keyof BillingAddress]) patch[key] = value;
  }
  return patch as Partial<BillingAddress>;
}

/** Travel fields whose errors are related: editing one clears the other's too. */
const RELATED: Record<string, string[]> = {
  personCount: ['childrenSeat'],
  childrenSeat: ['personCount'],
  entryTime: ['exitTime'],
  exitTime: ['entryTime'],
  billIsDifferent: INVOICE_ADDRESS_KEYS.map(invoiceWireKey),
  postcode: ['country'],
  country: ['postcode'],
};

function withoutErrors(errors: FieldErrors, fields: string[]): FieldErrors {
  const touched = new Set(fields.flatMap((f) => [f, ...(RELATED[f] ?? [])]));
  // Invoice-address postcode and country belong together as well.
  for (const f of fields) {
    if (f === invoiceWireKey('postcode')) touched.add(invoiceWireKey('country'));
    if (f === invoiceWireKey('country')) touched.add(invoiceWireKey('postcode'));
  }
  if (![...touched].some((f) => f in errors) && !(FORM_ERROR in errors)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([k]) => !touched.has(k) && k !== FORM_ERROR));
}

/** The state machine of the booking page. */
export function checkoutReducer(state: CheckoutFormState, action: CheckoutAction): CheckoutFormState {
  const { checkout } = state;
  switch (action.type) {
    case 'travel':
      return {
        ...state,
        checkout: { ...checkout, travel: { ...checkout.travel, ...action.patch } },
        errors: withoutErrors(state.errors, Object.keys(action.patch)),
      };
    case 'bulkyBaggage':
      return {
        ...state,
        checkout: {
          ...checkout,
          travel: {
            ...checkout.travel,
            bulkyBaggage: { ...checkout.travel.bulkyBaggage, [action.flag]: action.value },
          },
        },
        errors: withoutErrors(state.errors, ['bulkyBaggage']),
      };
    case 'billingAddress':
      return {
        ...state,
        checkout: { ...checkout, billingAddress: { ...checkout.billingAddress, ...action.patch } },
        errors: withoutErrors(state.errors, Object.keys(action.patch)),
      };
    case 'invoiceAddress':
      return {
        ...state,
        checkout: { ...checkout, billIsDifferentAddress: { ...checkout.billIsDifferentAddress, ...action.patch } },
        errors: withoutErrors(
          state.errors,
          Object.keys(action.patch).map((k) => invoiceWireKey(k as (typeof INVOICE_ADDRESS_KEYS)[number])),
        ),
      };
    case 'payment':
      return {
        ...state,
        checkout: { ...checkout, payment: { ...checkout.payment, ...action.patch } },
        errors: withoutErrors(state.errors, Object.keys(action.patch)),
      };
    case 'goto': {
      if (state.step === action.step) return state;
      // Errors of the step shown next stay (e.g. the server's answer to a submission); the rest go.
      const errors = Object.fromEntries(
        Object.entries(state.errors).filter(([field]) => stepOfField(field) === action.step),
      );
      return { ...state, step: action.step, errors };
    }
    case 'errors':
      return { ...state, errors: action.errors, step: action.step ?? state.step };
    case 'idempotencyKey':
      return { ...state, idempotencyKey: action.key };
    case 'restore':
      return action.state;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Persistence (sessionStorage): survives a reload, not the end of the browser session.

/** The stored form of a state (errors are not kept). */
export function serializeFormState(state: CheckoutFormState): string {
  const { cartKey, step, checkout, idempotencyKey } = state;
  return JSON.stringify({ v: 1, cartKey, step, checkout, idempotencyKey });
}

const isGender = (v: unknown): v is Gender | null => v === true || v === false || v === 'd' || v === null;

/** Copies from `stored` every key of `base` whose value has the same type (gender: true/false/'d'/null). */
function mergeSection<T extends Record<string, unknown>>(base: T, stored: unknown): T {
  if (!stored || typeof stored !== 'object') return base;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(base)) {
    const candidate = (stored as Record<string, unknown>)[key];
    if (key === 'gender' ? isGender(candidate) : typeof candidate === typeof value && candidate !== null) {
      out[key] = typeof value === 'number' && !Number.isFinite(candidate as number) ? value : candidate;
    }
  }
  return out as T;
}

/**
 * The state stored in `raw` merged over `fresh`, so missing or mistyped values fall back to the defaults.
 * A state of another cart (the visitor chose another tariff or stay) gives back only the addresses and the
 * payment choice: travel, step and idempotency key start afresh. Unreadable input gives `fresh` itself.
 */
export function restoreFormState(raw: string | null, fresh: CheckoutFormState): CheckoutFormState {
  if (!raw) return fresh;
  let stored: Record<string, unknown>;
  try {
    stored = JSON.parse(raw);
  } catch {
    return fresh;
  }
  if (!stored || typeof stored !== 'object' || stored.v !== 1) return fresh;
  const c = (stored.checkout ?? {}) as Record<string, Record<string, unknown>>;
  if (stored.cartKey !== fresh.cartKey) {
    return {
      ...fresh,
      checkout: {
        ...fresh.checkout,
        billingAddress: mergeSection(fresh.checkout.billingAddress, c.billingAddress),
        billIsDifferentAddress: mergeSection(fresh.checkout.billIsDifferentAddress, c.billIsDifferentAddress),
        payment: mergeSection(fresh.checkout.payment, c.payment),
      },
    };
  }
  const travel = mergeSection(fresh.checkout.travel, c.travel);
  travel.bulkyBaggage = mergeSection(fresh.checkout.travel.bulkyBaggage, c.travel?.bulkyBaggage);
  return {
    cartKey: fresh.cartKey,
    step: (FORM_STEPS as readonly unknown[]).includes(stored.step) ? (stored.step as FormStep) : 'travel',
    checkout: {
      travel,
      billingAddress: mergeSection(fresh.checkout.billingAddress, c.billingAddress),
      billIsDifferentAddress: mergeSection(fresh.checkout.billIsDifferentAddress, c.billIsDifferentAddress),
      payment: mergeSection(fresh.checkout.payment, c.payment),
    },
    errors: {},
    idempotencyKey: typeof stored.idempotencyKey === 'string' ? stored.idempotencyKey : null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Validation in the browser

/** The tariff's limits the travel step checks before asking the server (the server checks the same ones). */
export type TravelLimits = TariffLimits;

/**
 * Field errors of a step in the browser: the zod wire schema (`validateStep`), the tariff limits, the order of
 * the times, and the literal SPEC §5 step rule (a generic form error when it fails without a field error).
 * Empty when the step may be left (the server still checks).
 */
export function clientStepErrors(step: FormStep, checkout: CheckoutState, limits: TravelLimits): FieldErrors {
  const result = validateStep(step, stepToWire(checkout, step));
  const errors: FieldErrors = result.success ? {} : { ...result.errors };
  const add = (field: string, key: string) => {
    const list = (errors[field] ??= []);
    if (!list.includes(key)) list.push(key);
  };
  let ruleHolds: boolean;
  if (step === 'travel') {
    const t = checkout.travel;
    for (const v of checkTariffLimits(limits, t)) add(v.field, v.messageKey);
    if (
      parseLocalDateTime(t.entryTime) &&
      parseLocalDateTime(t.exitTime) &&
      t.exitTime <= t.entryTime &&
      !errors.exitTime
    ) {
      add('exitTime', 'validation.stay.exit_before_entry');
    }
    ruleHolds = isTravelValid(t);
  } else if (step === 'billingAddress') {
    ruleHolds = isBillingAddressValid(checkout.billingAddress, checkout.billIsDifferentAddress);
  } else {
    ruleHolds = isPaymentValid(checkout.payment);
  }
  if (!ruleHolds && Object.keys(errors).length === 0) add(FORM_ERROR, 'validation.failed');
  return errors;
}

const STEP_FIELDS: Record<FormStep, Set<string>> = (() => {
  const base = initialCheckoutState();
  return {
    travel: new Set(Object.keys(base.travel)),
    billingAddress: new Set([...Object.keys(base.billingAddress), ...INVOICE_ADDRESS_KEYS.map(invoiceWireKey)]),
    payment: new Set(Object.keys(base.payment)),
  };
})();

/** The step a wire field belongs to, or null (e.g. `tariffId`, `_form`). */
export function stepOfField(field: string): FormStep | null {
  return FORM_STEPS.find((s) => STEP_FIELDS[s].has(field)) ?? null;
}

/** The first step (in order) that has an error among `errors`, or null when none belongs to a step. */
export function firstStepWithError(errors: FieldErrors): FormStep | null {
  const steps = Object.keys(errors).map(stepOfField);
  return FORM_STEPS.find((s) => steps.includes(s)) ?? null;
}

/**
 * Splits a server's field errors: those of known fields stay under their key; the others are gathered
 * under {@link FORM_ERROR} (so no message is lost).
 */
export function normalizeServerErrors(errors: Record<string, unknown> | undefined, fallback: string): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, value] of Object.entries(errors ?? {})) {
    const texts = (Array.isArray(value) ? value : [value]).filter(
      (v): v is string => typeof v === 'string' && v !== '',
    );
    if (texts.length === 0) continue;
    const key = stepOfField(field) ? field : FORM_ERROR;
    out[key] = [...(out[key] ?? []), ...texts];
  }
  if (Object.keys(out).length === 0) out[FORM_ERROR] = [fallback];
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Live price and submission helpers

/**
 * The price of the stay as currently entered, with the coupon the server accepted (if any), or null while times
 * or counts cannot be priced.
 */
export function livePrice(tariff: TariffPricing, travel: Travel, coupon: Coupon | null = null): PriceBreakdown | null {
  // The same "not bookable" rule as the server's (a half-typed stay is not priceable either).
  return priceStayIfBookable({
    tariff,
    entry: travel.entryTime,
    exit: travel.exitTime,
    personCount: travel.personCount,
    childrenSeat: travel.childrenSeat,
    coupon,
  });
}

/**
 * The coupon the server accepted, while the code field still holds its code (case and blanks aside): typing
 * another code drops the discount from the summary until that one is applied. Else null.
 */
export function currentCoupon(accepted: AppliedCoupon | null, payment: Payment): AppliedCoupon | null {
  return accepted && accepted.code === payment.couponCode.trim().toUpperCase() ? accepted : null;
}

/** A random idempotency key (UUID v4 form); works outside secure contexts too. */
export function newIdempotencyKey(
  cryptoImpl: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string } = globalThis.crypto,
): string {
  if (typeof cryptoImpl.randomUUID === 'function') return cryptoImpl.randomUUID();
  const b = cryptoImpl.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Clamps a typed count into `[min, max]`; an empty or unreadable input becomes `min`. */
export function clampCount(value: string | number, min: number, max: number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(n)) return min;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

// ---------------------------------------------------------------------------------------------------------
// The server's state of the form without JavaScript (issue 11 item 7)

/** What the server rendered the form with: the step, the fields kept in the session (wire keys), the errors. */
export type ServerFormState = { step: FormStep; fields: Record<string, unknown> | null; errors: FieldErrors };

/**
 * `fresh` with the server's step, the fields it kept (flat wire keys, DESIGN §5) and its errors; mistyped
 * values fall back to `fresh`'s. Without kept fields only the step and errors change.
 */
export function formStateFromServer(fresh: CheckoutFormState, server: ServerFormState): CheckoutFormState {
  const wire = server.fields ?? {};
  const { travel, billingAddress, billIsDifferentAddress, payment } = fresh.checkout;
  const invoice: Record<string, unknown> = {};
  for (const key of INVOICE_ADDRESS_KEYS) {
    if (invoiceWireKey(key) in wire) invoice[key] = wire[invoiceWireKey(key)];
  }
  const counts = (key: 'personCount' | 'childrenSeat') =>
    key in wire && String(wire[key]).trim() !== '' ? Number(wire[key]) : travel[key];
  return {
    ...fresh,
    step: server.step,
    errors: server.errors,
    checkout: {
      travel: {
        ...mergeSection(travel, wire),
        personCount: counts('personCount'),
        childrenSeat: counts('childrenSeat'),
        bulkyBaggage:
          typeof wire.bulkyBaggage === 'string'
            ? (parseBulkyBaggage(wire.bulkyBaggage) ?? travel.bulkyBaggage)
            : travel.bulkyBaggage,
      },
      billingAddress: mergeSection(billingAddress, wire),
      billIsDifferentAddress: mergeSection(billIsDifferentAddress, invoice),
      payment: mergeSection(payment, wire),
    },
  };
}

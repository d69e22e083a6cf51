/**
 * The checkout's entities, defaults, wire format and validation, in one module used by the browser and the
 * server (issue 3). Two layers:
 *  - the SPEC §5 step rules (`isTravelValid`, `isBillingAddressValid`, `isPaymentValid`), literal and
 *    built on the "filled" rule, which decide whether a step may be left;
 *  - zod schemas of the wire format (DESIGN §5) that add formats (email, postcode, licence plate, …) and give
 *    one translation key per failed field. Rules that need the tariff run on top: its persons, child-seat and
 *    baggage limits in `tariff-limits.ts` (browser and server), stay limits, capacity and coupons on the server
 *    (`app/services/checkout/checkout-validate.server.ts`).
 * Messages are translation keys (`validation.*`), translated where they are shown.
 */
import { z } from 'zod';
import { BULKY_BAGGAGE_FLAGS, BULKY_BAGGAGE_SEPARATOR, type BulkyBaggageFlag } from '../constants.ts';
import { EMAIL_MAX_LENGTH, issuesToFieldKeys, isEmail, type FieldErrors } from './field-errors.ts';
import { isFilled } from './filled.ts';
import { FLIGHT_NUMBER_MAX_LENGTH, normalizeFlightNumber } from './flight-number.ts';
import { COUNTRIES, PAYMENT_TYPES } from './checkout-options.ts';
import { isValidBuyerReference, isValidVatId, looksLikeLeitwegId, normalizeVatId } from './buyer-ids.ts';

/** Salutation: `true` Herr/Mr, `false` Frau/Ms, `'d'` divers/no salutation (DESIGN §5). */
export type Gender = true | false | 'd';

export { COUNTRIES, PAYMENT_TYPES, type PaymentType } from './checkout-options.ts';

/** SPEC §3 travel, as held on the client. Times are airport local `YYYY-MM-DDTHH:mm`. */
export type Travel = {
  entryTime: string;
  exitTime: string;
  personCount: number;
  childrenSeat: number;
  bulkyBaggage: Record<BulkyBaggageFlag, boolean>;
  licensePlate: string;
  /** optional IATA flight numbers of the outbound and the return flight (issue 12 item 5; not in SPEC §3) */
  outboundFlightNumber: string;
  returnFlightNumber: string;
};

/** SPEC §3 billing address. */
export type BillingAddress = {
  gender: Gender | null;
  firstname: string;
  lastname: string;
  email: string;
  phoneRegionCode: string;
  phonePrefix: string;
  phoneNumber: string;
  company: string;
  street: string;
  streetNumber: string;
  postcode: string;
  city: string;
  country: string;
  /** optional VAT ID of a business buyer (issue 34 item 3, EN 16931 BT-48), normalised; `''` when none */
  vatId: string;
  /** optional buyer reference, e.g. a public-sector Leitweg-ID (issue 34 item 3, BT-10); `''` when none */
  buyerReference: string;
  billIsDifferent: boolean;
};

/** SPEC §3 separate invoice address (used when `billIsDifferent`): the postal part of the billing address. */
export type InvoiceAddress = Pick<BillingAddress, (typeof INVOICE_ADDRESS_KEYS)[number]>;

/** SPEC §3 payment. */
export type Payment = { paymentType: string; couponCode: string };

/** The whole client-side checkout state (SPEC §3). */
export type CheckoutState = {
  travel: Travel;
  billingAddress: BillingAddress;
  billIsDifferentAddress: InvoiceAddress;
  payment: Payment;
};

/** Keys of the separate invoice address, in SPEC §3 order. */
export const INVOICE_ADDRESS_KEYS = [
  'gender',
  'firstname',
  'lastname',
  'company',
  'street',
  'streetNumber',
  'postcode',
  'city',
  'country',
  'vatId',
  'buyerReference',
] as const satisfies readonly (keyof BillingAddress)[];

/** A new checkout state with the SPEC §3 defaults (personCount 1, childrenSeat 0, flags false, gender true …). */
export function initialCheckoutState(travel: Partial<Travel> = {}): CheckoutState {
  return {
    travel: {
      entryTime: '',
      exitTime: '',
      personCount: 1,
      childrenSeat: 0,
      bulkyBaggage: Object.fromEntries(BULKY_BAGGAGE_FLAGS.map((f) => [f, false])) as Travel['bulkyBaggage'],
      licensePlate: '',
      outboundFlightNumber: '',
      returnFlightNumber: '',
      ...travel,
    },
    billingAddress: {
      gender: true,
      firstname: '',
      lastname: '',
      email: '',
      phoneRegionCode: 'DE',
      phonePrefix: '+49',
      phoneNumber: '',
      company: '',
      street: '',
      streetNumber: '',
      postcode: '',
      city: '',
      country: 'DE',
      vatId: '',
      buyerReference: '',
      billIsDifferent: false,
    },
    billIsDifferentAddress: {
      gender: true,
      firstname: '',
      lastname: '',
      company: '',
      street: '',
      streetNumber: '',
      postcode: '',
      city: '',
      country: 'DE',
      vatId: '',
      buyerReference: '',
    },
    payment: { paymentType: '', couponCode: '' },
  };
}

// ---------------------------------------------------------------------------------------------------------
// SPEC §5 step rules (literal)

/** SPEC §5: personCount greater than childrenSeat, and both times filled. Plate and baggage optional. */
export function isTravelValid(
  travel: Pick<Travel, 'personCount' | 'childrenSeat' | 'entryTime' | 'exitTime'>,
): boolean {
  return travel.personCount > travel.childrenSeat && isFilled(travel.entryTime) && isFilled(travel.exitTime);
}

/** SPEC §5 for an address: gender not null, every field but `except` filled. */
function isAddressFilled(address: Record<string, unknown>, except: readonly string[]): boolean {
  if (address.gender === null || address.gender === undefined) return false;
  return Object.entries(address).every(([key, value]) => except.includes(key) || isFilled(value));
}

/** Fields of an address nobody has to fill: company (SPEC §5) and a business buyer's VAT ID and reference (issue 34). */
const OPTIONAL_ADDRESS_FIELDS = ['company', 'gender', 'vatId', 'buyerReference'] as const;

/**
 * SPEC §5: gender not null and every field except billIsDifferent, company and gender filled; when
 * billIsDifferent is set, the separate address must also be valid (all but company and gender filled). The VAT ID
 * and the buyer reference (issue 34) are optional too.
 */
export function isBillingAddressValid(billing: BillingAddress, invoice: InvoiceAddress): boolean {
  if (!isAddressFilled(billing, ['billIsDifferent', ...OPTIONAL_ADDRESS_FIELDS])) return false;
  return !billing.billIsDifferent || isAddressFilled(invoice, OPTIONAL_ADDRESS_FIELDS);
}

/** SPEC §5: paymentType filled; couponCode optional. */
export function isPaymentValid(payment: Payment): boolean {
  return isFilled(payment.paymentType);
}

// ---------------------------------------------------------------------------------------------------------
// Wire format (DESIGN §5)

/** Joins the set flags with `;` in SPEC §3 order (`""` for none). */
export function serializeBulkyBaggage(flags: Partial<Record<BulkyBaggageFlag, boolean>>): string {
  return BULKY_BAGGAGE_FLAGS.filter((f) => flags[f]).join(BULKY_BAGGAGE_SEPARATOR);
}

/** Splits a `;`-joined list back into flags; returns null when it names an unknown flag. */
export function parseBulkyBaggage(value: string): Record<BulkyBaggageFlag, boolean> | null {
  const flags = Object.fromEntries(BULKY_BAGGAGE_FLAGS.map((f) => [f, false])) as Record<BulkyBaggageFlag, boolean>;
  for (const part of value
    .split(BULKY_BAGGAGE_SEPARATOR)
    .map((p) => p.trim())
    .filter(Boolean)) {
    if (!(BULKY_BAGGAGE_FLAGS as readonly string[]).includes(part)) return null;
    flags[part as BulkyBaggageFlag] = true;
  }
  return flags;
}

/** `street` → `billIsDifferentAddressStreet` (SPEC §3: prefix plus the capitalised key). */
export function invoiceWireKey(key: (typeof INVOICE_ADDRESS_KEYS)[number]): string {
  return `billIsDifferentAddress${key[0].toUpperCase()}${key.slice(1)}`;
}

/** The flat wire fields of one step (for `POST checkout/validate/*`). */
export function stepToWire(
  state: CheckoutState,
  step: 'travel' | 'billingAddress' | 'payment',
): Record<string, unknown> {
  if (step === 'travel') {
    return { ...state.travel, bulkyBaggage: serializeBulkyBaggage(state.travel.bulkyBaggage) };
  }
  if (step === 'payment') return { ...state.payment };
  const wire: Record<string, unknown> = { ...state.billingAddress };
  if (state.billingAddress.billIsDifferent) {
    for (const key of INVOICE_ADDRESS_KEYS) wire[invoiceWireKey(key)] = state.billIsDifferentAddress[key];
  }
  return wire;
}

/** The whole flat body of `POST /api/checkout` (DESIGN §5). */
export function checkoutToWire(state: CheckoutState): Record<string, unknown> {
  return {
    ...stepToWire(state, 'travel'),
    ...stepToWire(state, 'billingAddress'),
    ...stepToWire(state, 'payment'),
  };
}

// ---------------------------------------------------------------------------------------------------------
// zod schemas of the wire format

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
// Postcode formats of the most frequent countries; others: 2–10 letters, digits, blanks or hyphens.
const POSTCODES: Record<string, RegExp> = {
  DE: /^\d{5}$/,
  AT: /^\d{4}$/,
  CH: /^\d{4}$/,
  BE: /^\d{4}$/,
  LU: /^(L-)?\d{4}$/i,
  DK: /^\d{4}$/,
  NL: /^\d{4} ?[A-Za-z]{2}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  ES: /^\d{5}$/,
  PL: /^\d{2}-\d{3}$/,
  CZ: /^\d{3} ?\d{2}$/,
};
const POSTCODE_FALLBACK = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;
// German plates: district (1–3 letters, umlauts allowed), letters (1–2), digits (1–4), optional E/H suffix;
// separators blank or hyphen. Foreign plates: 2–12 letters/digits with blanks or hyphens.
const GERMAN_PLATE = /^[A-ZÄÖÜ]{1,3}[- ]?[A-Z]{1,2}[- ]?\d{1,4}[EH]?$/i;
const FOREIGN_PLATE = /^(?=.*\d)[A-Z0-9ÄÖÜ][A-Z0-9ÄÖÜ -]{1,11}$/i;

/** True when `postcode` has the format of `country` (ISO alpha-2). */
function isValidPostcode(postcode: string, country: string): boolean {
  return (POSTCODES[country] ?? POSTCODE_FALLBACK).test(postcode.trim());
}

/** True for a plausible licence plate (German format, or a generic foreign one). */
function isValidLicensePlate(plate: string): boolean {
  const value = plate.trim();
  return GERMAN_PLATE.test(value) || FOREIGN_PLATE.test(value);
}

const required = (schema: z.ZodString) =>
  z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').pipe(schema);
const requiredText = (max: number) => required(z.string().max(max, 'validation.too_long'));
const genderSchema = z.union([z.literal(true), z.literal(false), z.literal('d')], {
  error: 'validation.required',
});
const countrySchema = z.enum(COUNTRIES, { error: 'validation.country' });
const integer = (min: number) =>
  z.coerce.number({ error: 'validation.required' }).int('validation.integer').min(min, 'validation.min');

/** An optional flight number (`flight-number.ts`), normalised (`lh400` → `LH 400`); `''` when none. */
const flightNumberSchema = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(FLIGHT_NUMBER_MAX_LENGTH, 'validation.flight_number')
  .default('')
  .refine((v) => v === '' || normalizeFlightNumber(v) !== null, 'validation.flight_number')
  .transform((v) => (v === '' ? '' : (normalizeFlightNumber(v) ?? v)));

/** Travel on the wire (DESIGN §5): times local `YYYY-MM-DDTHH:mm`, bulkyBaggage `;`-joined. */
const TravelSchema = z
  .object({
    entryTime: required(z.string().regex(LOCAL_DATE_TIME, 'validation.datetime')),
    exitTime: required(z.string().regex(LOCAL_DATE_TIME, 'validation.datetime')),
    personCount: integer(1),
    childrenSeat: integer(0),
    bulkyBaggage: z
      .string({ error: 'validation.invalid' })
      .default('')
      .refine((v) => parseBulkyBaggage(v) !== null, 'validation.bulky_baggage'),
    licensePlate: z
      .string({ error: 'validation.invalid' })
      .trim()
      .default('')
      .refine((v) => v === '' || isValidLicensePlate(v), 'validation.license_plate'),
    outboundFlightNumber: flightNumberSchema,
    returnFlightNumber: flightNumberSchema,
  })
  .superRefine((travel, ctx) => {
    // SPEC §5: personCount must be greater than childrenSeat (every child seat needs a child who is a person).
    if (!(travel.personCount > travel.childrenSeat)) {
      ctx.addIssue({ code: 'custom', path: ['childrenSeat'], message: 'validation.children_exceed_persons' });
    }
  });

const addressFields = {
  gender: genderSchema,
  firstname: requiredText(100),
  lastname: requiredText(100),
  company: z.string({ error: 'validation.invalid' }).trim().max(100, 'validation.too_long').default(''),
  street: requiredText(120),
  streetNumber: requiredText(20),
  postcode: requiredText(12),
  city: requiredText(100),
  country: countrySchema,
  // a business buyer's identifiers (issue 34 item 3): optional, validated when given, stored normalised
  vatId: z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(30, 'validation.too_long')
    .default('')
    .refine((v) => v === '' || isValidVatId(v), 'validation.vat_id')
    .transform(normalizeVatId),
  buyerReference: z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(100, 'validation.too_long')
    .default('')
    .refine((v) => v === '' || isValidBuyerReference(v), 'validation.buyer_reference')
    .transform((v) => (looksLikeLeitwegId(v) ? v.toUpperCase() : v)),
};

function checkPostcode(address: { postcode: string; country: string }, ctx: z.RefinementCtx, field: string) {
  if (address.postcode && address.country && !isValidPostcode(address.postcode, address.country)) {
    ctx.addIssue({ code: 'custom', path: [field], message: 'validation.postcode' });
  }
}

/**
 * Billing address on the wire, with the separate invoice address flat under the `billIsDifferentAddress`
 * prefix when `billIsDifferent` is true (SPEC §3).
 */
const BillingAddressSchema = z
  .object({
    ...addressFields,
    email: required(z.string().max(EMAIL_MAX_LENGTH, 'validation.too_long').refine(isEmail, 'validation.email')),
    phoneRegionCode: required(z.string().regex(/^[A-Z]{2}$/, 'validation.invalid')),
    phonePrefix: required(z.string().regex(/^\+\d{1,4}$/, 'validation.phone_prefix')),
    phoneNumber: required(z.string().regex(/^[0-9 ()/-]{4,20}$/, 'validation.phone')),
    billIsDifferent: z.boolean({ error: 'validation.invalid' }).default(false),
    billIsDifferentAddressGender: z.unknown().optional(),
    billIsDifferentAddressFirstname: z.unknown().optional(),
    billIsDifferentAddressLastname: z.unknown().optional(),
    billIsDifferentAddressCompany: z.unknown().optional(),
    billIsDifferentAddressStreet: z.unknown().optional(),
    billIsDifferentAddressStreetNumber: z.unknown().optional(),
    billIsDifferentAddressPostcode: z.unknown().optional(),
    billIsDifferentAddressCity: z.unknown().optional(),
    billIsDifferentAddressCountry: z.unknown().optional(),
    billIsDifferentAddressVatId: z.unknown().optional(),
    billIsDifferentAddressBuyerReference: z.unknown().optional(),
  })
  .superRefine((billing, ctx) => {
    checkPostcode(billing, ctx, 'postcode');
    if (!billing.billIsDifferent) return;
    const invoice = invoiceAddressFromWire(billing);
    const result = InvoiceAddressSchema.safeParse(invoice);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = issue.path[0] as (typeof INVOICE_ADDRESS_KEYS)[number];
        ctx.addIssue({ code: 'custom', path: [invoiceWireKey(key)], message: issue.message });
      }
    }
  });

/** The separate invoice address with plain keys (after `invoiceAddressFromWire`). */
export const InvoiceAddressSchema = z.object(addressFields).superRefine((a, ctx) => checkPostcode(a, ctx, 'postcode'));

/** Reads the flat `billIsDifferentAddress*` fields of a wire body into a plain invoice address. */
export function invoiceAddressFromWire(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(INVOICE_ADDRESS_KEYS.map((key) => [key, body[invoiceWireKey(key)]]));
}

/** Payment on the wire: an offered type and an optional coupon code. */
const PaymentSchema = z.object({
  paymentType: z.enum(PAYMENT_TYPES, { error: 'validation.payment_type' }),
  couponCode: z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(40, 'validation.too_long')
    .default('')
    .transform((v) => v.toUpperCase()),
});

/** The schema of one step, by SPEC §4 step name. */
export const STEP_SCHEMAS = {
  travel: TravelSchema,
  billingAddress: BillingAddressSchema,
  payment: PaymentSchema,
} as const;

export type { FieldErrors } from './field-errors.ts';

/**
 * Validates one step's wire fields; returns the parsed data or the field errors (translation keys).
 */
export function validateStep<S extends keyof typeof STEP_SCHEMAS>(
  step: S,
  body: Record<string, unknown>,
): { success: true; data: z.infer<(typeof STEP_SCHEMAS)[S]> } | { success: false; errors: FieldErrors } {
  const result = STEP_SCHEMAS[step].safeParse(body);
  if (result.success) return { success: true, data: result.data as z.infer<(typeof STEP_SCHEMAS)[S]> };
  return { success: false, errors: issuesToFieldKeys(result.error.issues) };
}

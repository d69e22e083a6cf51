/**
 * The one Drizzle `pg-core` schema, shared by PGlite (embedded) and PostgreSQL (DESIGN §1, §6).
 * Money columns are integer euro cents (gross, VAT included unless named `net`).
 * Local date-times of a stay are stored as `YYYY-MM-DDTHH:mm` text in the airport's time zone,
 * beside the UTC instants, because billing counts calendar days in airport local time.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Airport status: `locked` airports are shown but cannot be booked (SPEC §1 notification sign-up). */
export type AirportStatus = 'active' | 'locked';

/** Tariff category; names the tariff list an offer appears in (SPEC §3, DESIGN §6). */
export type TariffCategory = 'shuttle' | 'valet' | 'terminal';

/** Reservation status (DESIGN §6). */
export type ReservationStatus = 'pending_payment' | 'confirmed' | 'cancelled' | 'completed';

/** A picture of the airport's gallery; `src` is a site-relative URL. */
export type GalleryImage = { src: string; altDe: string; altEn: string };

/** Facts about a parking lot shown on offer cards (DESIGN §10). */
export type ParkingLotFeatures = {
  covered: boolean;
  /** true when the customer hands over the keys (valet) */
  keysHandedOver: boolean;
  evCharging: boolean;
  security24h: boolean;
  /** maximum vehicle height in centimetres, null when unlimited */
  maxHeightCm: number | null;
};

/** Airports (DESIGN §6 Airport): slug, IATA code, names and texts in de/en, time zone, status `active` | `locked`. */
export const airports = pgTable('airports', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  iata: text('iata').notNull().unique(),
  nameDe: text('name_de').notNull(),
  nameEn: text('name_en').notNull(),
  city: text('city').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  /** IANA time zone, e.g. `Europe/Berlin` */
  timeZone: text('time_zone').notNull(),
  status: text('status').$type<AirportStatus>().notNull().default('active'),
  /** notice shown in the eapcomment modal, null when there is none */
  commentDe: text('comment_de'),
  commentEn: text('comment_en'),
  directionsDe: text('directions_de').notNull().default(''),
  directionsEn: text('directions_en').notNull().default(''),
  descriptionDe: text('description_de').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
  /** id of the review provider's ratings for this airport (data-rating-id) */
  ratingId: text('rating_id'),
  videoUrl: text('video_url'),
  gallery: jsonb('gallery').$type<GalleryImage[]>().notNull().default([]),
  sort: integer('sort').notNull().default(0),
});

/** Parking lots of an airport (DESIGN §6 Parking lot): operator, address, coordinates, distance, transfer time, features. */
export const parkingLots = pgTable(
  'parking_lots',
  {
    id: serial('id').primaryKey(),
    airportId: integer('airport_id')
      .notNull()
      .references(() => airports.id),
    name: text('name').notNull(),
    operator: text('operator').notNull(),
    street: text('street').notNull(),
    streetNumber: text('street_number').notNull(),
    postcode: text('postcode').notNull(),
    city: text('city').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    phone: text('phone').notNull().default(''),
    /** distance to the terminal in metres */
    distanceMeters: integer('distance_meters').notNull(),
    /** transfer time to the terminal in minutes (walk or shuttle) */
    transferMinutes: integer('transfer_minutes').notNull(),
    openingHoursDe: text('opening_hours_de').notNull(),
    openingHoursEn: text('opening_hours_en').notNull(),
    arrivalInstructionsDe: text('arrival_instructions_de').notNull(),
    arrivalInstructionsEn: text('arrival_instructions_en').notNull(),
    returnInstructionsDe: text('return_instructions_de').notNull(),
    returnInstructionsEn: text('return_instructions_en').notNull(),
    features: jsonb('features').$type<ParkingLotFeatures>().notNull(),
  },
  (t) => [index('parking_lots_airport_idx').on(t.airportId)],
);

/** Tariffs, the bookable offers of a lot (DESIGN §6 Tariff): limits, surcharges in cents, capacity per day, stay limits. */
export const tariffs = pgTable(
  'tariffs',
  {
    id: serial('id').primaryKey(),
    airportId: integer('airport_id')
      .notNull()
      .references(() => airports.id),
    parkingLotId: integer('parking_lot_id')
      .notNull()
      .references(() => parkingLots.id),
    category: text('category').$type<TariffCategory>().notNull(),
    nameDe: text('name_de').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionDe: text('description_de').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** persons transported without surcharge */
    includedPersons: integer('included_persons').notNull(),
    maxPersons: integer('max_persons').notNull(),
    /** surcharge per person above includedPersons, cents per stay */
    extraPersonPrice: integer('extra_person_price').notNull().default(0),
    /** price per child seat, cents per stay */
    childSeatPrice: integer('child_seat_price').notNull().default(0),
    maxChildSeats: integer('max_child_seats').notNull().default(0),
    /** bulky-baggage flags this tariff accepts (SPEC §3 names) */
    allowedBulkyBaggage: jsonb('allowed_bulky_baggage').$type<string[]>().notNull().default([]),
    /** spaces per calendar day */
    capacity: integer('capacity').notNull(),
    leadTimeMinutes: integer('lead_time_minutes').notNull().default(120),
    maxStayDays: integer('max_stay_days').notNull().default(60),
    bookingHorizonDays: integer('booking_horizon_days').notNull().default(365),
    freeCancellationHours: integer('free_cancellation_hours').notNull().default(24),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('tariffs_airport_idx').on(t.airportId)],
);

/**
 * A tariff's price list. `dayPrices[n-1]` is the gross total in cents for a stay of n billable days;
 * longer stays add `extraDayPrice` per day beyond the list. A list with `validFrom`/`validTo` is a season
 * and applies to stays whose entry date lies in that inclusive range; the list without dates is the default.
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: serial('id').primaryKey(),
    tariffId: integer('tariff_id')
      .notNull()
      .references(() => tariffs.id),
    name: text('name').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    dayPrices: jsonb('day_prices').$type<number[]>().notNull(),
    extraDayPrice: integer('extra_day_price').notNull(),
  },
  (t) => [index('price_lists_tariff_idx').on(t.tariffId)],
);

/**
 * Daily occupancy of a tariff: `booked` spaces on that calendar day (airport local date).
 * A row is created on first booking of that day and locked (SELECT … FOR UPDATE) while a booking is checked
 * and inserted, so concurrent checkouts cannot overbook (DESIGN §6). `capacity` overrides the tariff's
 * capacity for that day when not null (e.g. a closed day has 0).
 */
export const tariffDays = pgTable(
  'tariff_days',
  {
    tariffId: integer('tariff_id')
      .notNull()
      .references(() => tariffs.id),
    day: date('day', { mode: 'string' }).notNull(),
    booked: integer('booked').notNull().default(0),
    capacity: integer('capacity'),
  },
  (t) => [primaryKey({ columns: [t.tariffId, t.day] })],
);

/**
 * Customer accounts (DESIGN §3 account, issue 8). `email` is stored lower-cased (unique); `passwordHash` is an
 * argon2id PHC string, null once the account is deleted. A deleted account keeps its row (reservations point to
 * it) with the personal data anonymised (`deletedAt` set, e-mail a placeholder).
 */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  /** `'true'` Herr/Mr, `'false'` Frau/Ms, `'d'` (DESIGN §5 gender, as text) */
  gender: text('gender').notNull(),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  /** when the user proved owning `email` (verification link); null until then */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  newsletter: boolean('newsletter').notNull().default(false),
  /** saved billing-address fields (SPEC §3 names) used to prefill the checkout; null when none */
  billingAddress: jsonb('billing_address').$type<Record<string, unknown> | null>(),
  /** language of the account's mails (`de` | `en`) */
  locale: text('locale').notNull().default('de'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/**
 * The life of a one-time token sent by mail (`user_tokens`, `staff_tokens`): valid until `expires_at`, used once
 * (`used_at`, null while unused), made at `created_at`. A function, since a column belongs to one table.
 */
function oneTimeTokenLife() {
  return {
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/** What a one-time token is for (issue 8). */
export type UserTokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

/**
 * One-time tokens sent by mail (issue 8): e-mail verification, password reset, e-mail change. Only the SHA-256
 * hash of the token is stored; a token is used once (`usedAt`) and only before `expiresAt`.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').$type<UserTokenPurpose>().notNull(),
    /** SHA-256 of the token, hex */
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** the address to verify: the new one for `change_email`, the account's for `verify_email` */
    email: text('email'),
    ...oneTimeTokenLife(),
  },
  (t) => [uniqueIndex('user_tokens_hash_idx').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId)],
);

/** Coupons (DESIGN §6 Coupon): code, percent or fixed cents, validity, minimum days, usage limit, airports. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
    /** percent: whole percent (10 = 10 %); fixed: cents off the total */
    value: integer('value').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    minDays: integer('min_days').notNull().default(1),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    /** airports the coupon is valid for; null = all */
    airportIds: jsonb('airport_ids').$type<number[] | null>(),
    /**
     * when the back office disabled the code (issue 15 item 6); the checkout refuses a disabled code like an
     * unknown one. Null while it is in force.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** when the coupon was created (back office, seed); for the list's order */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Codes are matched upper-cased (checkout-coupon.server.ts); two codes differing in case only would be one.
    uniqueIndex('coupons_code_upper_idx').on(sql`upper(${t.code})`),
  ],
);

/** Server-side session data (DESIGN §1: the app is stateless; sessions live in the database). */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** the signed-in user, so every session of a user can be ended (password reset); null when anonymous */
    userId: integer('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt), index('sessions_user_idx').on(t.userId)],
);

/** FAQ entries in de/en (DESIGN §3 faq). */
export const faqEntries = pgTable('faq_entries', {
  id: serial('id').primaryKey(),
  category: text('category').notNull(),
  questionDe: text('question_de').notNull(),
  answerDe: text('answer_de').notNull(),
  questionEn: text('question_en').notNull(),
  answerEn: text('answer_en').notNull(),
  sort: integer('sort').notNull().default(0),
  /** stable anchor of the question (`/faq#frage-<slug>`), German, lower-case kebab-case; unique */
  slug: text('slug').notNull().unique(),
  /** set when the answer is about one airport only (shown on that airport's page); null for general answers */
  airportId: integer('airport_id').references(() => airports.id),
});

/** Gapless invoice numbers per year (DESIGN §6: RE-YYYY-NNNNNN). */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});

/** Gapless credit-note numbers per year (DESIGN §6: GS-YYYY-NNNNNN, "gapless per year like invoices"). */
export const creditNoteCounters = pgTable('credit_note_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});

/** `invoice` (RE-…) or `credit_note` (GS-…). */
export type InvoiceDocumentKind = 'invoice' | 'credit_note';

/**
 * Issued invoices and credit notes (issue 9, §14 UStG): the snapshot each one renders from, written once when
 * it is issued (`data` is `InvoiceData` of `app/domain/documents.ts`). A trigger refuses UPDATE and DELETE
 * (migration 0005): an issued document never changes; a cancellation adds a credit note.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    kind: text('kind').$type<InvoiceDocumentKind>().notNull(),
    /** `RE-YYYY-NNNNNN` or `GS-YYYY-NNNNNN` */
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    index('invoices_reservation_idx').on(t.reservationId),
    // the accountant's month reads the documents issued between two instants (issue 34 item 5)
    index('invoices_issued_at_idx').on(t.issuedAt),
  ],
);

/** Reservations (DESIGN §6 Reservation): travel fields, addresses, price breakdown in cents, invoice number, guest token hash. */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    /** 8 Crockford base-32 characters */
    reference: text('reference').notNull(),
    status: text('status').$type<ReservationStatus>().notNull(),
    locale: text('locale').notNull(),
    airportId: integer('airport_id')
      .notNull()
      .references(() => airports.id),
    tariffId: integer('tariff_id')
      .notNull()
      .references(() => tariffs.id),
    userId: integer('user_id').references(() => users.id),
    /** `YYYY-MM-DDTHH:mm`, airport local time */
    entryLocal: text('entry_local').notNull(),
    exitLocal: text('exit_local').notNull(),
    entryAt: timestamp('entry_at', { withTimezone: true }).notNull(),
    exitAt: timestamp('exit_at', { withTimezone: true }).notNull(),
    billableDays: integer('billable_days').notNull(),
    personCount: integer('person_count').notNull(),
    childrenSeat: integer('children_seat').notNull(),
    /** set flags joined by `;` (SPEC §3) */
    bulkyBaggage: text('bulky_baggage').notNull().default(''),
    licensePlate: text('license_plate').notNull().default(''),
    /** optional IATA flight numbers, normalised (`LH 400`), `''` when not given (issue 12 item 5) */
    outboundFlightNumber: text('outbound_flight_number').notNull().default(''),
    returnFlightNumber: text('return_flight_number').notNull().default(''),
    billingAddress: jsonb('billing_address').$type<Record<string, unknown>>().notNull(),
    invoiceAddress: jsonb('invoice_address').$type<Record<string, unknown> | null>(),
    paymentType: text('payment_type').notNull(),
    couponCode: text('coupon_code'),
    parkingCents: integer('parking_cents').notNull(),
    personsCents: integer('persons_cents').notNull(),
    childSeatsCents: integer('child_seats_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    /** VAT rate in basis points (1900 = 19 %) */
    vatRateBp: integer('vat_rate_bp').notNull(),
    guestTokenHash: text('guest_token_hash'),
    invoiceNumber: text('invoice_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** when the customer cancelled it (issue 12); null while not cancelled */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** when the customer last changed it (issue 12); null when never changed */
    changedAt: timestamp('changed_at', { withTimezone: true }),
    /**
     * until when a `pending_payment` reservation holds its spaces (issue 13: 30 minutes after booking); the
     * expiry job releases it afterwards. Null for offline payment types and once paid or released.
     */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /**
     * when the car arrived at the car park (issue 15 item 4, the check-in page), and which staff member marked it;
     * null until checked in
     */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: integer('checked_in_by').references((): AnyPgColumn => staff.id),
    /** when the car left the car park (issue 15 item 4), and which staff member marked it; null until then */
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    checkedOutBy: integer('checked_out_by').references((): AnyPgColumn => staff.id),
  },
  (t) => [
    uniqueIndex('reservations_reference_idx').on(t.reference),
    uniqueIndex('reservations_invoice_number_idx')
      .on(t.invoiceNumber)
      .where(sql`${t.invoiceNumber} is not null`),
    index('reservations_user_idx').on(t.userId),
    // the back office's date-range search (issue 15 item 3) and the check-in's arrivals
    index('reservations_entry_idx').on(t.entryLocal),
    index('reservations_hold_idx')
      .on(t.holdUntil)
      .where(sql`${t.holdUntil} is not null`),
  ],
);

/** What happened to a reservation (issue 12): a history row's kind. */
export type ReservationEventKind =
  | 'created'
  | 'changed'
  | 'cancelled'
  | 'mail_sent'
  // online payment (issue 13): paid (confirmed), declined or expired (released), declined with the hold kept for
  // another attempt (issue 33), refund requested
  | 'paid'
  | 'payment_failed'
  | 'payment_declined'
  | 'payment_expired'
  | 'refunded'
  // a dearer change of a paid booking waiting for its difference (issue 33 item 1): asked for, or given up
  | 'change_requested'
  | 'change_released'
  // the car park's barrier (issue 15 item 4)
  | 'checked_in'
  | 'checked_out'
  // an overstay billed at check-out (issue 33 item 4): invoiced, its payment link mailed, paid (on site or online)
  | 'overstay_invoiced'
  | 'overstay_link_sent'
  | 'overstay_paid'
  // the return flight (issue 35 item 1): late or cancelled per the provider, reported by the customer, confirmed by staff
  | 'flight_delayed'
  | 'flight_delay_reported'
  | 'flight_delay_confirmed'
  // the handover record (issue 36 item 3): the customer reported a problem, staff closed it
  | 'handover_disputed'
  | 'handover_dispute_closed';

/**
 * A reservation's history (issue 12), shown to the customer as a short timeline: one row per event, written in
 * the transaction of the event itself (`mail_sent` when the outbox delivered the mail). `data` holds the event's
 * facts (e.g. a change's old and new stay and totals in cents, the credit note and invoice numbers, the mail kind).
 */
export const reservationEvents = pgTable(
  'reservation_events',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    kind: text('kind').$type<ReservationEventKind>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('reservation_events_reservation_idx').on(t.reservationId, t.at)],
);

/** State of one online payment attempt (issue 13). */
export type PaymentStatus = 'open' | 'paid' | 'failed' | 'expired';

/**
 * Online payment attempts (issue 13, DESIGN §6 `online`): one row per hosted checkout session of a reservation.
 * `sessionId` and `checkoutUrl` are the provider's (Stripe Checkout Session id and URL, or the demo provider's);
 * `amountCents` is the server's price sent to the provider. Money given back on a paid attempt is in {@link refunds}.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    /** `stripe` or `demo` */
    provider: text('provider').notNull(),
    /** 1, 2, … per reservation: part of the provider idempotency key of the session's creation */
    attempt: integer('attempt').notNull(),
    sessionId: text('session_id'),
    checkoutUrl: text('checkout_url'),
    amountCents: integer('amount_cents').notNull(),
    /** `scheme://host` the customer booked on: links of the confirmation mail when `PUBLIC_URL` is not set */
    returnOrigin: text('return_origin').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('open'),
    paymentIntentId: text('payment_intent_id'),
    /** set when the attempt pays the difference of a dearer change (issue 33 item 1), not the booking itself */
    changeId: integer('change_id').references(() => reservationChanges.id),
    /** set when the attempt pays an overstay's invoice (issue 33 item 4), not the booking itself */
    overstayId: integer('overstay_id').references((): AnyPgColumn => overstayCharges.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_session_idx').on(t.provider, t.sessionId),
    uniqueIndex('payments_attempt_idx').on(t.reservationId, t.attempt),
  ],
);

/** State of a dearer change of a paid booking (issue 33 item 1): waiting for its difference, done, or given up. */
export type ReservationChangeStatus = 'pending' | 'applied' | 'released';

/** The new stay and details of a change, as validated (airport local `YYYY-MM-DDTHH:mm`). */
export type ChangeTravel = {
  entryTime: string;
  exitTime: string;
  personCount: number;
  childrenSeat: number;
  bulkyBaggage: string;
  licensePlate: string;
  /**
   * true for an extension after entry (issue 35 item 2, decision 0054): a later exit only, priced with the overstay
   * rule; the history rows say so. Absent in changes stored before.
   */
  extension?: boolean;
};

/** The new stay's price a change stores (the domain's `PriceBreakdown`, cents; VAT rate in basis points). */
export type ChangePrice = {
  billableDays: number;
  parkingCents: number;
  personsCents: number;
  childSeatsCents: number;
  discountCents: number;
  totalCents: number;
  vatCents: number;
  vatRateBp: number;
};

/**
 * A dearer change of a booking paid online, waiting for its difference (issue 33 item 1, decision 0051): the new
 * stay's added days are held (booked) for {@link holdUntil} like a new booking, the reservation keeps its old stay,
 * price and documents until the difference is paid (the provider's webhook applies `travel` at `price` in one
 * transaction); unpaid, the held days are released and the booking stands. At most one pending change per
 * reservation. `price` is the quoted breakdown of the new stay (cents), `differenceCents` what is charged.
 */
export const reservationChanges = pgTable(
  'reservation_changes',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    status: text('status').$type<ReservationChangeStatus>().notNull().default('pending'),
    travel: jsonb('travel').$type<ChangeTravel>().notNull(),
    price: jsonb('price').$type<ChangePrice>().notNull(),
    differenceCents: integer('difference_cents').notNull(),
    holdUntil: timestamp('hold_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reservation_changes_one_pending_idx')
      .on(t.reservationId)
      .where(sql`${t.status} = 'pending'`),
    index('reservation_changes_hold_idx')
      .on(t.holdUntil)
      .where(sql`${t.status} = 'pending'`),
    check('reservation_changes_difference_positive', sql`${t.differenceCents} > 0`),
    check('reservation_changes_status_check', sql`${t.status} in ('pending', 'applied', 'released')`),
  ],
);

/** How an overstay's invoice was paid (issue 33 item 4): at the car park (cash, card terminal) or online. */
export type OverstayPaymentMethod = 'cash' | 'card' | 'online';

/**
 * The overstay of a departed car, billed (issue 33 item 4, decision 0051): the extra days beyond the booked stay
 * became an invoice of their own (`invoiceNumber`, same gapless `RE-` series) when staff recorded the exit. One per
 * reservation (a car leaves once). `open` until paid: on site (`cash`/`card`, by `paidBy`) or online through the
 * payment link (`online`, the paid attempt's `payments.overstay_id`). Amounts in gross euro cents, always positive.
 */
export const overstayCharges = pgTable(
  'overstay_charges',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    invoiceNumber: text('invoice_number').notNull(),
    amountCents: integer('amount_cents').notNull(),
    extraDays: integer('extra_days').notNull(),
    /** when the car left, airport local `YYYY-MM-DDTHH:mm` */
    exitLocal: text('exit_local').notNull(),
    status: text('status').$type<'open' | 'paid'>().notNull().default('open'),
    paidMethod: text('paid_method').$type<OverstayPaymentMethod>(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: integer('paid_by').references((): AnyPgColumn => staff.id),
    /** when staff last mailed the payment link; null while none was sent */
    linkSentAt: timestamp('link_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('overstay_charges_reservation_idx').on(t.reservationId),
    uniqueIndex('overstay_charges_invoice_idx').on(t.invoiceNumber),
    index('overstay_charges_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    check('overstay_charges_amount_positive', sql`${t.amountCents} > 0`),
    check('overstay_charges_status_check', sql`${t.status} in ('open', 'paid')`),
    check(
      'overstay_charges_paid_check',
      sql`(${t.status} = 'open') = (${t.paidMethod} is null) and ${t.paidMethod} in ('cash', 'card', 'online')`,
    ),
  ],
);

/** Where a flight delay is known from: the flight status provider, or the customer's own report (issue 35). */
export type FlightDelaySource = 'provider' | 'customer';

/**
 * The return flight a reservation follows (issue 35 item 1, decision 0056): one row per reservation with a return
 * flight number, written by the flight status job (`source` provider) or the customer's report (`customer`). `status`
 * `on_time` | `delayed` | `cancelled`; times are airport local `YYYY-MM-DDTHH:mm`: the scheduled and the new landing,
 * the expected exit (the booked exit moved by the delay) and the end of the cover (null: none). A customer's report
 * counts at check-out once staff confirm it (`confirmedAt`, `confirmedBy`); a provider's counts at once. `settled`:
 * landed or cancelled, the job stops looking. `mailedAt`: the one delay mail went out.
 */
export const flightDelays = pgTable(
  'flight_delays',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    flightNumber: text('flight_number').notNull(),
    source: text('source').$type<FlightDelaySource>().notNull(),
    status: text('status').$type<'on_time' | 'delayed' | 'cancelled'>().notNull(),
    scheduledArrivalLocal: text('scheduled_arrival_local'),
    arrivalLocal: text('arrival_local'),
    delayMinutes: integer('delay_minutes').notNull().default(0),
    expectedExitLocal: text('expected_exit_local').notNull(),
    coveredUntilLocal: text('covered_until_local'),
    settled: boolean('settled').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: integer('confirmed_by').references((): AnyPgColumn => staff.id),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('flight_delays_reservation_idx').on(t.reservationId),
    check('flight_delays_status_check', sql`${t.status} in ('on_time', 'delayed', 'cancelled')`),
    check('flight_delays_source_check', sql`${t.source} in ('provider', 'customer')`),
  ],
);

/** Why money goes back on a paid online payment (decision 0051). */
export type RefundReason = 'cancellation' | 'change' | 'late_payment' | 'goodwill';

/**
 * Money given back on a paid online payment (issue 33, decision 0051): one row per refund, planned in the
 * transaction of what causes it (a cancellation, a cheaper change, a payment that arrived after its hold was
 * released, a goodwill gesture) and requested from the provider after the commit. `idempotencyKey` is unique and
 * sent to the provider, so a retried request (the cancellation retried, the expiry job's retry, a replayed
 * webhook) refunds once; `providerRefundId` is set when the provider answered. `creditNoteNumber`: the credit note
 * that states the refund, when one was issued with it. Amounts in euro cents, gross, always positive.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    creditNoteNumber: text('credit_note_number'),
    providerRefundId: text('provider_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_key_idx').on(t.idempotencyKey),
    index('refunds_reservation_idx').on(t.reservationId),
    index('refunds_unrequested_idx')
      .on(t.id)
      .where(sql`${t.providerRefundId} is null`),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('refunds_reason_check', sql`${t.reason} in ('cancellation', 'change', 'late_payment', 'goodwill')`),
  ],
);

/**
 * Provider webhook events already handled (issue 13): stored once by the provider's event id in the transaction
 * that acts on the event, so a replayed or duplicated delivery finds its row and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    reservationId: integer('reservation_id').references(() => reservations.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Idempotency keys of `POST /api/checkout` (DESIGN §5). */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  requestHash: text('request_hash').notNull(),
  /** `in_flight` until the first answer is stored */
  state: text('state').$type<'in_flight' | 'done'>().notNull(),
  status: integer('status'),
  response: jsonb('response'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Outgoing mail, rendered at enqueue time and delivered (SMTP or `.eml` file) by the mail worker with retries,
 * so a booking never fails because mail failed (issue 3). `html`/`text` may hold a guest access link:
 * rows are purged after delivery.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    reservationId: integer('reservation_id').references(() => reservations.id),
    /** the shop's origin when queued (`PUBLIC_URL` or the request's), for links in attachments drawn at send time */
    baseUrl: text('base_url'),
    locale: text('locale').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Reply-To of the mail; null = the shop's own address (`SHOP_EMAIL`) */
    replyTo: text('reply_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** extra mail headers (e.g. `List-Unsubscribe`, RFC 8058); emptied after delivery like `html`/`text` */
    headers: jsonb('headers').$type<Record<string, string> | null>(),

    /**
     * what a mail rendered at delivery needs besides the stored data (a reservation confirmation: `{accessUrl}`,
     * the secret guest link); null for mails rendered when queued. Emptied after delivery like `html`/`text`.
     */
    payload: jsonb('payload').$type<Record<string, string> | null>(),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);

/** Sign-ups to be told when a locked airport can be booked again (SPEC §3 locked-airport notification). */
export const lockedAirportNotifications = pgTable(
  'locked_airport_notifications',
  {
    id: serial('id').primaryKey(),
    airportId: integer('airport_id')
      .notNull()
      .references(() => airports.id),
    email: text('email').notNull(),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /**
     * The secret of the mail's unsubscribe link (64 hex characters from two random UUIDs, made by the database).
     * Kept as it is, not hashed: it must go into the mail when the airport opens, and it can only unsubscribe.
     */
    unsubscribeToken: text('unsubscribe_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /** when the address asked for no more airport mails (unsubscribe link); no mail is sent after it */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('locked_airport_notifications_unique_idx').on(t.airportId, t.email),
    uniqueIndex('locked_airport_notifications_unsubscribe_idx').on(t.unsubscribeToken),
  ],
);

/**
 * Rate-limit counters (DESIGN §1: kept in the database so every app process sees the same count). One row per
 * limiter and client key; `hits` counts requests in the window that ends at `resetAt`.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/** Newsletter subscription state (issue 10): `pending` until the double opt-in link is used. */
export type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed';

/**
 * Newsletter subscribers with the proof of their double opt-in (issue 10; §7 Abs. 2 Nr. 2 UWG, Art. 7 Abs. 1
 * GDPR: the sender must prove the consent). One row per address (lower-cased). The consent columns hold the
 * request that is in force: when, from which IP (and user agent), and the exact consent text shown with its
 * version id; `confirmedAt`/`confirmedIp` the click on the confirmation link. Only the SHA-256 of the
 * confirmation token is stored; the unsubscribe token is kept as it is (every newsletter mail carries it).
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    firstname: text('firstname'),
    lastname: text('lastname'),
    /** language of the mails (`de` | `en`) */
    locale: text('locale').notNull(),
    status: text('status').$type<NewsletterStatus>().notNull(),
    /** SHA-256 of the confirmation token, hex */
    confirmTokenHash: text('confirm_token_hash'),
    confirmTokenExpiresAt: timestamp('confirm_token_expires_at', { withTimezone: true }),
    /** where the consent was given: `footer`, `page`, `signup` (the account sign-up's tick box) or `api` */
    consentSource: text('consent_source').notNull(),
    /** id of the consent text, e.g. `footer-de-3f9a…` (source, language, hash of the text) */
    consentVersion: text('consent_version').notNull(),
    /** the consent text exactly as shown */
    consentText: text('consent_text').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    consentIp: text('consent_ip').notNull(),
    consentUserAgent: text('consent_user_agent'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedIp: text('confirmed_ip'),
    confirmedUserAgent: text('confirmed_user_agent'),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_idx').on(t.email),
    uniqueIndex('newsletter_subscribers_confirm_idx').on(t.confirmTokenHash),
    uniqueIndex('newsletter_subscribers_unsubscribe_idx').on(t.unsubscribeToken),
  ],
);

/**
 * Where a review came from, which decides how it was checked to come from a real customer (§ 5b Abs. 3 UWG,
 * decision 0042): `ekomi` the eKomi feedback API (eKomi invites only after an order), `stay` written by the
 * customer of a completed reservation at the shop itself (none yet: a later issue collects them), `demo` the
 * invented set seeded into a shop without a provider (not checked: not from customers at all).
 */
export type ReviewSource = 'demo' | 'ekomi' | 'stay';

/**
 * Customer reviews of the ratings widget (SPEC §1: from a third-party review provider, scale 0 to 5; DESIGN §5
 * `ekomi-ratings`). One row per provider review (`provider_review_id`: eKomi's order id), filed under the rating
 * id it belongs to (an airport's `rating_id`, or the shop's own) and, when known, the parking lot it is about
 * (decision 0042: each car park has its own average). `provider` is the review's source ({@link ReviewSource}).
 * `rating` is whole stars 0–5 (eKomi gives 1–5 integers; decision 0014); `translations` holds the comment in
 * other languages (`{en: "…"}`), never the original.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    /** the review's source (`demo` | `ekomi` | `stay`, {@link ReviewSource}) */
    provider: text('provider').$type<ReviewSource>().notNull(),
    providerReviewId: text('provider_review_id').notNull(),
    ratingId: text('rating_id').notNull(),
    /** the parking lot the review is about; null when unknown (a review of the booking, an order eKomi names
     * that is not ours) */
    parkingLotId: integer('parking_lot_id').references(() => parkingLots.id),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    /** language the customer wrote in (`de` | `en`) */
    locale: text('locale').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    translations: jsonb('translations').$type<Partial<Record<string, string>>>().notNull().default({}),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * when the back office hid the review as abusive (issue 15 item 7): kept, but left out of the public ratings
     * (lists and averages). Null while shown. An import never changes it.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** the staff member who hid it; null while shown */
    hiddenBy: integer('hidden_by').references((): AnyPgColumn => staff.id),
  },
  (t) => [
    uniqueIndex('reviews_provider_review_idx').on(t.provider, t.providerReviewId),
    index('reviews_rating_id_submitted_idx').on(t.ratingId, t.submittedAt.desc(), t.id.desc()),
    index('reviews_submitted_idx').on(t.submittedAt.desc(), t.id.desc()),
    // the tariffs page sums the reviews of its lots in one grouped read (decision 0042)
    index('reviews_parking_lot_idx').on(t.parkingLotId),
    check('reviews_rating_range', sql`${t.rating} between 0 and 5`),
    check('reviews_provider_check', sql`${t.provider} in ('demo', 'ekomi', 'stay')`),
  ],
);

/**
 * Back-office roles (issue 15, DESIGN §6 Staff): `admin` everything; `support` reservations, customers, mails;
 * `operator` its company's lots; `accountant` the month's books, read only (issue 34 item 5).
 */
export type StaffRole = 'admin' | 'support' | 'operator' | 'accountant';

/**
 * Back-office staff (issue 15). `email` is stored lower-cased; `passwordHash` (argon2id PHC) is null until the
 * invitation or setup link was used. `operator` names the operator company (`parking_lots.operator`) an
 * `operator` account is limited to; null for the other roles. `totpSecret` (base32) is set at enrolment and the
 * second factor counts once `totpEnabledAt` is set; `recoveryCodeHashes` are SHA-256 hex of the unused codes.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    role: text('role').$type<StaffRole>().notNull(),
    operator: text('operator'),
    passwordHash: text('password_hash'),
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
    /** the TOTP time step (Unix seconds / 30) of the last accepted code: a code of this or an earlier step is a replay */
    totpLastStep: integer('totp_last_step'),
    /** a disabled account cannot sign in and its sessions end */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_email_idx').on(t.email),
    check('staff_role_check', sql`${t.role} in ('admin', 'support', 'operator', 'accountant')`),
    check('staff_operator_check', sql`(${t.role} = 'operator') = (${t.operator} is not null)`),
  ],
);

/**
 * One-time links of the back office (issue 15): `setup` creates the first admin (no staff row yet, `staffId`
 * null); `invite` lets an invited member set a password. Only the SHA-256 hex of the token is stored.
 */
export const staffTokens = pgTable(
  'staff_tokens',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'setup' | 'invite'>().notNull(),
    staffId: integer('staff_id').references(() => staff.id),
    tokenHash: text('token_hash').notNull(),
    ...oneTimeTokenLife(),
  },
  (t) => [uniqueIndex('staff_tokens_hash_idx').on(t.tokenHash)],
);

/**
 * Staff sessions (issue 15), apart from the customers' `sessions`: the cookie holds a random token, the row its
 * SHA-256 hex. `secondFactorAt` is null while the password was checked but the TOTP code not yet; only a session
 * with it set grants access. Idle time-out 30 min (`lastSeenAt`), absolute `expiresAt`.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * The back office's audit log (issue 15): one row per write, who (`staffId`, null for the setup link), when,
 * what (`action` like `reservation.cancel`, the entity and its id) and the values before → after (JSON, secrets
 * and password hashes never included).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').references(() => staff.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
  },
  (t) => [index('audit_log_at_idx').on(t.at.desc()), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

/**
 * Apple Wallet devices that asked for updates of a pass (issue 35 item 3, decision 0055; PassKit web service
 * reference, "Register a pass for update notifications"): one row per device and pass. `serialNumber` is the
 * reservation's reference, `pushToken` the device's APNs token (what an update push is addressed to). A row goes
 * when the device unregisters; the pass's authentication token is derived (HMAC), never stored.
 */
export const walletRegistrations = pgTable(
  'wallet_registrations',
  {
    id: serial('id').primaryKey(),
    deviceLibraryIdentifier: text('device_library_identifier').notNull(),
    passTypeIdentifier: text('pass_type_identifier').notNull(),
    serialNumber: text('serial_number').notNull(),
    pushToken: text('push_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the pass's last change this device was told about (at registration: the pass it has); the push job's mark */
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_registrations_device_pass_idx').on(
      t.deviceLibraryIdentifier,
      t.passTypeIdentifier,
      t.serialNumber,
    ),
    // the push on a change finds the devices of one pass
    index('wallet_registrations_serial_idx').on(t.passTypeIdentifier, t.serialNumber),
  ],
);

/** Which handover of a car (issue 36): at the car park's entry (check-in) or at its exit (check-out). */
export type HandoverKind = 'entry' | 'exit';

/** The photo slots of a handover (issue 36 item 1): the four sides, the odometer, and further optional pictures. */
export type HandoverPhotoLabel = 'front' | 'back' | 'left' | 'right' | 'odometer' | 'extra';

/**
 * The car's condition when staff took it over at check-in (`entry`) or gave it back at check-out (`exit`) (issue 36
 * item 1, decision 0057): one row per reservation and kind, written in the transaction of the check-in or check-out.
 * `odometerKm` in whole kilometres; `fuelEighths` 0–8 (full = 8) or `chargePercent` 0–100 for an electric car;
 * `parkingSpace` the space or zone the car was put in; `damageNotes` the existing damage staff noted. Null / `''`
 * when not recorded (the tariff category's requirements say what must be: {@link handoverRequirements}).
 */
export const handoverRecords = pgTable(
  'handover_records',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    kind: text('kind').$type<HandoverKind>().notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** who recorded it; null for the barrier system's own exit report (no photos, no readings) */
    staffId: integer('staff_id').references(() => staff.id),
    odometerKm: integer('odometer_km'),
    fuelEighths: integer('fuel_eighths'),
    chargePercent: integer('charge_percent'),
    parkingSpace: text('parking_space').notNull().default(''),
    damageNotes: text('damage_notes').notNull().default(''),
  },
  (t) => [
    uniqueIndex('handover_records_reservation_kind_idx').on(t.reservationId, t.kind),
    check('handover_records_kind_check', sql`${t.kind} in ('entry', 'exit')`),
    check('handover_records_odometer_check', sql`${t.odometerKm} is null or ${t.odometerKm} between 0 and 2000000`),
    check('handover_records_fuel_check', sql`${t.fuelEighths} is null or ${t.fuelEighths} between 0 and 8`),
    check('handover_records_charge_check', sql`${t.chargePercent} is null or ${t.chargePercent} between 0 and 100`),
  ],
);

/**
 * The photos of a handover record (issue 36 item 2): re-encoded JPEGs in the photo store (`DATA_DIR` or S3) under
 * `storageKey`, never served from a guessable URL (signed links). `deletedAt` is set when the purge removed the file
 * from the store (90 days after the exit unless a dispute is open; decision 0057); the row stays as a trace.
 */
export const handoverPhotos = pgTable(
  'handover_photos',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id')
      .notNull()
      .references(() => handoverRecords.id),
    label: text('label').$type<HandoverPhotoLabel>().notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('handover_photos_storage_key_idx').on(t.storageKey),
    index('handover_photos_record_idx').on(t.recordId),
    check('handover_photos_label_check', sql`${t.label} in ('front', 'back', 'left', 'right', 'odometer', 'extra')`),
  ],
);

/**
 * A customer's complaint about the handover (issue 36 item 3, "Problem melden"): the message went to support with
 * both records; while it is open (`closedAt` null) the purge keeps the reservation's photos. Staff close it on the
 * back office's reservation page (`closedBy`, `closingNote`).
 */
export const handoverDisputes = pgTable(
  'handover_disputes',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    message: text('message').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => staff.id),
    closingNote: text('closing_note').notNull().default(''),
  },
  (t) => [
    // one open dispute per reservation: a second report adds to it by mail, it does not open another
    uniqueIndex('handover_disputes_open_idx')
      .on(t.reservationId)
      .where(sql`${t.closedAt} is null`),
  ],
);

/**
 * What a handover must record per tariff category (issue 36 item 1): photos (at least the four sides and the
 * odometer) and the odometer reading. Valet: both required; shuttle and terminal: optional (migration defaults);
 * admins change them in the back office's catalogue.
 */
export const handoverRequirements = pgTable(
  'handover_requirements',
  {
    category: text('category').$type<TariffCategory>().primaryKey(),
    photosRequired: boolean('photos_required').notNull(),
    odometerRequired: boolean('odometer_required').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('handover_requirements_category_check', sql`${t.category} in ('shuttle', 'valet', 'terminal')`)],
);

/** A price watch's state (issue 37 item 2): `pending` until the double opt-in link is used. */
export type PriceWatchStatus = 'pending' | 'confirmed';

/**
 * Price watches (issue 37 item 2): an address asked to be mailed when the cheapest all-in total of a stay at an
 * airport drops (or, with `reservationId`, the change price of its own booking). Double opt-in: only the SHA-256
 * of the confirmation token is stored; the unsubscribe token is kept as it is (every mail carries it). Money in
 * cents; the stay as airport local `YYYY-MM-DDTHH:mm`. A watch is deleted when it ends (its entry date, an
 * unsubscribe, the account's deletion), so no row outlives its purpose.
 */
export const priceWatches = pgTable(
  'price_watches',
  {
    id: serial('id').primaryKey(),
    /** lower-cased */
    email: text('email').notNull(),
    /** the signed-in customer who asked, null for a visitor */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** the customer's own booking whose change price is watched, null for a plain stay */
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'cascade' }),
    airportId: integer('airport_id')
      .notNull()
      .references(() => airports.id),
    entryLocal: text('entry_local').notNull(),
    exitLocal: text('exit_local').notNull(),
    /** language of the mails (`de` | `en`) */
    locale: text('locale').notNull(),
    status: text('status').$type<PriceWatchStatus>().notNull(),
    /** SHA-256 of the confirmation token, hex; null once confirmed */
    confirmTokenHash: text('confirm_token_hash'),
    confirmTokenExpiresAt: timestamp('confirm_token_expires_at', { withTimezone: true }),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    /** the price at confirmation, cents (the first reference); null when nothing was bookable then */
    baselineCents: integer('baseline_cents'),
    /** the price the last mail named, cents, and when it was queued */
    lastMailedCents: integer('last_mailed_cents'),
    lastMailedAt: timestamp('last_mailed_at', { withTimezone: true }),
    /** the price of the job's last turn, cents, and when */
    lastCheckedCents: integer('last_checked_cents'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('price_watches_stay_idx').on(t.email, t.airportId, t.entryLocal, t.exitLocal),
    uniqueIndex('price_watches_confirm_idx').on(t.confirmTokenHash),
    uniqueIndex('price_watches_unsubscribe_idx').on(t.unsubscribeToken),
    index('price_watches_airport_idx').on(t.airportId, t.status),
  ],
);

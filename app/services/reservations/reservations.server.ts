/**
 * Reading reservations for the customer (issue 3, after booking): look-ups by reference (guest page, mail)
 * and by reference + e-mail (the lookup form), and the view model that the guest page and the confirmation
 * mail both render, so the two always show the same facts in the same words.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { airports, parkingLots, reservations, tariffs } from '#database/schema.ts';
import { BULKY_BAGGAGE_FLAGS, BULKY_BAGGAGE_SEPARATOR } from '~/constants.ts';
import type { BuyerParty } from '~/domain/documents.ts';
import { instantToLocal } from '~/domain/local-time.ts';
import { formatLocalDateTime } from '~/domain/date-format.ts';
import { formatIban, girocodePayload } from '~/domain/girocode.ts';
import { formatMoney } from '~/domain/money.ts';
import { normalizeReference } from '~/domain/reference.ts';
import { localized, lotAddress } from '~/domain/localized.ts';
import { priceBreakdownLines, type PriceBreakdownLine } from '~/domain/price-breakdown.ts';
import { translator } from '~/i18n.server.ts';
import type {
  AddressView,
  BankAccount,
  BankTransferView,
  PriceLine,
  ReservationView,
} from '~/domain/reservation-view.ts';
import { localePath, toLocale, type Locale } from '~/i18n.ts';
import { displayNamesOf } from '~/domain/intl-cache.ts';

/** A reservation row. */
type ReservationRow = typeof reservations.$inferSelect;

/** A reservation with the airport, tariff and parking lot it was booked for. */
export type ReservationDetails = {
  reservation: ReservationRow;
  airport: typeof airports.$inferSelect;
  tariff: typeof tariffs.$inferSelect;
  lot: typeof parkingLots.$inferSelect;
};

/**
 * How a reservation meets the airport, tariff and parking lot it was booked for: the conditions of the three inner
 * joins (every reservation has all three), written once for the shop's and the back office's queries
 * (`.innerJoin(airports, BOOKED_AT.airport)` …).
 */
export const BOOKED_AT = {
  airport: eq(airports.id, reservations.airportId),
  tariff: eq(tariffs.id, reservations.tariffId),
  lot: eq(parkingLots.id, tariffs.parkingLotId),
};

/** Whole reservations with their airport, tariff and lot ({@link ReservationDetails}); callers add `where`. */
export function reservationDetailsQuery(db: Database) {
  return db
    .select({ reservation: reservations, airport: airports, tariff: tariffs, lot: parkingLots })
    .from(reservations)
    .innerJoin(airports, BOOKED_AT.airport)
    .innerJoin(tariffs, BOOKED_AT.tariff)
    .innerJoin(parkingLots, BOOKED_AT.lot);
}

/**
 * The reservation with this canonical reference, with airport, tariff and lot.
 *
 * @param db - the Drizzle database.
 * @param reference - canonical 8-character reference (normalise user input first with `normalizeReference`).
 * @returns the details, or null when no reservation has this reference.
 * @throws on database errors only.
 * Source: DESIGN §3 (guest.reservation), §6 (Reservation).
 */
export async function findReservationByReference(db: Database, reference: string): Promise<ReservationDetails | null> {
  const [row] = await reservationDetailsQuery(db).where(eq(reservations.reference, reference)).limit(1);
  return row ?? null;
}

/**
 * Every reservation of a user (`reservations.user_id`), with airport, tariff and lot, by entry time.
 *
 * @param userId - the account's id.
 * @returns the details, oldest entry first; empty when none.
 * @throws on database errors only.
 * Source: issue 8 (account area: upcoming and past reservations).
 */
export async function findReservationsOfUser(db: Database, userId: number): Promise<ReservationDetails[]> {
  return reservationDetailsQuery(db).where(eq(reservations.userId, userId)).orderBy(asc(reservations.entryAt));
}

/**
 * The reservation with this id, with airport, tariff and lot (used by the mail renderer).
 *
 * @returns the details, or null when there is no such reservation.
 * @throws on database errors only.
 */
export async function findReservationById(db: Database, id: number): Promise<ReservationDetails | null> {
  const [row] = await reservationDetailsQuery(db).where(eq(reservations.id, id)).limit(1);
  return row ?? null;
}

/**
 * The lookup form's match: the reservation whose reference equals `reference` (normalised: case, spaces,
 * hyphens, Crockford look-alikes) and whose billing e-mail equals `email` ignoring case and surrounding space.
 * The e-mail is compared in JavaScript after the primary-key-like reference read, so the query costs the same
 * whether or not the e-mail matches.
 *
 * @param db - the Drizzle database.
 * @param reference - the reference as typed by the customer.
 * @param email - the e-mail address as typed.
 * @returns the details, or null when the reference is malformed, unknown, or the e-mail differs
 *   (callers must answer all three the same way).
 * @throws on database errors only.
 * Source: DESIGN §3 (guest access by reference + e-mail).
 */
export async function findReservationForLookup(
  db: Database,
  reference: string,
  email: string,
): Promise<ReservationDetails | null> {
  const canonical = normalizeReference(reference);
  const wanted = normalizeEmail(email);
  if (!canonical || !wanted) return null;
  const details = await findReservationByReference(db, canonical);
  if (!details) return null;
  const stored = normalizeEmail(String(details.reservation.billingAddress.email ?? ''));
  return stored && stored === wanted ? details : null;
}

/** Lower-cased, trimmed e-mail, or '' for non-strings. */
function normalizeEmail(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

/**
 * An absolute guest access URL for the confirmation mail: `<base>/reservierung/<reference>?token=<token>`
 * (with `/en` for English). Opening it grants the browser session access and drops the token from the URL.
 *
 * @param baseUrl - origin of the shop, e.g. `PUBLIC_URL` or the request's origin (`https://shop.example`).
 * @param locale - language of the page the link opens.
 * @param reference - canonical reference.
 * @param token - the plain guest token (only its hash is stored).
 * Source: DESIGN §3 (guest.reservation: the secret link in the mail).
 */
export function buildGuestAccessUrl(baseUrl: string, locale: Locale, reference: string, token: string): string {
  const url = new URL(localePath(locale, `/reservierung/${reference}`), baseUrl);
  url.searchParams.set('token', token);
  return url.href;
}

export type { ReservationView } from '~/domain/reservation-view.ts';

function salutation(gender: unknown, locale: Locale): string {
  const t = translator(locale);
  if (gender === true || gender === 'true' || gender === 'm') return t('reservation.salutation.mr');
  if (gender === false || gender === 'false' || gender === 'f') return t('reservation.salutation.ms');
  return '';
}

function countryName(code: unknown, locale: Locale): string {
  if (typeof code !== 'string' || !code) return '';
  try {
    return displayNamesOf(locale, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Address lines: company, salutation + name, street + number, postcode + city, country. */
function addressView(address: Record<string, unknown>, locale: Locale): AddressView {
  const s = (key: string) => (typeof address[key] === 'string' ? (address[key] as string).trim() : '');
  const name = [salutation(address.gender, locale), s('firstname'), s('lastname')].filter(Boolean).join(' ');
  const lines = [
    s('company'),
    name,
    [s('street'), s('streetNumber')].filter(Boolean).join(' '),
    [s('postcode'), s('city')].filter(Boolean).join(' '),
    countryName(address.country, locale),
  ].filter(Boolean);
  return { lines };
}

/** The invoice address as an object, whether stored nested or flat with the wire prefix. */
function invoiceAddressOf(row: ReservationRow): Record<string, unknown> | null {
  const nested = row.invoiceAddress;
  if (nested && Object.keys(nested).length > 0) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(nested)) {
      const plain = key.startsWith('billIsDifferentAddress')
        ? key.slice('billIsDifferentAddress'.length, 'billIsDifferentAddress'.length + 1).toLowerCase() +
          key.slice('billIsDifferentAddress'.length + 1)
        : key;
      out[plain] = value;
    }
    return out;
  }
  return null;
}

/**
 * The invoice's buyer as address lines: the separate invoice address when the customer gave one, else the
 * billing address (company, salutation + name, street, postcode + city, country in `locale`).
 * Source: §14 Abs. 4 Nr. 1 UStG (name and address of the recipient), SPEC §3 (billIsDifferentAddress).
 */
export function invoiceBuyerLines(row: ReservationRow, locale: Locale): string[] {
  const t = translator(locale);
  const party = invoiceBuyerParty(row);
  return [
    ...addressView(invoiceAddressOf(row) ?? row.billingAddress ?? {}, locale).lines,
    // a business buyer's identifiers (issue 34 item 3), printed under the address
    ...(party.vatId ? [t('document.invoice.buyer.vat_id', { id: party.vatId })] : []),
    ...(party.buyerReference ? [t('document.invoice.buyer.reference', { reference: party.buyerReference })] : []),
  ];
}

/**
 * The buyer of an invoice in fields (issue 34, EN 16931 BG-7): the invoice address when given, else the billing
 * address; the e-mail address is always the billing address's (the invoice address has none). Strings, `''` when a
 * field is empty; `country` ISO alpha-2 (default `DE`).
 */
export function invoiceBuyerParty(row: ReservationRow): BuyerParty {
  const billing = row.billingAddress ?? {};
  const address = invoiceAddressOf(row) ?? billing;
  const s = (source: Record<string, unknown>, key: string) =>
    typeof source[key] === 'string' ? (source[key] as string).trim() : '';
  const person = [s(address, 'firstname'), s(address, 'lastname')].filter(Boolean).join(' ');
  return {
    name: s(address, 'company') || person,
    contact: person,
    street: [s(address, 'street'), s(address, 'streetNumber')].filter(Boolean).join(' '),
    postcode: s(address, 'postcode'),
    city: s(address, 'city'),
    country: s(address, 'country').toUpperCase() || 'DE',
    email: s(billing, 'email'),
    vatId: s(address, 'vatId'),
    buyerReference: s(address, 'buyerReference'),
  };
}

function phoneOf(address: Record<string, unknown>): string {
  const parts = [address.phonePrefix, address.phoneNumber].filter((p) => typeof p === 'string' && p.trim());
  return parts.map((p) => String(p).trim()).join(' ');
}

/**
 * The remittance text a customer quotes on the transfer: `<invoice number> <reference>`, or the reference
 * alone while no invoice number is assigned.
 */
function remittanceOf(r: ReservationRow): string {
  return [r.invoiceNumber, r.reference].filter(Boolean).join(' ');
}

/**
 * Bank details and GiroCode payload for an `invoice` reservation with an amount above 0; null otherwise or
 * when no account is configured. A payload that cannot be built (it would break EPC069-12 limits) leaves
 * `payload` null; the bank details are still shown.
 */
function bankTransferOf(r: ReservationRow, bank: BankAccount | undefined, loc: Locale): BankTransferView | null {
  if (!bank || r.paymentType !== 'invoice' || r.totalCents <= 0) return null;
  const remittance = remittanceOf(r);
  let payload: string | null;
  try {
    payload = girocodePayload({
      bic: bank.bic,
      name: bank.holder,
      iban: bank.iban,
      amountCents: r.totalCents,
      text: remittance,
    });
  } catch {
    payload = null;
  }
  return {
    holder: bank.holder,
    iban: formatIban(bank.iban),
    bic: bank.bic,
    bankName: bank.bankName,
    amount: formatMoney(r.totalCents, loc),
    remittance,
    payload,
    qrDataUrl: null,
  };
}

/**
 * Builds the display model of a reservation in `locale` (the page's language; the mail uses the
 * reservation's own `locale`). Money via `formatMoney` (integer cents → `1.234,56 €`), times are the airport's
 * local wall-clock times, the cancellation deadline is `freeCancellationHours` before entry in the airport's
 * time zone.
 *
 * @param details - from `findReservationByReference` / `findReservationById`.
 * @param locale - display language (`de` | `en`; anything else falls back to `de`).
 * @param bank - the shop's account for the transfer details of `invoice` reservations (`bankTransfer`); when
 *   left out, `bankTransfer` is null. The GiroCode image is added by `withGirocodeImage`.
 * @returns the view model.
 * @throws RangeError when a stored amount is not an integer (corrupt row).
 * Source: DESIGN §6 (Reservation, Money, Payment types: invoice 14 days / on_site; free cancellation 24 h),
 *   issue 9 (bank details and GiroCode for invoice, EPC069-12).
 */
export function buildReservationView(
  details: ReservationDetails,
  locale: Locale | string,
  bank?: BankAccount,
  options: { delayFreeHours?: number } = {},
): ReservationView {
  const loc = toLocale(locale);
  const t = translator(loc);
  const { reservation: r, airport, tariff, lot } = details;
  const money = (cents: number) => formatMoney(cents, loc);

  const breakdown = priceBreakdownLines(r, loc);
  const line = (l: PriceBreakdownLine): PriceLine => ({
    label: t(l.labelKey, l.labelParams),
    amount: money(l.cents),
    cents: l.cents,
  });
  const priceLines = breakdown.lines.map(line);

  const deadlineAt = new Date(r.entryAt.getTime() - tariff.freeCancellationHours * 60 * 60 * 1000);
  let deadline: string;
  try {
    deadline = formatLocalDateTime(instantToLocal(deadlineAt, airport.timeZone), loc);
  } catch {
    deadline = deadlineAt.toISOString();
  }

  const paymentKey = ['invoice', 'on_site', 'online'].includes(r.paymentType) ? r.paymentType : 'other';
  const billing = r.billingAddress ?? {};
  const invoice = invoiceAddressOf(r);
  const bulky = r.bulkyBaggage
    .split(BULKY_BAGGAGE_SEPARATOR)
    .map((f) => f.trim())
    .filter(Boolean)
    .map((f) => ((BULKY_BAGGAGE_FLAGS as readonly string[]).includes(f) ? t(`reservation.bulky.${f}`) : f));

  return {
    locale: loc,
    reference: r.reference,
    status: r.status,
    statusLabel: t(`reservation.status.${r.status}`),
    createdAt: formatLocalDateTime(instantToLocal(r.createdAt, airport.timeZone), loc),
    airport: { name: localized(airport, 'name', loc), iata: airport.iata },
    tariff: {
      name: localized(tariff, 'name', loc),
      category: tariff.category,
      categoryLabel: t(`tariff.category.${tariff.category}`),
    },
    lot: {
      name: lot.name,
      operator: lot.operator,
      addressLines: lotAddress(lot),
      phone: lot.phone,
      mapUrl: `https://www.openstreetmap.org/?mlat=${lot.latitude}&mlon=${lot.longitude}#map=17/${lot.latitude}/${lot.longitude}`,
      openingHours: localized(lot, 'openingHours', loc),
      arrivalInstructions: localized(lot, 'arrivalInstructions', loc),
      // with a return flight, what the flight-delay cover promises (issue 35 item 4), under the way back
      returnInstructions: [
        localized(lot, 'returnInstructions', loc),
        r.returnFlightNumber && options.delayFreeHours
          ? t('flight.cover.promise', { flight: r.returnFlightNumber, hours: options.delayFreeHours })
          : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
    },
    entry: formatLocalDateTime(r.entryLocal, loc),
    exit: formatLocalDateTime(r.exitLocal, loc),
    billableDays: r.billableDays,
    daysLabel: t(r.billableDays === 1 ? 'reservation.days_one' : 'reservation.days', { count: r.billableDays }),
    personCount: r.personCount,
    childrenSeat: r.childrenSeat,
    licensePlate: r.licensePlate,
    outboundFlightNumber: r.outboundFlightNumber,
    returnFlightNumber: r.returnFlightNumber,
    bulkyBaggage: bulky,
    priceLines,
    total: line(breakdown.total),
    vat: line(breakdown.vat),
    payment: {
      type: r.paymentType,
      label: t(`reservation.payment.${paymentKey}`),
      instructions: t(`reservation.payment.${paymentKey}.text`, {
        invoice: remittanceOf(r),
        total: money(r.totalCents),
      }),
    },
    bankTransfer: bankTransferOf(r, bank, loc),
    couponCode: r.couponCode,
    invoiceNumber: r.invoiceNumber,
    cancellation: t('reservation.cancellation', { deadline, hours: tariff.freeCancellationHours }),
    customerName: [billing.firstname, billing.lastname].filter((v) => typeof v === 'string' && v.trim()).join(' '),
    email: String(billing.email ?? ''),
    phone: phoneOf(billing),
    billingAddress: addressView(billing, loc),
    invoiceAddress: invoice ? addressView(invoice, loc) : null,
  };
}

/**
 * The display model of a reservation (types only): built by `app/services/reservations/reservations.server.ts`, rendered by
 * the guest reservation page (`app/components/reservation/*`) and the confirmation mail. All values are
 * localised display strings, so the page and the mail say the same thing in the same words.
 */
import type { Locale } from '../i18n.ts';

/** One labelled amount of the price breakdown. */
export type PriceLine = { label: string; amount: string; cents: number };

/** A postal address ready to print, one entry per line. */
export type AddressView = { lines: string[] };

/** The shop's bank account (from `SHOP_IBAN`, `SHOP_BIC`, `SHOP_BANK_NAME`; holder = `SHOP_NAME`). */
export type BankAccount = { holder: string; iban: string; bic: string; bankName: string };

/**
 * What a customer paying by invoice needs for the transfer: the account (IBAN grouped in fours), the amount,
 * the text to quote as remittance information, and the GiroCode (EPC069-12) payload; `qrDataUrl` is the
 * code as an SVG `data:` URL once a server service has drawn it (else null).
 */
export type BankTransferView = {
  holder: string;
  iban: string;
  bic: string;
  bankName: string;
  amount: string;
  remittance: string;
  payload: string | null;
  qrDataUrl: string | null;
};

/**
 * Everything a customer needs about a reservation, as localised display strings (no further formatting in
 * the page or the mail). Serialisable, so a loader can return it.
 */
export type ReservationView = {
  locale: Locale;
  reference: string;
  status: string;
  statusLabel: string;
  createdAt: string;
  airport: { name: string; iata: string };
  tariff: { name: string; category: string; categoryLabel: string };
  lot: {
    name: string;
    operator: string;
    addressLines: string[];
    phone: string;
    mapUrl: string;
    openingHours: string;
    arrivalInstructions: string;
    returnInstructions: string;
  };
  entry: string;
  exit: string;
  billableDays: number;
  daysLabel: string;
  personCount: number;
  childrenSeat: number;
  licensePlate: string;
  /** IATA flight numbers (`LH 400`), `''` when not given (issue 12 item 5) */
  outboundFlightNumber: string;
  returnFlightNumber: string;
  bulkyBaggage: string[];
  priceLines: PriceLine[];
  total: PriceLine;
  vat: PriceLine;
  payment: { type: string; label: string; instructions: string };
  /** Bank details and GiroCode: only for payment type `invoice` with an amount above 0, else null. */
  bankTransfer: BankTransferView | null;
  couponCode: string | null;
  invoiceNumber: string | null;
  cancellation: string;
  /** first and last name from the billing address */
  customerName: string;
  email: string;
  phone: string;
  billingAddress: AddressView;
  invoiceAddress: AddressView | null;
};

/**
 * What the reservation page shows first (issue 30 item 5): what a traveller needs at the car park's barrier. The
 * reference, the voucher's QR code (staff scan it at check-in; `qrDataUrl` is an SVG `data:` URL, null while the
 * reservation has no valid voucher: pending payment or cancelled), entry and exit (airport local time, formatted),
 * and the car park's address, phone and map link.
 */
export type ArrivalPassView = Pick<ReservationView, 'reference' | 'status' | 'statusLabel' | 'entry' | 'exit'> & {
  airport: ReservationView['airport'];
  lot: Pick<ReservationView['lot'], 'name' | 'addressLines' | 'phone' | 'mapUrl'>;
  qrDataUrl: string | null;
};

/**
 * The display model of a reservation (types only): built by `app/services/reservations.server.ts`, rendered by
 * the guest reservation page (`app/components/reservation/*`) and the confirmation mail. All values are
 * localised display strings, so the page and the mail say the same thing in the same words.
 */
import type { Locale } from '../i18n.ts';

/** One labelled amount of the price breakdown. */
export type PriceLine = { label: string; amount: string; cents: number };

/** A postal address ready to print, one entry per line. */
export type AddressView = { lines: string[] };

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
  bulkyBaggage: string[];
  priceLines: PriceLine[];
  total: PriceLine;
  vat: PriceLine;
  payment: { type: string; label: string; instructions: string };
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

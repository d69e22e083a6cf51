/**
 * A booking as the barrier's tablet shows it (issue 15 item 4): shared by the service that builds it
 * (`services/backoffice/admin-checkin.server.ts`) and the check-in page's components, so the view is written once.
 */
import type { Overstay } from './overstay.ts';

/** Where the car is: not yet arrived, parked, gone; or a booking that cannot be checked in. */
export type CheckinState = 'arriving' | 'parked' | 'left' | 'cancelled' | 'unpaid';

/** The card's texts, already formatted in the page's language (dates, amounts, the state's label). */
export type CheckinView = {
  reference: string;
  /** the reservation's status (`confirmed`, `cancelled`, …) */
  status: string;
  state: CheckinState;
  stateLabel: string;
  name: string;
  licensePlate: string;
  airport: string;
  lot: string;
  tariff: string;
  entry: string;
  exit: string;
  persons: number;
  childSeats: number;
  bulky: string[];
  flights: string;
  checkedIn: string | null;
  checkedOut: string | null;
  /**
   * the overstay now (parked) or at the departure (left), `amount` (charged) and `waivedAmount` (free through a flight
   * delay's cover, issue 35) formatted; null before the arrival
   */
  overstay: (Overstay & { amount: string; waivedAmount: string }) | null;
  /**
   * the return flight when late or cancelled (issue 35): the line staff read ("Flug verspätet, Ankunft 21:10"),
   * whether it is the customer's report that staff confirm at check-out, and the end of its cover (formatted)
   */
  flightDelay: { text: string; needsConfirmation: boolean; coveredUntil: string | null } | null;
  /**
   * the overstay billed at the departure (issue 33 item 4): its invoice, amount, whether and how it was paid
   * (`paidLabel`, e.g. "bar bezahlt am …"), when the payment link was mailed, whether a link can be sent (an online
   * payment is configured); null without one
   */
  overstayInvoice: {
    number: string;
    fileName: string;
    amount: string;
    paid: boolean;
    paidLabel: string | null;
    linkSent: string | null;
    canSendLink: boolean;
  } | null;
  /**
   * the handover form (issue 36 item 1): what the tariff category requires, and the entry's record for the check-out
   * (the space the car stands in, the odometer at entry); null once the car has left or for a cancelled booking
   */
  handover: {
    photosRequired: boolean;
    odometerRequired: boolean;
    entrySpace: string;
    entryOdometer: string | null;
  } | null;
};

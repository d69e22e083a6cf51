/**
 * The back office's detail page of a reservation (issue 15 item 3), its texts formatted in the page's language:
 * shared by the service that builds it (`services/backoffice/admin-reservations.server.ts`) and the page's
 * components, so the view is written once.
 */

/** A labelled value of the detail page. */
export type DetailField = { label: string; value: string };

/** The detail page's view of a reservation. */
export type ReservationDetailTexts = {
  reference: string;
  /** the reservation's status (`confirmed`, `cancelled`, …) */
  status: string;
  statusLabel: string;
  /** what is booked: airport, lot, tariff, times, persons, services, plate, flights */
  booking: DetailField[];
  /** the customer's contact data; null for an operator (name and plate are in `booking`) */
  customer: DetailField[] | null;
  price: DetailField[];
  payment: DetailField[];
  /** the voucher (while valid) and every invoice and credit note, each with the file name of its download */
  documents: { kind: string; number: string; issued: string; fileName: string }[];
  history: { kind: string; label: string; when: string; by: string | null }[];
  checkedIn: string | null;
  checkedOut: string | null;
  manage: { open: boolean; deadline: string; closedReason: string | null };
  /** true when the confirmation may be sent again (confirmed or completed, and the actor may see contact data) */
  canResend: boolean;
  travel: {
    entryTime: string;
    exitTime: string;
    personCount: string;
    childrenSeat: string;
    bulkyBaggage: string;
    licensePlate: string;
  };
};

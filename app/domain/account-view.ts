/**
 * What the account's services return and its pages show (DESIGN §5), as types only: the services
 * (`services/accounts/auth.server.ts`, `account.server.ts`) build them, the API sends them, and the components and
 * the browser's API client read them, so the shape is written once, here, below both layers.
 */
import type { Gender } from './checkout-schema.ts';

/** The public view of a user (contract, DESIGN §5): `gender` `true` Herr/Mr, `false` Frau/Ms, `'d'`. */
export type UserView = {
  id: number;
  email: string;
  gender: Gender;
  firstname: string;
  lastname: string;
  emailVerified: boolean;
  newsletter: boolean;
};

/** One reservation in the account's lists (times formatted in the page's language; `entryLocal` for sorting). */
export type ReservationSummary = {
  reference: string;
  status: string;
  airportName: string;
  tariffName: string;
  entry: string;
  exit: string;
  entryLocal: string;
  totalCents: number;
};

/** The account page's data: the user, the saved billing address, upcoming (not yet ended) and past reservations. */
export type AccountView = {
  user: UserView;
  billingAddress: Record<string, unknown> | null;
  upcoming: ReservationSummary[];
  past: ReservationSummary[];
};

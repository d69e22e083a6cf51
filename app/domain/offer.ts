/**
 * The shape of an offer shown on the tariffs page (a tariff priced for one stay), shared by the catalogue
 * service that builds it and the components that show it.
 */
import type { StayViolation } from './booking-rules.ts';
import type { PriceBreakdown } from './pricing.ts';

/** Parking lot facts shown on an offer card (DESIGN §10). */
type OfferFeatures = {
  covered: boolean;
  keysHandedOver: boolean;
  evCharging: boolean;
  security24h: boolean;
  /** centimetres, null when unlimited */
  maxHeightCm: number | null;
};

/** One offer on the tariffs page: a tariff priced for the stay, localised for display. */
export type Offer = {
  tariffId: number;
  category: 'shuttle' | 'valet' | 'terminal';
  name: string;
  description: string;
  /** the parking lot's id (its own customer rating, decision 0042) */
  parkingLotId: number;
  lotName: string;
  operator: string;
  address: string;
  distanceMeters: number;
  transferMinutes: number;
  features: OfferFeatures;
  includedPersons: number;
  maxPersons: number;
  maxChildSeats: number;
  freeCancellationHours: number;
  /**
   * whether a booking made now could still be cancelled free of charge: now is before the deadline
   * `freeCancellationHours` before entry (airport wall clock, `freeChangeDeadline`); issue 37 item 3
   */
  freeCancellation: boolean;
  /** null when the stay breaks one of this tariff's limits */
  price: PriceBreakdown | null;
  remaining: number;
  soldOut: boolean;
  /** the tariff's own limits this stay breaks (lead time, maximum stay, horizon) */
  violations: StayViolation[];
};

/**
 * What the airport page's loader returns about its car parks (`services/catalogue/airport-page.server.ts`) and
 * its components read (the directions entries, `components/shop/lot-directions.tsx`): types only, written once
 * below both layers.
 */

/** A parking lot of the airport page: the map marker plus what its directions entry shows (access routing). */
export type AirportPageLot = {
  id: number;
  name: string;
  operator: string;
  /** one line, comma separated (map popups, lists) */
  address: string;
  /** street line and postcode/city line */
  addressLines: [string, string];
  latitude: number;
  longitude: number;
  phone: string;
  distanceMeters: number;
  transferMinutes: number;
  openingHours: string;
  arrivalInstructions: string;
  features: { covered: boolean; keysHandedOver: boolean; evCharging: boolean; security24h: boolean };
  /** the categories of the airport's tariffs sold for this lot (shuttle, valet, terminal) */
  categories: string[];
};

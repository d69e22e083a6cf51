/**
 * What the back office's catalogue pages show (issue 15 item 5): plain shapes the services
 * (`admin-catalogue.server.ts`) fill and the components render, so the browser code needs no server module.
 */
import type { LocalDate } from './local-time';

/** A tariff in the catalogue lists: names, category, active, spaces per day. */
type CatalogueTariff = {
  id: number;
  nameDe: string;
  nameEn: string;
  category: 'shuttle' | 'valet' | 'terminal';
  active: boolean;
  capacity: number;
};

/** A parking lot with its tariffs. */
export type CatalogueLot = { id: number; name: string; operator: string; tariffs: CatalogueTariff[] };

/** An airport of the catalogue with the lots the signed-in staff member may see; its notice in de/en. */
export type CatalogueAirport = {
  id: number;
  slug: string;
  iata: string;
  nameDe: string;
  nameEn: string;
  status: 'active' | 'locked';
  commentDe: string | null;
  commentEn: string | null;
  lots: CatalogueLot[];
};

/** A tariff's main fields as the back office edits them (minutes, days, hours as named). */
type StaffTariffFields = CatalogueTariff & {
  leadTimeMinutes: number;
  maxStayDays: number;
  bookingHorizonDays: number;
  freeCancellationHours: number;
};

/** A price list: `dayPrices[n-1]` the gross total in cents for n days; a season has both dates, the default none. */
export type StaffPriceList = {
  id: number;
  tariffId: number;
  name: string;
  validFrom: LocalDate | null;
  validTo: LocalDate | null;
  dayPrices: number[];
  extraDayPrice: number;
};

/** A tariff with its lot, airport and price lists (default first, then seasons by start date). */
export type StaffTariff = {
  tariff: StaffTariffFields;
  lot: { id: number; name: string; operator: string };
  airport: { id: number; slug: string; iata: string; nameDe: string; nameEn: string; timeZone: string };
  priceLists: StaffPriceList[];
};

/** One day of a tariff's capacity calendar: spaces booked, its override (null: the tariff's), the capacity in force. */
export type CapacityDay = { day: LocalDate; booked: number; override: number | null; capacity: number };

// The few rules the back office's forms need in the browser live here, apart from the zod schemas of
// catalogue-rules.ts (issue 11: no validation library in a page's first-load JavaScript).

/** Most entries of a day-price table (a list longer than two months of totals is a typing slip). */
export const MAX_DAY_PRICES = 60;

/** Days shown per page of the back office's capacity calendar. */
export const CAPACITY_PAGE_DAYS = 28;

/** Cents → the form's euro text in German notation without thousands separators (`1234,50`). */
export function formatEuroInput(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

/**
 * Managing a booking (issue 12): the free change / cancellation deadline, which tariff days a change frees and
 * books, and the re-pricing of a change with "price kept as booked". Pure functions; amounts are integer euro
 * cents, gross (VAT included); times are airport-local wall-clock strings (DESIGN §6).
 */
import { remainingSpaces, type DayOccupancy } from './availability';
import { localToInstant, parseLocalDateTime, type LocalDate, type LocalDateTime } from './local-time';
import { breakdownOf, type Coupon, type PriceBreakdown } from './pricing';
import { stayDates } from './stay';

const MS_PER_HOUR = 3_600_000;

/**
 * The last moment a booking may be changed or cancelled free of charge: `hours` before entry, counted on the
 * airport's wall clock (our reading of "24 h before entry in the airport's local time", issue 12): an entry on
 * 29 March 10:00 in Berlin may be changed until 28 March 10:00, although only 23 real hours lie between them
 * across the spring DST change. A deadline that falls into a spring gap moves forward like any local time
 * (`localToInstant`).
 *
 * @param entryLocal - entry `YYYY-MM-DDTHH:mm`, airport local time.
 * @param timeZone - IANA zone of the airport.
 * @param hours - the tariff's `freeCancellationHours` (integer ≥ 0).
 * @returns the deadline as local wall time (for messages) and as an instant (for the comparison).
 * @throws RangeError on an invalid entry time, zone or hour count.
 * Source: issue 12 (free until 24 h before entry, the tariff's rule), DESIGN §6 (Cancellation and changes; Tariff
 * `freeCancellationHours`).
 */
export function freeChangeDeadline(
  entryLocal: LocalDateTime,
  timeZone: string,
  hours: number,
): { local: LocalDateTime; at: Date } {
  const parsed = parseLocalDateTime(entryLocal);
  if (!parsed) throw new RangeError(`Invalid entry time "${entryLocal}"`);
  if (!Number.isInteger(hours) || hours < 0) throw new RangeError(`hours must be an integer ≥ 0, got ${hours}`);
  const [y, m, d] = parsed.date.split('-').map(Number);
  const [hh, mm] = parsed.time.split(':').map(Number);
  // Wall-clock arithmetic: the wall time read as UTC, moved, and read back as a wall time.
  const local = new Date(Date.UTC(y, m - 1, d, hh, mm) - hours * MS_PER_HOUR).toISOString().slice(0, 16);
  return { local, at: localToInstant(local, timeZone) };
}

/**
 * Whether a booking may still be changed or cancelled free of charge at `now`: strictly before
 * {@link freeChangeDeadline}.
 *
 * @param input.entryLocal - the booked entry, airport local.
 * @param input.timeZone - the airport's zone.
 * @param input.hours - the tariff's `freeCancellationHours`.
 * @param input.now - current instant.
 * @throws RangeError like {@link freeChangeDeadline}.
 * Source: issue 12.
 */
export function isFreeChangeOpen(input: {
  entryLocal: LocalDateTime;
  timeZone: string;
  hours: number;
  now: Date;
}): boolean {
  return input.now.getTime() < freeChangeDeadline(input.entryLocal, input.timeZone, input.hours).at.getTime();
}

/**
 * The day occupancy a change moves: `release` the old stay's dates the new one no longer uses, `reserve` the new
 * stay's dates the old one did not use, `keep` the dates both use (their space stays taken by this booking and
 * needs no new capacity). All ascending.
 *
 * @param oldDates - dates of the booked stay (`stayDates`).
 * @param newDates - dates of the new stay.
 * Source: issue 12 (the old days are freed), DESIGN §6 (Availability).
 */
export function planDayChanges(
  oldDates: LocalDate[],
  newDates: LocalDate[],
): { release: LocalDate[]; reserve: LocalDate[]; keep: LocalDate[] } {
  const oldSet = new Set(oldDates);
  const newSet = new Set(newDates);
  const sorted = (list: LocalDate[]) => [...list].sort();
  return {
    release: sorted(oldDates.filter((d) => !newSet.has(d))),
    reserve: sorted(newDates.filter((d) => !oldSet.has(d))),
    keep: sorted(newDates.filter((d) => oldSet.has(d))),
  };
}

/**
 * Whether the days a change must book are free: every date of `reserve` has a space left
 * (`remainingSpaces` ≥ 1); kept dates are already held by the booking. The database statement decides for
 * real (under lock); this is the same rule for a quote.
 *
 * @param reserve - dates to book (from {@link planDayChanges}).
 * @param occupancy - day rows of the tariff (at least for those dates).
 * @param tariffCapacity - spaces per day.
 * @returns true when nothing needs booking or every date has a space.
 * Source: DESIGN §6 (Availability), issue 12 (never overbook).
 */
export function canReserveDays(reserve: LocalDate[], occupancy: DayOccupancy[], tariffCapacity: number): boolean {
  return reserve.length === 0 || remainingSpaces(reserve, occupancy, tariffCapacity) >= 1;
}

/** What was booked, as stored on the reservation (cents gross). */
export type BookedPrice = {
  entry: LocalDateTime;
  exit: LocalDateTime;
  personCount: number;
  childrenSeat: number;
  parkingCents: number;
  personsCents: number;
  childSeatsCents: number;
  totalCents: number;
};

/** One day of a change's parking price: `bookedCents` null for a day not booked before. */
export type ChangeDay = { day: LocalDate; bookedCents: number | null; currentCents: number; chargedCents: number };

/** The price of a change: the new breakdown, the days, and what it costs compared with the booking. */
export type ChangeQuote = {
  price: PriceBreakdown;
  days: ChangeDay[];
  oldTotalCents: number;
  /** new total − old total: positive to pay, negative to refund */
  differenceCents: number;
};

/**
 * Splits a stay's parking price over its days in whole cents: `floor(total / n)` each, the remainder one cent at a
 * time to the first days, so the parts add up exactly.
 */
export function dayShares(totalCents: number, days: number): number[] {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`days must be an integer ≥ 1, got ${days}`);
  const base = Math.floor(totalCents / days);
  const rest = totalCents - base * days;
  return Array.from({ length: days }, (_, i) => base + (i < rest ? 1 : 0));
}

/**
 * Re-prices a change (issue 12, "price kept as booked"). `current` is the new stay priced from today's price
 * lists (`priceStay` without coupon); `bookedStayToday` is the parking price today's lists give the *booked* stay.
 * Their ratio to the booked parking price tells whether the tariff got dearer since the booking. The new stay's
 * parking price is split into day shares ({@link dayShares}); the shares of dates already booked are, when the
 * tariff got dearer, scaled back to the booked price level (`× booked / bookedStayToday`, rounded once for all of
 * them), so the customer keeps the lower of old and new price for those days; dates not booked before cost
 * today's price; a tariff that got cheaper gives today's (lower) price for every day. Comparing at the booked
 * stay's length keeps the list's length steps (a shorter stay costs what the list says for that length).
 * Surcharges are per stay: with the same person (child-seat) count the lower of booked and current, otherwise
 * the current one. The booked coupon applies again (no new redemption). VAT is split out of the new total.
 *
 * @param input.booked - the reservation as booked.
 * @param input.current - the new stay priced from today's lists, no coupon (cents).
 * @param input.bookedStayToday - parking cents of the booked stay under today's lists; null when today's lists
 *   cannot price it (then no scaling).
 * @param input.entry - new entry `YYYY-MM-DDTHH:mm` (airport local); `input.exit` new exit.
 * @param input.personCount - new persons; `input.childrenSeat` new child seats.
 * @param input.coupon - the booked coupon, or null.
 * @returns the quote; `differenceCents` > 0 means the customer pays more, < 0 gets money back.
 * @throws RangeError on invalid times; PricingError on an invalid coupon.
 * Source: issue 12 (re-priced from the price lists; lower of old and new price for the days already booked
 * when the tariff got dearer), DESIGN §6 (Reservation: price breakdown).
 */
export function priceChange(input: {
  booked: BookedPrice;
  current: PriceBreakdown;
  bookedStayToday: number | null;
  entry: LocalDateTime;
  exit: LocalDateTime;
  personCount: number;
  childrenSeat: number;
  coupon: Coupon | null;
}): ChangeQuote {
  const { booked, current, bookedStayToday } = input;
  const oldDates = stayDates(booked.entry, booked.exit);
  const oldShareList = dayShares(booked.parkingCents, oldDates.length);
  const oldShares = new Map(oldDates.map((day, i) => [day, oldShareList[i]]));
  const newDates = stayDates(input.entry, input.exit);
  const newShares = dayShares(current.parkingCents, newDates.length);
  const keptIdx = newDates.map((day, i) => (oldShares.has(day) ? i : -1)).filter((i) => i >= 0);
  const keptCurrent = keptIdx.reduce((sum, i) => sum + newShares[i], 0);
  const dearer = bookedStayToday !== null && bookedStayToday > booked.parkingCents;
  const keptCharged = dearer
    ? Math.min(keptCurrent, Math.round((keptCurrent * booked.parkingCents) / bookedStayToday))
    : keptCurrent;
  const keptShares = keptIdx.length > 0 ? dayShares(keptCharged, keptIdx.length) : [];
  const days: ChangeDay[] = newDates.map((day, i) => {
    const k = keptIdx.indexOf(i);
    return {
      day,
      bookedCents: oldShares.get(day) ?? null,
      currentCents: newShares[i],
      chargedCents: k >= 0 ? keptShares[k] : newShares[i],
    };
  });
  const parkingCents = days.reduce((sum, d) => sum + d.chargedCents, 0);
  const personsCents =
    input.personCount === booked.personCount
      ? Math.min(booked.personsCents, current.personsCents)
      : current.personsCents;
  const childSeatsCents =
    input.childrenSeat === booked.childrenSeat
      ? Math.min(booked.childSeatsCents, current.childSeatsCents)
      : current.childSeatsCents;
  const price = breakdownOf({
    billableDays: newDates.length,
    parkingCents,
    personsCents,
    childSeatsCents,
    coupon: input.coupon,
  });
  return {
    price,
    days,
    oldTotalCents: booked.totalCents,
    differenceCents: price.totalCents - booked.totalCents,
  };
}

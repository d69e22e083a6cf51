/**
 * The extension after entry (issue 35 item 2, decision 0054): once the free change period is over and until the
 * booked exit, the only change a booking still takes is a later exit — same entry, same tariff, same details —
 * priced with the overstay rule (decision 0029, `overstayOf`). Pure functions; amounts are integer euro cents, gross
 * (VAT included); times are airport-local wall-clock strings `YYYY-MM-DDTHH:mm` (DESIGN §6).
 */
import { dayShares, freeChangeDeadline, type BookedPrice, type ChangeDay, type ChangeQuote } from './manage-booking';
import { localToInstant, parseLocalDateTime, type LocalDateTime } from './local-time';
import { overstayOf } from './overstay';
import { splitVat, VAT_RATE_BP, type PriceList } from './pricing';
import { stayDates } from './stay';

/**
 * Whether `now` lies in the extension window of a booking: at or after the free change deadline
 * (`freeChangeDeadline`, the tariff's hours before entry on the airport's wall clock) and strictly before the
 * booked exit instant. Before the deadline every change is free (issue 12); from the booked exit on the stay is
 * over and a later departure is an overstay billed at the barrier (decision 0029).
 *
 * @param input.entryLocal - booked entry, airport local.
 * @param input.exitLocal - booked exit, airport local.
 * @param input.timeZone - IANA zone of the airport.
 * @param input.hours - the tariff's `freeCancellationHours`.
 * @param input.now - current instant.
 * @throws RangeError on an invalid time, zone or hour count (`freeChangeDeadline`).
 * Source: issue 35 item 2 ("once the free-change period is over and until the booked exit").
 */
export function isExtensionWindow(input: {
  entryLocal: LocalDateTime;
  exitLocal: LocalDateTime;
  timeZone: string;
  hours: number;
  now: Date;
}): boolean {
  const deadline = freeChangeDeadline(input.entryLocal, input.timeZone, input.hours).at.getTime();
  const exitAt = localToInstant(input.exitLocal, input.timeZone).getTime();
  const now = input.now.getTime();
  return now >= deadline && now < exitAt;
}

/**
 * The price of extending a booked stay to `newExit`, as a change quote (the shape every change answers with).
 *
 * Rule (the overstay rule of decision 0029, applied ahead of time): the extra calendar days cost
 * `parkingPrice(list, newDays) − parkingPrice(list, bookedDays)` on the price list that applies to the booked
 * *entry* date (a list that starts later, a season, does not apply even when the added days fall into it), never
 * negative; a later exit on the booked exit date costs nothing. Persons and child seats are per stay and cost nothing
 * more; the booked coupon's discount stays as it was (the extension itself is not discounted). The booked parking
 * price is kept as booked (today's lists never re-price the days already bought). The new total's VAT is split out
 * again. `days` lists the booked days with their booked shares and the added days with the extra price split over
 * them (`dayShares`).
 *
 * @param input.booked - the reservation as booked, with its `discountCents`.
 * @param input.newExit - the requested exit, airport local; must be later than the booked exit.
 * @param input.priceLists - the tariff's price lists (active or not).
 * @returns the quote; `differenceCents` ≥ 0 is the extension's price.
 * @throws RangeError on an invalid time or an exit not later than the booked one; PricingError `no_price_list` when
 *   no list applies to the booked entry date.
 * Source: issue 35 item 2 ("priced with the same overstay rule"), decision 0029, DESIGN §6 (Pricing).
 */
export function priceExtension(input: {
  booked: BookedPrice & { discountCents: number };
  newExit: LocalDateTime;
  priceLists: PriceList[];
}): ChangeQuote {
  const { booked, newExit } = input;
  if (!parseLocalDateTime(newExit)) throw new RangeError(`Invalid exit time "${newExit}"`);
  // ISO wall times compare as strings.
  if (newExit <= booked.exit) throw new RangeError(`An extension ends after ${booked.exit}, got ${newExit}`);
  const overstay = overstayOf({
    bookedEntry: booked.entry,
    bookedExit: booked.exit,
    actualExit: newExit,
    priceLists: input.priceLists,
  });
  const extraCents = overstay.extraCents;
  const oldDates = stayDates(booked.entry, booked.exit);
  const newDates = stayDates(booked.entry, newExit);
  const oldShares = dayShares(booked.parkingCents, oldDates.length);
  const added = newDates.slice(oldDates.length);
  const addedShares = added.length > 0 ? dayShares(extraCents, added.length) : [];
  const days: ChangeDay[] = [
    ...oldDates.map((day, i) => ({
      day,
      bookedCents: oldShares[i],
      currentCents: oldShares[i],
      chargedCents: oldShares[i],
    })),
    ...added.map((day, i) => ({ day, bookedCents: null, currentCents: addedShares[i], chargedCents: addedShares[i] })),
  ];
  const parkingCents = booked.parkingCents + extraCents;
  const subtotalCents = parkingCents + booked.personsCents + booked.childSeatsCents;
  const totalCents = booked.totalCents + extraCents;
  const { netCents, vatCents } = splitVat(totalCents);
  return {
    price: {
      billableDays: newDates.length,
      parkingCents,
      personsCents: booked.personsCents,
      childSeatsCents: booked.childSeatsCents,
      subtotalCents,
      discountCents: booked.discountCents,
      totalCents,
      netCents,
      vatCents,
      vatRateBp: VAT_RATE_BP,
      perDayCents: Math.round(totalCents / newDates.length),
    },
    days,
    oldTotalCents: booked.totalCents,
    differenceCents: extraCents,
  };
}

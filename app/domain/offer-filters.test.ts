import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Offer } from './offer.ts';
import {
  applyOfferQuery,
  DEFAULT_OFFER_QUERY,
  hasOfferFilters,
  offerMatches,
  offerQueryParams,
  OFFER_SORTS,
  sortOffers,
  type OfferQuery,
} from './offer-filters.ts';
import { parseOfferQuery } from './offer-query.ts';

/** An offer with the fields the rules read; the rest as a bookable shuttle tariff. */
function offer(id: number, over: Partial<Offer> & { totalCents?: number | null } = {}): Offer {
  const { totalCents = 5000, ...rest } = over;
  return {
    tariffId: id,
    category: 'shuttle',
    name: `Tarif ${id}`,
    description: '',
    parkingLotId: id,
    lotName: `P${id}`,
    operator: 'Op',
    address: '',
    distanceMeters: 1000,
    transferMinutes: 10,
    features: { covered: false, keysHandedOver: false, evCharging: false, security24h: false, maxHeightCm: null },
    includedPersons: 4,
    maxPersons: 5,
    maxChildSeats: 2,
    freeCancellationHours: 24,
    freeCancellation: true,
    price:
      totalCents === null
        ? null
        : {
            billableDays: 7,
            parkingCents: totalCents,
            personsCents: 0,
            childSeatsCents: 0,
            subtotalCents: totalCents,
            discountCents: 0,
            totalCents,
            netCents: Math.round(totalCents / 1.19),
            vatCents: totalCents - Math.round(totalCents / 1.19),
            vatRateBp: 1900,
            perDayCents: Math.round(totalCents / 7),
          },
    remaining: 10,
    soldOut: false,
    violations: [],
    ...rest,
  };
}

const features = (f: Partial<Offer['features']>): Offer['features'] => ({
  covered: false,
  keysHandedOver: false,
  evCharging: false,
  security24h: false,
  maxHeightCm: null,
  ...f,
});

const query = (over: Partial<OfferQuery>): OfferQuery => ({ ...DEFAULT_OFFER_QUERY, ...over });
const ids = (offers: Offer[]) => offers.map((o) => o.tariffId);

describe('sortOffers (issue 37 item 3)', () => {
  const offers = [
    offer(1, { totalCents: 7000, distanceMeters: 5200, transferMinutes: 12 }),
    offer(2, { totalCents: 4500, distanceMeters: 300, transferMinutes: 4, category: 'terminal' }),
    offer(3, { totalCents: 9900, distanceMeters: 0, transferMinutes: 0, category: 'valet' }),
    offer(4, { totalCents: 4500, distanceMeters: 8000, transferMinutes: 15 }),
  ];

  it('keeps the shop order for "empfehlung"', () => {
    expect(ids(sortOffers(offers, 'empfehlung'))).toEqual([1, 2, 3, 4]);
  });

  it('sorts by total price, distance and transfer time ascending; ties keep the shop order', () => {
    expect(ids(sortOffers(offers, 'preis'))).toEqual([2, 4, 1, 3]);
    expect(ids(sortOffers(offers, 'entfernung'))).toEqual([3, 2, 1, 4]);
    expect(ids(sortOffers(offers, 'transfer'))).toEqual([3, 2, 1, 4]);
  });

  it('sorts by rating best first, car parks without reviews last', () => {
    const rating: Record<number, number | null> = { 1: 4.2, 2: null, 3: 4.8, 4: 4.2 };
    expect(ids(sortOffers(offers, 'bewertung', (o) => rating[o.tariffId]))).toEqual([3, 1, 4, 2]);
    // no ratings at all: the shop order
    expect(ids(sortOffers(offers, 'bewertung'))).toEqual([1, 2, 3, 4]);
  });

  it('puts sold-out and unpriced offers after the bookable ones in every chosen order', () => {
    const list = [
      offer(1, { soldOut: true, remaining: 0, totalCents: 1000, distanceMeters: 10 }),
      offer(2, { totalCents: null, distanceMeters: 20 }),
      offer(3, { totalCents: 8000, distanceMeters: 3000 }),
    ];
    expect(ids(sortOffers(list, 'preis'))).toEqual([3, 1, 2]);
    expect(ids(sortOffers(list, 'entfernung'))).toEqual([3, 1, 2]);
  });

  it('returns a new array and never loses or duplicates an offer', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            total: fc.option(fc.integer({ min: 0, max: 100_000 })),
            distance: fc.integer({ min: 0, max: 50_000 }),
            minutes: fc.integer({ min: 0, max: 60 }),
            soldOut: fc.boolean(),
          }),
          { maxLength: 12 },
        ),
        fc.constantFrom(...OFFER_SORTS),
        (rows, sort) => {
          const list = rows.map((r, i) =>
            offer(i, {
              totalCents: r.total,
              distanceMeters: r.distance,
              transferMinutes: r.minutes,
              soldOut: r.soldOut,
            }),
          );
          const sorted = sortOffers(list, sort);
          expect(sorted).not.toBe(list);
          expect([...ids(sorted)].sort((a, b) => a - b)).toEqual(ids(list));
          if (sort === 'preis') {
            const bookable = sorted.filter((o) => o.price && !o.soldOut).map((o) => o.price!.totalCents);
            expect(bookable).toEqual([...bookable].sort((a, b) => a - b));
          }
        },
      ),
    );
  });
});

describe('offerMatches (issue 37 item 3)', () => {
  const covered = offer(1, { features: features({ covered: true }) });
  const valet = offer(2, { category: 'valet', features: features({ covered: true, keysHandedOver: true }) });
  const charging = offer(3, { category: 'terminal', features: features({ evCharging: true }) });
  const lateStay = offer(4, { freeCancellation: false });
  const all = [covered, valet, charging, lateStay];

  it('passes everything without filters', () => {
    expect(all.every((o) => offerMatches(o, DEFAULT_OFFER_QUERY))).toBe(true);
  });

  it('filters by category (several allowed), covered, keys kept, EV charging and free cancellation', () => {
    const pick = (q: Partial<OfferQuery>) => ids(all.filter((o) => offerMatches(o, query(q))));
    expect(pick({ categories: ['valet'] })).toEqual([2]);
    expect(pick({ categories: ['valet', 'terminal'] })).toEqual([2, 3]);
    expect(pick({ covered: true })).toEqual([1, 2]);
    // keys kept = the lot does not take the key (valet hands it over)
    expect(pick({ keysKept: true })).toEqual([1, 3, 4]);
    expect(pick({ evCharging: true })).toEqual([3]);
    expect(pick({ freeCancellation: true })).toEqual([1, 2, 3]);
    expect(pick({ covered: true, keysKept: true })).toEqual([1]);
    expect(pick({ categories: ['valet'], keysKept: true })).toEqual([]);
  });

  it('applyOfferQuery filters, then sorts', () => {
    const list = [
      offer(1, { distanceMeters: 900, features: features({ covered: true }) }),
      offer(2, { distanceMeters: 100 }),
      offer(3, { distanceMeters: 50, features: features({ covered: true }) }),
    ];
    expect(ids(applyOfferQuery(list, query({ sort: 'entfernung', covered: true })))).toEqual([3, 1]);
  });
});

describe('the choice in the URL', () => {
  it('writes defaults as nothing and the rest in a fixed order', () => {
    expect(offerQueryParams(DEFAULT_OFFER_QUERY)).toEqual([]);
    expect(
      offerQueryParams(
        query({ sort: 'entfernung', categories: ['terminal', 'shuttle'], covered: true, freeCancellation: true }),
      ),
    ).toEqual([
      ['sortierung', 'entfernung'],
      ['kategorie', 'shuttle'],
      ['kategorie', 'terminal'],
      ['ueberdacht', '1'],
      ['storno', '1'],
    ]);
    expect(hasOfferFilters(DEFAULT_OFFER_QUERY)).toBe(false);
    expect(hasOfferFilters(query({ sort: 'preis' }))).toBe(false);
    expect(hasOfferFilters(query({ evCharging: true }))).toBe(true);
  });

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OFFER_SORTS),
        fc.subarray(['shuttle', 'valet', 'terminal'] as const),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (sort, categories, covered, keysKept, evCharging, freeCancellation) => {
          const choice: OfferQuery = {
            sort,
            categories: [...categories],
            covered,
            keysKept,
            evCharging,
            freeCancellation,
          };
          expect(parseOfferQuery(new URLSearchParams(offerQueryParams(choice)))).toEqual(choice);
        },
      ),
    );
  });
});

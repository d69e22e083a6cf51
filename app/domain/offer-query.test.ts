import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFER_QUERY } from './offer-filters.ts';
import { OfferQuerySchema, parseOfferQuery } from './offer-query.ts';

const parse = (query: string) => parseOfferQuery(new URLSearchParams(query));

describe('parseOfferQuery / OfferQuerySchema (issue 37 item 3)', () => {
  it('reads the German query names', () => {
    expect(
      parse('sortierung=entfernung&ueberdacht=1&kategorie=valet&kategorie=shuttle&schluessel=1&laden=1&storno=1'),
    ).toEqual({
      sort: 'entfernung',
      categories: ['shuttle', 'valet'],
      covered: true,
      keysKept: true,
      evCharging: true,
      freeCancellation: true,
    });
    expect(parse('airport=frankfurt&entry=2026-12-07T08:00')).toEqual(DEFAULT_OFFER_QUERY);
  });

  it('ignores unknown and malformed values instead of failing', () => {
    expect(
      parse('sortierung=billig&kategorie=bus&kategorie=valet&kategorie=valet&ueberdacht=ja&laden=0&storno='),
    ).toEqual({
      ...DEFAULT_OFFER_QUERY,
      categories: ['valet'],
    });
    // the first of a repeated single name counts
    expect(parse('sortierung=preis&sortierung=bewertung').sort).toBe('preis');
    expect(OfferQuerySchema.parse({})).toEqual(DEFAULT_OFFER_QUERY);
    expect(OfferQuerySchema.parse({ sortierung: 7, kategorie: 'valet', ueberdacht: ['1'] })).toEqual(
      DEFAULT_OFFER_QUERY,
    );
  });

  it('never throws on any query string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (query) => {
        const parsed = parse(query);
        expect(Object.keys(parsed).sort()).toEqual(Object.keys(DEFAULT_OFFER_QUERY).sort());
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { intlLocale, localized, lotAddress, otherLocale } from './localized.ts';

describe('intlLocale', () => {
  it('maps the interface locales to Intl tags', () => {
    expect(intlLocale('de')).toBe('de-DE');
    expect(intlLocale('en')).toBe('en-GB');
  });
});

describe('otherLocale', () => {
  it('switches between the two interface languages', () => {
    expect(otherLocale('de')).toBe('en');
    expect(otherLocale('en')).toBe('de');
  });
});

describe('localized', () => {
  const row = { nameDe: 'Flughafen', nameEn: 'Airport', commentDe: null as string | null, commentEn: 'Note' };
  it('reads the column of the locale', () => {
    expect(localized(row, 'name', 'de')).toBe('Flughafen');
    expect(localized(row, 'name', 'en')).toBe('Airport');
  });
  it('keeps a null column null (no fallback to the other language)', () => {
    expect(localized(row, 'comment', 'de')).toBeNull();
    expect(localized(row, 'comment', 'en')).toBe('Note');
  });
});

describe('lotAddress', () => {
  it('gives street line and city line', () => {
    expect(
      lotAddress({ street: 'Hugo-Eckener-Ring', streetNumber: '1', postcode: '60549', city: 'Frankfurt' }),
    ).toEqual(['Hugo-Eckener-Ring 1', '60549 Frankfurt']);
  });
  it('leaves out empty parts without stray spaces', () => {
    expect(lotAddress({ street: 'Flughafenstraße', streetNumber: '', postcode: '', city: 'Hamburg' })).toEqual([
      'Flughafenstraße',
      'Hamburg',
    ]);
  });
});

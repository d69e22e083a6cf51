import { describe, expect, it } from 'vitest';
import { isValidBuyerReference, isValidVatId, looksLikeLeitwegId, normalizeVatId } from './buyer-ids';

describe('VAT IDs', () => {
  it('normalises what people type', () => {
    expect(normalizeVatId(' de 136.695-976 ')).toBe('DE136695976');
  });

  it('accepts the format of each country prefix, with the German check digit', () => {
    for (const id of [
      'DE136695976',
      'de 811 569 869',
      'ATU13585627',
      'NL123456789B01',
      'FR40303265045',
      'BE0411905847',
      'CHE-123.456.789 MWST',
      'GB980780684',
      'EL094014201',
    ]) {
      expect(isValidVatId(id), id).toBe(true);
    }
  });

  it('refuses a wrong check digit, a wrong format and an unknown prefix', () => {
    for (const id of ['DE123456789', 'DE13669597', 'ATU1358562', 'NL123456789X01', 'XX123456789', '136695976', '']) {
      expect(isValidVatId(id), id).toBe(false);
    }
  });
});

describe('buyer references', () => {
  it('checks the check digits of a Leitweg-ID', () => {
    expect(looksLikeLeitwegId('04011000-1234512345-06')).toBe(true);
    expect(isValidBuyerReference('04011000-1234512345-06')).toBe(true);
    expect(isValidBuyerReference('991-33333TEST-33')).toBe(true);
    expect(isValidBuyerReference('991-33333test-33')).toBe(true);
    expect(isValidBuyerReference('04011000-1234512345-07')).toBe(false);
    expect(isValidBuyerReference('991-33333TEST-34')).toBe(false);
  });

  it('takes any other reference as free text of printable characters', () => {
    expect(isValidBuyerReference('PO 4711/2026')).toBe(true);
    expect(isValidBuyerReference('Kostenstelle 12')).toBe(true);
    expect(isValidBuyerReference('<script>')).toBe(false);
    expect(isValidBuyerReference('x'.repeat(101))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { formatIban, girocodePayload, isValidBic, isValidIban } from './girocode.ts';

const base = { bic: 'BYLADEM1001', name: 'Parkplatz-Shop', iban: 'DE02120300000000202051', amountCents: 12345 };

describe('girocodePayload (EPC069-12 version 002)', () => {
  it('lays the elements out as the specification example does (text in line 11, no trailing line feed)', () => {
    const payload = girocodePayload({
      bic: 'BPOTBEB1',
      name: 'Red Cross of Belgium',
      iban: 'BE72000000001616',
      amountCents: 100,
      text: 'Urgency fund',
    });
    expect(payload).toBe(
      [
        'BCD',
        '002',
        '1',
        'SCT',
        'BPOTBEB1',
        'Red Cross of Belgium',
        'BE72000000001616',
        'EUR1.00',
        '',
        '',
        'Urgency fund',
      ].join('\n'),
    );
    expect(payload.endsWith('\n')).toBe(false);
  });

  it('puts a structured reference in line 10 and leaves the text line out', () => {
    const lines = girocodePayload({ ...base, reference: 'RF18539007547034' }).split('\n');
    expect(lines).toHaveLength(10);
    expect(lines[8]).toBe('');
    expect(lines[9]).toBe('RF18539007547034');
  });

  it('normalises IBAN and BIC to their electronic form', () => {
    const lines = girocodePayload({
      ...base,
      iban: 'de02 1203 0000 0000 2020 51',
      bic: 'byla dem1 001',
      text: 'x',
    }).split('\n');
    expect(lines[4]).toBe('BYLADEM1001');
    expect(lines[6]).toBe('DE02120300000000202051');
  });

  it.each([
    [1, 'EUR0.01'],
    [10, 'EUR0.10'],
    [100, 'EUR1.00'],
    [12345, 'EUR123.45'],
    [100000, 'EUR1000.00'],
    [99_999_999_999, 'EUR999999999.99'],
  ])('formats %i cents as %s', (cents, expected) => {
    expect(girocodePayload({ ...base, amountCents: cents, text: 'x' }).split('\n')[7]).toBe(expected);
  });

  it.each([0, -1, 1.5, 100_000_000_000, Number.NaN])('rejects the amount %s', (cents) => {
    expect(() => girocodePayload({ ...base, amountCents: cents, text: 'x' })).toThrow(RangeError);
  });

  it('keeps UTF-8 names and texts (umlauts, ß, €)', () => {
    const payload = girocodePayload({ ...base, name: 'Müller & Söhne GmbH', text: 'Straße € 1' });
    expect(payload).toContain('Müller & Söhne GmbH');
    expect(payload).toContain('Straße € 1');
  });

  it('enforces the length limits: name 70, reference 35, text 140 characters', () => {
    expect(() => girocodePayload({ ...base, name: 'N'.repeat(70), text: 'x' })).not.toThrow();
    expect(() => girocodePayload({ ...base, name: 'N'.repeat(71), text: 'x' })).toThrow(RangeError);
    expect(() => girocodePayload({ ...base, name: '  ', text: 'x' })).toThrow(RangeError);
    expect(() => girocodePayload({ ...base, reference: 'R'.repeat(35) })).not.toThrow();
    expect(() => girocodePayload({ ...base, reference: 'R'.repeat(36) })).toThrow(RangeError);
    expect(() => girocodePayload({ ...base, text: 'T'.repeat(140) })).not.toThrow();
    expect(() => girocodePayload({ ...base, text: 'T'.repeat(141) })).toThrow(RangeError);
  });

  it('stays within 331 bytes at the longest ASCII input and rejects multi-byte text beyond it', () => {
    const longest = girocodePayload({
      ...base,
      amountCents: 99_999_999_999,
      name: 'N'.repeat(70),
      iban: 'MT84MALT011000012345MTLCAST001S',
      text: 'T'.repeat(140),
    });
    expect(new TextEncoder().encode(longest).length).toBeLessThanOrEqual(331);
    expect(() =>
      girocodePayload({ ...base, amountCents: 99_999_999_999, name: 'Ü'.repeat(70), text: '€'.repeat(140) }),
    ).toThrow(/331 bytes/);
  });

  it('wants exactly one of reference and text', () => {
    expect(() => girocodePayload(base)).toThrow(RangeError);
    expect(() => girocodePayload({ ...base, reference: 'RF18539007547034', text: 'x' })).toThrow(RangeError);
  });

  it('rejects a wrong IBAN or BIC', () => {
    expect(() => girocodePayload({ ...base, iban: 'DE03120300000000202051', text: 'x' })).toThrow(/IBAN/);
    expect(() => girocodePayload({ ...base, bic: 'BYLADEM', text: 'x' })).toThrow(/BIC/);
  });
});

describe('isValidIban (ISO 13616 mod 97)', () => {
  it.each([
    'DE02120300000000202051',
    'DE89 3704 0044 0532 0130 00',
    'GB82WEST12345698765432',
    'BE72000000001616',
    'de89370400440532013000',
  ])('accepts %s', (iban) => expect(isValidIban(iban)).toBe(true));

  it.each([
    ['wrong check digits', 'DE03120300000000202051'],
    ['a swapped digit', 'DE02120300000000202015'],
    ['too short', 'DE0212030000'],
    ['no country', '0202120300000000202051'],
    ['a symbol', 'DE02-1203-0000-0000-2020-51'],
    ['empty', ''],
  ])('rejects %s', (_, iban) => expect(isValidIban(iban)).toBe(false));
});

describe('isValidBic and formatIban', () => {
  it('accepts 8 and 11 characters only', () => {
    expect(isValidBic('BYLADEM1')).toBe(true);
    expect(isValidBic('BYLADEM1001')).toBe(true);
    expect(isValidBic('BYLADEM10')).toBe(false);
    expect(isValidBic('1YLADEM1')).toBe(false);
  });

  it('groups an IBAN in fours', () => {
    expect(formatIban('DE02120300000000202051')).toBe('DE02 1203 0000 0000 2020 51');
  });
});

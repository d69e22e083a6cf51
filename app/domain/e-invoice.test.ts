import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalOf, netLineAmounts, postalAddressOf } from './e-invoice';
import { splitVat } from './pricing';

describe('postalAddressOf', () => {
  it('reads street, postcode, town and country from the one-line address', () => {
    expect(postalAddressOf('Hafenstraße 12, 60327 Frankfurt am Main, Deutschland')).toEqual({
      street: 'Hafenstraße 12',
      postcode: '60327',
      city: 'Frankfurt am Main',
      country: 'DE',
    });
    expect(postalAddressOf('Ring 1, 1010 Wien, Österreich').country).toBe('AT');
    expect(postalAddressOf('Ring 1, 1010 Wien, at').country).toBe('AT');
    expect(postalAddressOf('c/o Muster, Hafenstraße 12, 60327 Frankfurt')).toMatchObject({
      street: 'c/o Muster, Hafenstraße 12',
      country: 'DE',
    });
  });

  it('keeps what it has when no postcode part is found', () => {
    expect(postalAddressOf('Hafenstraße 12, Frankfurt')).toEqual({
      street: 'Hafenstraße 12',
      postcode: '',
      city: 'Frankfurt',
      country: 'DE',
    });
  });
});

describe('netLineAmounts', () => {
  it('adds up exactly to the net total, discounts staying negative', () => {
    const gross = [4900, 1000, -590];
    const { netCents } = splitVat(4900 + 1000 - 590, 1900);
    const nets = netLineAmounts(gross, netCents, 1900);
    expect(nets.reduce((a, b) => a + b, 0)).toBe(netCents);
    expect(nets[2]).toBeLessThan(0);
  });

  it('holds for any lines (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 500_000 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.constantFrom(1900, 700, 0),
        (lines, discount, rate) => {
          const gross = [...lines, ...(discount > 0 ? [-Math.min(discount, lines[0])] : [])];
          const { netCents } = splitVat(
            gross.reduce((a, b) => a + b, 0),
            rate,
          );
          const nets = netLineAmounts(gross, netCents, rate);
          expect(nets.reduce((a, b) => a + b, 0)).toBe(netCents);
          nets.forEach((net, i) => expect(Math.abs(net - (gross[i] * 10_000) / (10_000 + rate))).toBeLessThan(6));
        },
      ),
    );
  });

  it('refuses an invoice without lines', () => {
    expect(() => netLineAmounts([], 0, 1900)).toThrow(RangeError);
  });
});

describe('decimalOf', () => {
  it('writes cents as a two-place decimal', () => {
    expect(decimalOf(1234)).toBe('12.34');
    expect(decimalOf(5)).toBe('0.05');
    expect(decimalOf(-5)).toBe('-0.05');
    expect(decimalOf(0)).toBe('0.00');
    expect(() => decimalOf(1.5)).toThrow(RangeError);
  });
});

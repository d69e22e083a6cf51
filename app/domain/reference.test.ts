import { describe, expect, it } from 'vitest';
import {
  CROCKFORD_ALPHABET,
  formatCreditNoteNumber,
  formatInvoiceNumber,
  generateReference,
  normalizeReference,
} from './reference';

function fixed(...values: number[]) {
  return (bytes: Uint8Array) => {
    bytes.set(values);
    return bytes;
  };
}

describe('CROCKFORD_ALPHABET', () => {
  it('has 32 distinct symbols without I, L, O, U', () => {
    expect(new Set(CROCKFORD_ALPHABET).size).toBe(32);
    expect(CROCKFORD_ALPHABET).not.toMatch(/[ILOU]/);
  });
});

describe('generateReference', () => {
  it('maps 40 bits to 8 characters, 5 bits each, most significant first', () => {
    expect(generateReference(fixed(0, 0, 0, 0, 0))).toBe('00000000');
    expect(generateReference(fixed(255, 255, 255, 255, 255))).toBe('ZZZZZZZZ');
    // 0b00001 00010 00011 00100 00101 00110 00111 01000
    expect(generateReference(fixed(0x08, 0x86, 0x42, 0x98, 0xe8))).toBe('12345678');
    // only the top bit set → first char is 16 = 'G'
    expect(generateReference(fixed(0x80, 0, 0, 0, 0))).toBe('G0000000');
    // only the lowest bit set → last char is 1
    expect(generateReference(fixed(0, 0, 0, 0, 1))).toBe('00000001');
  });

  it('asks for exactly 5 bytes', () => {
    let size = -1;
    generateReference((bytes) => {
      size = bytes.length;
      return bytes;
    });
    expect(size).toBe(5);
  });

  it('throws when the source returns too few bytes', () => {
    expect(() => generateReference(() => new Uint8Array(4))).toThrow(RangeError);
  });

  it('uses crypto by default and yields valid, varied references', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const ref = generateReference();
      expect(ref).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(normalizeReference(ref)).toBe(ref);
      seen.add(ref);
    }
    expect(seen.size).toBe(500);
  });

  it('uses every symbol in every position roughly uniformly', () => {
    const counts = Array.from({ length: 8 }, () => new Array(32).fill(0));
    for (let i = 0; i < 6400; i++) {
      const ref = generateReference();
      for (let p = 0; p < 8; p++) counts[p][CROCKFORD_ALPHABET.indexOf(ref[p])]++;
    }
    // Expected 200 per cell; 100..300 is > 7 standard deviations wide, so this cannot flake in practice.
    const all = counts.flat();
    expect(Math.min(...all)).toBeGreaterThan(100);
    expect(Math.max(...all)).toBeLessThan(300);
  });
});

describe('normalizeReference', () => {
  it('upper-cases and strips spaces and hyphens', () => {
    expect(normalizeReference('7k3q-zm0d')).toBe('7K3QZM0D');
    expect(normalizeReference(' 7K3Q ZM0D ')).toBe('7K3QZM0D');
    expect(normalizeReference('7K-3Q-ZM-0D')).toBe('7K3QZM0D');
    expect(normalizeReference('7K3Q\tZM0D')).toBe('7K3QZM0D');
  });

  it('maps Crockford look-alikes', () => {
    expect(normalizeReference('IL0OiloO')).toBe('11001100');
    expect(normalizeReference('7K3QZMOD')).toBe('7K3QZM0D');
  });

  it('returns null for the wrong length or invalid symbols', () => {
    expect(normalizeReference('7K3QZM0')).toBeNull();
    expect(normalizeReference('7K3QZM0DX')).toBeNull();
    expect(normalizeReference('7K3QZM0U')).toBeNull(); // U is not in the alphabet
    expect(normalizeReference('7K3QZM0*')).toBeNull();
    expect(normalizeReference('7K3QZM0Ä')).toBeNull();
    expect(normalizeReference('')).toBeNull();
    expect(normalizeReference(null as unknown as string)).toBeNull();
  });
});

describe('formatInvoiceNumber', () => {
  it('pads the sequence to six digits', () => {
    expect(formatInvoiceNumber(2026, 42)).toBe('RE-2026-000042');
    expect(formatInvoiceNumber(2026, 1)).toBe('RE-2026-000001');
    expect(formatInvoiceNumber(2027, 999_999)).toBe('RE-2027-999999');
  });

  it('rejects out-of-range values', () => {
    expect(() => formatInvoiceNumber(2026, 0)).toThrow(RangeError);
    expect(() => formatInvoiceNumber(2026, 1_000_000)).toThrow(RangeError);
    expect(() => formatInvoiceNumber(2026, 1.5)).toThrow(RangeError);
    expect(() => formatInvoiceNumber(26, 1)).toThrow(RangeError);
  });
});

describe('formatCreditNoteNumber', () => {
  it('uses the GS prefix and the same padding and ranges', () => {
    expect(formatCreditNoteNumber(2026, 7)).toBe('GS-2026-000007');
    expect(() => formatCreditNoteNumber(2026, 0)).toThrow(RangeError);
  });
});

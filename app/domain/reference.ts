/**
 * Human-facing identifiers: reservation references and invoice numbers (DESIGN §6).
 */

/**
 * Crockford base32 alphabet (no I, L, O, U, so references survive being read aloud or retyped).
 * Source: DESIGN §6 (reference of 8 Crockford-base32 characters); https://www.crockford.com/base32.html.
 */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const REFERENCE_LENGTH = 8;
const RANDOM_BYTES = 5; // 8 chars × 5 bits = 40 bits = 5 bytes exactly, so no bias and no waste

function defaultRandom(bytes: Uint8Array): Uint8Array {
  return crypto.getRandomValues(bytes);
}

/**
 * Generates a reservation reference: 8 characters of {@link CROCKFORD_ALPHABET}, uniformly distributed
 * (40 random bits, 5 bits per character; about 1.1 × 10^12 values). Uniqueness is the database's job
 * (unique index + retry); this only draws.
 *
 * @param random - fills and returns the given 5-byte array; default `crypto.getRandomValues` (injectable for
 *   tests).
 * @returns e.g. `7K3QZ0MD`.
 * @throws RangeError when `random` returns fewer than 5 bytes.
 * Source: DESIGN §6 (Reservation reference).
 */
export function generateReference(random: (bytes: Uint8Array) => Uint8Array = defaultRandom): string {
  const bytes = random(new Uint8Array(RANDOM_BYTES));
  if (!bytes || bytes.length < RANDOM_BYTES) throw new RangeError('random must return 5 bytes');
  // 40 bits fit exactly in a double, so plain arithmetic is safe (bit operators would truncate to 32 bits).
  let bits = 0;
  for (let i = 0; i < RANDOM_BYTES; i++) bits = bits * 256 + bytes[i];
  let out = '';
  for (let i = REFERENCE_LENGTH - 1; i >= 0; i--) {
    out = CROCKFORD_ALPHABET[bits % 32] + out;
    bits = Math.floor(bits / 32);
  }
  return out;
}

/**
 * Normalises a reference typed by a customer: upper-case, spaces/whitespace and hyphens removed, and the
 * Crockford look-alikes mapped (I and L → 1, O → 0).
 *
 * @param input - raw user input, e.g. `7k3q-zomd`.
 * @returns the canonical 8-character reference, or `null` when it is not 8 valid characters afterwards
 *   (U and other symbols are invalid).
 * Source: DESIGN §6 (Crockford base32 reference); Crockford base32 decoding rules.
 */
export function normalizeReference(input: string): string | null {
  if (typeof input !== 'string') return null;
  const cleaned = input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  if (cleaned.length !== REFERENCE_LENGTH) return null;
  for (const ch of cleaned) if (!CROCKFORD_ALPHABET.includes(ch)) return null;
  return cleaned;
}

/**
 * Formats an invoice number `RE-YYYY-NNNNNN`, e.g. `formatInvoiceNumber(2026, 42) === 'RE-2026-000042'`.
 * The sequence is gapless per year; assigning it is the database's job.
 *
 * @param year - four-digit year (1000–9999).
 * @param sequence - integer 1–999999.
 * @returns the invoice number.
 * @throws RangeError when year or sequence is out of range or not an integer.
 * Source: DESIGN §6 (Invoice number `RE-YYYY-NNNNNN`).
 */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return documentNumber('RE', year, sequence);
}

/**
 * Formats a credit-note number `GS-YYYY-NNNNNN`, e.g. `formatCreditNoteNumber(2026, 7) === 'GS-2026-000007'`;
 * gapless per year like invoices, in its own sequence.
 *
 * @throws RangeError when year or sequence is out of range or not an integer.
 * Source: DESIGN §6 (Cancellation: credit notes `GS-YYYY-NNNNNN`, gapless per year like invoices).
 */
export function formatCreditNoteNumber(year: number, sequence: number): string {
  return documentNumber('GS', year, sequence);
}

function documentNumber(prefix: 'RE' | 'GS', year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Invalid invoice year ${year}`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 999_999) {
    throw new RangeError(`Invoice sequence must be 1–999999, got ${sequence}`);
  }
  return `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
}

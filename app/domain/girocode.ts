/**
 * GiroCode (EPC QR code for SEPA credit transfers): the text payload a banking app reads to pre-fill a
 * transfer, and the ISO 13616 IBAN check. Pure: the QR image is drawn by `app/services/documents/girocode.server.ts`.
 * Source: EPC069-12 "Quick Response Code: Guidelines to Enable Data Capture for the Initiation of a SEPA
 * Credit Transfer" (version 002), ISO 13616-1 (IBAN, mod-97 check digits), ISO 9362 (BIC).
 */

/** Highest amount a GiroCode may carry, in cents (EPC069-12: EUR 999999999.99). */
const MAX_AMOUNT_CENTS = 99_999_999_999;
/** Longest beneficiary name, characters. */
const MAX_NAME_LENGTH = 70;
/** Longest structured remittance reference (ISO 11649 RF reference), characters. */
const MAX_REFERENCE_LENGTH = 35;
/** Longest unstructured remittance text, characters. */
const MAX_TEXT_LENGTH = 140;
/** Longest payload, bytes (UTF-8). */
const MAX_PAYLOAD_BYTES = 331;

/** What a GiroCode carries: beneficiary, amount and either a structured reference or a free text. */
export type GirocodeInput = {
  /** BIC of the beneficiary's bank, 8 or 11 characters. */
  bic: string;
  /** Beneficiary (account holder), 1–70 characters. */
  name: string;
  /** IBAN of the beneficiary; spaces allowed, checked with {@link isValidIban}. */
  iban: string;
  /** Amount in euro cents, 1 … 99 999 999 999. */
  amountCents: number;
  /** Structured creditor reference (ISO 11649 `RF…`), ≤ 35 characters; leave out when `text` is given. */
  reference?: string;
  /** Unstructured remittance information, ≤ 140 characters; leave out when `reference` is given. */
  text?: string;
};

/** Upper case without spaces: the electronic form of an IBAN or BIC. */
function compact(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * Whether `iban` is a well-formed IBAN with correct check digits: two letters (country), two digits, 11–30
 * letters or digits, and the ISO 7064 mod-97-10 check (rearranged number mod 97 = 1). Spaces and lower case
 * are accepted (the printed form). The country-specific length is not checked.
 *
 * @param iban - e.g. `DE02 1203 0000 0000 2020 51`.
 * @returns true when the format and the check digits are right; never throws.
 * Source: ISO 13616-1 (IBAN), ISO 7064 (MOD 97-10).
 */
export function isValidIban(iban: string): boolean {
  const value = compact(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value)) return false;
  const rearranged = value.slice(4) + value.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/**
 * Whether `bic` is a well-formed BIC: 4 letters (bank), 2 letters (country), 2 letters or digits (location),
 * optionally 3 letters or digits (branch) — 8 or 11 characters.
 *
 * @returns true when well-formed; never throws.
 * Source: ISO 9362.
 */
export function isValidBic(bic: string): boolean {
  return /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compact(bic));
}

/**
 * The IBAN in groups of four for reading and copying (`DE02 1203 0000 0000 2020 51`).
 * @param iban - an IBAN in any spacing.
 */
export function formatIban(iban: string): string {
  return compact(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/** `EUR` and the amount in euro with two decimals, e.g. 12345 cents → `EUR123.45`. */
function girocodeAmount(cents: number): string {
  return `EUR${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * The EPC069-12 payload of a SEPA credit transfer, lines joined by `\n` without a trailing line feed:
 * service tag `BCD`, version `002`, character set `1` (UTF-8), identification `SCT`, BIC, beneficiary name,
 * IBAN, amount (`EUR123.45`), purpose (empty), structured reference, unstructured text. Only one of the two
 * remittance fields is filled; empty trailing fields are left out.
 *
 * @param input - see {@link GirocodeInput}; `amountCents` in euro cents.
 * @returns the payload (≤ 331 bytes), ready to be encoded as a QR code (error correction level M).
 * @throws RangeError when the IBAN or BIC is malformed, the name is empty or longer than 70 characters, the
 *   amount is not an integer in 1 … 99 999 999 999 cents, both or neither of `reference` and `text` are given,
 *   the reference exceeds 35 or the text 140 characters, or the payload exceeds 331 bytes.
 * Source: EPC069-12 version 002 (§ 3.3 data elements), ISO 13616 (IBAN).
 */
export function girocodePayload(input: GirocodeInput): string {
  const bic = compact(input.bic);
  const iban = compact(input.iban);
  const name = input.name.trim();
  const reference = input.reference?.trim() ?? '';
  const text = input.text?.trim() ?? '';
  if (!isValidBic(bic)) throw new RangeError(`GiroCode: invalid BIC "${input.bic}"`);
  if (!isValidIban(iban)) throw new RangeError('GiroCode: invalid IBAN');
  if (!name || [...name].length > MAX_NAME_LENGTH) {
    throw new RangeError(`GiroCode: the name must have 1–${MAX_NAME_LENGTH} characters`);
  }
  if (!Number.isInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > MAX_AMOUNT_CENTS) {
    throw new RangeError(`GiroCode: amount ${input.amountCents} cents is outside 1 … ${MAX_AMOUNT_CENTS}`);
  }
  if (Boolean(reference) === Boolean(text)) {
    throw new RangeError('GiroCode: give either a structured reference or a text, not both');
  }
  if ([...reference].length > MAX_REFERENCE_LENGTH) {
    throw new RangeError(`GiroCode: the reference must have at most ${MAX_REFERENCE_LENGTH} characters`);
  }
  if ([...text].length > MAX_TEXT_LENGTH) {
    throw new RangeError(`GiroCode: the text must have at most ${MAX_TEXT_LENGTH} characters`);
  }
  const lines = ['BCD', '002', '1', 'SCT', bic, name, iban, girocodeAmount(input.amountCents), ''];
  if (reference) lines.push(reference);
  else lines.push('', text);
  const payload = lines.join('\n');
  if (new TextEncoder().encode(payload).length > MAX_PAYLOAD_BYTES) {
    throw new RangeError(`GiroCode: the payload exceeds ${MAX_PAYLOAD_BYTES} bytes`);
  }
  return payload;
}

/**
 * The identifiers a business buyer adds to an invoice address (issue 34 item 3, decision 0052): the VAT
 * identification number (EN 16931 BT-48) and the buyer reference (BT-10; for German public-sector buyers the
 * Leitweg-ID). Pure rules shared by the checkout's fields in the browser and the server.
 */

/**
 * VAT ID formats per country prefix (the VIES formats of the EU states, `EL` for Greece, `XI` for Northern Ireland,
 * plus Switzerland's UID with its VAT suffix, the United Kingdom and Norway). The country part is the prefix; no
 * other check than the format except Germany's check digit ({@link germanCheckDigitHolds}).
 */
const VAT_ID_FORMATS: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{10}01$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
  XI: /^XI(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  CH: /^CHE\d{9}(MWST|TVA|IVA)?$/,
  GB: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  NO: /^NO\d{9}(MVA)?$/,
};

/** A VAT ID as written on documents: upper case, without blanks, dots and hyphens (`de 136 695 976` → `DE136695976`). */
export function normalizeVatId(value: string): string {
  return value.toUpperCase().replace(/[\s.\-]/g, '');
}

/**
 * Germany's check digit (the ninth digit; ISO 7064 MOD 11,10, as the Federal Central Tax Office computes it).
 * Source: BZSt, Prüfziffernverfahren der USt-IdNr.
 */
function germanCheckDigitHolds(digits: string): boolean {
  let product = 10;
  for (const digit of digits.slice(0, 8)) {
    let sum = (Number(digit) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = (11 - product) % 10;
  return check === Number(digits[8]);
}

/**
 * Whether `value` (normalised with {@link normalizeVatId}) is a VAT ID in the format of its country prefix, with a
 * right check digit for a German one.
 * Source: EU VIES number formats; § 27a UStG (German USt-IdNr.); issue 34 item 3.
 */
export function isValidVatId(value: string): boolean {
  const id = normalizeVatId(value);
  const format = VAT_ID_FORMATS[id.slice(0, 2)];
  if (!format?.test(id)) return false;
  return id.startsWith('DE') ? germanCheckDigitHolds(id.slice(2)) : true;
}

/**
 * The shape of a Leitweg-ID: coarse address (2–12 digits), optional fine address (up to 30 letters or digits), two
 * check digits, separated by hyphens (`04011000-1234512345-06`, `991-33333TEST-33`).
 */
const LEITWEG_ID = /^\d{2,12}(-[A-Z0-9]{1,30})?-\d{2}$/;

/** Whether `value` looks like a Leitweg-ID (then its check digits must hold: {@link isValidBuyerReference}). */
export function looksLikeLeitwegId(value: string): boolean {
  return LEITWEG_ID.test(value.trim().toUpperCase());
}

/**
 * Whether a buyer reference is acceptable: a Leitweg-ID-shaped value must carry right check digits (ISO 7064
 * MOD 97-10 over the ID without hyphens, letters counted A = 10 … Z = 35: the remainder is 1, as with an IBAN); any
 * other reference (an order or cost-centre number of a private buyer) is free text of printable characters.
 * Source: KoSIT, Formatspezifikation Leitweg-ID 2.0.2 (Prüfziffernberechnung); EN 16931 BT-10; issue 34 item 3.
 */
export function isValidBuyerReference(value: string): boolean {
  const reference = value.trim().toUpperCase();
  if (!looksLikeLeitwegId(reference)) return /^[\p{L}\p{N} ./:#()_+-]{1,100}$/u.test(reference);
  const digits = reference.replace(/-/g, '').replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  // piecewise: the number has up to ~80 digits, beyond what a double holds exactly
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/**
 * The shop's legal identity as the Impressum (§ 5 DDG) shows it: rules for the commercial register entry,
 * the economic identification number and the company name. Pure; the values come from the configuration
 * (`SHOP_LEGAL_FORM`, `SHOP_REGISTER_COURT`, `SHOP_REGISTER_NUMBER`, `SHOP_ECONOMIC_ID`, README).
 */

/**
 * Register kinds of German register courts: HRA/HRB (commercial register A/B), GnR (cooperatives), PR
 * (partnerships), VR (associations), GsR (civil-law partnerships, since 2024).
 */
const REGISTER_NUMBER = /^(HRA|HRB|GnR|PR|VR|GsR) (\d{1,6})(?: ([A-Z]{1,3}))?$/;

/** Collapses runs of white space to one space and trims (`' HRB  12345 '` → `'HRB 12345'`). */
export function normalizeRegisterNumber(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/**
 * True when `value` (after {@link normalizeRegisterNumber}) is a German register number: kind, space, 1–6
 * digits, and an optional court suffix of 1–3 capitals (`HRB 12345`, `HRA 1234`, `HRB 98765 B`).
 */
export function isValidRegisterNumber(value: string): boolean {
  return REGISTER_NUMBER.test(normalizeRegisterNumber(value));
}

/** True when `value` names a register court: in Germany every register court is an Amtsgericht. */
export function isValidRegisterCourt(value: string): boolean {
  return /^Amtsgericht \S.{1,80}$/.test(value.trim());
}

/**
 * True when `value` is a German economic identification number (Wirtschafts-Identifikationsnummer,
 * § 139c AO): `DE`, nine digits, a hyphen and a five-digit distinguishing number (`DE123456789-00001`).
 */
export function isValidEconomicId(value: string): boolean {
  return /^DE\d{9}-\d{5}$/.test(value.trim());
}

/**
 * The full company name as the Impressum names it: `name` followed by its legal form, unless the name
 * already ends with it (`('Parkplatz-Shop', 'GmbH')` → `'Parkplatz-Shop GmbH'`; `('Beispiel GmbH', 'GmbH')`
 * → `'Beispiel GmbH'`). An empty legal form leaves the name as it is.
 */
export function companyName(name: string, legalForm: string): string {
  const n = name.trim();
  const form = legalForm.trim();
  if (!form || n.toLowerCase().endsWith(form.toLowerCase())) return n;
  return `${n} ${form}`;
}

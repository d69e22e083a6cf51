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

/**
 * The town of a German postal address written on one line with commas (`SHOP_ADDRESS`): the part after the
 * five-digit postcode (`'Hafenstraße 12, 60327 Frankfurt am Main, Deutschland'` → `'Frankfurt am Main'`), or null
 * when no part is `PLZ Ort` (a foreign or differently written address). It stands in for the company's seat
 * (Sitz der Gesellschaft, § 4a GmbHG) only when `SHOP_SEAT` is unset: the seat is the town in the articles and
 * may differ from the business address (decision 0045).
 */
export function townOfAddress(address: string): string | null {
  for (const part of address.split(/[,\n]/)) {
    const match = /^(?:D-)?\d{5}\s+(\S.*)$/.exec(part.trim());
    if (match) return match[1].trim();
  }
  return null;
}

/**
 * True when the e-mail address (bare, or `Name <address>` as in `MAIL_FROM`) or host name lies in a domain
 * reserved for documentation and tests, which no real mailbox or shop can use: the top-level domains `example`,
 * `test`, `invalid` and `localhost` (RFC 2606, RFC 6761) and `example.com`, `example.net`, `example.org` with their
 * subdomains. The sample configuration uses `parkplatz-shop.example`.
 */
export function isReservedDomain(addressOrHost: string): boolean {
  const bracketed = /<([^>]*)>/.exec(addressOrHost);
  const address = (bracketed ? bracketed[1] : addressOrHost).trim().toLowerCase();
  const host = address.slice(address.lastIndexOf('@') + 1).replace(/\.$/, '');
  return /(^|\.)(example|test|invalid|localhost)$/.test(host) || /(^|\.)example\.(com|net|org)$/.test(host);
}

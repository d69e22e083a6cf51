/**
 * Pure rules of the e-invoice (issue 34, decision 0052): how the shop's one-line address becomes the seller's postal
 * address in fields, and how an invoice's gross lines (one VAT rate) become EN 16931 net line amounts that add up
 * exactly to the stored net total. Amounts are integer euro cents.
 */

/** A postal address in the fields EN 16931 asks for (BG-5 / BG-8): country as ISO 3166 alpha-2. */
export type PostalAddress = { street: string; postcode: string; city: string; country: string };

/** Country names the shop's address may end with, to ISO 3166 alpha-2. */
const COUNTRY_CODES: Record<string, string> = {
  deutschland: 'DE',
  germany: 'DE',
  österreich: 'AT',
  austria: 'AT',
  schweiz: 'CH',
  switzerland: 'CH',
  niederlande: 'NL',
  netherlands: 'NL',
  belgien: 'BE',
  belgium: 'BE',
  frankreich: 'FR',
  france: 'FR',
  luxemburg: 'LU',
  luxembourg: 'LU',
  dänemark: 'DK',
  denmark: 'DK',
  polen: 'PL',
  poland: 'PL',
};

/**
 * The shop's address (`SHOP_ADDRESS`, written as one line: `Hafenstraße 12, 60327 Frankfurt am Main, Deutschland`)
 * in fields: the part `<postcode> <town>` (4 or 5 digits) gives postcode and town, the part before it the street, a
 * part after it the country (a name or an alpha-2 code; default `DE`).
 * @returns the fields; `street`/`postcode`/`city` are `''` when the address has no such part.
 * Source: EN 16931 BG-5 (seller postal address), issue 34 item 4.
 */
export function postalAddressOf(address: string): PostalAddress {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const at = parts.findIndex((part) => /^\d{4,5}\s+\S/.test(part));
  if (at < 0) return { street: parts[0] ?? '', postcode: '', city: parts[1] ?? '', country: 'DE' };
  const [, postcode, city] = /^(\d{4,5})\s+(.+)$/.exec(parts[at])!;
  const countryPart = parts[at + 1]?.toLowerCase() ?? '';
  const country = /^[a-z]{2}$/.test(countryPart) ? countryPart.toUpperCase() : (COUNTRY_CODES[countryPart] ?? 'DE');
  return { street: parts.slice(0, at).join(', '), postcode, city, country };
}

/**
 * The net amounts of gross lines that share one VAT rate, adding up exactly to `netCents` (the stored total's net,
 * worked out of the gross total): each line's net is its gross worked back at the rate and rounded, and the rounding
 * difference to `netCents` goes to the line with the largest amount (a cent or two at most), so BR-CO-10 / BR-CO-13
 * (sum of lines = total) hold exactly. Negative lines (a discount) stay negative.
 *
 * @param grossCents - the lines' gross amounts.
 * @param netCents - the document's net total.
 * @param rateBp - VAT rate in basis points (1900 = 19 %).
 * @returns one net amount per line, in order.
 * @throws RangeError when there are no lines.
 * Source: EN 16931 BT-131 (line net amount), BR-CO-10, BR-CO-13.
 */
export function netLineAmounts(grossCents: number[], netCents: number, rateBp: number): number[] {
  if (grossCents.length === 0) throw new RangeError('an invoice needs at least one line');
  const nets = grossCents.map((gross) => Math.sign(gross) * Math.round((Math.abs(gross) * 10_000) / (10_000 + rateBp)));
  const difference = netCents - nets.reduce((sum, cents) => sum + cents, 0);
  let largest = 0;
  for (let i = 1; i < nets.length; i += 1) if (Math.abs(grossCents[i]) > Math.abs(grossCents[largest])) largest = i;
  nets[largest] += difference;
  return nets;
}

/** `1234` → `"12.34"`, `-5` → `"-0.05"`: cents as the decimal string EN 16931 XML carries. */
export function decimalOf(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

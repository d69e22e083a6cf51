/**
 * Flight numbers (issue 12 item 5: optional outbound and return flight on the travel step, shown on the voucher
 * and the reservation page). IATA Resolution 762 / SSIM: an airline designator — two characters (letters or
 * digits, at least one letter, e.g. `LH`, `4U`, `U2`) or a three-letter ICAO code (`DLH`) — then the flight
 * number of 1–4 digits and an optional operational suffix letter. Pure; shared by browser and server.
 */

// Blanks and hyphens between the parts are tolerated and dropped; the 3-letter branch is tried when the 2-character
// one cannot match (e.g. `DLH400`).
const FLIGHT_NUMBER = /^(?:([A-Z0-9]{2})|([A-Z]{3}))(\d{1,4})([A-Z]?)$/;

/** The longest input worth reading (`DLH 1234 A` with generous blanks). */
export const FLIGHT_NUMBER_MAX_LENGTH = 12;

/**
 * The flight number in its normal spelling: upper case, designator and number separated by one blank, the suffix
 * attached (`lh400` → `LH 400`, `dlh-400` → `DLH 400`, `4u 9525 a` → `4U 9525A`).
 *
 * @param input - as typed; blanks and hyphens anywhere are ignored.
 * @returns the normal spelling, or null when it is no flight number (also for an empty input).
 * Source: IATA Resolution 762 (airline designators), SSIM chapter 2 (flight number 1–4 digits, suffix letter).
 */
export function normalizeFlightNumber(input: string): string | null {
  if (input.length > FLIGHT_NUMBER_MAX_LENGTH * 2) return null;
  // A blank or hyphen after the designator says where it ends: `L 400` is no `L4 00`.
  const [first, second] = input
    .trim()
    .toUpperCase()
    .split(/[\s-]+/);
  if (second !== undefined && /^\d/.test(second) && first.length !== 2 && first.length !== 3) return null;
  const compact = input.toUpperCase().replace(/[\s-]+/g, '');
  const match = FLIGHT_NUMBER.exec(compact);
  if (!match) return null;
  const [, iata, icao, digits, suffix] = match;
  if (iata && !/[A-Z]/.test(iata)) return null; // two digits are no airline designator
  return `${iata ?? icao} ${digits}${suffix}`;
}

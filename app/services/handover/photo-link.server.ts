/**
 * Signed, expiring links to one handover photo (issue 36 item 3): the photo's page hands the browser a URL that
 * names the photo, who it was made for, and when it stops working, signed with HMAC-SHA256. The photo route checks
 * the link instead of a session, so an `<img>` can load it, and a copied link dies after `PHOTO_LINK_SECONDS`.
 */
import crypto from 'node:crypto';

/** Lifetime of a photo link, s (15 minutes: long enough to look at the photos, short enough to be no share link). */
export const PHOTO_LINK_SECONDS = 15 * 60;

/** Purpose label of the link key: the session secret itself never signs a link (issue 36 item 3). */
const PURPOSE = 'handover-photo-link';

/** Who a link was made for: `customer` or `staff-<id>`; lower-case letters, digits and hyphens, 1–40 of them. */
const VIEWER_PATTERN = /^[a-z0-9-]{1,40}$/;

/** A photo id or expiry in the URL: decimal digits without a leading zero (one spelling per number). */
const NUMBER_PATTERN = /^[1-9][0-9]{0,15}$/;

/** A signature in the URL: 32 bytes of HMAC-SHA256 as unpadded base64url. */
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The link key: HMAC-SHA256(secret, purpose), so a link signature is never a signature of anything else. */
function linkKey(secret: string): Buffer {
  return crypto.createHmac('sha256', secret).update(PURPOSE).digest();
}

/** The signature of one link's three parts (unambiguous: the parts' alphabets hold no newline). */
function signatureOf(secret: string, id: number, viewer: string, exp: number): string {
  return crypto.createHmac('sha256', linkKey(secret)).update(`${id}\n${viewer}\n${exp}`).digest('base64url');
}

/**
 * A signed link to handover photo `photo.id` for `photo.viewer`, valid until `expiresAt` (issue 36 item 3):
 * `/uebergabe/foto/<id>?v=<viewer>&exp=<unix seconds>&sig=<base64url HMAC-SHA256>`, a path for the shop's own
 * origin. Usually `expiresAt` is now + `PHOTO_LINK_SECONDS`; it is rounded down to whole seconds.
 *
 * @param secret - the shop's `SESSION_SECRET` (a purpose-bound key is derived from it).
 * @param photo - `id`: the photo row's id (positive integer); `viewer`: `customer` or `staff-<staff id>`
 *   (`[a-z0-9-]`, 1–40 characters).
 * @throws Error for an id that is not a positive safe integer, a viewer outside its alphabet, or an invalid date
 *   (bugs of the caller, not of a request).
 */
export function signPhotoLink(secret: string, photo: { id: number; viewer: string }, expiresAt: Date): string {
  const { id, viewer } = photo;
  if (!Number.isSafeInteger(id) || id < 1) throw new Error(`not a photo id: ${id}`);
  if (!VIEWER_PATTERN.test(viewer)) throw new Error(`not a photo link viewer: ${JSON.stringify(viewer)}`);
  const exp = Math.floor(expiresAt.getTime() / 1000);
  if (!Number.isSafeInteger(exp) || exp < 1) throw new Error('not an expiry date of a photo link');
  return `/uebergabe/foto/${id}?v=${viewer}&exp=${exp}&sig=${signatureOf(secret, id, viewer, exp)}`;
}

/**
 * The photo and viewer a link grants (issue 36 item 3), or null when it grants nothing: a signature that does not
 * match (compared in constant time), a link whose `exp` is not after `now`, or any missing or malformed part. Never
 * throws on what a request sent; pass the route parameter and query values as they came.
 *
 * @param parts - `id`: the path's photo id; `viewer`, `exp`, `sig`: the query's `v`, `exp` and `sig` (strings, or
 *   numbers for `id` and `exp`; anything else is malformed).
 */
export function verifyPhotoLink(
  secret: string,
  parts: { id: unknown; viewer: unknown; exp: unknown; sig: unknown },
  now: Date,
): { id: number; viewer: string } | null {
  const id = positiveInteger(parts.id);
  const exp = positiveInteger(parts.exp);
  const { viewer, sig } = parts;
  if (id === null || exp === null) return null;
  if (typeof viewer !== 'string' || !VIEWER_PATTERN.test(viewer)) return null;
  if (typeof sig !== 'string' || !SIGNATURE_PATTERN.test(sig)) return null;
  const expected = Buffer.from(signatureOf(secret, id, viewer, exp));
  // both are 43 ASCII characters here (the pattern), as timingSafeEqual needs
  if (!crypto.timingSafeEqual(expected, Buffer.from(sig))) return null;
  if (!(now.getTime() < exp * 1000)) return null;
  return { id, viewer };
}

/** A positive safe integer from a URL part (digits, no leading zero) or a number; null for anything else. */
function positiveInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 1 ? value : null;
  if (typeof value !== 'string' || !NUMBER_PATTERN.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

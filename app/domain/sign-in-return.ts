/**
 * The page a customer's sign-in returns to (`/anmelden?redirect=…`), kept short (issue 31 item 8): a signed-out
 * request of a private page with a long query string (7,000 `&`) copied it, percent-encoded and so up to three
 * times as long, into the `Location` header: more than 16 KiB of headers, which clients refuse
 * (`HPE_HEADER_OVERFLOW`). The staff guard keeps its `next` the same way (`adminNextPath`).
 */

/** The longest `redirect` value (percent-encoded characters) a sign-in link carries. */
export const SIGN_IN_RETURN_MAX_LENGTH = 1024;

/**
 * The sign-in page's address for a visitor who wanted `back` (a same-site path with an optional query): `signInPath`
 * with `?redirect=` when the encoded `back` fits {@link SIGN_IN_RETURN_MAX_LENGTH}; else with `back`'s path alone
 * when that fits; else without a page to return to (the sign-in then goes to its default). A `back` that is not a
 * same-site path (`//host`, a backslash, an absolute URL) is never carried.
 */
export function signInPathFor(signInPath: string, back: string): string {
  for (const candidate of [back, back.split(/[?#]/, 1)[0]]) {
    if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) continue;
    const encoded = encodeURIComponent(candidate);
    if (encoded.length <= SIGN_IN_RETURN_MAX_LENGTH) return `${signInPath}?redirect=${encoded}`;
  }
  return signInPath;
}

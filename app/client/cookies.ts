/**
 * Cookie helpers and the cookie-bar consent (SPEC §2, §9, DESIGN §7). The bar is hidden when the cookie
 * `eap_hide-cookie-bar` is set. Its value records the choice: `all` (analytics allowed) or `necessary`.
 */
import { COOKIE_BAR_COOKIE } from '~/constants.ts';

/** Consent values stored in the cookie-bar cookie. */
export type Consent = 'all' | 'necessary';
/** How long the choice is kept: one year, in seconds. */
const CONSENT_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Reads one cookie from a `document.cookie` string; `null` when absent. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const index = part.indexOf('=');
    const key = (index < 0 ? part : part.slice(0, index)).trim();
    if (key === name) {
      const raw = index < 0 ? '' : part.slice(index + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/** Builds a `document.cookie` assignment (path `/`, SameSite=Lax, Secure on https). */
function serializeCookie(name: string, value: string, options: { maxAge: number; secure?: boolean }): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${options.maxAge}; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}

/** Whether the cookie bar is hidden (the cookie is set, whatever its value). */
export function isCookieBarHidden(cookieString: string): boolean {
  return readCookie(cookieString, COOKIE_BAR_COOKIE) !== null;
}

/** Whether the visitor agreed to third-party analytics (only `all`; older `1` values count as agreement). */
export function hasAnalyticsConsent(cookieString: string): boolean {
  const value = readCookie(cookieString, COOKIE_BAR_COOKIE);
  return value === 'all' || value === '1';
}

/** The cookie assignment that stores `consent` and hides the bar. */
export function consentCookie(consent: Consent, secure: boolean): string {
  return serializeCookie(COOKIE_BAR_COOKIE, consent, { maxAge: CONSENT_MAX_AGE_S, secure });
}

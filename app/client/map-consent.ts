/**
 * The visitor's choice to load the interactive map (tiles from a third-party server, `MAP_TILE_URL`).
 * Privacy first: until the visitor clicks "Karte laden" no request leaves the site; the choice is then kept
 *
 * - in the first-party cookie `eap_map-consent` (value `1`, one year, SameSite=Lax, path `/`), so the server
 *   renders the right state at once (the root loader reads it, {@link hasMapConsent}), and
 * - in `localStorage` under the same name, which restores the cookie if it was cleared on its own.
 *
 * "Karte ausblenden" withdraws it (both removed). The choice is independent of the cookie bar's
 * (`eap_hide-cookie-bar`: `all` allows analytics, `necessary` does not): the bar does not mention the map, so
 * neither of its answers loads tiles, and this cookie, which only records a choice, is a necessary one.
 */
import { readCookie } from './cookies.ts';

/** Name of the cookie and of the localStorage entry. */
export const MAP_CONSENT_COOKIE = 'eap_map-consent';
/** One year, in seconds (like the cookie bar's choice). */
const MAX_AGE_S = 365 * 24 * 60 * 60;

/** Whether a `Cookie` header / `document.cookie` string records the consent. */
export function hasMapConsent(cookieString: string | null | undefined): boolean {
  return readCookie(cookieString ?? '', MAP_CONSENT_COOKIE) === '1';
}

/** The `document.cookie` assignment that stores (`granted`) or removes the consent. */
export function mapConsentCookie(granted: boolean, secure: boolean): string {
  return `${MAP_CONSENT_COOKIE}=${granted ? '1' : ''}; Path=/; Max-Age=${granted ? MAX_AGE_S : 0}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The host that serves the tiles of a tile URL template (named in the consent text), or null for our own origin. */
export function tileHost(tileUrl: string): string | null {
  try {
    return new URL(tileUrl.replace(/\{[^}]*\}/g, '0')).host;
  } catch {
    return null; // a relative template: tiles from our own server
  }
}

/** Reads the consent in the browser: the cookie, else localStorage (which outlives a cleared cookie). */
export function readStoredMapConsent(): boolean {
  if (hasMapConsent(document.cookie)) return true;
  try {
    return window.localStorage.getItem(MAP_CONSENT_COOKIE) === '1';
  } catch {
    return false; // storage blocked: only the cookie counts
  }
}

/** Stores or withdraws the consent in the browser (cookie and localStorage). */
export function storeMapConsent(granted: boolean): void {
  document.cookie = mapConsentCookie(granted, window.location.protocol === 'https:');
  try {
    if (granted) window.localStorage.setItem(MAP_CONSENT_COOKIE, '1');
    else window.localStorage.removeItem(MAP_CONSENT_COOKIE);
  } catch {
    // storage blocked: the cookie alone keeps the choice
  }
}

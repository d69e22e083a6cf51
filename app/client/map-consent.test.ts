import { describe, expect, it } from 'vitest';
import { hasMapConsent, MAP_CONSENT_COOKIE, mapConsentCookie, tileHost } from './map-consent.ts';

describe('map consent cookie', () => {
  it('is read from a Cookie header or document.cookie', () => {
    expect(MAP_CONSENT_COOKIE).toBe('eap_map-consent');
    expect(hasMapConsent('a=1; eap_map-consent=1; eap_hide-cookie-bar=necessary')).toBe(true);
    expect(hasMapConsent('eap_map-consent=0')).toBe(false);
    expect(hasMapConsent('eap_hide-cookie-bar=all')).toBe(false); // the cookie bar's "all" does not load tiles
    expect(hasMapConsent(null)).toBe(false);
  });

  it('is stored for a year and withdrawn by expiring it', () => {
    expect(mapConsentCookie(true, false)).toBe('eap_map-consent=1; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(mapConsentCookie(false, true)).toBe('eap_map-consent=; Path=/; Max-Age=0; SameSite=Lax; Secure');
  });
});

describe('tileHost', () => {
  it('names the host of a tile URL template, null for tiles from our own origin', () => {
    expect(tileHost('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('tile.openstreetmap.org');
    expect(tileHost('https://{s}.tiles.example:8443/{z}/{x}/{y}.png')).toBe('0.tiles.example:8443');
    expect(tileHost('/tiles/{z}/{x}/{y}.png')).toBeNull();
  });
});
